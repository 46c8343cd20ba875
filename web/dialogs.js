// dialogs.js — the page's small modal dialogs (the replay of a shared deal, the share dialog):
// one <dialog> per name, built once and kept, and the form that closes it.
import { label } from "./lang.js";

export function dialog(name, build) {
  let node = document.querySelector(`dialog[data-dialog='${name}']`);
  if (!node) {
    node = document.createElement("dialog");
    node.className = "dialog";
    node.dataset.dialog = name;
    build(node);
    document.body.appendChild(node);
  }
  return node;
}

export function closeForm(extra = []) {
  const form = document.createElement("form");
  form.method = "dialog";
  form.append(...extra, label("button", "action.close.dialog", { type: "submit" }));
  return form;
}
