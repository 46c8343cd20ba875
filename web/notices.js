// notices.js — short messages to the player outside the table's status line: a damaged saved
// game, a share link that could not be opened, a new version ready, offline ready.
//
//   notify(kind, text, { buttons: [{ ui, label, primary, onClick }], alert, sticky })
//     → the notice element: <div class="notice" data-notice="<kind>" role="status|alert">
//       with <p data-notice-text> holding `text` AS TEXT (textContent, never markup: texts
//       may quote a share link or an engine message) and one <button data-ui="…"> per button.
//       `text` and each `label` may be a function returning the words: such a notice is
//       written again in the new language when the player switches (the "kaffeehaus:language"
//       event of web/lang.js), so pass `() => t(key, params)` rather than `t(key, params)`.
//       A notice of the same kind is replaced. Every notice has a "dismiss" button
//       (data-ui="dismiss-notice") unless `sticky`.
//   dismiss(kind)  removes that notice, if shown.
//
// The container (<div class="notices" data-notices>) is created on first use at the end of the
// top bar (a full-width row of it, web/extras.css): it pushes the table down instead of
// covering cards. A notice that only informs (no button, not an alert) goes after 15 s.
import { t } from "./i18n.js";

const AUTO_HIDE_MS = 15000;  // a notice that only informs (no button, not an alert) goes by itself

function container() {
  let box = document.querySelector("[data-notices]");
  if (!box) {
    box = document.createElement("div");
    box.className = "notices";
    box.dataset.notices = "";
    (document.querySelector("header") || document.body).appendChild(box);
  }
  return box;
}

export function dismiss(kind) {
  for (const node of document.querySelectorAll("[data-notice]")) {
    if (node.dataset.notice === kind) node.remove();
  }
}

// Each live notice's way of writing its words, for a language switch.
const writers = new WeakMap();

/** The words of `text`: a string as it is, or what a function gives in the current language. */
export const words = (text) => String(typeof text === "function" ? text() : text);

export function notify(kind, text, { buttons = [], alert = false, sticky = false } = {}) {
  dismiss(kind);
  const notice = document.createElement("div");
  notice.className = "notice";
  notice.dataset.notice = kind;
  notice.setAttribute("role", alert ? "alert" : "status");
  const p = document.createElement("p");
  p.dataset.noticeText = "";
  const row = document.createElement("div");
  row.className = "notice-buttons";
  const labelled = [];  // [button, label]
  for (const spec of buttons) {
    const button = document.createElement("button");
    button.type = "button";
    button.dataset.ui = spec.ui;
    if (spec.primary) button.className = "primary";
    button.addEventListener("click", (event) => {
      event.stopPropagation();  // the table's own click handler knows nothing of these
      notice.remove();
      spec.onClick?.();
    });
    labelled.push([button, spec.label]);
    row.appendChild(button);
  }
  if (!sticky) {
    const close = document.createElement("button");
    close.type = "button";
    close.dataset.ui = "dismiss-notice";
    close.addEventListener("click", (event) => {
      event.stopPropagation();
      notice.remove();
    });
    labelled.push([close, () => t("notice.dismiss")]);
    row.appendChild(close);
  }
  const write = () => {
    p.textContent = words(text);
    for (const [button, label] of labelled) button.textContent = words(label);
  };
  write();
  writers.set(notice, write);
  notice.append(p, row);
  container().appendChild(notice);
  if (!buttons.length && !alert && !sticky) {
    window.setTimeout(() => notice.remove(), AUTO_HIDE_MS);
  }
  return notice;
}

document.addEventListener("kaffeehaus:language", () => {
  for (const notice of document.querySelectorAll("[data-notice]")) writers.get(notice)?.();
});
