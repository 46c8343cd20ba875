// table.js — the one table controller: the page's only interface to the game on the table,
// whoever the opponent is. DOM-free (Node's test runner imports it).
//
//   const table = new TableController({ call, storage, games, tab, autoClaim, budgetMs, seed,
//     pointsSetting, profiles, confirmClaim, remote });
//     call(cmd, args, {onStep}) → Promise  engine-client.js's engine.call (kaffeehaus.api, docs/API.md)
//     storage                     web/saving/storage.js; games: web/saving/games.js, duels: web/duel/store.js
//     tab                         this page's id (who wrote a saved game last)
//     autoClaim() → bool          the player's setting: claim as soon as a claim wins
//     pointsSetting() → str       the running points: "profile" (the profile's default), "on", "off"
//     profiles() → [profile]      the engine's profiles() (shows_points: the profile's default)
//     confirmClaim(obs, {gamble}) → Promise<bool>  asks before a claim that would not win, and
//                                 before every claim in memory mode (gamble: words without points)
//     remote                      the friend on another device, built by the page (web/app.js:
//                                 a DuelController, web/duel/controller.js) and handed in, so
//                                 that play/ imports nothing of duel/; none: no such opponent
//
// The opponents are strategies behind one seat-neutral interface (after boardgame.io's one
// client for every kind of opponent, and OpenSpiel's split of state and observation):
//   table.computer    the computer (web/play/computer.js)
//   table.friendHere  a friend at this device, pass and play (web/play/pass-and-play.js)
//   table.remote      a friend on another device, by codes (web/duel/controller.js)
// Each keeps the engine's state to itself and hands the table only what this device may see:
//   obs       the observation of seat `viewer` (never the other seat's hidden cards; null while
//             nothing may be drawn: behind a hand-off, or a duel waiting for its first deal)
//   viewer    the seat looking at this device (the observation's `player`)
//   act(a)    how an action reaches the other side (the engine, or the friend's device)
// and who acts next is always `obs.to_move`, compared with `obs.player`: no seat is renumbered.
// The opponent that put a game on the table last ("began") has it; the table relays the table
// events of that opponent only, and every event of its own kind (a duel's "invitation") always.
//
// Events (table.on(type, fn) → a function that unsubscribes; a listener may return a promise:
// the opponent waits for it before going on — the table animates each step):
//   "began"     {id, mode, level, levelUsed, restored, opponent, players}  a game is on the table
//   "busy"      {busy}                   true: the page must not take actions; false: settled
//   "acting"    {action, obs, auto}      the player chose a legal action (shown at once)
//   "step"      {seat, action, observation, trick_view, prev, more}  one action applied; more:
//                                        the computer moves next within this turn
//   "turn"      {obs}                    a position to play (obs.to_move says who moves)
//   "dealOver"  {obs, over}              the deal is over (over: the match, or the single deal)
//   "dealEnded" {prev, obs, id, mode, level, key, opponent, players}  a deal ended during play
//                                        (saved first); key: statistics count it once
//   "refused"   {action, reason, params} an action that is not legal now (nothing changed)
//   "handoff"   pass and play: the device goes to the other seat (web/play/pass-and-play.js)
//   "level"     {level, levelUsed}       the engine refused the level: playing `random`
//   "saved"     {id, rev}
//   "readOnly"  {id}                     another tab moved this game on: this tab stops
//   "error"     {error, saved}           the engine failed; the game (and its save) are kept
//   "history"   {length}                 the undo history changed
// and the duel's own (web/duel/controller.js): "duel", "verified", "invitation", "accepted",
// "problem".
import { Emitter } from "./events.js";
import { createGames } from "../saving/games.js";
import { ComputerOpponent } from "./computer.js";
import { PassAndPlay } from "./pass-and-play.js";

/** Events about the game on the table: heard only from the opponent that has it. */
export const TABLE_EVENTS = new Set(["began", "busy", "acting", "step", "turn", "dealOver", "dealEnded", "refused",
  "handoff", "level", "saved", "readOnly", "error", "history"]);

export class TableController extends Emitter {
  constructor(options) {
    super();
    const games = options.games || createGames(options.storage);
    this.games = games;
    this.call = options.call;
    this.computer = new ComputerOpponent({ ...options, games });
    this.friendHere = new PassAndPlay({ ...options, games, tab: this.computer.tab });
    this.remote = options.remote || null;
    this.opponent = this.computer;
    this.switches = 0;
    for (const opponent of [this.computer, this.friendHere, this.remote].filter(Boolean)) {
      opponent.forward((type, detail) => this.#relay(opponent, type, detail));
    }
  }

  #relay(source, type, detail) {
    if (type === "began" && source !== this.opponent) {
      const previous = this.opponent;
      this.opponent = source;
      this.switches += 1;
      previous.leave();
    }
    if (TABLE_EVENTS.has(type) && source !== this.opponent) return undefined;
    return this.emit(type, detail);
  }

  /** The saved games of this device: the computer's or pass and play's, by record.opponent. */
  #here(kind) {
    return kind === "local" ? this.friendHere : this.computer;
  }

  /** The other game saved on this device gives up the table (it stays saved: only the player abandons one). */
  #replacing(next) {
    for (const here of [this.computer, this.friendHere]) {
      if (here !== next && here.state) here.abandon();
    }
    return next;
  }

  // --- the game on the table, seen from this device --------------------------------------------
  get kind() { return this.opponent.kind; }
  get obs() { return this.opponent.obs; }
  get state() { return this.opponent.state; }
  get id() { return this.opponent.id; }
  get busy() { return this.opponent.busy; }
  get readOnly() { return this.opponent.readOnly; }
  get viewer() { return this.opponent.viewer; }
  get players() { return this.opponent.players; }
  get mode() { return this.opponent.mode; }
  get level() { return this.opponent.level; }
  get levelUsed() { return this.opponent.levelUsed; }
  get history() { return this.opponent.history; }
  get handingOff() { return this.opponent.handingOff; }
  get canUndo() { return this.opponent.canUndo; }
  get showsPoints() { return this.opponent.showsPoints; }
  /** Both seats play at this device: the score sheet keeps seat 0 on the left at every hand-off. */
  get bothSeatsHere() { return this.opponent === this.friendHere; }
  /** Changes whenever the game on the table does: a drawing for another one stops. */
  get generation() { return `${this.switches}.${this.opponent.generation}`; }

  canAct(action) { return this.opponent.canAct(action); }
  act(action) { return this.opponent.act(action); }
  recheck() { return this.opponent.recheck(); }
  reveal() { return this.opponent === this.friendHere ? this.friendHere.reveal() : Promise.resolve(false); }
  undo() { return this.opponent === this.computer ? this.computer.undo() : Promise.resolve(false); }
  checkOwnership() { return this.opponent.checkOwnership ? this.opponent.checkOwnership() : false; }
  takeOver() { return this.opponent.takeOver ? this.opponent.takeOver() : Promise.resolve(false); }

  // --- putting a game on the table -------------------------------------------------------------

  /** A new game from the set-up's choice: `choice.opponent` "computer" (or none), "local", "remote". */
  start(choice) {
    if (choice.opponent === "remote" && this.remote) return this.remote.create(choice);
    return this.#replacing(this.#here(choice.opponent)).start(choice);
  }

  /** The choice a return match starts: the game on the table's profile, options and length
   * (a match or a single deal), level and mode, against the same opponent on this device; in
   * pass and play the same names, and the other player deals first, as the deal passes from
   * deal to deal. null when none is offered: nothing on the table, not over yet, this tab only
   * looks, or a duel (its own flow sets up the next game with the friend). */
  returnChoice() {
    const { state, obs } = this;
    if (!state || !obs || !obs.result || (obs.match && !obs.match.over) || this.readOnly) return null;
    if (this.kind !== "computer" && this.kind !== "local") return null;
    const choice = { opponent: this.kind, profile: state.profile, options: { ...(state.options || {}) },
      length: state.match ? "match" : "deal", level: this.level, mode: this.mode };
    if (this.kind === "local") {
      choice.players = [...(this.players || [])];
      choice.firstDealer = state.first_dealer === 0 ? 1 : state.first_dealer === 1 ? 0 : "random";
    }
    return choice;
  }

  /** A return match (returnChoice); false when none is offered. */
  async returnMatch() {
    const choice = this.returnChoice();
    if (!choice) return false;
    await this.start(choice);
    return true;
  }

  /** Put an engine state on the table against the computer (a link, the deal of the day). */
  begin(state, options = {}) {
    return this.#replacing(this.#here(options.opponent)).begin(state, options);
  }

  /** Continue a saved game of this device (the newest when none is given). false: nothing saved. */
  async resume(record = this.games.list()[0]) {
    if (!record) return false;
    await this.#replacing(this.#here(record.opponent)).begin(record.state, { ...record, restored: true });
    return true;
  }
}
