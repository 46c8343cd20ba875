// The trick in the middle of the table: the player's card low, the computer's card high.
import { t } from "../i18n.js";
import { faceCard, cardName } from "./cardview.js";

export function renderTrick(container, trick, me, settings) {
  container.replaceChildren();
  const names = [];
  trick.forEach(([player, code], order) => {
    const card = faceCard(code, settings);
    card.classList.add("trick-card", player === me ? "mine" : "theirs");
    card.style.setProperty("--order", String(order));
    container.appendChild(card);
    names.push(t("area.played", { seat: t(player === me ? "seat.you" : "seat.opponent"), card: cardName(code, settings.deckStyle) }));
  });
  // a picture with a name once the table is drawn (nameless before: no role=img then)
  container.setAttribute("role", "img");
  container.setAttribute("aria-label", names.length ? t("label.list", { label: t("area.trick"), text: names.join("; ") }) : t("area.trick"));
}
