// Card movements: FLIP (first, last, invert, play) with the Web Animations API, scaled by the
// speed setting. "auto" follows prefers-reduced-motion (no movement), any explicit speed wins.

const FACTORS = { off: 0, fast: 0.5, normal: 1, slow: 2 };
// Durations at normal speed (ms). A turn (the player's card, the computer's answer, the trick
// shown with its winner, collected, cards drawn with the computer's next lead) takes about
// 1 s of the table's time besides the engine's (bench/pace.py, bench/RESULTS.md); the trick
// with its winner marked stays longest: that is the moment a player reads.
export const DURATION = { move: 170, own: 130, collect: 170, trick: 400, trickStill: 450 };
const reduced = window.matchMedia("(prefers-reduced-motion: reduce)");

export function prefersReducedMotion() {
  return reduced.matches;
}

export function speedFactor(settings) {
  const speed = settings.speed === "auto" ? (reduced.matches ? "off" : "normal") : settings.speed;
  return FACTORS[speed] ?? 1;
}

function keyOf(node) {
  return node.dataset.card || node.dataset.face || null;
}

/** Remember where every face-up card (by code) and every zone is now. */
export function snapshot(root) {
  const cards = new Map();
  for (const node of root.querySelectorAll("[data-card], [data-face]")) {
    const key = keyOf(node);
    if (key && !node.classList.contains("last-trick") && !node.closest("dialog")) {
      cards.set(key, node.getBoundingClientRect());
    }
  }
  const zones = new Map();
  for (const node of root.querySelectorAll("[data-zone]")) zones.set(node.dataset.zone, node.getBoundingClientRect());
  return { cards, zones };
}

function move(node, from, duration, extra = {}) {
  const to = node.getBoundingClientRect();
  const dx = from.left + from.width / 2 - (to.left + to.width / 2);
  const dy = from.top + from.height / 2 - (to.top + to.height / 2);
  if (Math.abs(dx) < 1 && Math.abs(dy) < 1) return null;
  return node.animate(
    [{ translate: `${dx}px ${dy}px`, ...extra }, { translate: "0px 0px" }],
    { duration, easing: "cubic-bezier(.2,.7,.3,1)" },
  );
}

/**
 * After a redraw: slide each face-up card from where it was before (same code), or from the
 * zone named by `origin(node)` when it is new (a drawn card comes from the talon, the
 * computer's card from its hand). A card still moving is taken from where it is now.
 */
export function flip(root, before, settings, origin = () => null, duration = DURATION.move) {
  const factor = speedFactor(settings);
  if (!factor) return Promise.resolve();
  const animations = [];
  for (const node of root.querySelectorAll("[data-card], [data-face]")) {
    if (node.classList.contains("last-trick") || node.closest("dialog")) continue;
    const old = before.cards.get(keyOf(node));
    const zone = old ? null : origin(node);
    const from = old || (zone && before.zones.get(zone));
    if (!from) continue;
    const animation = move(node, from, duration * factor, old ? {} : { opacity: 0.4 });
    if (animation) animations.push(animation.finished.catch(() => {}));
  }
  return Promise.all(animations);
}

/** Slide the cards of the finished trick onto the winner's pile, then resolve. */
export function collect(nodes, target, settings) {
  const factor = speedFactor(settings);
  if (!factor || !target) return Promise.resolve();
  const to = target.getBoundingClientRect();
  return Promise.all(nodes.map((node) => {
    const from = node.getBoundingClientRect();
    const dx = to.left + to.width / 2 - (from.left + from.width / 2);
    const dy = to.top + to.height / 2 - (from.top + from.height / 2);
    const animation = node.animate(
      [{ translate: "0px 0px", scale: "1" }, { translate: `${dx}px ${dy}px`, scale: "0.6", opacity: 0.3 }],
      { duration: DURATION.collect * factor, easing: "ease-in", fill: "forwards" },
    );
    return animation.finished.catch(() => {});
  }));
}

/** How long a finished trick stays on the table, its winner marked, before it is collected
 * (without animation too: the player must see who took it). */
export function trickPause(settings) {
  const factor = speedFactor(settings);
  return factor ? DURATION.trick * factor : DURATION.trickStill;
}

export function wait(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
