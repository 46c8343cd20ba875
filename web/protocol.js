// protocol.js — what crosses between the page (engine-client.js) and the engine's worker
// (engine-worker.js) beyond the call itself, so that each step crosses once. Both sides import
// this module; it is DOM-free and keeps no state: every call carries its whole state, as the
// engine's API is stateless. (Numbering the states that crossed, so that a state the worker had
// seen crossed as its number and an answer's state as what it added, saved nothing measurable:
// 1.90 ms per card with and without, median of 447 cards in Chromium, bench/RESULTS.md.)
//
//  - Steps: a streamed call posts each step as it is applied ({id, step}); its answer then
//    leaves those steps out and says how many were streamed (`streamed`): the client puts them
//    back in front of the answer's own steps. An observation equal to the last step's is left
//    out as well (`observationIsLastStep`).
// The answer the caller of engine.call receives is exactly the engine's, whole.

/** An engine state (docs/API.md "State"): a game's JSON, rebuilt by replay from its actions. */
export function isState(value) {
  return Boolean(value) && typeof value === "object" && typeof value.format === "string" && Array.isArray(value.deals);
}

const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The worker's side of an answer: `result` (the engine's), `streamed` (the steps already
 * posted, as JSON text) → the message fields to post.
 */
export function compactAnswer(result, { streamed = [] } = {}) {
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
  return { result: out, ...fields };
}

/** The client's side: the message's fields and the steps received while it worked (their JSON
 * text) → the engine's answer, whole. */
export function expandAnswer(data, { streamed = [] } = {}) {
  const result = data.result;
  if (!result || typeof result !== "object" || Array.isArray(result)) return result;
  if (data.streamed) result.steps = [...streamed.slice(0, data.streamed).map((text) => JSON.parse(text)), ...(result.steps || [])];
  if (data.observationIsLastStep) result.observation = JSON.parse(JSON.stringify(result.steps[result.steps.length - 1].observation));
  return result;
}
