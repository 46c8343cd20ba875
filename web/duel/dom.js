// dom.js — the small DOM helpers of the duel's page parts (web/duel/ui.js and its pieces).
import { t, has } from "../i18n.js";

export const $ = (selector, root = document) => root.querySelector(selector);

/** An element with its properties (dataset, text, attributes) and children. */
export function el(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (key === "dataset") Object.assign(node.dataset, value);
    else if (key === "text") node.textContent = value;
    else if (key in node && !key.includes("-")) node[key] = value;
    else node.setAttribute(key, value);
  }
  node.append(...children.filter(Boolean));
  return node;
}

export const profileName = (id) => (has(`profile.${id}.name`) ? t(`profile.${id}.name`) : id);
