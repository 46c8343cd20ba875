// computer.js — the computer as the opponent: seat 0 plays on this device, the engine answers
// each action with the computer's whole reply in the same call (`play` with an `opponent`),
// and reports each step as soon as it is applied (StepStream: the table draws the finished
// trick while the computer still chooses its lead). Practice mode keeps an undo history.
// DOM-free.
import { HereGame } from "./here-game.js";
import { StepStream } from "../step-stream.js";

// The longest the computer may think about one move (docs/WEB.md): a cap for slow phones.
export const AI_BUDGET_MS = 3000;

export class ComputerOpponent extends HereGame {
  constructor({ budgetMs = AI_BUDGET_MS, ...rest }) {
    super(rest);
    this.budgetMs = budgetMs;
  }

  get kind() { return "computer"; }

  /** Undo is offered: practice mode, settled, something to take back, this tab plays the game. */
  get canUndo() {
    return this.mode === "practice" && !this.busy && !this.readOnly && this.history.length > 0;
  }

  /** A new game from the set-up screen's choice {profile, options, level, length, mode}. */
  async start(choice) {
    const generation = this.abandon();
    this.setBusy(true);
    const seed = this.seed();
    const deal = choice.length === "deal";
    try {
      const state = await this.call(deal ? "new_deal" : "new_match", { profile: choice.profile, options: choice.options || {}, seed });
      this.check(generation);
      await this.begin(state, { level: choice.level, aiSeed: seed, mode: choice.mode || "ranked" });
    } catch (error) {
      this.fail(error);
    }
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

  /** A game put on the table costs one `computer_turn`: the computer moves if it is its turn. */
  opening(state) {
    return this.#ask("computer_turn",
      (opponent) => ({ state, seat: 0, level: opponent.level, seed: opponent.seed, budget_ms: opponent.budget_ms }));
  }

  send(action) {
    return this.#ask("play", (opponent) => ({ state: this.state, action, seat: 0, opponent }));
  }

  remember(action) {
    this.history = action === "next" ? [] : [...this.history, { state: this.state, aiSeed: this.aiSeed, action }];
  }

  /** After a step showing `observation`, the computer moves next within the same call. */
  moreFromSameCall(observation) {
    return !observation.result && observation.to_move === 1 - observation.player;
  }

  async afterSteps() { return false; }

  recordFields() { return {}; }

  /**
   * An engine call that makes the computer move: {answer (its promise), stream (a StepStream of
   * the steps while it works, closed when it answers)}.
   */
  #ask(cmd, args) {
    const stream = new StepStream();
    const answer = this.#askOnce(cmd, args, stream);
    answer.catch(() => {});
    return { answer, stream };
  }

  /** A level the engine refuses falls back to random. */
  async #askOnce(cmd, args, stream) {
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
}
