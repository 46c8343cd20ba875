// local.js — pass and play in the page (two people at one device, the table controller's
// friendHere opponent, web/play/pass-and-play.js): the table's words name the two players (the
// "local.say.*" strings stand in for the ones that say "you" and "the computer", from the seat
// looking: table.viewer), and the hand-off screen between turns (web/table/handoff.js).
import { addOverlay, applyStatic, promoted } from "./i18n.js";
import { HandoffView } from "./table/handoff.js";

const SAY = "local.say.";
const html = document.documentElement;

/** The language's strings with the "local.say.*" ones in place of their keys, naming `you` and `other`. */
export function namedStrings(strings, you, other) {
  return promoted(strings, SAY, (text) => text.replace(/\{you\}/g, () => you).replace(/\{other\}/g, () => other));
}

/** `table`: the table controller (web/play/table.js). */
export function installLocal({ table, view, settings }) {
  const playing = () => table.bothSeatsHere && table.players;
  const cache = { strings: null, id: null, table: null };
  addOverlay((strings) => {
    if (!playing()) return null;
    const you = table.players[table.viewer];
    const other = table.players[1 - table.viewer];
    const id = `${you}\n${other}`;
    if (cache.strings !== strings || cache.id !== id) Object.assign(cache, { strings, id, table: namedStrings(strings, you, other) });
    return cache.table;
  });
  const handoff = new HandoffView({ table: document.querySelector("#table"), view, settings,
    reveal: () => table.reveal(), showsPoints: () => table.showsPoints });
  // the end-of-deal panel's own headings ("The computer's remaining cards") follow the names
  const panel = document.querySelector("dialog[data-dialog='deal-end']");
  const seen = () => {
    if (!table.bothSeatsHere) return;
    html.dataset.viewer = String(table.viewer);
    handoff.hide();
    view.drawOpponentLabel();   // the other player's name, from this seat
    applyStatic(panel);
  };
  table.on("began", () => {
    handoff.hide();
    if (!table.bothSeatsHere) delete html.dataset.viewer;
    applyStatic(panel);
  });
  table.on("handoff", (detail) => handoff.show(detail));
  table.on("turn", seen);
  table.on("dealOver", seen);
  document.addEventListener("kaffeehaus:language", () => handoff.redraw());
  return handoff;
}
