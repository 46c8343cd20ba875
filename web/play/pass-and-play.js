// pass-and-play.js — a friend at this device as the opponent: both seats are people, taking
// turns with the device. Each action is `play(state, action, seat)` with no opponent; `viewer`
// is the seat whose observation is on the table. When the seat to act changes, at the start of
// each deal and on resume, the turn ends in "handoff" instead: `obs` is null (nothing private
// may be drawn) until `reveal()` puts the next seat's observation on the table ("turn").
// No undo (each side would take back the other's moves). DOM-free.
//
//   "handoff" {seat, name, players, reason, moves, taken, dealer}  the device goes to `seat`
//       (reason "deal" | "resume" | "turn"); `moves` [{seat, action, points}] the other seat's
//       public moves since, `taken` the trick it finished (takenTrick), or null
import { HereGame } from "./here-game.js";
import { takenTrick, announcedPoints } from "./observation.js";

export class PassAndPlay extends HereGame {
  get kind() { return "local"; }

  /** A new game from the set-up's choice {profile, options, length, players: [name, name],
   * firstDealer: "random" | 0 | 1}. */
  async start(choice) {
    const generation = this.abandon();
    this.setBusy(true);
    const seed = this.seed();
    const deal = choice.length === "deal";
    const args = { profile: choice.profile, options: choice.options || {}, seed };
    if ([0, 1].includes(choice.firstDealer)) args[deal ? "dealer" : "first_dealer"] = choice.firstDealer;
    try {
      const state = await this.call(deal ? "new_deal" : "new_match", args);
      this.check(generation);
      await this.begin(state, { players: [...choice.players], level: "expert", aiSeed: seed, mode: "ranked" });
    } catch (error) {
      this.fail(error);
    }
  }

  /** The seat behind the hand-off screen looks at its cards (its observation is drawn). */
  async reveal() {
    if (!this.pending || this.busy || this.readOnly) return false;
    const { seat, obs } = this.pending;
    Object.assign(this, { pending: null, viewer: seat, obs });
    await this.settle();
    return true;
  }

  /** A position put on the table, seen by the seat to act (else by the viewer). */
  opening(state) {
    return { answer: this.#look(state, this.viewer), stream: null };
  }

  send(action) {
    const seat = this.viewer;
    // a new deal is seen after the hand-off
    const answer = this.call("play", { state: this.state, action, seat })
      .then((result) => ({ ...result, seat, steps: action === "next" ? [] : result.steps }));
    return { answer, stream: null };
  }

  remember() {}

  moreFromSameCall() { return false; }

  recordFields() {
    return { opponent: "local", players: this.players, viewer: this.viewer };
  }

  async #look(state, seat) {
    const first = await this.call("observation", { state, player: seat });
    const next = first.to_move;
    if (next === null || next === undefined || next === seat) return { state, observation: first, steps: [], seat };
    return { state, observation: await this.call("observation", { state, player: next }), steps: [], seat: next };
  }

  /** The table hides everything private until the seat to act says it looks. */
  async afterSteps(generation, reason, steps) {
    if (this.obs.result || (reason === "turn" && this.obs.to_move === this.viewer)) return false;
    const seat = this.obs.to_move;
    const obs = seat === this.viewer ? this.obs : await this.call("observation", { state: this.state, player: seat });
    this.check(generation);
    this.obs = null;
    this.pending = { seat, obs, reason };
    const last = steps.length ? steps[steps.length - 1] : null;
    const moves = steps.map(({ seat: who, action, observation }) => ({ seat: who, action,
      points: action.startsWith("marry:") ? announcedPoints(observation, who, action.slice(6)) : null }));
    this.busy = false;
    if (!this.readOnly && this.guard.movedElsewhere(this)) {
      this.lose();
      return true;
    }
    await this.emit("handoff", { seat, name: this.players[seat], players: [...this.players], reason, moves,
      taken: last && last.trick_view ? takenTrick(last.observation) : null, dealer: obs.dealer });
    await this.emit("busy", { busy: false });
    return true;
  }
}
