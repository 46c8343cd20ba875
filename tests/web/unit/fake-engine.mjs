// A stand-in for the engine's JSON API (docs/API.md) with the same call shapes as `play` and
// `computer_turn`: a toy deal where each seat holds three cards, seat 0 leads every trick, and
// the deal is over after three tricks (seat 0 wins it). Records every call.
export function fakeEngine({ computerLeads = false } = {}) {
  const calls = [];
  let failNext = null;

  function observation(state, { paused = false } = {}, seat = 0) {
    const mine = state.hands[seat];
    const over = state.tricks >= 3;
    const toMove = over || paused ? null : (state.trick.length === 0 ? state.leader : 1 - state.trick[0][0]);
    return {
      profile: state.profile, game: "schnapsen", player: seat, dealer: 1, hand: [...mine], trick: state.trick.map((t) => [...t]),
      history: state.history.map((h) => ({ ...h })), to_move: toMove,
      legal_actions: toMove === seat ? [...mine] : (over ? [] : []),
      illegal: {}, result: over ? { winner: 0, game_points: 1, reason: "points", points: [66, 20] } : null,
      match: null, shuffled: state.shuffled, claim_wins: false, marriage_points: {}, marriages: [],
      reviewable_tricks: [], opponent_hand_size: state.hands[1 - seat].length,
    };
  }

  function apply(state, seat, action, viewer = 0) {
    const next = JSON.parse(JSON.stringify(state));
    next.hands[seat] = next.hands[seat].filter((c) => c !== action);
    next.trick.push([seat, action]);
    let trickView = null;
    if (next.trick.length === 2) {
      trickView = observation(next, { paused: true }, viewer);
      next.history.push({ cards: next.trick, winner: 0 });
      next.trick = [];
      next.tricks += 1;
      next.leader = next.computerLeads ? 1 : 0;
    }
    next.log.push([seat, action]);
    return { next, trickView };
  }

  function toMove(state) {
    if (state.tricks >= 3) return null;
    return state.trick.length === 0 ? state.leader : 1 - state.trick[0][0];
  }

  function computerMoves(state, seat, opponent, steps) {
    let seed = opponent.seed;
    while (toMove(state) === 1 - seat) {
      const card = state.hands[1 - seat][seed % state.hands[1 - seat].length];
      const { next, trickView } = apply(state, 1 - seat, card);
      state = next;
      steps.push({ seat: 1 - seat, action: card, observation: observation(state), trick_view: trickView });
      seed += 1;
    }
    return { state, seed };
  }

  const api = {
    new_deal({ profile, seed }) {
      return { profile, seed, hands: [["AH", "KH", "QH"], ["AS", "KS", "QS"]], trick: [], history: [], tricks: 0,
        leader: computerLeads ? 1 : 0, computerLeads, log: [], shuffled: true };
    },
    new_match(args) { return api.new_deal(args); },
    observation({ state, player = 0 }) { return observation(state, {}, player); },
    from_json({ text }) {
      const state = JSON.parse(text);
      if (!state.hands) { const e = new Error("not a state"); e.type = "ValueError"; throw e; }
      return state;
    },
    play({ state, action, seat, opponent }) {
      if (toMove(state) !== seat || !state.hands[seat].includes(action)) {
        const e = new Error(`${action} is not legal`); e.type = "IllegalAction"; throw e;
      }
      const { next, trickView } = apply(state, seat, action, seat);
      const steps = [{ seat, action, observation: observation(next, {}, seat), trick_view: trickView }];
      const out = opponent ? computerMoves(next, seat, opponent, steps) : { state: next, seed: null };
      return { state: out.state, observation: observation(out.state, {}, seat), steps, next_seed: opponent ? out.seed : null };
    },
    computer_turn({ state, seat, seed }) {
      const steps = [];
      const out = computerMoves(state, seat, { seed }, steps);
      return { state: out.state, observation: observation(out.state), steps, next_seed: out.seed };
    },
  };

  let gate = null;   // hold(): the next answer waits (its steps are reported first, as the worker does)

  async function call(cmd, args, { onStep } = {}) {
    calls.push({ cmd, args: JSON.parse(JSON.stringify(args)), streamed: Boolean(onStep) });
    await new Promise((r) => setTimeout(r, 1));
    if (failNext && (!failNext.cmd || failNext.cmd === cmd)) {
      const error = failNext.error;
      failNext = null;
      throw error;
    }
    if (!api[cmd]) { const e = new Error(`unknown ${cmd}`); e.type = "UnknownCommand"; throw e; }
    const result = JSON.parse(JSON.stringify(api[cmd](args)));
    for (const step of onStep ? result.steps : []) {
      await new Promise((r) => setTimeout(r, 1));
      onStep(JSON.parse(JSON.stringify(step)));
    }
    if (gate) {
      const held = gate;
      gate = null;
      await held;
    }
    return result;
  }

  return {
    call, calls,
    hold() {
      let release;
      gate = new Promise((r) => { release = r; });
      return release;
    },
    failOnce(cmd, type, message = "failed") {
      const error = new Error(message);
      error.type = type;
      failNext = { cmd, error };
    },
  };
}
