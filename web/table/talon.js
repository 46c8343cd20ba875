// The talon (Schnapsen: face-down cards across the trump indicator) or the stock (Schneider,
// with its bottom card shown when the `trump` option is on), and the trump badge.
import { t } from "../i18n.js";
import { backCard, faceCard, cardName, suitName } from "./cardview.js";
import { suitIcon } from "../cards/cards.js";

function trumpBadge(obs, settings) {
  const badge = document.createElement("div");
  badge.className = "trump-badge";
  if (obs.trump) {
    badge.appendChild(suitIcon(obs.trump, { style: settings.deckStyle, fourColour: settings.fourColour }));
    const text = document.createElement("span");
    text.textContent = t("area.trump", { suit: suitName(obs.trump, settings.deckStyle) });
    badge.appendChild(text);
  } else {
    badge.classList.add("no-trump");
    badge.textContent = t("area.noTrump");
  }
  return badge;
}

export function renderTalon(container, obs, settings, game) {
  container.replaceChildren();
  const size = obs.stock_size || 0;
  const indicatorShown = Boolean(obs.trump_card) && size > 0 && !obs.closed;
  const turned = game === "schnapsen" && Boolean(obs.closed) && size > 0;
  const faceDown = size - (indicatorShown || turned ? 1 : 0);
  const pile = document.createElement("div");
  pile.className = "talon-stack";
  pile.dataset.count = String(size);
  container.classList.toggle("closed", Boolean(obs.closed));
  container.classList.toggle("empty", size === 0);

  if (indicatorShown) {
    const indicator = faceCard(obs.trump_card, settings);
    indicator.classList.add("indicator");
    indicator.setAttribute("aria-label", t("area.trumpCard", { card: cardName(obs.trump_card, settings.deckStyle) }));
    pile.appendChild(indicator);
  } else if (turned) {
    const flipped = backCard();
    flipped.classList.add("indicator", "turned");
    pile.appendChild(flipped);
  }
  const layers = Math.min(Math.max(faceDown, 0), 4);
  for (let i = 0; i < layers; i += 1) {
    const back = backCard();
    back.classList.add("stack-card");
    back.style.setProperty("--layer", String(i));
    pile.appendChild(back);
  }
  if (size === 0) {
    const slot = document.createElement("div");
    slot.className = "card slot";
    slot.setAttribute("aria-hidden", "true");
    pile.appendChild(slot);
  }
  const count = document.createElement("span");
  count.className = "count-badge";
  count.textContent = String(size);
  count.setAttribute("aria-hidden", "true");
  pile.appendChild(count);

  let label;
  if (size === 0) label = game === "schnapsen" ? t("area.talonEmpty") : t("area.stockEmpty");
  else if (game === "schnapsen") label = obs.closed ? t("area.talonClosed", { count: size }) : t("area.talon", { count: size });
  else label = t("area.stock", { count: size });
  // a picture with a name once the table is drawn (nameless before: no role=img then)
  container.setAttribute("role", "img");
  container.setAttribute("aria-label", label);
  container.title = label;
  container.appendChild(pile);
  container.appendChild(trumpBadge(obs, settings));
}
