// protocol.js — what crosses between the page (engine-client.js) and the engine's worker
// (engine-worker.js) beyond the call itself, so that each step crosses once and only what
// changed crosses. Both sides import this module; it is DOM-free and keeps no state.
//
//  - Steps: a streamed call posts each step as it is applied ({id, step}); its answer then
//    leaves those steps out and says how many were streamed (`streamed`): the client puts them
//    back in front of the answer's own steps. An observation equal to the last step's is left
//    out as well (`observationIsLastStep`).
//  - States: every engine state that crossed (either way) gets a number, `stateRef`, kept by
//    both sides (the worker keeps the last few). A call whose `state` is the one of the latest
//    `stateRef` sends `stateRef` instead of it; an answer's new state that only adds actions to
//    the request's state (or deals after it) crosses as `statePatch` {actions, deals}.
// The answer the caller of engine.call receives is exactly the engine's, whole.

/** An engine state (docs/API.md "State"): a game's JSON, rebuilt by replay from its actions. */
export function isState(value) {
  return Boolean(value) && typeof value === "object" && typeof value.format === "string" && Array.isArray(value.deals);
}

const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

/** What `next` adds to `base`: {actions (appended to base's last deal), deals (after it)}, or
 * null when `next` is not `base` played on (then the whole state crosses). */
export function stateDelta(base, next) {
  if (!isState(base) || !isState(next) || !base.deals.length || next.deals.length < base.deals.length) return null;
  const keys = Object.keys(next);
  if (keys.length !== Object.keys(base).length || keys.some((k) => k !== "deals" && !same(base[k], next[k]))) return null;
  const last = base.deals.length - 1;
  for (let i = 0; i < last; i += 1) if (!same(base.deals[i], next.deals[i])) return null;
  const [was, now] = [base.deals[last], next.deals[last]];
  const fields = Object.keys(now);
  if (fields.length !== Object.keys(was).length || fields.some((k) => k !== "actions" && !same(was[k], now[k]))) return null;
  if (!Array.isArray(was.actions) || !Array.isArray(now.actions) || now.actions.length < was.actions.length
    || !same(now.actions.slice(0, was.actions.length), was.actions)) return null;
  return { actions: now.actions.slice(was.actions.length), deals: next.deals.slice(base.deals.length) };
}

/** `base` with `delta` (stateDelta's) applied: the state the engine answered. */
export function applyDelta(base, delta) {
  const copy = JSON.parse(JSON.stringify(base));
  const last = copy.deals[copy.deals.length - 1];
  last.actions.push(...delta.actions);
  copy.deals.push(...delta.deals);
  return copy;
}

/**
 * The worker's side of an answer: `result` (the engine's), `base` (the request's state, or
 * null), `streamed` (the steps already posted, as JSON text) → the message fields to post.
 */
export function compactAnswer(result, { base = null, streamed = [] } = {}) {
  if (!result || typeof result !== "object" || Array.isArray(result)) return { result };
  const out = { ...result };
  const fields = {};
  if (streamed.length && Array.isArray(result.steps)
    && result.steps.slice(0, streamed.length).every((step, i) => same(step, JSON.parse(streamed[i])))) {
    out.steps = result.steps.slice(streamed.length);
    fields.streamed = streamed.length;
  }
  const steps = result.steps;
  if (Array.isArray(steps) && steps.length && same(steps[steps.length - 1].observation, result.observation)) {
    delete out.observation;
    fields.observationIsLastStep = true;
  }
  const delta = isState(result.state) ? stateDelta(base, result.state) : null;
  if (delta) {
    delete out.state;
    fields.statePatch = delta;
  }
  return { result: out, ...fields };
}

/** The client's side: the message's fields, the steps received while it worked (their JSON
 * text) and the request's state → the engine's answer, whole. */
export function expandAnswer(data, { base = null, streamed = [] } = {}) {
  const result = data.result;
  if (!result || typeof result !== "object" || Array.isArray(result)) return result;
  if (data.streamed) result.steps = [...streamed.slice(0, data.streamed).map((text) => JSON.parse(text)), ...(result.steps || [])];
  if (data.observationIsLastStep) result.observation = JSON.parse(JSON.stringify(result.steps[result.steps.length - 1].observation));
  if (data.statePatch) result.state = applyDelta(base, data.statePatch);
  return result;
}
