// Card faces as SVG.
//
// cardFace(code, {style, fourColour}) returns a fresh <svg> element for a card code such as
// "QH" (rank A K Q J T 9 8 7, suit C D H S). Two suit styles:
//   "french": clubs, diamonds, hearts, spades;
//   "german": acorns (C), bells (D), hearts (H), leaves (S), Ober (Q) and Unter (J), drawn in
//             the manner of the Doppeldeutsche pack (double-headed König, Ober, Unter; the Daus).
// fourColour: French suits in four colours (spades black, hearts red, diamonds blue,
// clubs green); German pips are always in their own colours, the option colours the indices.
// Everything is built with createElementNS: no markup strings, no style attributes (CSP).
//
// Artwork: the French court figures are Adrian Kennard's public-domain (CC0) English-pattern
// courts (see french-courts.js); everything else — pips, Aces, the German suit signs, the
// German figures and the Daus — is drawn here by the project.

import { FIGURE_BOX, FRENCH_COURT_SIGNS, FRENCH_COURTS } from "./french-courts.js";

const NS = "http://www.w3.org/2000/svg";
const W = 100;
const H = 140;
const SERIF = "Georgia, 'DejaVu Serif', serif";

const COLOURS = {
  french: { C: "#1b1b1b", D: "#c8102e", H: "#c8102e", S: "#1b1b1b" },
  french4: { C: "#137a36", D: "#1f5fbf", H: "#c8102e", S: "#1b1b1b" },
  german: { C: "#a8732a", D: "#e0a010", H: "#c8102e", S: "#2c7a32" },
  germanIndex: { C: "#1b1b1b", D: "#1b1b1b", H: "#c8102e", S: "#1b1b1b" },
  german4Index: { C: "#7a4a1c", D: "#a06a00", H: "#c8102e", S: "#2c7a32" },
};
const INK = "#2a1d10"; // outlines of the German drawings

function el(name, attrs = {}, children = []) {
  const node = document.createElementNS(NS, name);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, String(value));
  for (const child of children) node.appendChild(child);
  return node;
}

const line = (d, stroke, width, extra = {}) =>
  el("path", { d, fill: "none", stroke, "stroke-width": width, "stroke-linecap": "round", "stroke-linejoin": "round", ...extra });

// ------------------------------------------------------------------------------ suit signs
// Each drawn in a 100×100 box and placed with a transform.

const FRENCH_PATHS = {
  H: "M50 90C22 66 4 48 12 28 20 8 44 10 50 30 56 10 80 8 88 28 96 48 78 66 50 90Z",
  D: "M50 4 86 50 50 96 14 50Z",
  S: "M50 6C78 34 96 48 88 66 80 82 60 78 54 68 56 80 60 88 70 96H30C40 88 44 80 46 68 40 78 20 82 12 66 4 48 22 34 50 6Z",
};

function frenchSuit(suit, fill) {
  if (FRENCH_PATHS[suit]) return [el("path", { fill, d: FRENCH_PATHS[suit] })];
  return [
    el("circle", { fill, cx: 50, cy: 27, r: 19 }),
    el("circle", { fill, cx: 27, cy: 57, r: 19 }),
    el("circle", { fill, cx: 73, cy: 57, r: 19 }),
    el("path", { fill, d: "M45 50C45 74 40 86 30 96H70C60 86 55 74 55 50Z" }),
  ];
}

// German suit signs. `detail` adds the fine lines that only show at large sizes (the Daus).
function germanSuit(suit, fill, detail = false) {
  const w = detail ? 2 : 3; // outline width in the 100-box
  switch (suit) {
    case "H": // Herz
      return [
        el("path", { d: FRENCH_PATHS.H, fill, stroke: "#6e0714", "stroke-width": w }),
        el("path", { d: "M24 26C28 18 38 18 42 28", fill: "none", stroke: "#ffffff", "stroke-opacity": 0.55, "stroke-width": 5, "stroke-linecap": "round" }),
      ];
    case "D": // Schellen: a round bell, its band, the slit ending in a hole, the loop on top
      return [
        el("circle", { cx: 50, cy: 11, r: 7, fill: "none", stroke: INK, "stroke-width": 4 }),
        el("circle", { cx: 50, cy: 57, r: 39, fill, stroke: INK, "stroke-width": w }),
        el("path", { d: "M13 44Q50 58 87 44L89 53Q50 67 11 53Z", fill: "#c8102e", stroke: INK, "stroke-width": w * 0.7 }),
        el("path", { d: "M50 72V93", stroke: INK, "stroke-width": 4.5, "stroke-linecap": "round" }),
        el("circle", { cx: 50, cy: 76, r: 7.5, fill: INK }),
        el("path", { d: "M26 34C32 26 40 23 47 23", fill: "none", stroke: "#ffffff", "stroke-opacity": 0.6, "stroke-width": 5, "stroke-linecap": "round" }),
        ...(detail ? [line("M18 66Q50 80 82 66", INK, 1.2), line("M16 40Q50 52 84 40", INK, 1.2)] : []),
      ];
    case "C": // Eichel: the nut, the scaled cap, the stem
      return [
        el("path", { d: "M50 3Q46 8 47 17", fill: "none", stroke: INK, "stroke-width": 5, "stroke-linecap": "round" }),
        el("path", { d: "M27 46C25 74 38 96 50 98 62 96 75 74 73 46Z", fill, stroke: INK, "stroke-width": w }),
        el("path", { d: "M34 54C33 70 38 82 45 88", fill: "none", stroke: "#ffffff", "stroke-opacity": 0.45, "stroke-width": 5, "stroke-linecap": "round" }),
        el("path", { d: "M16 44C16 22 84 22 84 44 84 50 76 54 50 54 24 54 16 50 16 44Z", fill: "#5a3a14", stroke: INK, "stroke-width": w }),
        line("M22 36L34 50M30 28L46 52M42 24L58 52M56 24L70 50M68 28L78 42M22 44L36 28M32 50L52 25M46 53L66 26M60 53L80 32", "#c8a264", detail ? 1.6 : 2.4),
      ];
    case "S": // Laub: a leaf, tip up, with its stem and veins
    default:
      return [
        el("path", { d: "M50 74Q48 88 58 98", fill: "none", stroke: "#174a1b", "stroke-width": 5, "stroke-linecap": "round" }),
        el("path", {
          d: "M50 3C58 18 74 26 84 40 94 56 88 76 70 80 62 82 55 78 50 73 45 78 38 82 30 80 12 76 6 56 16 40 26 26 42 18 50 3Z",
          fill, stroke: "#174a1b", "stroke-width": w,
        }),
        line("M50 72V14M50 58L30 44M50 58L70 44M50 44L34 32M50 44L66 32M50 30L42 22M50 30L58 22", "#174a1b", detail ? 1.8 : 2.6),
        el("path", { d: "M22 50C22 40 30 30 38 24", fill: "none", stroke: "#ffffff", "stroke-opacity": 0.45, "stroke-width": 4, "stroke-linecap": "round" }),
      ];
  }
}

function suitColour(suit, style, fourColour) {
  if (style === "german") return COLOURS.german[suit];
  return (fourColour ? COLOURS.french4 : COLOURS.french)[suit];
}

function indexColour(suit, style, fourColour) {
  if (style === "german") return (fourColour ? COLOURS.german4Index : COLOURS.germanIndex)[suit];
  return suitColour(suit, style, fourColour);
}

function placed(parts, { x, y, size, flip = false, rotate = 0 }) {
  const s = size / 100;
  const turn = flip ? " rotate(180 50 50)" : rotate ? ` rotate(${rotate} 50 50)` : "";
  return el("g", { transform: `translate(${x - size / 2} ${y - size / 2}) scale(${s})${turn}` }, parts);
}

/** A suit symbol of `size` centred at (x, y), optionally upside down. */
export function suitSymbol(suit, { style = "french", fourColour = false, x = 50, y = 50, size = 100, flip = false } = {}) {
  const fill = suitColour(suit, style, fourColour);
  const parts = style === "german" ? germanSuit(suit, fill, size >= 40) : frenchSuit(suit, fill);
  return placed(parts, { x, y, size, flip });
}

/** A stand-alone <svg> icon of a suit (trump indicator, marriage labels). */
export function suitIcon(suit, options = {}) {
  const svg = el("svg", { viewBox: "0 0 100 100", class: "suit-icon", "aria-hidden": "true", focusable: "false" });
  svg.appendChild(suitSymbol(suit, { ...options, x: 50, y: 50, size: 100 }));
  return svg;
}

// ------------------------------------------------------------------------------ number cards

// Pip positions (x, y, upside down) for the number cards.
const COL_L = 30;
const COL_R = 70;
const PIPS = {
  7: [[COL_L, 32], [COL_R, 32], [50, 51], [COL_L, 70], [COL_R, 70], [COL_L, 108, 1], [COL_R, 108, 1]],
  8: [[COL_L, 32], [COL_R, 32], [50, 51], [COL_L, 70], [COL_R, 70], [50, 89, 1], [COL_L, 108, 1], [COL_R, 108, 1]],
  9: [[COL_L, 30], [COL_R, 30], [COL_L, 56], [COL_R, 56], [50, 70], [COL_L, 84, 1], [COL_R, 84, 1], [COL_L, 110, 1], [COL_R, 110, 1]],
  10: [[COL_L, 30], [COL_R, 30], [50, 43], [COL_L, 56], [COL_R, 56], [COL_L, 84, 1], [COL_R, 84, 1], [50, 97, 1], [COL_L, 110, 1], [COL_R, 110, 1]],
};

const PIP_COUNT = { T: 10, 9: 9, 8: 8, 7: 7 };

// ------------------------------------------------------------------------------ court cards

// The picture frame of the court cards (inside the corner indices).
const FRAME = { x: 18, y: 14, w: 64, h: 112 };

/** Both halves of a double-headed picture: `half()` drawn upright and turned through 180°. */
function doubleHeaded(half) {
  const top = el("g", { class: "figure" }, half());
  const bottom = el("g", { class: "figure", transform: `rotate(180 ${W / 2} ${H / 2})` }, half());
  return [top, bottom];
}

// French courts: Kennard's figures with their palette.
const KENNARD = { g: "#f6c644", r: "#d7262b", b: "#3144c4", k: "#1b1b1b" };

function frenchCourt(code, suitFill, style, fourColour) {
  const records = FRENCH_COURTS[code];
  const [bw, bh] = FIGURE_BOX;
  const colour = (key) => (key === "s" ? suitFill : KENNARD[key] ?? "none");
  // A nested <svg> is the picture's viewport: it clips the drawing to the frame, as the
  // original does.
  const half = () => [el("svg", {
    x: FRAME.x, y: FRAME.y, width: FRAME.w, height: FRAME.h, viewBox: `0 0 ${bw} ${bh}`, preserveAspectRatio: "none",
  }, records.map(([fill, stroke, width, d]) => {
    const attrs = { d, fill: colour(fill) };
    if (stroke) {
      Object.assign(attrs, { stroke: colour(stroke), "stroke-width": width, "stroke-linecap": "round", "stroke-linejoin": "round" });
    }
    return el("path", attrs);
  }))];
  const suit = code[1];
  const [sx, sy] = FRENCH_COURT_SIGNS[code];
  const sign = { x: FRAME.x + (sx * FRAME.w) / bw, y: FRAME.y + (sy * FRAME.h) / bh, size: 15 };
  return [
    el("rect", { x: FRAME.x, y: FRAME.y, width: FRAME.w, height: FRAME.h, fill: "#ffffff" }),
    ...doubleHeaded(() => [...half(), suitSymbol(suit, { style, fourColour, ...sign })]),
    el("rect", { x: FRAME.x, y: FRAME.y, width: FRAME.w, height: FRAME.h, fill: "none", stroke: KENNARD.b, "stroke-width": 0.8 }),
  ];
}

// German courts, drawn here. Colours of each suit's figures: garment, its dark shade, trim,
// sleeves/undergarment; hair of the König, Ober and Unter; which way the figures look.
const GERMAN_DRESS = {
  H: { main: "#c8102e", dark: "#7d0a1d", trim: "#f2c14e", under: "#2b4f9e", hair: { K: "#6b4423", Q: "#2e2116", J: "#b07a2a" }, faces: 1 },
  D: { main: "#e8b021", dark: "#8a5a00", trim: "#c8102e", under: "#2c7a32", hair: { K: "#b4aea6", Q: "#6b4423", J: "#3a2614" }, faces: -1 },
  C: { main: "#8a5a22", dark: "#4e3115", trim: "#f2c14e", under: "#c8102e", hair: { K: "#2e2116", Q: "#b07a2a", J: "#6b4423" }, faces: 1 },
  S: { main: "#2c7a32", dark: "#174a1b", trim: "#f2c14e", under: "#c8102e", hair: { K: "#b07a2a", Q: "#3a2614", J: "#2e2116" }, faces: -1 },
};
const SKIN = "#f5d6b4";
const GOLD = "#f2c14e";
const STEEL = "#dfe3e8";
const WHITE = "#fbf8ef";
const OUTLINE = { stroke: INK, "stroke-width": 0.6, "stroke-linejoin": "round" };
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
      shape("M52 20C58 13.4 66 11.6 73 14 66 14 61 16.6 57 22Z", WHITE),
      line("M54 19.6C59 15 64 13.6 70 13.6", "#b8b2a8", 0.4),
      shape("M53 20C60 16 66 17 70 21 64 19 59 20 55 24Z", dress.trim),
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
function attribute(rank) {
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
    return [
      shape("M28.6 62L24.4 20.4 25.6 18 27 20.2 31 61.8Z", STEEL),
      line("M26 22L28.6 58", "#9aa2ac", 0.4),
      el("path", { d: "M24.6 62.6Q29.6 60 35 61.4", fill: "none", stroke: INK, "stroke-width": 2.6, "stroke-linecap": "round" }),
      el("path", { d: "M24.6 62.6Q29.6 60 35 61.4", fill: "none", stroke: GOLD, "stroke-width": 1.6, "stroke-linecap": "round" }),
      el("path", { d: "M30 63V67", stroke: "#6b4423", "stroke-width": 1.6 }),
      el("circle", { cx: 30.2, cy: 68.6, r: 1.6, fill: GOLD, ...OUTLINE }),
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
    shape("M58.4 48.8C63.4 50.6 66.4 55.6 67 61L60.4 63C60 58.6 58.6 55 55.8 52Z", dress.under),
    shape("M25.5 59.4L32.4 61.8 32 64 25.2 61.6Z", dress.trim),
    shape("M67 60.2L60.4 62.2 60.8 64.4 67.4 62.4Z", dress.trim),
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
  // hands; the König holds the orb in his free hand
  parts.push(
    shape("M27 58.4C29.4 57.2 31.6 58.2 31.8 60.4 31.6 62.6 29.2 63.4 27.4 62.4 26.2 61.4 26 59.4 27 58.4Z", SKIN),
    shape("M61.6 59.6C63.8 58.6 66 59.6 66 61.8 65.8 63.8 63.4 64.6 61.8 63.6 60.6 62.6 60.6 60.6 61.6 59.6Z", SKIN),
  );
  if (rank === "K") {
    parts.push(
      el("circle", { cx: 63.8, cy: 56.4, r: 3.2, fill: GOLD, ...OUTLINE }),
      line("M60.6 56.4H67M63.8 53.2V59.6", "#b8862a", 0.6),
      el("path", { d: "M63.8 49.6V53.2M62.4 51H65.2", stroke: INK, "stroke-width": 0.9 }),
    );
  }
  return parts;
}

function germanHalf(rank, suit, style, fourColour) {
  const dress = GERMAN_DRESS[suit];
  const figure = [...garment(rank, suit, dress), ...attribute(rank), ...face(rank, dress), ...headgear(rank, dress)];
  // Figures of two suits look the other way (a mirrored drawing), as a pack's figures vary.
  // Drawn a little large: scaled towards the waist so the crown stays inside the frame.
  const mirror = dress.faces < 0 ? " translate(100 0) scale(-1 1)" : "";
  const body = el("g", { transform: `translate(46 70) scale(0.94) translate(-46 -70)${mirror}` }, figure);
  // König and Ober carry the suit sign high, the Unter low, by his hand (Doppeldeutsche).
  const signAt = { K: { x: 72.5, y: 24, size: 13 }, Q: { x: 73, y: 28, size: 15 }, J: { x: 70, y: 53.6, size: 15 } }[rank];
  const x = dress.faces < 0 ? W - signAt.x : signAt.x;
  return [body, suitSymbol(suit, { style, fourColour, ...signAt, x })];
}

function germanCourt(rank, suit, style, fourColour) {
  const dress = GERMAN_DRESS[suit];
  return [
    el("rect", { x: FRAME.x, y: FRAME.y, width: FRAME.w, height: FRAME.h, fill: "#fbf3e0" }),
    ...doubleHeaded(() => germanHalf(rank, suit, style, fourColour)),
    el("path", { d: `M${FRAME.x} ${H / 2}H${FRAME.x + FRAME.w}`, stroke: dress.dark, "stroke-width": 0.8 }),
    el("rect", { x: FRAME.x, y: FRAME.y, width: FRAME.w, height: FRAME.h, fill: "none", stroke: dress.dark, "stroke-width": 1 }),
  ];
}

// ------------------------------------------------------------------------------ Aces

function ornament(colour, { x, y, scale = 1, flip = false }) {
  // A symmetric flourish (two scrolls) centred at (x, y).
  const t = `translate(${x} ${y}) scale(${scale})${flip ? " rotate(180)" : ""}`;
  return el("g", { transform: t, fill: "none", stroke: colour, "stroke-width": 1.2, "stroke-linecap": "round" }, [
    el("path", { d: "M0 0C-6 -6 -14 -6 -18 -1 -21 3 -17 8 -13 6 -10 4 -12 0 -15 1" }),
    el("path", { d: "M0 0C6 -6 14 -6 18 -1 21 3 17 8 13 6 10 4 12 0 15 1" }),
    el("path", { d: "M-4 2Q0 5 4 2" }),
    el("circle", { cx: 0, cy: -3, r: 1.4, fill: colour, stroke: "none" }),
  ]);
}

function frenchAce(suit, style, fourColour) {
  const fill = suitColour(suit, style, fourColour);
  if (suit !== "S") {
    return [el("g", { class: "ace-sign" }, [suitSymbol(suit, { style, fourColour, x: 50, y: 70, size: 60 })])];
  }
  // The Ace of Spades: a large spade with white filigree, scrolls above and below.
  const filigree = el("g", { fill: "none", stroke: "#fffdf7", "stroke-width": 1.6, "stroke-linecap": "round" }, [
    el("path", { d: "M50 22C62 36 74 46 74 58 74 66 66 70 60 66" }),
    el("path", { d: "M50 22C38 36 26 46 26 58 26 66 34 70 40 66" }),
    el("path", { d: "M50 34C56 42 62 48 62 56 62 62 56 62 54 58 M50 34C44 42 38 48 38 56 38 62 44 62 46 58" }),
    el("path", { d: "M50 44V70" }),
  ]);
  return [
    el("g", { class: "ace-sign" }, [
      placed([...frenchSuit("S", fill), filigree], { x: 50, y: 70, size: 66 }),
    ]),
    el("ellipse", { cx: 50, cy: 66, rx: 3.4, ry: 4.2, fill: "#fffdf7" }),
    el("ellipse", { cx: 50, cy: 66, rx: 1.8, ry: 2.4, fill }),
    ornament(fill, { x: 50, y: 30 }),
    ornament(fill, { x: 50, y: 110, flip: true }),
  ];
}

// The German Daus: a large suit sign on a ribbon, sprigs of leaves, a small crown above.
function germanAce(suit, style, fourColour) {
  const dress = GERMAN_DRESS[suit];
  const o = { stroke: INK, "stroke-width": 0.7, "stroke-linejoin": "round" };
  const sprig = (flip) => el("g", flip ? { transform: "translate(100 0) scale(-1 1)" } : {}, [
    line("M47 104C38 102 28 94 24 80 22 70 24 58 30 48", "#4e6b1f", 1.4),
    ...[[26, 88, 40], [23, 75, 10], [25, 62, -20], [31, 97, 70], [29, 52, -40]].map(([x, y, r]) =>
      el("path", { d: "M0 0C3 -4 9 -4 12 0 9 4 3 4 0 0Z", fill: "#5e8c2a", stroke: "#2e4a10", "stroke-width": 0.5, transform: `translate(${x} ${y}) rotate(${180 - r})` })),
  ]);
  return [
    sprig(false),
    sprig(true),
    // the crown
    el("path", { d: "M40 31L38 21 43 25 46 18 50 23 54 18 57 25 62 21 60 31Z", fill: GOLD, ...o }),
    el("path", { d: "M40 29H60V32H40Z", fill: dress.main, ...o }),
    el("circle", { cx: 50, cy: 26.5, r: 1.4, fill: "#c8102e" }),
    // the ribbon
    el("path", { d: "M24 104L32 100 36 108 28 111Z", fill: dress.dark, ...o }),
    el("path", { d: "M76 104L68 100 64 108 72 111Z", fill: dress.dark, ...o }),
    el("path", { d: "M31 99Q50 107 69 99L66 109Q50 116 34 109Z", fill: dress.main, ...o }),
    line("M35 104Q50 110 65 104", dress.trim, 0.8),
    el("g", { class: "ace-sign" }, [suitSymbol(suit, { style, fourColour, x: 50, y: 66, size: 60 })]),
  ];
}

// ------------------------------------------------------------------------------ the face

/**
 * The face of one card as an <svg>. `labels` maps ranks to the index letters shown in the
 * corners (from the translation file), e.g. {A: "A", K: "K", Q: "Q", J: "J", T: "10"}.
 */
export function cardFace(code, { style = "french", fourColour = false, labels = {} } = {}) {
  const rank = code[0];
  const suit = code[1];
  const ink = indexColour(suit, style, fourColour);
  const svg = el("svg", {
    viewBox: `0 0 ${W} ${H}`, class: "card-face", "aria-hidden": "true", focusable: "false",
  });
  svg.appendChild(el("rect", {
    x: 1, y: 1, width: W - 2, height: H - 2, rx: 8, fill: "#fffdf7", stroke: "#8a8a8a", "stroke-width": 1.5,
  }));

  const court = rank === "K" || rank === "Q" || rank === "J";
  if (rank === "A") {
    const parts = style === "german" ? germanAce(suit, style, fourColour) : frenchAce(suit, style, fourColour);
    for (const part of parts) svg.appendChild(part);
  } else if (court) {
    const parts = style === "german"
      ? germanCourt(rank, suit, style, fourColour)
      : frenchCourt(rank + suit, suitColour(suit, style, fourColour), style, fourColour);
    for (const part of parts) svg.appendChild(part);
  } else {
    for (const [x, y, flip] of PIPS[PIP_COUNT[rank]]) {
      svg.appendChild(suitSymbol(suit, { style, fourColour, x, y, size: 20, flip: Boolean(flip) }));
    }
  }

  // The corner indices last, over everything.
  const label = labels[rank] ?? rank;
  const corner = () => el("g", {}, [
    Object.assign(el("text", {
      x: 10, y: 22, "font-size": label.length > 1 ? 17 : 20, "font-weight": 700,
      "font-family": SERIF, fill: ink, "text-anchor": "middle",
    }), { textContent: label }),
    suitSymbol(suit, { style, fourColour, x: 10, y: 33, size: 13 }),
  ]);
  svg.appendChild(corner());
  const bottom = corner();
  bottom.setAttribute("transform", `rotate(180 ${W / 2} ${H / 2})`);
  svg.appendChild(bottom);
  return svg;
}
