// duel/controller.js — a game against a friend on another device, without a server
// (docs/PROTOCOL.md; the page's side: "How the page uses the protocol"). DOM-free (Node's test
// runner imports it): the engine call and the storage are injected. Longer than 250 lines:
// every operation (start, join, open, a code received, a move) runs in one queue over one saved
// record, and each must leave that record as it was when the engine refuses it.
//
//   const duel = new DuelController({ call, storage, duels, pointsSetting, profiles, confirmClaim });
//     call(cmd, args) → Promise   engine-client.js's engine.call (the duel_* functions)
//
// The engine decides everything: duel_new / duel_join start a party (this seat's JSON: its own
// secret keys, what it knows — never the friend's hidden cards), duel_act plays one of this
// seat's legal actions, duel_receive checks and applies the friend's code; each answers, as
// `play` does, with this seat's observation, the duel's status and the steps of the actions it
// applied: one engine call per move. duel_observation reads a saved duel to open it. Every call
// that the engine refuses leaves the saved party as it was: the duel stays at its last verified
// position.
//
// The remote opponent behind the table controller (web/play/table.js): the player who invites
// sits at seat 0, the one who joins at seat 1; the table draws this seat's observation as the
// engine gives it (`obs.player` is this device's seat).
//
// Events (controller.on(type, fn)), the table's (web/table/view.js draws them as for the
// computer's game) and the duel's own:
//   "began"     {id, mode: "duel", level, levelUsed, restored, opponent: "remote"}   a duel (or its next deal) is on the table
//   "busy"      {busy}
//   "acting"    {action, obs, auto}    the player's card goes to the table at once
//   "step"      {seat, action, observation, trick_view}   one action of either player (the engine's)
//   "turn"      {obs}                  a position to draw (whoever moves: status.phase says)
//   "dealOver"  {obs, over}            the deal is over (its verification: "verified")
//   "refused"   {action, reason}
//   "dealEnded" {prev, obs, id, mode: "duel", key, opponent: "remote", profile}   a deal both players verified
//                                      (statistics, once per key "<game id>/<deals verified>")
//   "duel"      {record, status, obs}  anything about the duel changed: what to send, the phase
//   "verified"  {deal, result}          both revealed their keys and this deal checked out
//   "invitation" {code, envelope}      a friend's invitation waits for the player's yes
//   "accepted"  {}                     a code or a move was accepted and saved
//   "problem"   {kind, error, detail}  a code or a call was refused (kind: see errorKind);
//                                      the duel is kept at its last verified position
import { Emitter } from "../play/events.js";
import { pointsShown, isOver, sameDeal, claimNeedsConfirmation } from "../play/observation.js";
import { frameCodes, readCodes, readEnvelope, otherVersion, CodeError } from "./codes.js";
import { errorKind, CHEATING } from "./errors.js";
import { createDuels } from "./store.js";

const MAX_OUTBOX = 4;

export class DuelController extends Emitter {
  constructor({ call, storage, duels = createDuels(storage), pointsSetting = () => "profile", profiles = () => [],
    confirmClaim = async () => true }) {
    super();
    Object.assign(this, { call, storage, duels, pointsSetting, profiles, confirmClaim });
    this.record = null;   // the saved duel on the table
    this.status = null;   // the engine's status of its party
    this.obs = null;      // this seat's observation (the engine's, as it is)
    this.busy = false;
    this.readOnly = false;
    this.generation = 0;
    this.level = "friend";
    this.levelUsed = "friend";
    this.queue = Promise.resolve();
  }

  get id() { return this.record ? this.record.id : null; }
  get state() { return this.record ? this.record.party : null; }
  get seat() { return this.record ? this.record.seat : null; }
  /** The table controller's seat-neutral interface (web/play/table.js). */
  get kind() { return "remote"; }
  get viewer() { return this.record ? this.record.seat : 0; }
  get players() { return null; }
  get mode() { return "duel"; }
  get history() { return []; }
  get handingOff() { return false; }
  get canUndo() { return false; }
  get outbox() { return this.record ? [...this.record.outbox] : []; }
  get verdict() { return this.record ? this.record.verdict : null; }

  get showsPoints() {
    const id = this.record ? this.record.profile : null;
    return pointsShown(this.pointsSetting(), (this.profiles() || []).find((p) => p.id === id));
  }

  canAct(action) {
    return Boolean(this.obs) && !this.busy && !this.verdict && (this.obs.legal_actions || []).includes(action);
  }

  /** One operation at a time (a code pasted while a card is being played waits for it). */
  #exclusive(task) {
    const run = this.queue.then(task, task);
    this.queue = run.catch(() => {});
    return run;
  }

  #setBusy(busy) {
    this.busy = busy;
    return this.emit("busy", { busy });
  }

  async #problem(error, extra = {}) {
    const kind = extra.kind || errorKind(error);
    await this.emit("problem", { kind, error, detail: error && error.message ? String(error.message).slice(0, 200) : "" });
    return kind;
  }

  // --- starting, joining, opening ------------------------------------------------------------

  /** A new duel from the set-up's choice {profile, options, length}: this player invites. */
  create(choice) {
    return this.#start(0, "duel_new", { profile: choice.profile, options: choice.options || {}, seat: 0,
      match: choice.length !== "deal" });
  }

  /** The friend's invitation: the player has said yes. This player sits at seat 1. */
  join(code) {
    return this.#start(1, "duel_join", { invitation: code });
  }

  /** A new duel on the table, this player at `seat`; the engine's first codes wait to be sent. */
  #start(seat, cmd, args) {
    return this.#exclusive(async () => {
      await this.#setBusy(true);
      try {
        const out = await this.call(cmd, args);
        const s = out.status;
        const record = { id: s.game, rev: 0, seat, profile: s.profile, options: s.options, match: s.match,
          party: out.party, outbox: [...out.codes], verdict: null, recorded: [] };
        await this.#take(record, s, { restored: false, observation: out.observation });
        return record.id;
      } catch (error) {
        await this.#problem(error);
        return null;
      } finally {
        await this.#setBusy(false);
      }
    });
  }

  /** Put a saved duel on the table (its latest saved position). false: not saved here. */
  open(id) {
    return this.#exclusive(() => this.#open(id));
  }

  async #open(id, { quiet = false } = {}) {
    const record = this.duels.get(id);
    if (!record) return false;
    if (!quiet) await this.#setBusy(true);
    try {
      const view = await this.call("duel_observation", { party: record.party });
      await this.#take(record, view.status, { restored: true, observation: view.observation });
      return true;
    } catch (error) {
      const kind = errorKind(error);
      if (kind === "saved" || kind === "malformed") this.duels.setAside(id, error.message);
      await this.#problem(error, { kind: kind === "malformed" ? "saved" : kind });
      return false;
    } finally {
      if (!quiet) await this.#setBusy(false);
    }
  }

  /** A record becomes the duel on the table; its position is drawn. */
  async #take(record, status, { restored, observation } = {}) {
    this.generation += 1;
    this.record = record;
    this.status = status;
    if (!restored) this.#save();
    let obs = observation;
    if (obs === undefined) obs = (await this.call("duel_observation", { party: record.party })).observation;
    this.obs = obs || null;
    this.lastVerified = status.deals_verified;
    await this.emit("began", { id: record.id, mode: "duel", level: this.level, levelUsed: this.levelUsed, restored,
      opponent: "remote", players: null });
    await this.#settle();
  }

  // --- codes from the friend -----------------------------------------------------------------

  /**
   * Text pasted or a link opened: every code in it, in order; or the list of codes of a live
   * frame, each item one code as it is (codes.js frameCodes: never joined). An invitation is
   * offered to the player ("invitation"); a code of a duel saved here is applied to that duel
   * (it is put on the table first). Resolves true when something was applied.
   */
  receive(text) {
    return this.#exclusive(async () => {
      let codes;
      try {
        codes = Array.isArray(text) ? frameCodes(text) : await readCodes(text);
      } catch (error) {                 // text past the limits: refused before it is read
        await this.#problem(error);
        return false;
      }
      if (!codes.length) {
        const said = Array.isArray(text) ? text.join(" ") : String(text || "");
        await this.#problem(new CodeError(otherVersion(said) ? "version" : said.trim() ? "damaged" : "empty"));
        return false;
      }
      let applied = 0;
      let replays = 0;
      for (const [index, code] of codes.entries()) {
        let envelope;
        try {
          envelope = await readEnvelope(code);
        } catch (error) {
          await this.#problem(error);
          return applied > 0;
        }
        const saved = this.duels.get(envelope.game);
        if (envelope.seq === 0 && envelope.hello && !saved) {
          await this.emit("invitation", { code, envelope });
          return applied > 0;
        }
        if (!saved) {
          // a duel this device set aside (its record was damaged) is not "another game"
          await this.#problem(null, { kind: this.duels.wasSetAside?.(envelope.game) ? "setAside" : "foreign" });
          return applied > 0;
        }
        if (!this.record || saved.id !== this.id || saved.rev !== this.record.rev) {
          if (!(await this.#open(saved.id, { quiet: true }))) return applied > 0;
        }
        if (envelope.from === saved.seat) {
          await this.#problem(null, { kind: "own" });
          return applied > 0;
        }
        if (this.verdict) {
          await this.#problem(null, { kind: "stopped" });
          return applied > 0;
        }
        const result = await this.#apply(code, { last: index === codes.length - 1 });
        if (result === "replay") replays += 1;
        else if (result !== "ok") return applied > 0;
        else applied += 1;
      }
      if (!applied && replays) await this.#problem(null, { kind: "replay" });
      return applied > 0;
    });
  }

  async #apply(code) {
    const record = this.record;
    await this.#setBusy(true);
    try {
      const out = await this.call("duel_receive", { party: record.party, message: code });
      await this.#commit(out, { outbox: [...out.codes] });
      return "ok";
    } catch (error) {
      const kind = errorKind(error);
      if (kind === "replay") return "replay";   // an earlier code of the same link: already here
      if (CHEATING.has(kind) && this.record === record) {
        // the friend's side cannot be trusted: the duel stops at its last verified position
        this.record = { ...record, verdict: { type: error.type, message: String(error.message).slice(0, 300) } };
        this.#save();
        await this.emit("duel", this.#snapshot());
      }
      await this.#problem(error, { kind });
      return kind;
    } finally {
      await this.#setBusy(false);
    }
  }

  /** Invitation codes are not applied to a duel: the player answers "invitation" by joining. */

  // --- leaving (docs/PROTOCOL.md "Leaving a game") -----------------------------------------

  /**
   * Record that `who` ("me": this player leaves; "friend": the friend stopped answering)
   * stopped the game. The engine says what it costs (`status.stopped.free`, `counts_as`);
   * `confirm(stopped)` is asked with that before anything is saved. Resolves true when recorded.
   * A later code from the friend, or a move, resumes the game (the engine clears the record).
   */
  stop(who, confirm = async () => true) {
    return this.#exclusive(async () => {
      const record = this.record;
      if (!record || record.verdict || (this.status && this.status.stopped)) return false;
      let out;
      try {
        out = await this.call("duel_stop", { party: record.party, who });
      } catch (error) {
        await this.#problem(error);
        return false;
      }
      if (!(await confirm(out.status.stopped)) || this.record !== record) return false;
      this.record = { ...record, party: out.party };
      this.status = out.status;
      if (!this.#save()) await this.#problem(null, { kind: "storage" });
      if (out.observation) {
        // the table's score sheet counts the deal the stop cost
        this.obs = out.observation;
        await this.#settle();
      } else {
        await this.emit("duel", this.#snapshot());
      }
      return true;
    });
  }

  // --- this player's moves -------------------------------------------------------------------

  async act(action) {
    if (action === "claim" && this.canAct(action) && claimNeedsConfirmation(this.obs, this.showsPoints)) {
      // the same question as against the computer: a claim that would not win, or any in memory mode
      const obs = this.obs;
      if (!(await this.confirmClaim(obs, { gamble: !this.showsPoints })) || this.obs !== obs) return undefined;
    }
    return this.#exclusive(async () => {
      if (!this.record || action === "next") return;   // the next deal starts by itself
      const obs = this.obs;
      if (!this.canAct(action)) {
        const reason = (obs && obs.illegal && obs.illegal[action]) || "not_now";
        await this.emit("refused", { action, reason });
        return;
      }
      await this.#setBusy(true);
      try {
        await this.emit("acting", { action, obs, auto: false });
        const out = await this.call("duel_act", { party: this.record.party, action });
        await this.#commit(out, { outbox: [...this.record.outbox, ...out.codes].slice(-MAX_OUTBOX) });
      } catch (error) {
        await this.#problem(error);
        await this.#settle();   // the card goes back: the position as it was
      } finally {
        await this.#setBusy(false);
      }
    });
  }

  // --- after each accepted call --------------------------------------------------------------

  /** One engine call's answer (duel_act, duel_receive: the party, the codes, the status, the
   * observation and the steps of the actions it applied, as `play` gives them) on the table. */
  async #commit(out, { outbox }) {
    await this.emit("accepted", {});
    const before = this.obs;
    const verifiedBefore = this.status ? this.status.deals_verified : 0;
    this.record = { ...this.record, party: out.party, outbox,
      shared: Boolean(this.record.shared) && JSON.stringify(outbox) === JSON.stringify(this.record.outbox) };
    this.status = out.status;
    if (!this.#save()) {
      await this.#problem(null, { kind: "storage" });
    }
    const next = out.observation || null;
    this.obs = next;
    const generation = this.generation;
    // the deal that ended: the one shown, or (a friend's message ended it and dealt the next one
    // at once) the one before it
    const ended = next && next.result ? next : out.last_deal || null;
    if (out.status.deals_verified > verifiedBefore) {
      // a deal both players verified: statistics count it once, keyed by game and deal
      const key = `${this.record.id}/${out.status.deals_verified}`;
      if (ended && !this.record.recorded.includes(key)) {
        this.record = { ...this.record, recorded: [...this.record.recorded, key].slice(-400) };
        this.#save();
        // prev: the deal as it stood before it ended (what statistics compare the end with)
        const prev = { ...ended, result: null, match: ended.match ? { ...ended.match, over: false } : null };
        await this.emit("dealEnded", { prev, obs: ended, id: this.record.id, mode: "duel", key, opponent: "remote",
          profile: this.record.profile });
      }
      await this.emit("verified", { deal: out.status.deals_verified, result: out.status.last_result });
    }
    if (!next) {
      await this.emit("duel", this.#snapshot());
      return;
    }
    if (!before || !sameDeal(before, next)) {
      if (before && !before.result && out.last_deal && sameDeal(before, out.last_deal)) {
        // the deal's last cards and its end first, as when this player's own card ends it: the
        // panel stays over the next deal until the player closes it or plays
        await this.#showEnd(out.steps, out.last_deal, generation);
        if (generation !== this.generation) return;
        this.obs = next;
      }
      await this.emit("began", { id: this.record.id, mode: "duel", level: this.level, levelUsed: this.levelUsed,
        restored: false, opponent: "remote", players: null });
      await this.#settle();
      return;
    }
    for (const step of out.steps) {
      if (generation !== this.generation) return;
      await this.emit("step", step);
    }
    await this.#settle();
  }

  async #showEnd(steps, ended, generation) {
    this.obs = ended;
    for (const step of steps) {
      if (generation !== this.generation) return;
      await this.emit("step", step);
    }
    await this.emit("dealOver", { obs: ended, over: isOver(ended) });
  }

  async #settle() {
    const obs = this.obs;
    if (obs && obs.result) await this.emit("dealOver", { obs, over: isOver(obs) });
    else if (obs) await this.emit("turn", { obs });
    await this.emit("duel", this.#snapshot());
  }

  #snapshot() {
    return { record: this.record, status: this.status, obs: this.obs };
  }

  // --- saving --------------------------------------------------------------------------------

  #save() {
    const stored = this.duels.get(this.record.id);
    const rev = Math.max(this.record.rev, stored ? stored.rev : 0) + 1;
    // over: the game has ended, no longer one to continue (the set-up's list leaves it out)
    // phase: what the set-up's list of games waiting says of it (web/saved-games.js)
    this.record = { ...this.record, rev, updated: Date.now(), over: Boolean(this.status && this.status.phase === "over"),
      ...(this.status ? { phase: this.status.phase } : {}) };
    return this.duels.put(this.record);
  }

  /** Another tab of this page wrote the saved duels: the duel on the table moved on there. */
  async checkStorage() {
    if (!this.record || this.busy) return false;
    const stored = this.duels.get(this.record.id);
    if (!stored || stored.rev === this.record.rev) return false;
    await this.open(stored.id);
    return true;
  }

  /** The player has copied or shared the codes to send: the page now waits for the answer
   * (the codes stay there, to send again). */
  markShared() {
    if (!this.record || !this.record.outbox.length || this.record.shared) return;
    this.record = { ...this.record, shared: true };
    this.#save();
    this.emit("duel", this.#snapshot());
  }

  /** A setting changed (web/app.js asks every game): nothing is automatic in a duel. */
  async recheck() {}

  /** Leave the table to another game (the duel stays saved). */
  leave() {
    this.generation += 1;
    this.record = null;
    this.status = null;
    this.obs = null;
  }

  /** Remove a saved duel from this device. */
  forget(id) {
    this.duels.delete(id);
    if (this.id === id) this.leave();
  }
}
