// The player's hand, fanned at the bottom: one <button data-card> per card, disabled when the
// engine does not list it in observation.legal_actions, with the engine's reason attached.
// Keyboard: arrows move between playable cards, digits pick card n, Enter plays.
import { t, has } from "../i18n.js";
import { handCard, cardLabel } from "./cardview.js";

const ORDER = {
  schnapsen: "ATKQJ987",
  schneider: "AKQJT987",
};
const SUIT_ORDER = "HSDC";

export function sortHand(cards, game, trump) {
  const ranks = ORDER[game] || ORDER.schnapsen;
  const suitKey = (s) => (s === trump ? -1 : SUIT_ORDER.indexOf(s));
  return [...cards].sort((a, b) => suitKey(a[1]) - suitKey(b[1]) || ranks.indexOf(a[0]) - ranks.indexOf(b[0]));
}

export class HandView {
  constructor(container, announce) {
    this.container = container;
    this.announce = announce;
    this.onPlay = null;
    this.focusCode = null;
    container.addEventListener("click", (event) => {
      const button = event.target.closest("button[data-card]");
      if (button && !button.disabled && this.onPlay) this.onPlay(button.dataset.card);
    });
    container.addEventListener("keydown", (event) => this.onKey(event));
    // A disabled button gets no click, but it does get pointerup (touch, pen or mouse): a tap
    // on a greyed card shows why it cannot be played, on screen and to screen readers.
    container.addEventListener("pointerup", (event) => {
      const button = event.target.closest("button[data-card]");
      if (button && button.disabled && button.title) this.explain(button.title);
    });
    this.tip = document.createElement("p");
    this.tip.className = "card-reason";
    this.tip.dataset.cardReason = "";
    this.tip.setAttribute("aria-hidden", "true"); // the words reach screen readers through announce()
    this.tip.hidden = true;
    this.tipTimer = 0;
    container.addEventListener("focusin", (event) => {
      const button = event.target.closest("button[data-card]");
      if (button) this.setRoving(button);
    });
  }

  buttons() {
    return [...this.container.querySelectorAll("button[data-card]")];
  }

  setRoving(button) {
    for (const b of this.buttons()) b.tabIndex = b === button ? 0 : -1;
    this.focusCode = button.dataset.card;
  }

  onKey(event) {
    const all = this.buttons();
    if (!all.length) return;
    const enabled = all.filter((b) => !b.disabled);
    const current = all.indexOf(document.activeElement);
    if (event.key === "ArrowRight" || event.key === "ArrowLeft" || event.key === "Home" || event.key === "End") {
      event.preventDefault();
      if (!enabled.length) return;
      let target;
      if (event.key === "Home") target = enabled[0];
      else if (event.key === "End") target = enabled[enabled.length - 1];
      else {
        const step = event.key === "ArrowRight" ? 1 : -1;
        let i = current < 0 ? (step > 0 ? -1 : all.length) : current;
        for (let k = 0; k < all.length; k += 1) {
          i = (i + step + all.length) % all.length;
          if (!all[i].disabled) { target = all[i]; break; }
        }
      }
      if (target) target.focus();
    } else if (/^[1-9]$/.test(event.key)) {
      const button = all[Number(event.key) - 1];
      if (!button) return;
      event.preventDefault();
      if (button.disabled) this.explain(button.title);
      else button.focus();
    }
  }

  /** Show a greyed card's reason above the hand for a few seconds, and announce it. */
  explain(reason) {
    this.tip.textContent = reason;
    this.tip.hidden = false;
    this.announce(reason);
    clearTimeout(this.tipTimer);
    this.tipUntil = Date.now() + 3500;
    this.tipTimer = setTimeout(() => { this.tip.hidden = true; }, 3500);
  }

  /** Put the reason away (the player acted). */
  hideTip() {
    clearTimeout(this.tipTimer);
    this.tipUntil = 0;
    this.tip.hidden = true;
  }

  /** Draw the hand. `legal` is the engine's legal_actions for this seat, `illegal` its reasons. */
  render({ cards, legal, illegal, game, trump, settings, interactive }) {
    const hadFocus = this.container.contains(document.activeElement);
    const sorted = sortHand(cards, game, trump);
    const style = settings.deckStyle;
    this.container.replaceChildren(this.tip);
    // a reason just shown stays while the hand is drawn again (a refusal redraws the turn)
    this.tip.hidden = !(Date.now() < (this.tipUntil || 0));
    this.container.style.setProperty("--n", String(sorted.length));
    const legalSet = new Set(legal);
    sorted.forEach((code, i) => {
      const button = handCard(code, settings);
      button.style.setProperty("--i", String(i));
      const playable = interactive && legalSet.has(code);
      const name = cardLabel(code, style);
      const position = t("card.position", { n: i + 1, count: sorted.length });
      button.disabled = !playable;
      button.tabIndex = -1;
      if (playable) {
        button.setAttribute("aria-label", `${name}, ${position}`);
        button.removeAttribute("title");
      } else {
        // Cards the engine allows are only disabled while the computer is moving.
        const keyword = illegal?.[code] || "not_your_turn";
        const reason = has(`illegal.${keyword}`) ? t(`illegal.${keyword}`) : t("illegal.not_now");
        const why = document.createElement("span");
        why.id = `why-${code}`;
        why.className = "visually-hidden";
        why.textContent = reason;
        button.title = reason;
        button.dataset.reason = keyword;
        button.setAttribute("aria-label", `${name}, ${position}`);
        button.setAttribute("aria-describedby", why.id);
        this.container.appendChild(why);
      }
      this.container.appendChild(button);
    });
    const all = this.buttons();
    const enabled = all.filter((b) => !b.disabled);
    const keep = enabled.find((b) => b.dataset.card === this.focusCode) || enabled[0];
    if (keep) {
      keep.tabIndex = 0;
      if (hadFocus) keep.focus({ preventScroll: true });
    }
  }
}
