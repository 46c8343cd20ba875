// The set-up screen and the trick-review dialog.
import { t, has } from "../i18n.js";
import { faceCard, cardName } from "./cardview.js";
import { DEFAULT_SETUP } from "../saving/storage.js";
import { PROFILE_ORDER, LEVELS } from "../engine-facts.js";

// PROFILE_ORDER: display order of the games (the list itself comes from the engine's
// profiles()); LEVELS: the engine's playing levels offered to players; both generated from the
// engine (web/engine-facts.js). "random" is what the table falls back to, with a label, if the
// engine refuses a level.

function profileName(id) {
  return has(`profile.${id}.name`) ? t(`profile.${id}.name`) : id;
}

function choiceLabel(name, choice) {
  if (choice === null) return t("option.target.default");
  const key = `option.${name}.${choice}`;
  return has(key) ? t(key) : String(choice);
}

export class SetupView {
  /** `saved`: the set-up as web/saving/storage.js read it (validated). */
  constructor(root, saved = DEFAULT_SETUP) {
    this.root = root;
    // until the engine answers: the ids only (the game family and options come from profiles())
    this.profiles = PROFILE_ORDER.map((id) => ({ id, game: null, options: null }));
    this.profile = saved.profile;
    this.options = { ...saved.options };
    this.ready = false;
    this.list = root.querySelector("[data-profile-list]");
    this.optionList = root.querySelector("[data-option-list]");
    this.level = root.querySelector('[data-setup="level"]');
    this.length = root.querySelector('[data-setup="length"]');
    this.start = root.querySelector('[data-action="start"]');
    for (const level of LEVELS) {
      const option = document.createElement("option");
      option.value = level;
      option.textContent = t(`level.${level}`);
      this.level.appendChild(option);
    }
    this.level.value = saved.level;
    this.length.value = saved.length;
    // ranked (counted in the statistics, no hint, no undo) or practice
    this.mode = document.createElement("select");
    this.mode.dataset.setup = "mode";
    for (const mode of ["ranked", "practice"]) {
      const option = document.createElement("option");
      option.value = mode;
      option.dataset.i18n = `setup.mode.${mode}`;
      option.textContent = t(`setup.mode.${mode}`);
      this.mode.appendChild(option);
    }
    this.mode.value = saved.mode;
    const row = document.createElement("label");
    const caption = document.createElement("span");
    caption.dataset.i18n = "setup.mode";
    caption.textContent = t("setup.mode");
    row.append(caption, this.mode);
    root.querySelector(".setup-row")?.appendChild(row);
    this.list.addEventListener("click", (event) => {
      const button = event.target.closest("[data-profile]");
      if (!button) return;
      if (button.dataset.profile !== this.profile) this.options = {};
      this.profile = button.dataset.profile;
      this.render();
    });
    this.render();
  }

  /** The engine's profiles() list (ids, games and option specs). */
  setProfiles(list) {
    const rank = (id) => (PROFILE_ORDER.includes(id) ? PROFILE_ORDER.indexOf(id) : PROFILE_ORDER.length);
    this.profiles = [...list].sort((a, b) => rank(a.id) - rank(b.id));
    if (!this.profiles.some((p) => p.id === this.profile)) this.profile = this.profiles[0].id;
    this.render();
  }

  /** Start is usable from the first moment (docs/UI-HOOKS.md); only an engine that failed to
   * load disables it. */
  setUsable(usable) {
    this.start.disabled = !usable;
  }

  current() {
    return this.profiles.find((p) => p.id === this.profile) || this.profiles[0];
  }

  render() {
    this.list.replaceChildren();
    for (const profile of this.profiles) {
      const button = document.createElement("button");
      button.type = "button";
      button.className = "profile-choice";
      button.dataset.profile = profile.id;
      button.setAttribute("aria-pressed", String(profile.id === this.profile));
      // the name, and in one line the rule that sets this game apart from its neighbours
      const name = document.createElement("span");
      name.className = "profile-name";
      name.textContent = profileName(profile.id);
      const differs = document.createElement("span");
      differs.className = "profile-differs";
      differs.dataset.profileDiffers = "";
      differs.textContent = t(`profile.${profile.id}.differs`);
      button.append(name, differs);
      this.list.appendChild(button);
    }
    const profile = this.current();
    this.root.querySelector("[data-profile-blurb]").textContent = t(`profile.${profile.id}.blurb`);
    this.renderOptions(profile);
    this.changed();
  }

  /** The choice changed: "Rules in short" (web/lang.js) follows data-setup-choice and the event. */
  changed() {
    const { profile, options } = this.values();
    this.root.dataset.setupChoice = JSON.stringify({ profile, options });
    this.root.dispatchEvent(new CustomEvent("kaffeehaus:setup-change", { bubbles: true, detail: { profile, options } }));
  }

  renderOptions(profile) {
    this.optionList.replaceChildren();
    const specs = profile.options;
    this.optionList.closest("fieldset").hidden = !specs; // until the engine has answered
    if (!specs) return;
    const names = Object.keys(specs);
    if (!names.length) {
      const none = document.createElement("p");
      none.className = "note";
      none.textContent = t("setup.noOptions");
      this.optionList.appendChild(none);
      return;
    }
    for (const name of names) {
      const spec = specs[name];
      const value = name in this.options ? this.options[name] : spec.default;
      const label = document.createElement("label");
      const isBool = spec.choices.length === 2 && spec.choices.every((c) => typeof c === "boolean");
      const text = document.createElement("span");
      text.textContent = t(`option.${name}`);
      let input;
      if (isBool) {
        label.className = "check";
        input = document.createElement("input");
        input.type = "checkbox";
        input.checked = Boolean(value);
        input.addEventListener("change", () => { this.options[name] = input.checked; this.changed(); });
        label.append(input, text);
      } else {
        input = document.createElement("select");
        for (const choice of spec.choices) {
          const option = document.createElement("option");
          option.value = JSON.stringify(choice);
          option.textContent = choiceLabel(name, choice);
          input.appendChild(option);
        }
        input.value = JSON.stringify(value);
        input.addEventListener("change", () => { this.options[name] = JSON.parse(input.value); this.changed(); });
        label.append(text, input);
      }
      input.dataset.option = name;
      this.optionList.appendChild(label);
    }
  }

  values() {
    const profile = this.current();
    const specs = profile.options || {};
    const options = {};
    for (const name of Object.keys(specs)) if (name in this.options) options[name] = this.options[name];
    return { profile: profile.id, game: profile.game, options, level: this.level.value, length: this.length.value,
      mode: this.mode.value === "practice" ? "practice" : "ranked" };
  }

  /** Back to the first game with its defaults (the stored set-up was set aside). */
  reset() {
    this.profile = this.profiles[0].id;
    this.options = {};
    this.render();
  }

  show(visible) {
    this.root.hidden = !visible;
    document.body.classList.toggle("setting-up", visible);
    this.onShow?.(visible);
  }
}

/** Fill the trick-review dialog with the tricks the profile lets the player see now. */
export function fillReview(dialog, review, me, settings) {
  dialog.querySelector("[data-review-title]").textContent = review.allOwn ? t("review.title") : t("review.titleLast");
  dialog.querySelector("[data-review-note]").textContent = review.allOwn ? "" : t("review.notAllowed");
  const list = dialog.querySelector("[data-review-list]");
  list.replaceChildren();
  if (!review.tricks.length) {
    const item = document.createElement("li");
    item.textContent = t("review.none");
    list.appendChild(item);
  }
  for (const trick of review.tricks) {
    const item = document.createElement("li");
    item.className = "review-trick";
    const names = trick.cards.map(([, code]) => cardName(code, settings.deckStyle)).join(", ");
    const taken = t(trick.winner === me ? "review.wonBy.you" : "review.wonBy.opponent");
    item.setAttribute("aria-label", `${names}, ${taken}`);
    for (const [, code] of trick.cards) item.appendChild(faceCard(code, settings, { label: false }));
    const who = document.createElement("span");
    who.className = "review-winner";
    who.textContent = taken;
    item.appendChild(who);
    list.appendChild(item);
  }
}
