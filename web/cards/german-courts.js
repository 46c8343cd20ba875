// German court figures (König, Ober, Unter) of the German-suited faces, drawn by the project
// in the manner of the Salzburg (Doppeldeutsche) pattern: a half figure from the head to the
// waist, in flat colours with dark outlines, filling the upper half of the picture and turned
// through 180° about the card's centre for the lower half; a rule divides the two halves and
// nothing reaches past it. The König wears crown and ermine collar and holds a sceptre; the
// Ober, in a plumed hat, holds his sword and raises his suit sign at the shoulder; the Unter,
// in a feathered cap, holds a halberd and his suit sign low at the waist. cards.js places the
// picture and draws the suit signs; this module knows nothing of indices or pips.
// One module for the three figures and their shared parts (face, arms, dress): they are one
// drawing and read best together, hence a little over 250 lines.

import { H, INK, W, doubleHeaded, el, line } from "./svg.js";

// Colours of each suit's figures: garment, its dark shade, trim, sleeves/undergarment; hair
// of the König, Ober and Unter; which way the figures look (1 to the viewer's right).
export const GERMAN_DRESS = {
  H: { main: "#c8102e", dark: "#7d0a1d", trim: "#f2c14e", under: "#2b4f9e", hair: { K: "#6b4423", Q: "#2e2116", J: "#b07a2a" }, faces: 1 },
  D: { main: "#e8b021", dark: "#8a5a00", trim: "#c8102e", under: "#2c7a32", hair: { K: "#b4aea6", Q: "#6b4423", J: "#3a2614" }, faces: -1 },
  C: { main: "#8a5a22", dark: "#4e3115", trim: "#f2c14e", under: "#c8102e", hair: { K: "#2e2116", Q: "#b07a2a", J: "#6b4423" }, faces: 1 },
  S: { main: "#2c7a32", dark: "#174a1b", trim: "#f2c14e", under: "#c8102e", hair: { K: "#b07a2a", Q: "#3a2614", J: "#2e2116" }, faces: -1 },
};
const SKIN = "#f5d6b4";
export const GOLD = "#f2c14e";
const GOLD_DARK = "#a8782a";
const STEEL = "#dfe3e8";
const WOOD = "#8a5a2a";
const WHITE = "#fbf8ef";
const OUTLINE = { stroke: INK, "stroke-width": 0.6, "stroke-linejoin": "round" };
const shape = (d, fill, extra = {}) => el("path", { d, fill, ...OUTLINE, ...extra });
// A shadow laid over a shape: its dark side, without an outline.
const shade = (d, fill) => el("path", { d, fill, "fill-opacity": 0.32 });

function face(rank, dress) {
  const hair = dress.hair[rank];
  const back = {
    K: "M41.4 27C38.6 33 38.4 42 40.2 48H59.8C61.6 42 61.4 33 58.6 27Z",
    Q: "M41.6 27.4C39.8 33.4 40.2 40 42 44H58C59.8 40 60.2 33.4 58.4 27.4Z",
    J: "M41.2 27C39.2 32.6 39.6 38.6 41.4 42.4H58.6C60.4 38.6 60.8 32.6 58.8 27Z",
  }[rank];
  const end = { K: 47, Q: 43.2, J: 41.6 }[rank];
  const parts = [
    shape(back, hair),
    line(`M41.2 37Q40.6 ${end - 4} 41.6 ${end}M58.8 37Q59.4 ${end - 4} 58.4 ${end}M40.6 31Q39.8 ${end - 6} 40.4 ${end - 2}M59.4 31Q60.2 ${end - 6} 59.6 ${end - 2}`, INK, 0.35, { "stroke-opacity": 0.55 }),
    shape("M46.6 40.6V47.4H53.4V40.6Z", SKIN),
    shade("M46.6 41.4Q50 44.2 53.4 41.4V44Q50 46 46.6 44Z", "#c48a62"),
    el("ellipse", { cx: 42.7, cy: 34.4, rx: 1.3, ry: 2.1, fill: SKIN, ...OUTLINE }),
    el("ellipse", { cx: 57.3, cy: 34.4, rx: 1.3, ry: 2.1, fill: SKIN, ...OUTLINE }),
    el("ellipse", { cx: 50, cy: 33.6, rx: 7.3, ry: 8.9, fill: SKIN, ...OUTLINE }),
    // eyes glancing the way the figure looks, lids, brows, nose, mouth, cheeks
    el("ellipse", { cx: 47, cy: 32.4, rx: 1.35, ry: 0.85, fill: WHITE }),
    el("ellipse", { cx: 53.2, cy: 32.4, rx: 1.35, ry: 0.85, fill: WHITE }),
    el("circle", { cx: 47.4, cy: 32.5, r: 0.62, fill: "#3a2a1a" }),
    el("circle", { cx: 53.6, cy: 32.5, r: 0.62, fill: "#3a2a1a" }),
    line("M45.6 31.9Q47 31 48.5 31.7M51.7 31.7Q53.2 31 54.6 31.9", INK, 0.45),
    line("M45.2 30.2Q47 29 48.7 29.8M51.5 29.8Q53.2 29 55 30.2", hair === "#b4aea6" ? "#7a746c" : hair, 0.95),
    line("M50.8 32.6L50 36.8Q50.8 37.6 52 37.1", INK, 0.5),
    line("M48.5 39.5Q50.3 40.3 52 39.5", "#9a3a30", 0.7),
    el("ellipse", { cx: 46.6, cy: 36, rx: 1.4, ry: 0.85, fill: "#e9a08c", "fill-opacity": 0.5 }),
    el("ellipse", { cx: 54, cy: 36, rx: 1.4, ry: 0.85, fill: "#e9a08c", "fill-opacity": 0.5 }),
  ];
  if (rank === "K") {
    // a full beard over the collar, and a moustache
    parts.push(
      shape("M42.9 35.6C42.4 44 45.4 50.6 50 53.4 54.6 50.6 57.6 44 57.1 35.6 55.8 39.6 53.6 41.2 50 41.2 46.4 41.2 44.2 39.6 42.9 35.6Z", hair),
      shape("M46.2 38.9Q48 37.2 50.2 38.2 52.4 37.2 54.2 38.9 52.2 40 50.2 39.2 48.2 40 46.2 38.9Z", hair),
      line("M47.6 43.6Q50 45.4 52.4 43.6M48.2 47Q50 48.4 51.8 47M45.6 40.6Q46.2 45 48.2 48.6M54.4 40.6Q53.8 45 51.8 48.6", INK, 0.35),
    );
  } else if (rank === "Q") {
    // moustache and a pointed beard
    parts.push(
      shape("M45.6 39Q47.8 37 50.2 38.2 52.6 37 54.8 39 52.4 39.9 50.2 39.1 48 39.9 45.6 39Z", hair),
      shape("M48.6 40.6Q50.2 46.2 51.8 40.6 50.2 41.3 48.6 40.6Z", hair),
    );
  }
  return parts;
}

function headgear(rank, dress) {
  if (rank === "K") {
    return [
      // velvet cap inside the crown, the crown's points with pearls, its jewelled band
      shape("M42.4 25.6C42.2 19.6 45.8 17.6 50 17.6 54.2 17.6 57.8 19.6 57.6 25.6Z", dress.main),
      shape("M40.8 28.4L39 17.6 43.6 21.8 46.4 15.8 50 20.8 53.6 15.8 56.4 21.8 61 17.6 59.2 28.4Q50 26.6 40.8 28.4Z", GOLD),
      shade("M56.4 21.8 61 17.6 59.2 28.4Q57 27.9 55 27.6Z", GOLD_DARK),
      shape("M40.4 25.4Q50 23.5 59.6 25.4L59.2 28.6Q50 26.8 40.8 28.6Z", GOLD),
      ...[[39, 17.6], [46.4, 15.8], [53.6, 15.8], [61, 17.6]].map(([cx, cy]) => el("circle", { cx, cy, r: 1.15, fill: WHITE, ...OUTLINE })),
      el("circle", { cx: 50, cy: 20.2, r: 1.2, fill: WHITE, ...OUTLINE }),
      el("rect", { x: 48.6, y: 25.2, width: 2.8, height: 2.2, fill: "#c8102e", ...OUTLINE }),
      el("circle", { cx: 44.4, cy: 26.6, r: 0.95, fill: "#2b4f9e", ...OUTLINE }),
      el("circle", { cx: 55.6, cy: 26.6, r: 0.95, fill: "#2b4f9e", ...OUTLINE }),
    ];
  }
  if (rank === "Q") {
    // a broad-brimmed hat, its plume rising behind to the side of the raised hand
    return [
      shape("M53.8 22.8C53.2 18.6 55 15.8 59.2 15.6Q58.2 16.6 58.8 17.2 57.6 17.6 57.8 18.6 56.6 19.2 57 20.4 56 21.4 56.8 23.4Z", dress.trim),
      shape("M55.6 23C55.4 18.4 59 15 66.8 14.6Q65.6 16 66.4 16.6 64.6 16.8 64.8 18 62.8 18 62.8 19.4 61 19.6 61.2 21.2 59.8 21.6 59.8 23.6Z", WHITE),
      line("M57.2 22.6Q58.6 17.8 65.4 15.4", "#b8b2a8", 0.45),
      shape("M42 26.4C41.4 19.2 44.6 16.2 50 16.2 55.4 16.2 58.6 19.2 58 26.4Z", dress.main),
      shade("M53.6 16.8C57 18 58.6 21 58 26.4L54.6 26.2C55.4 22.6 55.2 19.4 53.6 16.8Z", dress.dark),
      shape("M41.8 23.2Q50 21.4 58.2 23.2L58.1 25.4Q50 23.6 41.9 25.4Z", dress.trim),
      shape("M32.6 27.6C36 23.8 64 23.8 67.4 27.6 63.4 30.4 36.6 30.4 32.6 27.6Z", dress.dark),
      line("M36 27.6Q50 25.4 64 27.6", dress.main, 0.6),
    ];
  }
  // Unter: a soft cap with a short feather
  return [
    shape("M56.8 22.4C58.6 18.6 62.8 16.2 68.4 16Q67.4 17.2 68 17.8 66.4 18 66.4 19.2 64.6 19.4 64.6 20.6 62.8 20.8 62.6 22.2 61 22.6 60.6 24.2Z", WHITE),
    line("M58.4 22.6Q62.4 18.4 67 16.6", "#b8b2a8", 0.4),
    shape("M40.2 27.8C38.4 21.2 42.8 17 50.4 17 58 17 62 21 60 27.4 55 25.6 45 25.8 40.2 27.8Z", dress.main),
    shade("M54.6 17.6C59.6 18.8 61.6 22.4 60 27.4 58.4 26.8 57 26.4 55.4 26.2 56.6 23 56.4 20 54.6 17.6Z", dress.dark),
    line("M46 17.6Q47.6 21.6 46.6 26M52.4 17.4Q53.6 21.6 53 25.8", dress.dark, 0.5),
    shape("M40 27.8Q50 24.6 60.2 27.4L60 29.4Q50 26.8 40.2 29.8Z", dress.trim),
  ];
}

// A sleeve hanging from the viewer's-left shoulder down past the waist; `right` mirrors it.
function armDown(dress, right = false) {
  const parts = [
    shape("M36.4 46.6C29 47.4 24.2 51.4 22.8 58L21.6 70H34.2L34.4 58C34.6 54 35.6 50.6 37.4 48.6Z", dress.under),
    shade("M27.6 49.6C24.8 52 23.4 55 22.8 58L21.6 70H25.4L26.2 58C26.4 55 26.8 52 27.6 49.6Z", dress.dark),
    line("M30.2 49.8Q28.4 55 29 61.2M33 48.6Q31.8 54 32.2 60.4", dress.trim, 0.9),
    shape("M23.4 60.2Q28.6 62 34.2 60.4L34.2 63.6Q28.6 65.2 23 63.4Z", dress.trim),
  ];
  return right ? [el("g", { transform: "translate(100 0) scale(-1 1)" }, parts)] : parts;
}

// A slashed puff at the top of the viewer's-left sleeve: the undergarment showing through.
function puff(dress) {
  return [
    shape("M36.8 47C31.4 46.4 26.8 48.4 25 52.4 28.4 54.2 33.4 53.6 37 51.2Z", dress.under),
    line("M28.4 49.4Q29.6 51.6 28.6 53.4M31.6 48.2Q32.8 50.6 32 53M34.6 47.4Q35.6 49.6 35.2 52", dress.trim, 1),
  ];
}

// A closed hand at (x, y), fingers across.
function fist(x, y) {
  return [
    shape(`M${x - 2.4} ${y - 2.4}C${x - 0.6} ${y - 4} ${x + 2.6} ${y - 3.8} ${x + 3.2} ${y - 1.6} ${x + 3.6} ${y + 0.4} ${x + 3} ${y + 2.6} ${x + 0.6} ${y + 3} ${x - 1.6} ${y + 3.2} ${x - 3} ${y + 1.6} ${x - 2.8} ${y - 0.2}Z`, SKIN),
    line(`M${x - 1.8} ${y - 1}H${x + 2.2}M${x - 2} ${y + 0.6}H${x + 2}`, INK, 0.35),
    // the thumb across the fingers
    line(`M${x - 2.6} ${y - 2}Q${x - 0.4} ${y - 2.6} ${x + 1.4} ${y - 2}`, INK, 0.45),
  ];
}

// The held attribute and the hand round it, at the viewer's left.
function attribute(rank) {
  if (rank === "K") {
    // the sceptre: a gold rod with a lily on top
    return [
      shape("M27.5 66V24H29.3V66Z", GOLD),
      shape("M26.6 24.6H30.2L29.6 22.6H27.2Z", GOLD),
      shape("M28.4 22.8C26.4 20.4 26.6 18 28.4 15.6 30.2 18 30.4 20.4 28.4 22.8Z", GOLD),
      shape("M28 21.6C25.6 21.8 24 20.2 24.4 18.2 26 19.6 27 19.8 28 19.8Z", GOLD),
      shape("M28.8 21.6C31.2 21.8 32.8 20.2 32.4 18.2 30.8 19.6 29.8 19.8 28.8 19.8Z", GOLD),
      line("M27.4 32H29.4M27.4 40H29.4M27.4 48H29.4", GOLD_DARK, 0.6),
      ...fist(28.6, 57.6),
    ];
  }
  if (rank === "Q") {
    // the sword, held upright by its grip, the blade clear of the hat's brim
    return [
      shape("M27.3 52.6V20.4L28.4 17.4 29.5 20.4V52.6Z", STEEL),
      line("M28.4 21V51.6", "#9aa2ac", 0.5),
      shape("M22.6 53.8Q28.4 51.4 34.2 53.8L34 55.4Q28.4 53.2 22.8 55.4Z", GOLD),
      shape("M27.5 55V62.2H29.3V55Z", "#6b4423"),
      el("circle", { cx: 28.4, cy: 63.4, r: 1.5, fill: GOLD, ...OUTLINE }),
      ...fist(28.6, 58.4),
    ];
  }
  // the halberd: a wooden shaft, a spike, an axe blade and a hook
  return [
    shape("M27.5 70V22H29.3V70Z", WOOD),
    shape("M28.4 14.6L29.6 20.6 28.4 22.4 27.2 20.6Z", STEEL),
    shape("M27.5 21.4C23.2 20.8 20.6 22.4 20 26.4 22.4 25.4 24.8 25.6 27.5 27.2Z", STEEL),
    shape("M29.3 22.2C31.4 22.4 32.6 23.6 33.2 25.4 31.8 24.8 30.6 24.8 29.3 25.4Z", STEEL),
    ...fist(28.6, 57.6),
  ];
}

// The Ober's other arm, raised with the elbow out, the hand at the shoulder under his suit
// sign.
function armRaised(dress) {
  return [
    shape("M62.4 46.4C68.6 46 74.4 47.4 77.4 50.8 79.6 46 80 40 78.2 34.6L71.6 35.2C72.6 39.6 72.2 43 70.6 46.4 68.6 49 66.4 50.6 64.8 52Z", dress.under),
    shade("M75 48.8C77 49.4 77.8 50 77.4 50.8 79.6 46 80 40 78.2 34.6L76.4 34.8C77.6 40 77 44.8 75 48.8Z", dress.dark),
    line("M73.4 47.6Q76.4 42 75.2 36M69.4 47.2Q72.6 44 73.8 38", dress.trim, 0.9),
    shape("M71.2 34.8L78.4 34.2 78.6 37.2 71.6 37.8Z", dress.trim),
    shape("M71.6 35C70.8 32.4 72 30.2 74.6 30 77.2 29.8 78.6 31.8 78.2 34.6Z", SKIN),
  ];
}

function body(rank, dress) {
  const parts = [];
  if (rank === "K") {
    // the royal mantle, open over the robe, edged with ermine
    parts.push(
      shape("M36 46C27 47.2 21 52.4 19.6 60L18.6 70H81.4L80.4 60C79 52.4 73 47.2 64 46Z", dress.main),
      shade("M71 48C76 51 79.2 55 80.4 60L81.4 70H75.6C75.4 62 74 54 71 48Z", dress.dark),
      shape("M40.6 50H59.4L60.4 70H39.6Z", dress.under),
      line("M45 54V70M50 54V70M55 54V70", dress.dark, 0.4, { "stroke-opacity": 0.7 }),
      shape("M37.2 50L42.2 50 41.2 70H36.4Z", WHITE),
      shape("M57.8 50L62.8 50 63.6 70H58.8Z", WHITE),
      ...[[39.4, 56], [38.8, 63], [60.6, 56], [61.2, 63]].map(([x, y]) => ermineTail(x, y)),
      shape("M39.6 64.6Q50 66.2 60.4 64.6L60.5 67.6Q50 69.2 39.5 67.6Z", GOLD),
    );
    parts.push(...armDown(dress), ...armDown(dress, true));
    // the ermine collar over the shoulders, a chain with its jewel
    parts.push(
      shape("M31.6 48.4C36 44.2 64 44.2 68.4 48.4 70.4 52.4 67.6 56 62.6 57.4 55 59.4 45 59.4 37.4 57.4 32.4 56 29.6 52.4 31.6 48.4Z", WHITE),
      ...[[35.4, 51], [40.6, 54.4], [46.6, 52], [53.4, 52], [59.4, 54.4], [64.6, 51]].map(([x, y]) => ermineTail(x, y)),
      line("M40.2 57.6Q50 64.4 59.8 57.6", GOLD_DARK, 1.3, { "stroke-dasharray": "1.2 0.6" }),
      el("circle", { cx: 50, cy: 61.2, r: 1.9, fill: "#c8102e", stroke: GOLD, "stroke-width": 0.9 }),
    );
    // the orb in his other hand
    parts.push(
      el("circle", { cx: 72.2, cy: 53, r: 3.9, fill: GOLD, ...OUTLINE }),
      shade("M72.2 49.1A3.9 3.9 0 0 1 72.2 56.9 6 6 0 0 0 72.2 49.1Z", GOLD_DARK),
      line("M68.3 53H76.1M72.2 49.1V56.9", GOLD_DARK, 0.6),
      el("path", { d: "M72.2 45.4V49.1M70.7 46.8H73.7", stroke: INK, "stroke-width": 1 }),
      ...fist(72.2, 58.2),
    );
    return parts;
  }
  // Ober and Unter: a doublet with slashed sleeves, a falling collar and a belt
  parts.push(
    shape("M36.4 46.2C42 44.6 58 44.6 63.6 46.2 65.4 54 66 62 66.4 70H33.6C34 62 34.6 54 36.4 46.2Z", dress.main),
    shade("M59 46C61.6 46.2 62.6 46 63.6 46.2 65.4 54 66 62 66.4 70H61.6C61.8 61 61 53 59 46Z", dress.dark),
    shape("M48.2 46H51.8L52.4 70H47.6Z", dress.trim),
    ...[50.4, 54.4, 58.4].map((y) => el("circle", { cx: 50, cy: y, r: 0.85, fill: dress.dark })),
    line("M40.4 50Q39.6 56 40.6 63M59.6 50Q60.4 56 59.4 63", dress.dark, 0.6),
    ...[[43.6, 54], [56.4, 54], [43.6, 59.4], [56.4, 59.4]].map(([x, y]) =>
      el("path", { d: `M${x} ${y - 1.6}L${x + 1.2} ${y} ${x} ${y + 1.6} ${x - 1.2} ${y}Z`, fill: dress.trim, stroke: dress.dark, "stroke-width": 0.3 })),
  );
  parts.push(...armDown(dress), ...puff(dress));
  parts.push(...(rank === "Q" ? armRaised(dress) : armDown(dress, true)));
  parts.push(el("g", { transform: "translate(100 0) scale(-1 1)" }, puff(dress)));
  parts.push(
    shape("M40.4 46.2Q50 52.6 59.6 46.2 58.6 51.2 50 52.4 41.4 51.2 40.4 46.2Z", WHITE),
    line("M45 48.8 46.4 51.6M55 48.8 53.6 51.6", "#b8b2a8", 0.4),
    shape("M33.9 63.4Q50 65.4 66.1 63.4L66.3 66.6Q50 68.6 33.7 66.6Z", dress.dark),
    el("rect", { x: 48.2, y: 63.6, width: 3.6, height: 3.6, rx: 0.4, fill: GOLD, ...OUTLINE }),
  );
  if (rank === "J") {
    // the hand at the waist that holds the suit sign
    parts.push(...fist(70.6, 64.2));
  }
  return parts;
}

function ermineTail(x, y) {
  return el("path", { d: `M${x} ${y - 1.3}V${y + 1.3}M${x - 1} ${y - 0.5}L${x} ${y + 0.2} ${x + 1} ${y - 0.5}`, fill: "none", stroke: INK, "stroke-width": 0.65 });
}

function germanHalf(rank, suit, frame, sign) {
  const dress = GERMAN_DRESS[suit];
  const figure = [...body(rank, dress), ...face(rank, dress), ...headgear(rank, dress), ...attribute(rank)];
  // Figures of two suits look the other way (a mirrored drawing), as a pack's figures vary.
  const mirror = dress.faces < 0 ? { transform: "translate(100 0) scale(-1 1)" } : {};
  // The half picture ends on the card's centre line (a nested viewport cuts it there), where
  // the turned half meets it.
  const height = H / 2 - frame.y;
  const half = el("svg", {
    x: frame.x, y: frame.y, width: frame.w, height, viewBox: `${frame.x} ${frame.y} ${frame.w} ${height}`,
  }, [el("g", mirror, figure)]);
  // The König shows his suit sign beside the crown; the Ober holds it up in his raised hand,
  // the Unter low in his hand at the waist.
  const at = { K: { x: 71.6, y: 22.4, size: 12.5 }, Q: { x: 74.8, y: 25.2, size: 12.5 }, J: { x: 70.8, y: 57, size: 14 } }[rank];
  return [half, sign({ ...at, x: dress.faces < 0 ? W - at.x : at.x })];
}

/**
 * The picture of a German court card (rank K, Q = Ober, J = Unter) inside `frame` ({x, y, w,
 * h} of the card), as a list of SVG elements. `sign({x, y, size})` draws the suit sign.
 */
export function germanCourt(rank, suit, frame, sign) {
  const dress = GERMAN_DRESS[suit];
  const { x, y, w, h } = frame;
  return [
    el("rect", { x, y, width: w, height: h, fill: "#fbf3e0" }),
    ...doubleHeaded(() => germanHalf(rank, suit, frame, sign)),
    // the dividing rule: a thin band in the trim colour between two dark lines
    el("rect", { x, y: H / 2 - 0.9, width: w, height: 1.8, fill: dress.trim, stroke: INK, "stroke-width": 0.5 }),
    el("rect", { x, y, width: w, height: h, fill: "none", stroke: dress.dark, "stroke-width": 1 }),
  ];
}
