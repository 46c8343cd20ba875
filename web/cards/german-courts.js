// German court figures (König, Ober, Unter) of the German-suited faces, drawn by the project
// in the manner of the Salzburg (Doppeldeutsche) pattern: a half figure in flat colours with
// dark outlines, point-mirrored through the card's centre, the two halves meeting on a clean
// dividing line. The König holds sceptre and orb, the Ober his suit sign high, the Unter his
// suit sign low. cards.js places the picture; this module knows nothing of indices or pips.
// One module for the three figures and their shared parts (face, dress, headgear): they are
// one drawing and read best together, hence a little over 250 lines.

const NS = "http://www.w3.org/2000/svg";
const W = 100;
const H = 140;
const INK = "#2a1d10";

function el(name, attrs = {}, children = []) {
  const node = document.createElementNS(NS, name);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, String(value));
  for (const child of children) node.appendChild(child);
  return node;
}

const line = (d, stroke, width, extra = {}) =>
  el("path", { d, fill: "none", stroke, "stroke-width": width, "stroke-linecap": "round", "stroke-linejoin": "round", ...extra });

/** Both halves of a double-headed picture: `half()` drawn upright and turned through 180°. */
function doubleHeaded(half) {
  const top = el("g", { class: "figure" }, half());
  const bottom = el("g", { class: "figure", transform: `rotate(180 ${W / 2} ${H / 2})` }, half());
  return [top, bottom];
}

// German courts, drawn here. Colours of each suit's figures: garment, its dark shade, trim,
// sleeves/undergarment; hair of the König, Ober and Unter; which way the figures look.
export const GERMAN_DRESS = {
  H: { main: "#c8102e", dark: "#7d0a1d", trim: "#f2c14e", under: "#2b4f9e", hair: { K: "#6b4423", Q: "#2e2116", J: "#b07a2a" }, faces: 1 },
  D: { main: "#e8b021", dark: "#8a5a00", trim: "#c8102e", under: "#2c7a32", hair: { K: "#b4aea6", Q: "#6b4423", J: "#3a2614" }, faces: -1 },
  C: { main: "#8a5a22", dark: "#4e3115", trim: "#f2c14e", under: "#c8102e", hair: { K: "#2e2116", Q: "#b07a2a", J: "#6b4423" }, faces: 1 },
  S: { main: "#2c7a32", dark: "#174a1b", trim: "#f2c14e", under: "#c8102e", hair: { K: "#b07a2a", Q: "#3a2614", J: "#2e2116" }, faces: -1 },
};
const SKIN = "#f5d6b4";
export const GOLD = "#f2c14e";
const STEEL = "#dfe3e8";
const WHITE = "#fbf8ef";
const OUTLINE = { stroke: INK, "stroke-width": 0.75, "stroke-linejoin": "round" };
const shape = (d, fill, extra = {}) => el("path", { d, fill, ...OUTLINE, ...extra });

function face(rank, dress) {
  const hair = dress.hair[rank];
  const parts = [
    // hair behind the face (the Unter's is shorter), neck, face
    shape(rank === "J" ? "M38.6 27C38 34 38.6 39 40.6 41.4H51.4C53.4 39 54 34 53.4 27Z" : "M38 26C37 36 38 42 41 45H51C54 42 55 36 54 26Z", hair),
    el("path", { d: "M46 44V49", stroke: INK, "stroke-width": 5.6 }),
    el("path", { d: "M46 44V49.4", stroke: SKIN, "stroke-width": 4.4 }),
    el("ellipse", { cx: 38.9, cy: 33.6, rx: 1.3, ry: 2, fill: SKIN, ...OUTLINE }),
    el("ellipse", { cx: 53.1, cy: 33.6, rx: 1.3, ry: 2, fill: SKIN, ...OUTLINE }),
    el("ellipse", { cx: 46, cy: 33.5, rx: 7, ry: 8.6, fill: SKIN, ...OUTLINE }),
    // eyes with lids, brows, nose, cheeks
    el("ellipse", { cx: 43.2, cy: 32, rx: 1.15, ry: 0.8, fill: WHITE }),
    el("ellipse", { cx: 48.8, cy: 32, rx: 1.15, ry: 0.8, fill: WHITE }),
    el("circle", { cx: 43.5, cy: 32, r: 0.6, fill: "#3a2a1a" }),
    el("circle", { cx: 49.1, cy: 32, r: 0.6, fill: "#3a2a1a" }),
    line("M42 31.4Q43.2 30.6 44.5 31.3M47.5 31.3Q48.8 30.6 50 31.4", INK, 0.45),
    line("M41.6 29.8Q43.2 28.8 44.8 29.6M47.2 29.6Q48.8 28.8 50.4 29.8", hair === "#b4aea6" ? "#7a746c" : hair, 0.9),
    line("M46.2 32.2L45.4 36.4Q46.2 37 47.2 36.6", INK, 0.5),
    el("ellipse", { cx: 43.6, cy: 35.6, rx: 1.3, ry: 0.8, fill: "#e9a08c", "fill-opacity": 0.45 }),
    el("ellipse", { cx: 49.4, cy: 35.6, rx: 1.3, ry: 0.8, fill: "#e9a08c", "fill-opacity": 0.45 }),
  ];
  if (rank === "K") {
    // a full beard and moustache
    parts.push(
      shape("M39.4 35C39 44 42 49 46 52 50 49 53 44 52.6 35 51 39 49 40 46 40 43 40 41 39 39.4 35Z", hair),
      shape("M42.2 38.6Q44 36.8 46 37.8 48 36.8 49.8 38.6 48 39.6 46 38.8 44 39.6 42.2 38.6Z", hair),
      line("M44 43.5Q46 45 48 43.5M44.6 46.5Q46 47.6 47.4 46.5M42.4 41Q43 44 44.6 46M49.6 41Q49 44 47.4 46", INK, 0.35),
    );
  } else if (rank === "Q") {
    // moustache and a pointed beard
    parts.push(
      shape("M41.6 38.8Q43.6 36.8 46 38 48.4 36.8 50.4 38.8 48 39.6 46 38.9 44 39.6 41.6 38.8Z", hair),
      shape("M44.6 40.4Q46 45.6 47.4 40.4 46 41 44.6 40.4Z", hair),
    );
  } else {
    parts.push(line("M44.2 39Q46 40.2 47.8 39", "#9a4a3a", 0.6));
  }
  return parts;
}

function headgear(rank, dress) {
  if (rank === "K") {
    return [
      shape("M37.4 27.5L36.2 16.2 40.4 20.4 42.8 13 46 19 49.2 13 51.6 20.4 55.8 16.2 54.6 27.5Q46 25.6 37.4 27.5Z", GOLD),
      shape("M37.2 25.2Q46 23.2 54.8 25.2L54.6 27.6Q46 25.8 37.4 27.6Z", dress.main),
      line("M40.4 20.4 41 25M46 19V24.4M51.6 20.4 51 25", "#b8862a", 0.5),
      ...[[36.2, 16.2], [42.8, 13], [49.2, 13], [55.8, 16.2]].map(([cx, cy]) => el("circle", { cx, cy, r: 1.2, fill: GOLD, ...OUTLINE })),
      el("circle", { cx: 46, cy: 21.6, r: 1.4, fill: "#c8102e", ...OUTLINE }),
      el("circle", { cx: 40.8, cy: 22.8, r: 0.9, fill: "#2b4f9e" }),
      el("circle", { cx: 51.2, cy: 22.8, r: 0.9, fill: "#2b4f9e" }),
    ];
  }
  if (rank === "Q") {
    // a broad hat with a plume
    return [
      // the plume falls to the side away from the raised suit sign
      shape("M40 20C34 13.4 26 11.6 21 14 26 14 31 16.6 35 22Z", WHITE),
      line("M38 19.6C33 15 28 13.6 23 13.6", "#b8b2a8", 0.4),
      shape("M39 20C32 16 27 17 23 21 28 19 33 20 37 24Z", dress.trim),
      shape("M38.4 25C38 17 41 13.6 46 13.6 51 13.6 54 17 53.6 25Z", dress.main),
      line("M42 16.4Q44 20 43.4 24.4", dress.dark, 0.5),
      shape("M30.5 26.4C34 22.4 58 22.4 61.5 26.4 58 28.6 34 28.6 30.5 26.4Z", dress.dark),
      el("path", { d: "M38.6 22.4Q46 20.6 53.4 22.4", fill: "none", stroke: dress.trim, "stroke-width": 1.4 }),
    ];
  }
  // Unter: a soft cap, tilted, with a short feather
  return [
    shape("M40 20C36 15 33 13 28 12.4 32.6 14.6 35 17.4 38 22Z", WHITE),
    shape("M37.6 27C35.6 21 39 16.4 46.6 16.4 54 16.6 57 21 55.6 26.6 50 24.6 43 24.8 37.6 27Z", dress.main),
    line("M44 17Q45 21 44 25M50 17.2Q51 21 50.4 25", dress.dark, 0.5),
    shape("M37.4 27Q46 23.4 55.8 26.6L55.6 28.2Q46 25.2 37.6 28.6Z", dress.trim),
  ];
}

// The held attribute: sceptre (König), sword (Ober), halberd (Unter); the hand that holds it.
function attribute(rank, dress) {
  if (rank === "K") {
    return [
      el("path", { d: "M27.6 64.6L31.6 24.6", stroke: INK, "stroke-width": 2.4, "stroke-linecap": "round" }),
      el("path", { d: "M27.6 64.6L31.6 24.6", stroke: GOLD, "stroke-width": 1.4, "stroke-linecap": "round" }),
      el("path", { d: "M29.2 31.4H33.8M28.6 37.4H33", stroke: INK, "stroke-width": 0.9 }),
      el("circle", { cx: 31.8, cy: 22.4, r: 2.8, fill: GOLD, ...OUTLINE }),
      line("M29.2 22.4H34.4M31.8 19.8V25", "#b8862a", 0.5),
      el("path", { d: "M31.8 16.4V19.6M30.3 18H33.3", stroke: INK, "stroke-width": 1 }),
    ];
  }
  if (rank === "Q") {
    // a sword at his side: the scabbard runs on below the dividing line, the hand on the hilt
    return [
      shape("M27.6 62.4L31.2 62 29.4 78 25.8 78Z", dress.dark),
      line("M28.4 64.6L27.4 76", GOLD, 0.5),
      el("path", { d: "M24.2 61.6Q29.4 59 34.8 60.6", fill: "none", stroke: INK, "stroke-width": 2.6, "stroke-linecap": "round" }),
      el("path", { d: "M24.2 61.6Q29.4 59 34.8 60.6", fill: "none", stroke: GOLD, "stroke-width": 1.6, "stroke-linecap": "round" }),
      el("path", { d: "M29.6 56.4V59.8", stroke: "#6b4423", "stroke-width": 1.8 }),
      el("circle", { cx: 29.6, cy: 55.2, r: 1.6, fill: GOLD, ...OUTLINE }),
    ];
  }
  return [
    el("path", { d: "M29.8 70L27 20", stroke: INK, "stroke-width": 2.2, "stroke-linecap": "round" }),
    el("path", { d: "M29.8 70L27 20", stroke: "#8a5a2a", "stroke-width": 1.2, "stroke-linecap": "round" }),
    shape("M26.6 12.6L28.9 22.6 25.5 22.9Z", STEEL),
    shape("M27.2 21.8C22 20.6 20.4 24.6 20.6 28.8 22.8 26.4 25 25.8 27.6 26.6Z", STEEL),
    shape("M27.8 22.2C31 21.8 32.6 23.8 32.8 26 30.8 25 29.6 25 27.9 25.4Z", STEEL),
  ];
}

function garment(rank, suit, dress) {
  const parts = [];
  if (rank === "K") {
    // the royal mantle, open over the robe
    parts.push(shape("M32 48C24 52 20.5 60 19.5 70H72.5C71.5 60 68 52 60 48Z", dress.under));
    parts.push(line("M22 64Q24 58 27 54M70 64Q68 58 65 54", "#1b1b1b", 0.4, { "stroke-opacity": 0.5 }));
  }
  parts.push(
    // the sleeves, each down to its hand
    shape("M33.6 48.8C28.6 50.6 26 55.4 25.6 60.2L32.2 62.6C32.4 58 34 54.6 36.4 52Z", dress.under),
    shape("M25.5 59.4L32.4 61.8 32 64 25.2 61.6Z", dress.trim),
    ...(rank === "Q" ? [] : [
      shape("M58.4 48.8C63.4 50.6 66.4 55.6 67 61L60.4 63C60 58.6 58.6 55 55.8 52Z", dress.under),
      shape("M67 60.2L60.4 62.2 60.8 64.4 67.4 62.4Z", dress.trim),
    ]),
    // the body down to the waist (the picture's middle)
    shape("M34 48.4C38.4 46.2 53.6 46.2 58 48.4 60.4 56 61.2 63 62 70H30C30.8 63 31.6 56 34 48.4Z", dress.main),
    shape("M43.4 47.2H48.6L49.6 70H42.4Z", dress.trim),
    ...[53, 57.5, 62].map((y) => el("circle", { cx: 46, cy: y, r: 0.9, fill: dress.dark })),
    line("M36.4 54Q37.4 62 36.2 70M55.6 54Q54.6 62 55.8 70", dress.dark, 0.7),
    // embroidery: small lozenges in the trim colour
    ...[[39.4, 56], [52.6, 56], [39.6, 63], [52.4, 63]].map(([x, y]) =>
      el("path", { d: `M${x} ${y - 1.6}L${x + 1.2} ${y} ${x} ${y + 1.6} ${x - 1.2} ${y}Z`, fill: dress.trim, stroke: dress.dark, "stroke-width": 0.3 })),
  );
  if (rank === "K") {
    // an ermine cape and a chain
    parts.push(
      shape("M31 50C35 45 57 45 61 50 59 55 54 57.4 46 57.4 38 57.4 33 55 31 50Z", WHITE),
      ...[[35.6, 51], [40.6, 54], [46, 52.4], [51.4, 54], [56.4, 51]].map(([x, y]) =>
        el("path", { d: `M${x} ${y - 1.2}V${y + 1.2}M${x - 0.9} ${y - 0.4}L${x} ${y + 0.2} ${x + 0.9} ${y - 0.4}`, fill: "none", stroke: INK, "stroke-width": 0.6 })),
      line("M38 56.6Q46 62.6 54 56.6", "#b8862a", 1.1, { "stroke-dasharray": "1.1 0.7" }),
      el("circle", { cx: 46, cy: 60, r: 1.6, fill: GOLD, ...OUTLINE }),
    );
  } else {
    // a collar and a belt with its buckle
    parts.push(
      shape("M38 47.4Q46 53.6 54 47.4 52.4 51.8 46 52.8 39.6 51.8 38 47.4Z", WHITE),
      shape("M30.6 64.6Q46 66.6 61.4 64.6L61.7 67.4Q46 69.4 30.3 67.4Z", dress.dark),
      el("rect", { x: 44.2, y: 64.8, width: 3.6, height: 3.2, fill: GOLD, ...OUTLINE }),
    );
  }
  // hands; the König holds the orb in his free hand, the Ober raises his to hold the suit
  // sign up high
  parts.push(shape("M27 58.4C29.4 57.2 31.6 58.2 31.8 60.4 31.6 62.6 29.2 63.4 27.4 62.4 26.2 61.4 26 59.4 27 58.4Z", SKIN));
  if (rank === "Q") {
    parts.push(
      shape("M56 48.4C61.6 47.4 64.6 43 65 36.4L70.6 36C71 45.4 67 52.6 59.6 55.4Z", dress.under),
      line("M62 47.6Q66.6 44 67.6 38.4", dress.dark, 0.5),
      shape("M64.8 35.8L70.8 35.4 70.7 38.2 64.9 38.6Z", dress.trim),
      shape("M65.2 35.8C64.6 33 65.8 30.8 68 30.8 70.2 30.8 71.2 33 70.6 35.6Z", SKIN),
      line("M66.2 32.6H69.8M66 34.2H70", INK, 0.35),
    );
  } else {
    parts.push(shape("M61.6 59.6C63.8 58.6 66 59.6 66 61.8 65.8 63.8 63.4 64.6 61.8 63.6 60.6 62.6 60.6 60.6 61.6 59.6Z", SKIN));
  }
  if (rank === "K") {
    parts.push(
      el("circle", { cx: 63.8, cy: 56.4, r: 3.2, fill: GOLD, ...OUTLINE }),
      line("M60.6 56.4H67M63.8 53.2V59.6", "#b8862a", 0.6),
      el("path", { d: "M63.8 49.6V53.2M62.4 51H65.2", stroke: INK, "stroke-width": 0.9 }),
    );
  }
  return parts;
}

function germanHalf(rank, suit, frame, sign) {
  const dress = GERMAN_DRESS[suit];
  const figure = [...garment(rank, suit, dress), ...attribute(rank, dress), ...face(rank, dress), ...headgear(rank, dress)];
  // Figures of two suits look the other way (a mirrored drawing), as a pack's figures vary.
  // Drawn a little large: scaled towards the waist so the crown stays inside the frame.
  const mirror = dress.faces < 0 ? " translate(100 0) scale(-1 1)" : "";
  const body = el("g", { transform: `translate(46 70) scale(0.94) translate(-46 -70)${mirror}` }, figure);
  // The half picture is cut cleanly at the card's centre line (a nested viewport clips it),
  // so the two halves meet on one straight line, as on a printed double-headed card.
  const height = H / 2 - frame.y;
  const half = el("svg", {
    x: frame.x, y: frame.y, width: frame.w, height, viewBox: `${frame.x} ${frame.y} ${frame.w} ${height}`,
  }, [body]);
  // The König shows his suit sign beside the crown; the Ober holds it up in his raised hand,
  // the Unter low, beside his hand at the hip.
  const signAt = { K: { x: 72.5, y: 24, size: 13 }, Q: { x: 66.7, y: 26.2, size: 13 }, J: { x: 67.6, y: 60.6, size: 13 } }[rank];
  const x = dress.faces < 0 ? W - signAt.x : signAt.x;
  return [half, sign({ ...signAt, x })];
}

/**
 * The picture of a German court card (rank K, Q = Ober, J = Unter) inside `frame` ({x, y, w,
 * h} of the 100×140 card), as a list of SVG elements. `sign({x, y, size})` draws the suit sign.
 */
export function germanCourt(rank, suit, frame, sign) {
  const dress = GERMAN_DRESS[suit];
  const { x, y, w, h } = frame;
  return [
    el("rect", { x, y, width: w, height: h, fill: "#fbf3e0" }),
    ...doubleHeaded(() => germanHalf(rank, suit, frame, sign)),
    el("path", { d: `M${x} ${H / 2}H${x + w}`, stroke: INK, "stroke-width": 1 }),
    el("rect", { x, y, width: w, height: h, fill: "none", stroke: dress.dark, "stroke-width": 1 }),
  ];
}

