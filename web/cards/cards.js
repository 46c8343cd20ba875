// Card faces drawn by the project as SVG (no third-party artwork).
//
// cardFace(code, {style, fourColour}) returns a fresh <svg> element for a card code such as
// "QH" (rank A K Q J T 9 8 7, suit C D H S). Two suit styles:
//   "french": clubs, diamonds, hearts, spades;
//   "german": acorns (C), bells (D), hearts (H), leaves (S), Ober (Q) and Unter (J).
// fourColour: French suits in four colours (spades black, hearts red, diamonds blue,
// clubs green); German pips are always in their own colours, the option colours the indices.
// Everything is built with createElementNS: no markup strings, no style attributes (CSP).

const NS = "http://www.w3.org/2000/svg";
const W = 100;
const H = 140;

const COLOURS = {
  french: { C: "#1b1b1b", D: "#c8102e", H: "#c8102e", S: "#1b1b1b" },
  french4: { C: "#137a36", D: "#1f5fbf", H: "#c8102e", S: "#1b1b1b" },
  german: { C: "#7a4a1c", D: "#c98a00", H: "#c8102e", S: "#2c7a32" },
  germanIndex: { C: "#1b1b1b", D: "#1b1b1b", H: "#c8102e", S: "#1b1b1b" },
};

function el(name, attrs = {}, children = []) {
  const node = document.createElementNS(NS, name);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, String(value));
  for (const child of children) node.appendChild(child);
  return node;
}

// Suit symbols, each drawn in a 100×100 box and placed with a transform.
function frenchSuit(suit, fill) {
  switch (suit) {
    case "H":
      return [el("path", { fill, d: "M50 90C22 66 4 48 12 28 20 8 44 10 50 30 56 10 80 8 88 28 96 48 78 66 50 90Z" })];
    case "D":
      return [el("path", { fill, d: "M50 4 86 50 50 96 14 50Z" })];
    case "S":
      return [el("path", {
        fill,
        d: "M50 6C78 34 96 48 88 66 80 82 60 78 54 68 56 80 60 88 70 96H30C40 88 44 80 46 68 40 78 20 82 12 66 4 48 22 34 50 6Z",
      })];
    case "C":
    default:
      return [
        el("circle", { fill, cx: 50, cy: 27, r: 19 }),
        el("circle", { fill, cx: 27, cy: 57, r: 19 }),
        el("circle", { fill, cx: 73, cy: 57, r: 19 }),
        el("path", { fill, d: "M45 50C45 74 40 86 30 96H70C60 86 55 74 55 50Z" }),
      ];
  }
}

function germanSuit(suit, fill) {
  const dark = "#3a2a14";
  switch (suit) {
    case "H":
      return frenchSuit("H", fill);
    case "D": // Schellen: a round bell with a band and a slit
      return [
        el("circle", { cx: 50, cy: 10, r: 7, fill: "none", stroke: dark, "stroke-width": 4 }),
        el("circle", { cx: 50, cy: 55, r: 38, fill, stroke: dark, "stroke-width": 4 }),
        el("path", { d: "M14 46H86", stroke: dark, "stroke-width": 5, fill: "none" }),
        el("path", { d: "M14 56H86", stroke: dark, "stroke-width": 3, fill: "none" }),
        el("circle", { cx: 50, cy: 74, r: 6, fill: dark }),
        el("path", { d: "M50 78V92", stroke: dark, "stroke-width": 4 }),
      ];
    case "C": // Eichel: an acorn with a hatched cap and a stem
      return [
        el("path", { d: "M50 2V16", stroke: dark, "stroke-width": 6, "stroke-linecap": "round" }),
        el("ellipse", { cx: 50, cy: 64, rx: 24, ry: 32, fill }),
        el("ellipse", { cx: 44, cy: 60, rx: 7, ry: 16, fill: "#ffffff", "fill-opacity": 0.25 }),
        el("path", { d: "M18 42C18 20 82 20 82 42C70 48 30 48 18 42Z", fill: dark }),
        el("path", {
          d: "M28 30L40 44M40 26L54 44M54 25L66 42M66 29L74 38",
          stroke: "#8c7550", "stroke-width": 2.5, fill: "none",
        }),
      ];
    case "S": // Laub: a leaf with its midrib and stem
    default:
      return [
        el("path", { d: "M50 6C88 30 88 68 50 86C12 68 12 30 50 6Z", fill }),
        el("path", { d: "M50 14V98", stroke: "#174a1b", "stroke-width": 4, fill: "none" }),
        el("path", {
          d: "M50 36L34 26M50 36L66 26M50 52L28 42M50 52L72 42M50 68L32 60M50 68L68 60",
          stroke: "#174a1b", "stroke-width": 2.5, fill: "none",
        }),
      ];
  }
}

function suitColour(suit, style, fourColour) {
  if (style === "german") return COLOURS.german[suit];
  return (fourColour ? COLOURS.french4 : COLOURS.french)[suit];
}

function indexColour(suit, style, fourColour) {
  if (style === "german") return fourColour ? COLOURS.german[suit] : COLOURS.germanIndex[suit];
  return suitColour(suit, style, fourColour);
}

/** A suit symbol of `size` centred at (x, y), optionally upside down. */
export function suitSymbol(suit, { style = "french", fourColour = false, x = 50, y = 50, size = 100, flip = false } = {}) {
  const fill = suitColour(suit, style, fourColour);
  const parts = style === "german" ? germanSuit(suit, fill) : frenchSuit(suit, fill);
  const s = size / 100;
  const rotate = flip ? ` rotate(180 50 50)` : "";
  return el("g", { transform: `translate(${x - size / 2} ${y - size / 2}) scale(${s})${rotate}` }, parts);
}

/** A stand-alone <svg> icon of a suit (trump indicator, marriage labels). */
export function suitIcon(suit, options = {}) {
  const svg = el("svg", { viewBox: "0 0 100 100", class: "suit-icon", "aria-hidden": "true", focusable: "false" });
  svg.appendChild(suitSymbol(suit, { ...options, x: 50, y: 50, size: 100 }));
  return svg;
}

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

function emblem(rank, colour) {
  // A simple geometric head-dress: crown (K), tiara (Q), cap (J).
  if (rank === "K") {
    return el("path", { d: "M34 58L34 42 42 50 50 36 58 50 66 42 66 58Z", fill: colour, "fill-opacity": 0.85 });
  }
  if (rank === "Q") {
    return el("g", { fill: colour, "fill-opacity": 0.85 }, [
      el("path", { d: "M34 58C38 48 62 48 66 58Z" }),
      el("circle", { cx: 38, cy: 46, r: 3.5 }),
      el("circle", { cx: 50, cy: 41, r: 4 }),
      el("circle", { cx: 62, cy: 46, r: 3.5 }),
    ]);
  }
  return el("g", { fill: colour, "fill-opacity": 0.85 }, [
    el("path", { d: "M36 58L40 44H60L64 58Z" }),
    el("path", { d: "M60 46C70 40 72 34 70 30", stroke: colour, "stroke-width": 3, fill: "none" }),
  ]);
}

/**
 * The face of one card as an <svg>. `labels` maps ranks to the index letters shown in the
 * corners (from the translation file), e.g. {A: "A", K: "K", Q: "Q", J: "J", T: "10"}.
 */
export function cardFace(code, { style = "french", fourColour = false, labels = {} } = {}) {
  const rank = code[0];
  const suit = code[1];
  const ink = indexColour(suit, style, fourColour);
  const pip = suitColour(suit, style, fourColour);
  const svg = el("svg", {
    viewBox: `0 0 ${W} ${H}`, class: "card-face", "aria-hidden": "true", focusable: "false",
  });
  svg.appendChild(el("rect", {
    x: 1, y: 1, width: W - 2, height: H - 2, rx: 8, fill: "#fffdf7", stroke: "#8a8a8a", "stroke-width": 1.5,
  }));

  const label = labels[rank] ?? rank;
  const corner = () => el("g", {}, [
    Object.assign(el("text", {
      x: 10, y: 22, "font-size": label.length > 1 ? 17 : 20, "font-weight": 700,
      "font-family": "Georgia, 'DejaVu Serif', serif", fill: ink, "text-anchor": "middle",
    }), { textContent: label }),
    suitSymbol(suit, { style, fourColour, x: 10, y: 33, size: 13 }),
  ]);
  svg.appendChild(corner());
  const bottom = corner();
  bottom.setAttribute("transform", `rotate(180 ${W / 2} ${H / 2})`);
  svg.appendChild(bottom);

  if (rank === "A") {
    svg.appendChild(suitSymbol(suit, { style, fourColour, x: 50, y: 70, size: 50 }));
    if (style === "german") {
      svg.appendChild(el("path", {
        d: "M26 106Q50 118 74 106", stroke: pip, "stroke-width": 3, fill: "none", "stroke-linecap": "round",
      }));
    }
  } else if (rank === "K" || rank === "Q" || rank === "J") {
    svg.appendChild(el("rect", {
      x: 20, y: 16, width: 60, height: 108, rx: 4, fill: "#f4ecd8", stroke: pip, "stroke-width": 1.5,
    }));
    svg.appendChild(emblem(rank, pip));
    svg.appendChild(Object.assign(el("text", {
      x: 50, y: 90, "font-size": 34, "font-weight": 700, "font-family": "Georgia, 'DejaVu Serif', serif",
      fill: ink, "text-anchor": "middle",
    }), { textContent: label }));
    // German Ober carry their suit high, Unter low; French faces carry it in both corners.
    if (style === "german" && rank === "Q") {
      svg.appendChild(suitSymbol(suit, { style, fourColour, x: 50, y: 27, size: 16 }));
    } else if (style === "german" && rank === "J") {
      svg.appendChild(suitSymbol(suit, { style, fourColour, x: 50, y: 110, size: 16 }));
    } else {
      svg.appendChild(suitSymbol(suit, { style, fourColour, x: 30, y: 27, size: 13 }));
      svg.appendChild(suitSymbol(suit, { style, fourColour, x: 70, y: 112, size: 13, flip: true }));
    }
  } else {
    for (const [x, y, flip] of PIPS[PIP_COUNT[rank]]) {
      svg.appendChild(suitSymbol(suit, { style, fourColour, x, y, size: 20, flip: Boolean(flip) }));
    }
  }
  return svg;
}
