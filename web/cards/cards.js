// Card faces as SVG.
//
// cardFace(code, {style, fourColour}) returns a fresh <svg> element for a card code such as
// "QH" (rank A K Q J T 9 8 7, suit C D H S). Two suit styles:
//   "french": clubs, diamonds, hearts, spades;
//   "german": acorns (C), bells (D), hearts (H), leaves (S), Ober (Q) and Unter (J), drawn in
//             the manner of the Doppeldeutsche pack (double-headed König, Ober, Unter; the Daus).
// fourColour: French suits in four colours (spades black, hearts red, diamonds blue,
// clubs green); German pips are always in their own colours, the option colours the indices.
// Everything is built with createElementNS (svg.js): no markup strings, no style attributes (CSP).
//
// Artwork: the French court figures are Adrian Kennard's public-domain (CC0) English-pattern
// courts (see french-courts.js); the German figures are drawn by the project in
// german-courts.js; everything else — pips, Aces, the German suit signs and the Daus — here.
// Why one unit of about 270 lines: the suit signs, the pip layouts, the aces and the card frame
// are drawn in one coordinate system with one set of colours and placements; the court figures,
// the only large drawings, are already in their own modules.

import { FIGURE_BOX, FRENCH_COURT_SIGNS, FRENCH_COURTS } from "./french-courts.js";
import { GERMAN_DRESS, GOLD, germanCourt } from "./german-courts.js";
import { FRAME, H, INK, W, doubleHeaded, el, line } from "./svg.js";

const SERIF = "Georgia, 'DejaVu Serif', serif";

const COLOURS = {
  french: { C: "#1b1b1b", D: "#c8102e", H: "#c8102e", S: "#1b1b1b" },
  french4: { C: "#137a36", D: "#1f5fbf", H: "#c8102e", S: "#1b1b1b" },
  german: { C: "#a8732a", D: "#e0a010", H: "#c8102e", S: "#2c7a32" },
  germanIndex: { C: "#1b1b1b", D: "#1b1b1b", H: "#c8102e", S: "#1b1b1b" },
  german4Index: { C: "#7a4a1c", D: "#a06a00", H: "#c8102e", S: "#2c7a32" },
};

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
      ? germanCourt(rank, suit, FRAME, (at) => suitSymbol(suit, { style, fourColour, ...at }))
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
  const top = corner();
  top.setAttribute("class", "corner");
  svg.appendChild(top);
  // The bottom corner shows the top one turned round, as a <use>: its index is then no second
  // text in the page, and a card button's visible text is the index once (its accessible name
  // starts with it, which is what checkers and speech input compare).
  svg.appendChild(el("use", { class: "corner-copy", transform: `rotate(180 ${W / 2} ${H / 2})` }));
  return linkCorners(svg);
}

let cornerIds = 0;

/** Gives the top corner of a face (or of a clone of one) an id of its own, and points the
 *  bottom corner's <use> at it. Call it on every copy put in the page. */
export function linkCorners(svg) {
  const top = svg.querySelector(":scope > .corner");
  const copy = svg.querySelector(":scope > .corner-copy");
  if (top && copy) {
    top.id = `card-corner-${++cornerIds}`;
    copy.setAttribute("href", `#${top.id}`);
  }
  return svg;
}
