// qr-view.js — "Show as QR code" beside the duel's codes: a dialog with the link to send as a
// QR code (web/duel/qr.js), or, for a link too long for one, its numbered parts shown one after
// another (web/duel/qr-sequence.js) for a reader that assembles them.
//
// Hooks (docs/UI-HOOKS.md): data-ui="duel-show-qr"; dialog[data-dialog='duel-qr'] with
// canvas[data-duel-qr] (data-part, data-parts) and data-ui="duel-qr-close".
import { t } from "../i18n.js";
import { el } from "./dom.js";
import { drawQr } from "./qr.js";
import { qrTexts } from "./qr-sequence.js";

const PART_MS = 1200;   // long enough for a phone to focus and read one part

/** `box`: the DuelBox; `link()`: the link to send now. */
export function installQrView({ box, link }) {
  const button = el("button", { type: "button", dataset: { ui: "duel-show-qr" } });
  box.els.send.querySelector(".duel-buttons")?.append(button);
  const title = el("h2", { id: "duel-qr-title" });
  const canvas = el("canvas", { className: "duel-qr", dataset: { duelQr: "" } });
  const caption = el("p", { className: "note", role: "status", dataset: { duelQrPart: "" } });
  const close = el("button", { type: "button", className: "primary", dataset: { ui: "duel-qr-close" } });
  const dialog = el("dialog", { className: "dialog duel-qr-dialog", dataset: { dialog: "duel-qr" }, "aria-labelledby": "duel-qr-title" },
    title, canvas, caption, el("div", { className: "claim-buttons" }, close));
  document.body.appendChild(dialog);
  let timer = null;

  async function show(texts, index) {
    await drawQr(canvas, texts[index]);
    canvas.dataset.part = String(index + 1);
    canvas.dataset.parts = String(texts.length);
    caption.textContent = texts.length > 1 ? t("duel.qr.part", { part: index + 1, parts: texts.length }) : t("duel.qr.one");
    if (texts.length > 1 && dialog.open) timer = setTimeout(() => show(texts, (index + 1) % texts.length), PART_MS);
  }

  button.addEventListener("click", async () => {
    clearTimeout(timer);
    dialog.showModal();
    await show(qrTexts(link()), 0);
  });
  close.addEventListener("click", () => dialog.close());
  dialog.addEventListener("close", () => clearTimeout(timer));

  return function words() {
    button.textContent = t("duel.qr.show");
    title.textContent = t("duel.qr.title");
    close.textContent = t("duel.qr.close");
  };
}
