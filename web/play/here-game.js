// here-game.js — a game played on this device and saved in it (web/saving/games.js): the turn loop, the
// save after each engine answer and the guard against another tab. The opponent behind it is
// a subclass: the computer (web/play/computer.js) or a friend at this device (web/play/
// pass-and-play.js); each says how an action reaches the engine and who looks next. DOM-free.
// The page talks to it only through the table controller (web/play/table.js), whose interface
// and events it implements.
//
// Hooks a subclass gives:
//   kind                               "computer" | "local" (games.js record.opponent)
//   opening(state, restored) → turn    the first engine answer for a game put on the table
//   send(action) → turn                the player's action and the engine's whole answer
//       turn = {answer: Promise<{state, observation, steps, next_seed?, seat?}>, stream: StepStream|null}
//   remember(action)                   before `send`: the undo history (computer only)
//   afterSteps(generation, reason, steps) → bool  true: the turn ends there (a hand-off)
//   moreFromSameCall(observation) → bool  the engine moves again within the same call
//   recordFields() → {}                the opponent's own fields of the saved record
//
// Longer than 250 lines because the turn loop, the save after each answer and the other-tab
// checks share one generation counter and one busy flag: split apart they would race.
import { createGames, newId } from "../saving/games.js";
import { Emitter, Abandoned } from "./events.js";
import { pointsShown, claimNeedsConfirmation, isOver, dealNumber } from "./observation.js";
import { SaveGuard } from "./saving.js";

const randomSeed = () => globalThis.crypto.getRandomValues(new Uint32Array(1))[0];

export class HereGame extends Emitter {
  constructor({ call, storage, games = createGames(storage), tab = newId(), autoClaim = () => false, seed = randomSeed,
    pointsSetting = () => "profile", profiles = () => [], confirmClaim = async () => true }) {
    super();
    Object.assign(this, { call, storage, games, tab, autoClaim, seed, pointsSetting, profiles, confirmClaim });
    this.guard = new SaveGuard(games);
    this.generation = 0;
    this.busy = false;
    this.readOnly = false;
    this.clear();
  }

  clear() {
    Object.assign(this, { state: null, obs: null, id: null, rev: 0, level: "expert", levelUsed: "expert", aiSeed: 0,
      mode: "ranked", history: [], players: null, viewer: 0, pending: null });
  }

  /** Pass and play: the table waits behind the hand-off screen for `pending.seat`. */
  get handingOff() { return Boolean(this.pending); }

  /** Undo is offered (the computer's games in practice mode only). */
  get canUndo() { return false; }

  /** The table shows the running points of the game on the table (memory mode: false). */
  get showsPoints() {
    const obs = this.obs || (this.pending && this.pending.obs);
    const id = obs ? obs.profile : null;
    return pointsShown(this.pointsSetting(), (this.profiles() || []).find((p) => p.id === id));
  }

  /** The player may act now (legal action, settled, this tab plays the game, no hand-off pending). */
  canAct(action) {
    return Boolean(this.obs) && !this.busy && !this.readOnly && this.obs.legal_actions.includes(action);
  }

  // --- games put on the table ------------------------------------------------------------------

  /**
   * Put `state` on the table. A game with another id replaces the one on the table (which is
   * left: it stays saved). Throws nothing: failures are "error".
   */
  async begin(state, { level = "expert", levelUsed = level, aiSeed = 0, mode = "ranked", id = null, rev = 0,
    history = [], restored = false, players = null, viewer = 0 } = {}) {
    const generation = id && id === this.id ? ++this.generation : this.abandon();
    Object.assign(this, { state, obs: null, id: id || newId(), rev, level, levelUsed, aiSeed, mode,
      history: [...history], players: players ? [...players] : null, viewer: viewer === 1 ? 1 : 0, pending: null });
    this.readOnly = false;
    this.setBusy(true);
    try {
      await this.emit("began", { id: this.id, mode, level, levelUsed, restored, opponent: this.kind, players: this.players });
      this.check(generation);
      await this.emit("history", { length: this.history.length });
      await this.turn(generation, this.opening(state, restored), null, restored ? "resume" : "deal");
    } catch (error) {
      this.fail(error);
    }
  }

  /** This tab plays the game again after another tab moved it on (its latest saved position). */
  async takeOver() {
    const record = this.games.get(this.id);
    if (!record) return false;
    this.claiming = record.id;   // written at once, though nothing moved: the other tab stops
    await this.begin(record.state, { ...record, restored: true });
    return true;
  }

  // --- the turn loop ---------------------------------------------------------------------------

  /** The player's action: one engine call, then every step it returns. */
  async act(action, { auto = false } = {}) {
    if (!this.obs || this.busy || this.readOnly) return;
    const obs = this.obs;
    if (!obs.legal_actions.includes(action)) {
      // AC-4: the engine's legal_actions decide; the turn stays, nothing changes
      await this.emit("refused", { action, reason: (obs.illegal && obs.illegal[action]) || "not_now" });
      if (!this.busy) await this.settle();
      return;
    }
    if (action === "claim" && !auto && claimNeedsConfirmation(obs, this.showsPoints)) {
      // a claim that would not win loses the deal, and in memory mode every claim is a gamble:
      // the player says so twice
      const sure = await this.confirmClaim(obs, { gamble: !this.showsPoints });
      if (!sure || this.obs !== obs || this.busy || this.readOnly) return;
    }
    const generation = this.generation;
    const history = this.history;
    this.remember(action);
    this.setBusy(true);
    try {
      // the engine works (the computer chooses) while the table shows the player's choice
      const turn = this.send(action);
      turn.answer.catch(() => {});   // handled below, once the view has drawn the choice
      await this.emit("acting", { action, obs, auto });
      await this.turn(generation, turn, obs, action === "next" ? "deal" : "turn");
    } catch (error) {
      if (error instanceof Abandoned) return;
      this.history = history;
      if (error.type === "IllegalAction" && this.state) {
        await this.emit("refused", { action, reason: error.code || "not_now", params: error.params || {} });
        await this.settle();
      } else {
        this.fail(error);
      }
    }
  }

  /** The turn again (a setting changed: an automatic claim may now be due). */
  async recheck() {
    if (this.obs && !this.busy && !this.readOnly) await this.settle();
  }

  /**
   * The engine's answer to a turn ({state, observation, steps, next_seed}; pass and play: and
   * `seat`, whose observation it is): save, then show each step. `reason`: why the turn began
   * ("deal", "resume", "turn"), for a hand-off.
   */
  async turn(generation, { answer, stream }, prev, reason) {
    const start = prev;
    let shown = 0;
    // steps the engine reported while it still works: drawn now, up to the end of a deal
    for (let step = stream && await stream.next(); step && !step.observation.result; step = await stream.next()) {
      this.check(generation);
      await this.emit("step", { ...step, prev, more: this.moreFromSameCall(step.observation) });
      this.check(generation);
      prev = step.observation;
      shown += 1;
    }
    const result = await answer;
    this.check(generation);
    const before = { state: this.state, obs: this.obs, aiSeed: this.aiSeed, viewer: this.viewer };
    this.state = result.state;
    this.obs = result.observation;
    if (result.seat === 0 || result.seat === 1) this.viewer = result.seat;
    if (Number.isSafeInteger(result.next_seed)) this.aiSeed = result.next_seed;
    if (!this.save()) {
      // another tab moved this game on: this result is dropped, the table keeps its position
      Object.assign(this, before);
      if (!this.obs) this.clear();
      return;
    }
    await this.emit("history", { length: this.history.length });
    this.check(generation);
    // a deal that ended during this call is reported once, now that it is saved
    let seen = start || before.obs;
    for (const step of result.steps) {
      if (step.observation.result && seen && !seen.result) {
        await this.emit("dealEnded", { prev: seen, obs: step.observation, id: this.id, mode: this.mode,
          level: this.levelUsed, key: `${this.id}/${dealNumber(step.observation)}`, opponent: this.kind,
          players: this.players });
      }
      seen = step.observation;
    }
    for (const step of result.steps.slice(shown)) {
      await this.emit("step", { ...step, prev, more: this.moreFromSameCall(step.observation) });
      this.check(generation);
      prev = step.observation;
    }
    if (await this.afterSteps(generation, reason, result.steps)) return;
    await this.settle();
  }

  async settle() {
    const obs = this.obs;
    this.busy = false;
    if (!this.readOnly && this.guard.movedElsewhere(this)) {
      this.lose();   // another tab moved it on while this one was busy
      return undefined;
    }
    if (obs.result) {
      await this.emit("dealOver", { obs, over: isOver(obs) });
    } else {
      await this.emit("turn", { obs });
      if (obs.to_move === obs.player && this.autoClaim() && obs.claim_wins && obs.legal_actions.includes("claim")
        && !this.readOnly && this.autoClaimed !== obs) {
        this.autoClaimed = obs;   // once per position, even if the engine refused it
        return this.act("claim", { auto: true });
      }
    }
    return this.emit("busy", { busy: false });
  }

  // --- saving ----------------------------------------------------------------------------------

  /** Save the game on the table; false (and "readOnly") when another tab has moved it on. */
  save() {
    if (this.readOnly) return false;
    if (this.guard.movedElsewhere(this)) {
      this.lose();
      return false;
    }
    if (this.onlyLooking()) return true;
    this.rev += 1;
    if (isOver(this.obs)) {
      this.guard.finish(this.id);
    } else {
      this.games.put({ id: this.id, rev: this.rev, owner: this.tab, state: this.state, level: this.level,
        levelUsed: this.levelUsed, aiSeed: this.aiSeed, mode: this.mode, history: this.history, ...this.recordFields() });
    }
    this.emit("saved", { id: this.id, rev: this.rev });
    return true;
  }

  /** The saved record already holds this very position (a game opened or reloaded, nothing
   * moved): nothing is written, so a tab that only looks never stops the tab playing it. */
  onlyLooking() {
    const claiming = this.claiming === this.id;
    this.claiming = null;
    if (claiming || isOver(this.obs)) return false;
    const stored = this.games.get(this.id);
    return Boolean(stored) && stored.rev === this.rev && JSON.stringify(stored.state) === JSON.stringify(this.state);
  }

  /** Another tab wrote this game (tabs.js calls this on the storage event). */
  checkOwnership() {
    if (this.state && !this.readOnly && !this.busy && this.guard.movedElsewhere(this)) this.lose();
    return this.readOnly;
  }

  lose() {
    this.readOnly = true;
    this.busy = false;
    this.emit("readOnly", { id: this.id });
    this.emit("busy", { busy: false });
  }

  /** The game on the table is replaced: calls under way are dropped. Its save stays (New game
   * asks the player first and deletes it only when told to: web/leaving.js). Returns the new
   * generation. */
  abandon() {
    this.generation += 1;
    this.readOnly = false;
    return this.generation;
  }

  /** Another opponent took the table: this game stays saved, calls under way are dropped. */
  leave() {
    this.generation += 1;
    this.busy = false;
    this.clear();
  }

  check(generation) {
    if (generation !== this.generation) throw new Abandoned();
  }

  setBusy(busy) {
    this.busy = busy;
    this.emit("busy", { busy });
  }

  fail(error) {
    if (error instanceof Abandoned) return;
    this.busy = false;
    const saved = Boolean(this.id && this.games.get(this.id));
    this.emit("error", { error, saved });
    this.emit("busy", { busy: false });
  }
}
