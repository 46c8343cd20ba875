// Card elements shared by every zone of the table: faces, backs, names for screen readers.
import { cardFace, linkCorners } from "../cards/cards.js";
import { t } from "../i18n.js";

const faceCache = new Map();

export function rankLabels(style) {
  const labels = {};
  for (const rank of "AKQJT987") labels[rank] = t(`index.${style}.${rank}`);
  return labels;
}

export function cardName(code, style = "french") {
  return t("card.name", { rank: t(`rank.${style}.${code[0]}`), suit: t(`suit.${style}.${code[1]}`) });
}

/** The name of a card as a control: what its corner shows first ("10 of Spades", "K, King of
 *  Spades"), so that speech input ("click K") and the visible label match the name. */
export function cardLabel(code, style = "french") {
  const name = cardName(code, style);
  const index = t(`index.${style}.${code[0]}`);
  const first = name.split(/[\s,.:()-]/, 1)[0];
  return first.toLowerCase() === index.toLowerCase() ? name : t("card.indexed", { index, name });
}

export function suitName(suit, style = "french") {
  return t(`suit.${style}.${suit}`);
}

function faceSvg(code, settings) {
  const labels = rankLabels(settings.deckStyle);
  // the index letters belong in the key: they change with the language
  const key = `${code}|${settings.deckStyle}|${settings.fourColour ? 4 : 2}|${labels[code[0]]}`;
  let svg = faceCache.get(key);
  if (!svg) {
    svg = cardFace(code, { style: settings.deckStyle, fourColour: settings.fourColour, labels });
    faceCache.set(key, svg);
  }
  return linkCorners(svg.cloneNode(true));
}

/** A face-up card that is not a control: <div class="card" data-face="QH">. */
export function faceCard(code, settings, { tag = "div", label = true } = {}) {
  const node = document.createElement(tag);
  node.className = "card face";
  node.dataset.face = code;
  node.appendChild(faceSvg(code, settings));
  if (label) {
    node.setAttribute("role", "img");
    node.setAttribute("aria-label", cardName(code, settings.deckStyle));
  }
  return node;
}

/** The player's own card: <button class="card" data-card="QH">. */
export function handCard(code, settings) {
  const node = document.createElement("button");
  node.type = "button";
  node.className = "card face hand-card";
  node.dataset.card = code;
  node.appendChild(faceSvg(code, settings));
  return node;
}

export function backCard() {
  const node = document.createElement("div");
  node.className = "card back";
  node.setAttribute("aria-hidden", "true");
  return node;
}
