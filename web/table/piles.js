// Both piles of captured cards, the opponent's hidden hand, and what trick review the profile
// allows (RULES.md SV-6 for schnapsen and bummerl, ST-1 for schnapsen-strict; the Schneider
// profiles follow ST-1 too: only the last trick, until the next lead).
import { t } from "./i18n.js";
import { backCard, faceCard, cardName } from "./cardview.js";

const REVIEW_OWN_ANY_TIME = new Set(["schnapsen", "bummerl"]);

/** Which tricks the seat `me` may look at now, per the profile's review rule. */
export function reviewable(obs) {
  const me = obs.player;
  const history = obs.history || [];
  const last = history[history.length - 1];
  const lastVisible = Boolean(last) && (obs.trick || []).length === 0;
  const own = REVIEW_OWN_ANY_TIME.has(obs.profile) ? history.filter((h) => h.winner === me) : [];
  const review = [...own];
  if (lastVisible && !review.includes(last)) review.push(last);
  return { tricks: review, last: lastVisible ? last : null, allOwn: REVIEW_OWN_ANY_TIME.has(obs.profile) };
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
  container.setAttribute("aria-label", label);
}

export function renderPiles({ mine, theirs, reviewButton }, obs, settings) {
  const me = obs.player;
  const review = reviewable(obs);
  const tricks = obs.tricks_won || [0, 0];
  const last = review.last;
  renderPile(mine, { count: tricks[me], lastTrick: last && last.winner === me ? last : null, settings, labelKey: "area.yourPile" });
  renderPile(theirs, { count: tricks[1 - me], lastTrick: last && last.winner !== me ? last : null, settings, labelKey: "area.oppPile" });
  reviewButton.disabled = review.tricks.length === 0;
  reviewButton.textContent = review.allOwn ? t("action.review") : t("action.reviewLast");
  return review;
}
