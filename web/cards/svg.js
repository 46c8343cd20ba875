// What every card drawing shares: the card's coordinate box, the court pictures' frame and
// the element helpers. cards.js draws the faces; german-courts.js draws figures into FRAME.
// Everything is built with createElementNS: no markup strings, no style attributes (CSP).

export const NS = "http://www.w3.org/2000/svg";
// A face is drawn in a W×H box (the viewBox of every card).
export const W = 100;
export const H = 140;
// The picture frame of the court cards (inside the corner indices).
export const FRAME = { x: 18, y: 14, w: 64, h: 112 };
// Outlines of the German drawings.
export const INK = "#2a1d10";

export function el(name, attrs = {}, children = []) {
  const node = document.createElementNS(NS, name);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, String(value));
  for (const child of children) node.appendChild(child);
  return node;
}

export const line = (d, stroke, width, extra = {}) =>
  el("path", { d, fill: "none", stroke, "stroke-width": width, "stroke-linecap": "round", "stroke-linejoin": "round", ...extra });

/** Both halves of a double-headed picture: `half()` drawn upright and turned through 180°. */
export function doubleHeaded(half) {
  const top = el("g", { class: "figure" }, half());
  const bottom = el("g", { class: "figure", transform: `rotate(180 ${W / 2} ${H / 2})` }, half());
  return [top, bottom];
}
