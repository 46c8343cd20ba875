// qr-scan.js — "Scan a QR code" beside the duel's paste field: the camera reads the friend's
// link or code from the friend's screen (web/duel/qr.js: BarcodeDetector where the browser has
// it, else jsQR on the video's frames); a link too long for one QR code is read part by part in
// any order (web/duel/qr-sequence.js). Once it is whole it goes into the paste field and is
// applied as a pasted one would be. The button is only there where the browser offers a camera
// (navigator.mediaDevices.getUserMedia; a page on a secure origin).
//
// Hooks (docs/UI-HOOKS.md): data-ui="duel-scan-qr"; dialog[data-dialog='duel-scan'] with
// video[data-duel-scan-video], [data-duel-scan-state] (what was read so far, or why the camera
// could not open) and data-ui="duel-scan-close".
import { t } from "../i18n.js";
import { el } from "./dom.js";
import { scanCamera } from "./qr.js";
import { createAssembler } from "./qr-sequence.js";

export function canScan(nav = globalThis.navigator) {
  return Boolean(nav && nav.mediaDevices && typeof nav.mediaDevices.getUserMedia === "function");
}

/** `box`: the DuelBox (its paste field and form). Returns the function that sets its words. */
export function installQrScan({ box }) {
  const e = box.els;
  const button = el("button", { type: "button", hidden: !canScan(), dataset: { ui: "duel-scan-qr" } });
  e.applyButton.after(button);
  const title = el("h2", { id: "duel-scan-title" });
  const video = el("video", { className: "duel-scan-video", muted: true, playsInline: true, dataset: { duelScanVideo: "" } });
  const state = el("p", { className: "note", role: "status", dataset: { duelScanState: "" } });
  const close = el("button", { type: "button", dataset: { ui: "duel-scan-close" } });
  const dialog = el("dialog", { className: "dialog duel-scan-dialog", dataset: { dialog: "duel-scan" }, "aria-labelledby": "duel-scan-title" },
    title, video, state, el("div", { className: "claim-buttons" }, close));
  document.body.appendChild(dialog);
  let stop = null;

  function stopCamera() {
    if (stop) stop();
    stop = null;
  }

  /** The whole text read: it is applied as a paste would be. */
  function take(text) {
    stopCamera();
    dialog.close();
    e.codeIn.value = text;
    e.receive.requestSubmit();
  }

  button.addEventListener("click", async () => {
    const assembler = createAssembler();
    state.textContent = t("duel.scan.looking");
    dialog.showModal();
    try {
      const stopping = await scanCamera(video, (scanned) => {
        const read = assembler.add(scanned);
        if (!read) return;
        if (read.text) take(read.text);
        else state.textContent = t("duel.scan.part", { have: read.have, parts: read.of });
      });
      if (dialog.open) stop = stopping;
      else stopping();                     // closed while the camera was starting
    } catch {
      state.textContent = t("duel.scan.noCamera");
    }
  });
  close.addEventListener("click", () => dialog.close());
  dialog.addEventListener("close", stopCamera);

  return function words() {
    button.textContent = t("duel.scan.button");
    button.title = t("duel.scan.why");
    title.textContent = t("duel.scan.title");
    close.textContent = t("duel.scan.close");
  };
}
