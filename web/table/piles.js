// Both piles of captured cards, the opponent's hidden hand, and the tricks the player may look at
// now: the engine says which (observation.reviewable_tricks: SV-6, ST-1 and Schneider's rule).
import { t } from "../i18n.js";
import { backCard, faceCard, cardName } from "./cardview.js";

/**
 * The tricks seat `obs.player` may look at now ({tricks, last, allOwn}); `trickReview` is the
 * rule the engine names (observation.trick_review: "own" for SV-6, "last" for ST-1).
 */
export function reviewable(obs, trickReview = null) {
  const history = obs.history || [];
  const allowed = (obs.reviewable_tricks || []).filter((i) => Number.isInteger(i) && history[i]);
  const lastIndex = history.length - 1;
  const lastVisible = lastIndex >= 0 && (obs.trick || []).length === 0 && allowed.includes(lastIndex);
  const allOwn = trickReview ? trickReview === "own" : allowed.some((i) => i !== lastIndex);
  return { tricks: allowed.map((i) => history[i]), last: lastVisible ? history[lastIndex] : null, allOwn };
}

/** The computer's hand: backs, and face up the cards both players know it holds (RULES.md OB-2). */
export function renderOpponentHand(container, count, known, settings) {
  container.replaceChildren();
  container.style.setProperty("--n", String(count));
  const shown = known.slice(0, count);
  for (let i = 0; i < count; i += 1) {
    const card = i < shown.length ? faceCard(shown[i], settings, { label: false }) : backCard();
    card.style.setProperty("--i", String(i));
    container.appendChild(card);
  }
  let label = t("area.opponentHand", { count });
  if (shown.length) label += ` ${t("area.opponentKnown", { cards: shown.map((c) => cardName(c, settings.deckStyle)).join(", ") })}`;
  container.setAttribute("role", "img");   // named from here on (nameless on the set-up)
  container.setAttribute("aria-label", label);
}

function renderPile(container, { count, lastTrick, settings, labelKey }) {
  const stack = container.querySelector(".pile-stack");
  stack.replaceChildren();
  for (let i = 0; i < Math.min(count, 3); i += 1) {
    const back = backCard();
    back.classList.add("stack-card");
    back.style.setProperty("--layer", String(i));
    stack.appendChild(back);
  }
  if (!count) {
    const slot = document.createElement("div");
    slot.className = "card slot";
    slot.setAttribute("aria-hidden", "true");
    stack.appendChild(slot);
  }
  if (lastTrick) {
    lastTrick.cards.forEach(([, code], i) => {
      const card = faceCard(code, settings);
      card.classList.add("last-trick");
      card.style.setProperty("--order", String(i));
      stack.appendChild(card);
    });
  }
  const badge = document.createElement("span");
  badge.className = "count-badge";
  badge.textContent = String(count);
  badge.setAttribute("aria-hidden", "true");
  stack.appendChild(badge);
  let label = t(labelKey, { count });
  if (lastTrick) {
    const cards = lastTrick.cards.map(([, c]) => cardName(c, settings.deckStyle)).join(", ");
    label += `. ${t("label.list", { label: t("review.titleLast"), text: cards })}`;
  }
  container.setAttribute("role", "img");   // named from here on (nameless on the set-up)
  container.setAttribute("aria-label", label);
}

export function renderPiles({ mine, theirs, reviewButton }, obs, settings, trickReview = null) {
  const me = obs.player;
  const review = reviewable(obs, trickReview);
  const tricks = obs.tricks_won || [0, 0];
  const last = review.last;
  renderPile(mine, { count: tricks[me], lastTrick: last && last.winner === me ? last : null, settings, labelKey: "area.yourPile" });
  renderPile(theirs, { count: tricks[1 - me], lastTrick: last && last.winner !== me ? last : null, settings, labelKey: "area.oppPile" });
  reviewButton.disabled = review.tricks.length === 0;
  reviewButton.textContent = review.allOwn ? t("action.review") : t("action.reviewLast");
  return review;
}
