// controller.js — the game on the table: its state, the turn loop, saving and the undo history.
// DOM-free (Node's test runner imports it): the engine call and the storage are injected.
//
//   const controller = new Controller({ call, storage, games, tab, autoClaim, budgetMs, seed });
//     call(cmd, args, {onStep}) → Promise  engine-client.js's engine.call (kaffeehaus.api,
//                                 docs/API.md); onStep receives each step while the call works
//     storage                     web/storage.js; games: web/games.js (made from storage if omitted)
//     tab                         this page's id (who wrote a saved game last)
//     autoClaim() → bool          the player's setting: claim as soon as a claim wins
//     pointsSetting() → str       the player's setting for the running points: "profile" (the
//                                 profile's own default), "on" or "off"
//     profiles() → [profile]      the engine's profiles() (shows_points: the profile's default)
//     confirmClaim(obs) → Promise<bool>  asks the player before a claim that would not win
//                                 (only while the table shows the points: pointsShown)
//
// One engine message per turn: `play` (the player's action and the computer's whole reply) or
// `computer_turn` (a game put on the table: the computer moves if it is its turn). Each returned
// step is handed to the views in order ("step"), then the turn settles ("turn" or "dealOver").
// Against the computer the engine reports each step as soon as it is applied (StepStream): the
// table draws the player's card and the finished trick while the computer still chooses its next
// card. A step that ends the deal waits for the whole answer (it is saved before it is shown).
//
// Pass and play (`opponent: "local"`, two people at one device): both seats are human. Each action
// is `play(state, action, seat)` with no opponent; `viewer` is the seat whose observation is on the
// table (`obs`, always that seat's own observation). When the seat to act changes, at the start of
// each deal and on resume, the turn ends in "handoff" instead: `obs` is null (nothing private may
// be drawn) until `reveal()` puts the next seat's observation on the table ("turn").
//
// Events (controller.on(type, fn) → a function that unsubscribes). A listener may return a
// promise: the controller waits for it before going on (the table animates each step).
//   "began"     {id, mode, level, levelUsed, restored, opponent, players}  a game is put on the table
//   "handoff"   {seat, name, players, reason, moves, taken, dealer}  pass and play: the device goes to `seat` (reason
//                                        "deal" | "resume" | "turn"); `moves` [{seat, action, points}]
//                                        the other seat's public moves since, `taken` the trick it
//                                        finished (takenTrick), or null
//   "busy"      {busy}                   true: the page must not take actions; false: settled
//   "acting"    {action, obs, auto}      the player chose a legal action (shown at once)
//   "step"      {seat, action, observation, trick_view, prev, more}  one action the engine applied;
//                                        more: the computer moves next within this turn
//   "turn"      {obs}                    the player is to act
//   "dealOver"  {obs, over}              the deal is over (over: the match, or the single deal)
//   "dealEnded" {prev, obs, id, mode, level, key, opponent, players}  a deal ended during play (saved first);
//                                        key: "<game id>/<deal number>" (statistics count once)
//   "refused"   {action, reason, params} an action that is not legal now (nothing changed); reason: the engine's keyword
//   "level"     {level, levelUsed}       the engine refused the level: playing `random`
//   "saved"     {id, rev}
//   "readOnly"  {id}                     another tab moved this game on: this tab stops
//   "error"     {error, saved}           the engine failed; the game (and its save) are kept
//   "history"   {length}                 the undo history changed
import { createGames, newId } from "./games.js";
import { StepStream } from "./step-stream.js";

export const ME = 0;
// The longest the computer may think about one move (docs/WEB.md): a cap for slow phones.
export const AI_BUDGET_MS = 3000;

/** Whether `controller`'s game is the one on the table (`table`: web/duel/ui.js tableSwitch). */
export function hasTable(controller, table = controller) {
  return (table.active || controller) === controller;
}

/** A game replaced while one of its calls was under way: that call's result is dropped. */
export class Abandoned extends Error {}

export class Emitter {
  #listeners = new Map();

  on(type, fn) {
    if (!this.#listeners.has(type)) this.#listeners.set(type, []);
    this.#listeners.get(type).push(fn);
    return () => this.off(type, fn);
  }

  off(type, fn) {
    const list = this.#listeners.get(type) || [];
    const i = list.indexOf(fn);
    if (i >= 0) list.splice(i, 1);
  }

  /** Call every listener of `type`; resolves once the promises they returned have settled. */
  emit(type, detail = {}) {
    const waits = [];
    for (const fn of [...(this.#listeners.get(type) || [])]) {
      try {
        const result = fn(detail);
        if (result && typeof result.then === "function") waits.push(result.catch((e) => this.listenerError(e, type)));
      } catch (error) {
        this.listenerError(error, type);
      }
    }
    return waits.length ? Promise.all(waits) : Promise.resolve();
  }

  listenerError(error, type) {
    // a view that failed to draw must not stop the game
    globalThis.console?.warn(`kaffeehaus: "${type}" listener failed:`, error);
  }
}

const randomSeed = () => globalThis.crypto.getRandomValues(new Uint32Array(1))[0];

export class Controller extends Emitter {
  constructor({ call, storage, games = createGames(storage), tab = newId(), autoClaim = () => false,
    budgetMs = AI_BUDGET_MS, seed = randomSeed, pointsSetting = () => "profile", profiles = () => [],
    confirmClaim = async () => true }) {
    super();
    Object.assign(this, { call, storage, games, tab, autoClaim, budgetMs, seed, pointsSetting, profiles,
      confirmClaim });
    this.generation = 0;
    this.busy = false;
    this.readOnly = false;
    this.#clear();
  }

  #clear() {
    Object.assign(this, {
      state: null, obs: null, id: null, rev: 0, level: "expert", levelUsed: "expert", aiSeed: 0,
      mode: "ranked", history: [], opponent: "computer", players: null, viewer: ME, pending: null,
    });
  }

  /** Two people at this device (pass and play). */
  get local() {
    return this.opponent === "local";
  }

  /** Pass and play: the table waits behind the hand-off screen for `pending.seat` ("show my cards"). */
  get handingOff() {
    return Boolean(this.pending);
  }

  /** Undo is offered: practice mode, settled, something to take back, this tab plays the game. */
  get canUndo() {
    return this.mode === "practice" && this.opponent === "computer" && !this.busy && !this.readOnly
      && this.history.length > 0;
  }

  /** The table shows the running points of the game on the table (memory mode: false). */
  get showsPoints() {
    const obs = this.obs || (this.pending && this.pending.obs);
    const id = obs ? obs.profile : null;
    const list = this.profiles() || [];
    return pointsShown(this.pointsSetting(), list.find((p) => p.id === id));
  }

  /** The player may act now (legal action, settled, this tab plays the game, no hand-off pending). */
  canAct(action) {
    return Boolean(this.obs) && !this.busy && !this.readOnly && this.obs.legal_actions.includes(action);
  }

  // --- starting and continuing games ---------------------------------------------------------

  /**
   * A new game from the set-up screen's choice {profile, options, level, length, mode}, and for
   * pass and play {opponent: "local", players: [name, name], firstDealer: "random" | 0 | 1}.
   */
  async start(choice) {
    const generation = this.#replace();
    this.#setBusy(true);
    const seed = this.seed();
    const local = choice.opponent === "local";
    const deal = choice.length === "deal";
    const args = { profile: choice.profile, options: choice.options || {}, seed };
    if (local && [0, 1].includes(choice.firstDealer)) args[deal ? "dealer" : "first_dealer"] = choice.firstDealer;
    try {
      const state = await this.call(deal ? "new_deal" : "new_match", args);
      this.#check(generation);
      await this.begin(state, local
        ? { opponent: "local", players: [...choice.players], level: "expert", aiSeed: seed, mode: "ranked" }
        : { level: choice.level, aiSeed: seed, mode: choice.mode || "ranked" });
    } catch (error) {
      this.#fail(error);
    }
  }

  /**
   * Put `state` on the table. A game with another id replaces the one on the table (which is
   * abandoned: its save removed, if this tab plays it). Throws nothing: failures are "error".
   */
  async begin(state, { level = "expert", levelUsed = level, aiSeed = 0, mode = "ranked", id = null, rev = 0,
    history = [], restored = false, opponent = "computer", players = null, viewer = ME } = {}) {
    const generation = id && id === this.id ? ++this.generation : this.#replace();
    const local = opponent === "local";
    Object.assign(this, { state, obs: null, id: id || newId(), rev, level, levelUsed, aiSeed, mode,
      history: local ? [] : [...history], opponent: local ? "local" : "computer",
      players: local ? [...players] : null, viewer: local && viewer === 1 ? 1 : ME, pending: null });
    this.readOnly = false;
    this.#setBusy(true);
    try {
      await this.emit("began", { id: this.id, mode, level, levelUsed, restored, opponent: this.opponent,
        players: this.players });
      this.#check(generation);
      await this.emit("history", { length: this.history.length });
      if (local) {
        await this.#turn(generation, () => this.#look(state, this.viewer), null, restored ? "resume" : "deal");
        return;
      }
      const { answer, stream } = this.#askAi("computer_turn",
        (opponent) => ({ state, seat: ME, level: opponent.level, seed: opponent.seed, budget_ms: opponent.budget_ms }));
      await this.#turn(generation, () => answer, null, null, stream);
    } catch (error) {
      this.#fail(error);
    }
  }

  /** Continue a saved game (the newest when none is given). false: nothing saved. */
  async resume(record = this.games.list()[0]) {
    if (!record) return false;
    await this.begin(record.state, { ...record, restored: true });
    return true;
  }

  /** This tab plays the game again after another tab moved it on (its latest saved position). */
  async takeOver() {
    const record = this.games.get(this.id);
    if (!record) return false;
    await this.begin(record.state, { ...record, restored: true });
    return true;
  }

  /** Pass and play: the seat behind the hand-off screen looks at its cards (its observation is drawn). */
  async reveal() {
    if (!this.pending || this.busy || this.readOnly) return false;
    const { seat, obs } = this.pending;
    Object.assign(this, { pending: null, viewer: seat, obs });
    await this.#settle();
    return true;
  }

  /** Pass and play: a position put on the table, seen by the seat to act (else by `seat`). */
  async #look(state, seat) {
    const first = await this.call("observation", { state, player: seat });
    const next = first.to_move;
    if (next === null || next === undefined || next === seat) return { state, observation: first, steps: [], seat };
    return { state, observation: await this.call("observation", { state, player: next }), steps: [], seat: next };
  }

  /** Practice: back to the position before the player's last action. */
  async undo() {
    if (!this.canUndo) return false;
    const history = [...this.history];
    let entry = history.pop();
    // an automatic claim would be made again at once: take back the move before it too
    if (entry.action === "claim" && this.autoClaim() && history.length) entry = history.pop();
    await this.begin(entry.state, { id: this.id, rev: this.rev, level: this.level, levelUsed: this.levelUsed,
      aiSeed: entry.aiSeed, mode: this.mode, history, restored: true });
    return true;
  }

  // --- the turn loop ---------------------------------------------------------------------------

  /** The player's action: one `play` call, then every step it returns. */
  async act(action, { auto = false } = {}) {
    if (!this.obs || this.busy || this.readOnly) return;
    const obs = this.obs;
    if (!obs.legal_actions.includes(action)) {
      // AC-4: the engine's legal_actions decide; the turn stays, nothing changes
      await this.emit("refused", { action, reason: (obs.illegal && obs.illegal[action]) || "not_now" });
      if (!this.busy) await this.#settle();
      return;
    }
    if (action === "claim" && !auto && claimNeedsConfirmation(obs, this.showsPoints)) {
      // a claim that would not win loses the deal: the player says so twice (not in memory mode)
      const sure = await this.confirmClaim(obs);
      if (!sure || this.obs !== obs || this.busy || this.readOnly) return;
    }
    const generation = this.generation;
    const history = this.history;
    if (!this.local) this.history = action === "next" ? [] : [...history, { state: this.state, aiSeed: this.aiSeed, action }];
    this.#setBusy(true);
    try {
      // the engine works (the computer chooses) while the table shows the player's choice
      const { answer, stream } = this.local
        ? { answer: this.call("play", { state: this.state, action, seat: this.viewer }).then((result) => ({ ...result,
          seat: this.viewer, steps: action === "next" ? [] : result.steps })), stream: null }   // a new deal is seen after the hand-off
        : this.#askAi("play", (opponent) => ({ state: this.state, action, seat: ME, opponent }));
      answer.catch(() => {});   // handled below, once the view has drawn the choice
      await this.emit("acting", { action, obs, auto });
      await this.#turn(generation, () => answer, obs, action === "next" ? "deal" : null, stream);
    } catch (error) {
      if (error instanceof Abandoned) return;
      this.history = history;
      if (error.type === "IllegalAction" && this.state) {
        await this.emit("refused", { action, reason: error.code || "not_now", params: error.params || {} });
        await this.#settle();
      } else {
        this.#fail(error);
      }
    }
  }

  /** The turn again (a setting changed: an automatic claim may now be due). */
  async recheck() {
    if (this.obs && !this.busy && !this.readOnly) await this.#settle();
  }

  /**
   * The engine answered `request` with {state, observation, steps, next_seed} (pass and play: and
   * `seat`, whose observation it is): save, then show each step. `handOff`: pass and play hands
   * the device over even when the same seat acts next ("deal", "resume").
   */
  async #turn(generation, request, prev, handOff = null, stream = null) {
    const start = prev;
    let shown = 0;
    // steps the engine reported while it still works: drawn now, up to the end of a deal
    for (let step = stream && await stream.next(); step && !step.observation.result; step = await stream.next()) {
      this.#check(generation);
      await this.emit("step", { ...step, prev, more: this.#computerNext(step.observation) });
      this.#check(generation);
      prev = step.observation;
      shown += 1;
    }
    const result = await request();
    this.#check(generation);
    const before = { state: this.state, obs: this.obs, aiSeed: this.aiSeed, viewer: this.viewer };
    this.state = result.state;
    this.obs = result.observation;
    if (this.local && (result.seat === 0 || result.seat === 1)) this.viewer = result.seat;
    if (Number.isSafeInteger(result.next_seed)) this.aiSeed = result.next_seed;
    if (!this.#save()) {
      // another tab moved this game on: this result is dropped, the table keeps its position
      Object.assign(this, before);
      if (!this.obs) this.#clear();
      return;
    }
    await this.emit("history", { length: this.history.length });
    this.#check(generation);
    // a deal that ended during this call is reported once, now that it is saved
    let seen = start || before.obs;
    for (const step of result.steps) {
      if (step.observation.result && seen && !seen.result) {
        await this.emit("dealEnded", { prev: seen, obs: step.observation, id: this.id, mode: this.mode,
          level: this.levelUsed, key: `${this.id}/${dealNumber(step.observation)}`, opponent: this.opponent,
          players: this.players });
      }
      seen = step.observation;
    }
    for (const step of result.steps.slice(shown)) {
      await this.emit("step", { ...step, prev, more: this.#computerNext(step.observation) });
      this.#check(generation);
      prev = step.observation;
    }
    const obs = this.obs;
    if (this.local && !obs.result && (handOff || obs.to_move !== this.viewer)) {
      await this.#handOff(generation, handOff || "turn", result.steps);
      return;
    }
    await this.#settle();
  }

  /** Pass and play: the table hides everything private until the seat to act says it looks. */
  async #handOff(generation, reason, steps) {
    const seat = this.obs.to_move;
    const obs = seat === this.viewer ? this.obs : await this.call("observation", { state: this.state, player: seat });
    this.#check(generation);
    this.obs = null;
    this.pending = { seat, obs, reason };
    const last = steps.length ? steps[steps.length - 1] : null;
    const moves = steps.map(({ seat: who, action, observation }) => ({ seat: who, action,
      points: action.startsWith("marry:") ? marriagePoints(observation, who, action.slice(6)) : null }));
    this.busy = false;
    if (!this.readOnly && this.#movedElsewhere()) {
      this.#lose();
      return;
    }
    await this.emit("handoff", { seat, name: this.players[seat], players: [...this.players], reason, moves,
      taken: last && last.trick_view ? takenTrick(last.observation) : null, dealer: obs.dealer });
    await this.emit("busy", { busy: false });
  }

  async #settle() {
    const obs = this.obs;
    this.busy = false;
    if (!this.readOnly && this.#movedElsewhere()) {
      this.#lose();   // another tab moved it on while this one was busy
      return undefined;
    }
    if (obs.result) {
      await this.emit("dealOver", { obs, over: isOver(obs) });
    } else {
      await this.emit("turn", { obs });
      if (obs.to_move === ME && this.autoClaim() && obs.claim_wins && obs.legal_actions.includes("claim")
        && !this.readOnly && this.autoClaimed !== obs) {
        this.autoClaimed = obs;   // once per position, even if the engine refused it
        return this.act("claim", { auto: true });
      }
    }
    return this.emit("busy", { busy: false });
  }

  /** Whether, after a step showing `observation`, the computer moves next within the same call. */
  #computerNext(observation) {
    return !this.local && !observation.result && observation.to_move === 1 - observation.player;
  }

  /**
   * An engine call that makes the computer move: {answer (its promise; failures handled by the
   * caller), stream (a StepStream of the steps while it works, closed when it answers)}.
   */
  #askAi(cmd, args) {
    const stream = new StepStream();
    const answer = this.#askAiOnce(cmd, args, stream);
    answer.catch(() => {});
    return { answer, stream };
  }

  /** A level the engine refuses falls back to random. */
  async #askAiOnce(cmd, args, stream) {
    const opponent = () => ({ level: this.levelUsed, seed: this.aiSeed, budget_ms: this.budgetMs });
    const options = { onStep: (step) => stream.push(step) };
    try {
      return await this.call(cmd, args(opponent()), options);
    } catch (error) {
      if (this.levelUsed !== "random" && error.type === "ValueError" && /level/i.test(error.message)) {
        this.levelUsed = "random";
        await this.emit("level", { level: this.level, levelUsed: this.levelUsed });
        return await this.call(cmd, args(opponent()), options);   // awaited: the stream stays open
      }
      throw error;
    } finally {
      stream.close();
    }
  }

  // --- saving ----------------------------------------------------------------------------------

  /** Save the game on the table; false (and "readOnly") when another tab has moved it on. */
  #save() {
    if (this.readOnly) return false;
    if (this.#movedElsewhere()) {
      this.#lose();
      return false;
    }
    this.rev += 1;
    if (isOver(this.obs)) {
      this.finishedHere = this.id;
      this.games.finish(this.id);
    } else {
      this.games.put({ id: this.id, rev: this.rev, owner: this.tab, state: this.state, level: this.level,
        levelUsed: this.levelUsed, aiSeed: this.aiSeed, mode: this.mode, history: this.history,
        ...(this.local ? { opponent: "local", players: this.players, viewer: this.viewer } : {}) });
    }
    this.emit("saved", { id: this.id, rev: this.rev });
    return true;
  }

  #movedElsewhere() {
    if (!this.id) return false;
    if (this.games.isFinished(this.id)) return this.finishedHere !== this.id;   // over in another tab
    const stored = this.games.get(this.id);
    return Boolean(stored) && stored.rev !== this.rev;
  }

  /** Another tab wrote this game (tabs.js calls this on the storage event). */
  checkOwnership() {
    if (this.state && !this.readOnly && !this.busy && this.#movedElsewhere()) this.#lose();
    return this.readOnly;
  }

  #lose() {
    this.readOnly = true;
    this.busy = false;
    this.emit("readOnly", { id: this.id });
    this.emit("busy", { busy: false });
  }

  /** A new game replaces the one on the table: calls under way are dropped, its save removed. */
  #replace() {
    if (this.id && this.state && !this.readOnly && !(this.obs && isOver(this.obs)) && !this.#movedElsewhere()) {
      this.games.delete(this.id);
    }
    this.generation += 1;
    this.readOnly = false;
    return this.generation;
  }

  #check(generation) {
    if (generation !== this.generation) throw new Abandoned();
  }

  #setBusy(busy) {
    this.busy = busy;
    this.emit("busy", { busy });
  }

  #fail(error) {
    if (error instanceof Abandoned) return;
    this.busy = false;
    const saved = Boolean(this.id && this.games.get(this.id));
    this.emit("error", { error, saved });
    this.emit("busy", { busy: false });
  }
}

/**
 * Whether the table shows the running points: the player's setting ("on" / "off"), else the
 * profile's own default (`profiles()[i].shows_points`; false in schnapsen-strict, where the
 * players keep the count in their heads). Unknown profile: shown.
 */
export function pointsShown(setting, profile) {
  if (setting === "on") return true;
  if (setting === "off") return false;
  return !(profile && profile.shows_points === false);
}

/** A claim the player is asked to confirm: it would not win (the engine's claim_wins) and the
 * table shows the points (in memory mode remembering the count is the game). */
export function claimNeedsConfirmation(obs, shown) {
  return Boolean(shown && obs && (obs.legal_actions || []).includes("claim") && !obs.claim_wins);
}

/** The trick just finished in `obs` (its last history entry): who took it, with what, and its points. */
export function takenTrick(obs) {
  const history = (obs && obs.history) || [];
  const trick = history[history.length - 1];
  if (!trick) return null;
  const winning = trick.cards.find(([player]) => player === trick.winner);
  return { winner: trick.winner, card: winning ? winning[1] : null,
    points: Number.isInteger(trick.points) ? trick.points : null };
}

/**
 * What the end-of-deal panel shows, from the observation of a finished deal: per seat (by
 * index) its card points, effective points, tricks and announced marriages; the result; the
 * opponent's remaining cards (the engine's opponent_hand); the match score when in a match.
 */
export function dealSummary(obs, me = ME) {
  if (!obs || !obs.result) return null;
  const side = (seat) => ({
    cardPoints: (obs.card_points || [])[seat] ?? null,
    points: (obs.points || [])[seat] ?? null,
    tricks: (obs.tricks_won || [])[seat] ?? 0,
    marriages: (obs.marriages || []).filter((m) => m.player === seat)
      .map((m) => ({ suit: m.suit, points: m.points, effective: Boolean(m.effective) })),
  });
  const r = obs.result;
  return {
    game: obs.game,
    you: side(me),
    opponent: side(1 - me),
    winner: r.winner === null ? null : r.winner === me ? "you" : "opponent",
    gamePoints: r.game_points,
    reason: r.reason,
    resultPoints: r.points,
    opponentHand: Array.isArray(obs.opponent_hand) ? [...obs.opponent_hand] : [],
    match: obs.match ? { you: obs.match.scores[me], opponent: obs.match.scores[1 - me], over: Boolean(obs.match.over),
      winner: obs.match.winner === null || obs.match.winner === undefined ? null : obs.match.winner === me ? "you" : "opponent" } : null,
  };
}

/** Points of the marriage `seat` announced in `suit` (the engine's observation.marriages). */
function marriagePoints(obs, seat, suit) {
  const found = (obs.marriages || []).filter((m) => m.player === seat && m.suit === suit);
  return found.length ? found[found.length - 1].points : null;
}

/** The deal (or, with a match, the match) is over. */
export function isOver(obs) {
  return Boolean(obs && obs.result && (!obs.match || obs.match.over));
}

function dealNumber(obs) {
  return obs.match && Array.isArray(obs.match.sheet) ? obs.match.sheet.length : 1;
}
