// opponent.js — the set-up's opponent choice (docs/UI-HOOKS.md "Opponent"): the computer (the
// default), a friend on this device (pass and play, web/table/handoff.js), and a friend on
// another device ("remote", web/duel/). The players' names and who deals first are remembered in
// localStorage["kaffeehaus.opponent"] = {opponent, names: [first, second], firstDealer}.
//
//   const choice = new OpponentChoice(fieldset, storage.read("opponent"), setupView);
//   choice.values()  → {opponent, players: [name, name], firstDealer: "random" | 0 | 1}
//   choice.stored()  → what to remember (names as typed: "" means the translated default)
//
// A value is one radio `input[name="opponent"]` inside `[data-setup-opponent]` (index.html);
// a choice whose radio is not on the page (an older save naming "remote") falls back to the computer.
import { Invalid, defineKey, isObject } from "./saving/storage.js";
import { t } from "./i18n.js";

export const OPPONENTS = ["computer", "local", "remote"];
export const MAX_NAME = 24;
export const DEFAULT_OPPONENT = Object.freeze({ opponent: "computer", names: ["", ""], firstDealer: "random" });

/** A player's name as typed: trimmed, no control characters or braces, at most MAX_NAME characters. */
export function cleanName(text) {
  // eslint-disable-next-line no-control-regex
  return String(text ?? "").replace(/[\u0000-\u001f\u007f{}<>]/g, "").replace(/\s+/g, " ").trim().slice(0, MAX_NAME);
}

/** The names the game uses: the typed ones, else "Player 1" / "Player 2" in the page's language; never twice the same. */
export function playerNames(names) {
  const defaults = [t("local.setup.player1"), t("local.setup.player2")];
  const chosen = [0, 1].map((i) => cleanName(names && names[i]) || defaults[i]);
  if (chosen[0].toLowerCase() === chosen[1].toLowerCase()) chosen[1] = `${chosen[1].slice(0, MAX_NAME - 2)} 2`;
  return chosen;
}

function loadOpponent(value) {
  if (!isObject(value)) throw new Invalid("not an opponent choice");
  const saved = { ...DEFAULT_OPPONENT, names: ["", ""] };
  if ("opponent" in value) {
    if (!OPPONENTS.includes(value.opponent)) throw new Invalid("unknown opponent");
    saved.opponent = value.opponent;
  }
  if ("names" in value) {
    if (!Array.isArray(value.names) || value.names.length !== 2
      || !value.names.every((n) => typeof n === "string" && n.length <= 200)) throw new Invalid("not two names");
    saved.names = value.names.map(cleanName);
  }
  if ("firstDealer" in value) {
    if (!["random", 0, 1].includes(value.firstDealer)) throw new Invalid("unknown first dealer");
    saved.firstDealer = value.firstDealer;
  }
  return saved;
}

defineKey("opponent", {
  key: "kaffeehaus.opponent", load: loadOpponent,
  fallback: () => ({ ...DEFAULT_OPPONENT, names: ["", ""] }),
});

export class OpponentChoice {
  /** `root`: [data-setup-opponent]; `saved`: storage.read("opponent"); `setup`: the SetupView (its level and mode rows). */
  constructor(root, saved, setup) {
    this.root = root;
    this.setup = setup;
    this.players = root.querySelector("[data-setup-players]");
    this.inputs = [...root.querySelectorAll("input[data-setup-player]")];
    this.dealer = root.querySelector("select[data-setup='first-dealer']");
    const radio = this.#radio(saved.opponent) || this.#radio("computer");
    radio.checked = true;
    this.inputs.forEach((input, i) => {
      input.maxLength = MAX_NAME;
      input.value = saved.names[i] || "";
    });
    this.dealer.value = String(saved.firstDealer);
    root.addEventListener("change", () => this.render());
    root.addEventListener("input", () => this.#labelDealers());
    this.render();
  }

  #radio(value) {
    return this.root.querySelector(`input[name='opponent'][value='${value}']`);
  }

  get opponent() {
    const checked = this.root.querySelector("input[name='opponent']:checked");
    return checked ? checked.value : "computer";
  }

  values() {
    const raw = this.dealer.value;
    return { opponent: this.opponent, players: playerNames(this.inputs.map((i) => i.value)),
      firstDealer: raw === "0" ? 0 : raw === "1" ? 1 : "random" };
  }

  stored() {
    const { opponent, firstDealer } = this.values();
    return { opponent, names: this.inputs.map((i) => cleanName(i.value)), firstDealer };
  }

  /** Shows what belongs to the chosen opponent: names for a friend, the level for the computer. */
  render() {
    const opponent = this.opponent;
    const zone = this.root.closest("[data-zone='setup']");
    if (zone) zone.dataset.opponent = opponent;
    this.players.hidden = opponent !== "local";
    const computer = opponent === "computer";
    for (const select of [this.setup?.level, this.setup?.mode]) {
      const row = select && select.closest("label");
      if (row) row.hidden = !computer;   // no level, and no practice (hints, undo) between two people
    }
    this.#labelDealers();
    this.root.dispatchEvent(new CustomEvent("kaffeehaus:opponent-change", { bubbles: true, detail: { opponent } }));
  }

  /** Placeholders and the first-dealer choices follow the names (and the language). */
  #labelDealers() {
    const names = playerNames(this.inputs.map((i) => i.value));
    this.inputs.forEach((input, i) => { input.placeholder = t(i ? "local.setup.player2" : "local.setup.player1"); });
    for (const option of this.dealer.options) {
      if (option.value === "random") option.textContent = t("local.setup.firstDealer.random");
      else option.textContent = names[Number(option.value)];
    }
  }

  /** The language changed. */
  redraw() {
    this.#labelDealers();
  }
}
