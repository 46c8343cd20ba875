// A stand-in for the engine's duel_* calls (docs/PROTOCOL.md "The API") with the real envelope
// and code format ("kd1." + base64url(zlib(JSON))) and the real chain rules (the next seq of
// the game, from the other seat), over a toy deal: after the invitation and the reply, seat 0
// holds ["AH", "KH"] and seat 1 ["QS", "JS"]; seat 0 leads, then seat 1 answers, and so on for
// two tricks (seat 0 takes each); the last message reveals, the answer to it verifies the deal.
// Refusals are EngineError-like objects {type, message} with the protocol's words.
import { deflateSync, inflateSync } from "node:zlib";
import { PARTY_FORMAT } from "../../../web/duel/store.js";

export function encode(message) {
  const packed = deflateSync(Buffer.from(JSON.stringify(message)));
  return "kd1." + packed.toString("base64url");
}

function decode(code) {
  if (typeof code !== "string" || !code.startsWith("kd1.")) throw refuse("MalformedMessage", "this is not a Kaffeehaus duel code");
  try {
    return JSON.parse(inflateSync(Buffer.from(code.slice(4), "base64url")).toString());
  } catch {
    throw refuse("MalformedMessage", "this code is damaged or incomplete");
  }
}

export function refuse(type, message) {
  const error = new Error(message);
  error.type = type;
  return error;
}

const HANDS = [["AH", "KH"], ["QS", "JS"]];

function observation(party) {
  if (!party.dealt) return null;
  const seat = party.seat;
  const played = party.actions;
  const hand = HANDS[seat].filter((c) => !played.some(([, a]) => a === c));
  const tricks = Math.floor(played.length / 2);
  const trick = played.slice(tricks * 2);
  const over = played.length === 4;
  const toMove = over ? null : (trick.length ? 1 : 0);
  const mine = toMove === seat && !party.waiting;
  const history = [];
  for (let i = 0; i < tricks; i += 1) {
    const cards = played.slice(2 * i, 2 * i + 2);
    history.push({ leader: 0, cards, winner: 0, phase: 1, points: 10, actions: cards });
  }
  return {
    profile: party.profile, game: "schnapsen", options: {}, player: seat, forehand: 0, dealer: 1, to_move: toMove,
    hand, opponent_hand_size: 2 - played.filter(([p]) => p !== seat).length, legal_actions: mine ? [...hand] : [],
    illegal: {}, trump: "H", trump_card: null, stock_size: 0, closed: false, closed_by: null, close: null, phase: 2,
    trick, pending_marriage: null, history, reviewable_tricks: [], trick_review: "own", actions: played.map((a) => [...a]),
    points: [10 * tricks, 0], card_points: [10 * tricks, 0], tricks_won: [tricks, 0], marriages: [],
    marriage_points: {}, marriage_claim_wins: {}, claim_wins: false, known_opponent_cards: [], opponent_hand: over ? [] : null,
    result: over ? { winner: 0, game_points: 3, reason: "points", points: [20, 0] } : null, match: null, shuffled: false,
  };
}

function status(party) {
  const obs = observation(party);
  let phase = "shuffling";
  if (party.verified) phase = "over";
  else if (obs && obs.result) phase = "verifying";
  else if (obs) phase = obs.legal_actions.length ? "your_turn" : "their_turn";
  return { game: party.game, seat: party.seat, profile: party.profile, options: {}, match: false, group: "modp2048",
    phase, deal: 0, deals_verified: party.verified ? 1 : 0, last_result: party.verified ? obs.result : null,
    match_status: null, verified_state: null, deferred_checks: [], cards_pending: 0, messages_received: party.expect,
    resend: [], stopped: party.stopped || null, fingerprint: party.expect >= 1 ? "1234 5678 9012" : null };
}

export function fakeDuelEngine({ game = "0123456789abcdef" } = {}) {
  const calls = [];
  let failNext = null;
  const copy = (v) => JSON.parse(JSON.stringify(v));

  function send(party, body) {
    const message = { game: party.game, seq: party.expect + party.pending, prev: "", from: party.seat, body };
    party.pending += 1;
    return message;
  }

  /** As the engine's duel_act / duel_receive answer: the observation and the steps of the
   * actions `before` did not hold yet (the one completing a trick with the trick as it lay). */
  function turn(party, sent, before = party.actions.length) {
    const obs = observation(party);
    const steps = party.actions.slice(before).map(([seat, action], k) => {
      const index = before + k;
      const completes = index % 2 === 1;
      return { seat, action, observation: obs, trick_view: completes ? { ...obs, trick: party.actions.slice(index - 1, index + 1)
        .map((a) => [...a]), to_move: null, legal_actions: [], illegal: {} } : null };
    });
    return { party, messages: sent, codes: sent.map(encode), status: status(party), observation: obs, steps };
  }

  function accept(party, message) {
    if (message.game !== party.game) throw refuse("ChainError", "this message belongs to another game");
    if (message.from === party.seat) throw refuse("ChainError", `this message is from seat ${message.from}, not the opponent`);
    const seq = party.expect + party.pending;
    if (message.seq < seq) throw refuse("ChainError", `message ${message.seq} was already received (a replay)`);
    if (message.seq > seq) {   // the engine's words (py/kaffeehaus/duel/messages.py)
      const missing = message.seq === seq + 1 ? `code ${seq}` : `codes ${seq} to ${message.seq - 1}`;
      throw refuse("ChainError", `code ${message.seq} arrived early; what is missing: ${missing}`);
    }
    if (message.body.cheat) throw refuse("VerificationFailed", "seat 1's shuffle is not its deck key applied to the deck");
    party.expect = message.seq + 1;
    party.pending = 0;
    party.stopped = null;   // the game goes on: a stop recorded before is cleared
    const sent = [];
    if (!party.dealt) {   // seat 0 has the reply to its invitation, seat 1 the keys: dealt
      party.dealt = true;
      if (party.seat === 0) sent.push(send(party, { deal: 0, keys: [] }));
    }
    for (const [action] of message.body.actions || []) party.actions.push([1 - party.seat, action]);
    if (message.body.reveal) {
      party.verified = true;
      if (!party.revealed) { party.revealed = true; sent.push(send(party, { deal: 0, reveal: true })); }
    }
    return sent;
  }

  const api = {
    duel_new({ profile }) {
      const party = { format: PARTY_FORMAT, game, seat: 0, profile, expect: 0, pending: 0, dealt: false, actions: [], verified: false, revealed: false };
      const sent = [send(party, { deal: 0, hello: { format: PARTY_FORMAT, profile, options: {}, match: false, group: "modp2048" } })];
      party.expect = 1;
      party.pending = 0;
      return turn(party, sent);
    },
    duel_join({ invitation }) {
      const message = decode(invitation);
      if (message.seq !== 0 || !message.body.hello) throw refuse("MalformedMessage", "this is not an invitation (the first message of a duel)");
      const party = { format: PARTY_FORMAT, game: message.game, seat: 1, profile: message.body.hello.profile, expect: 1, pending: 0, dealt: false,
        actions: [], verified: false, revealed: false };
      return turn(party, [send(party, { deal: 0, stage: [] })]);
    },
    duel_receive({ party, message }) {
      const p = copy(party);
      const before = p.actions.length;
      return turn(p, accept(p, typeof message === "string" ? decode(message) : message), before);
    },
    duel_act({ party, action }) {
      const p = copy(party);
      const obs = observation(p);
      if (!obs || !obs.legal_actions.includes(action)) throw refuse("IllegalMove", `it is not seat ${p.seat}'s turn`);
      const before = p.actions.length;
      p.actions.push([p.seat, action]);
      const sent = [];
      const after = observation(p);
      if (after.result) { p.revealed = true; sent.push(send(p, { deal: 0, actions: [[action]], reveal: true })); }
      else if (after.to_move !== p.seat) sent.push(send(p, { deal: 0, actions: [[action]] }));
      return turn(p, sent, before);
    },
    duel_stop({ party, who }) {
      // docs/PROTOCOL.md "Leaving a game": free before the deal's shuffle, else the deal is lost
      const p = copy(party);
      const by = who === "me" ? p.seat : 1 - p.seat;
      const free = !p.dealt;
      p.stopped = { deal: 0, by, free, message: "", counts_as: free ? null
        : { winner: 1 - by, reason: "abandoned", game_points: 3 } };
      return { party: p, status: status(p) };
    },
    duel_observation({ party }) {
      if (!party || typeof party.game !== "string") throw refuse("MalformedMessage", "malformed duel state: seat");
      return { observation: observation(party), status: status(party) };
    },
  };

  return {
    calls,
    failWith(error) { failNext = error; },
    async call(cmd, args) {
      calls.push({ cmd, args: copy(args) });
      await Promise.resolve();
      if (failNext) { const e = failNext; failNext = null; throw e; }
      if (!api[cmd]) throw refuse("UnknownCommand", cmd);
      return copy(api[cmd](copy(args)));
    },
  };
}
