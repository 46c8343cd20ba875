// local.js — pass and play in the page (two people at one device; the controller's
// `opponent: "local"`): the table's words name the two players (the "local.say.*" strings stand
// in for the ones that say "you" and "the computer", from the seat looking: controller.viewer),
// and the hand-off screen between turns (web/table/handoff.js).
import { addOverlay, applyStatic, promoted } from "./table/i18n.js";
import { HandoffView } from "./table/handoff.js";
import { hasTable } from "./controller.js";

const SAY = "local.say.";
const html = document.documentElement;

/** The language's strings with the "local.say.*" ones in place of their keys, naming `you` and `other`. */
export function namedStrings(strings, you, other) {
  return promoted(strings, SAY, (text) => text.replace(/\{you\}/g, () => you).replace(/\{other\}/g, () => other));
}

/**
 * `controller`: the game controller (web/controller.js); `table`: what the table draws (app.js's
 * switch between it and a duel, web/duel/ui.js tableSwitch; the controller itself when alone).
 */
export function installLocal({ controller, table = controller, view, settings }) {
  const playing = () => hasTable(controller, table) && controller.local && controller.players;
  const cache = { strings: null, id: null, table: null };
  addOverlay((strings) => {
    if (!playing()) return null;
    const you = controller.players[controller.viewer];
    const other = controller.players[1 - controller.viewer];
    const id = `${you}\n${other}`;
    if (cache.strings !== strings || cache.id !== id) Object.assign(cache, { strings, id, table: namedStrings(strings, you, other) });
    return cache.table;
  });
  const handoff = new HandoffView({ table: document.querySelector("#table"), view, settings,
    reveal: () => controller.reveal(), showsPoints: () => controller.showsPoints });
  // the end-of-deal panel's own headings ("The computer's remaining cards") follow the names
  const panel = document.querySelector("dialog[data-dialog='deal-end']");
  const seen = () => {
    html.dataset.viewer = String(controller.viewer);
    handoff.hide();
    view.drawOpponentLabel();   // the other player's name, from this seat
    applyStatic(panel);
  };
  table.on("began", ({ opponent }) => {
    const own = hasTable(controller, table);
    html.dataset.opponent = own ? opponent || "computer" : "remote";
    handoff.hide();
    if (!own || opponent !== "local") delete html.dataset.viewer;
    applyStatic(panel);
  });
  controller.on("handoff", (detail) => handoff.show(detail));
  controller.on("turn", () => { if (controller.local) seen(); });
  controller.on("dealOver", () => { if (controller.local) seen(); });
  document.addEventListener("kaffeehaus:language", () => handoff.redraw());
  return handoff;
}
