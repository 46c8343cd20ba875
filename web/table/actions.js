// actions.js — the table's action buttons (marriage, exchange, close, claim, next; return match
// and new game once the game is over):
// exactly the engine's legal_actions that are not cards, in a fixed order (docs/UI-HOOKS.md
// [data-zone='actions'] button[data-action]).
import { t } from "../i18n.js";
import { actionName, marriagePoints } from "./words.js";
import { suitIcon } from "../cards/cards.js";
import { suitName } from "./cardview.js";

const ACTION_ORDER = ["marry", "exchange", "close", "claim", "next"];

/** The buttons for `obs` in `actions` (the zone); disabled unless `interactive`. `pointsShown`:
 * the table shows the running points (not in memory mode). `again`: the length of the return
 * match on offer once the game is over ("match" or "deal", table.returnChoice()), or null. */
export function renderActions(actions, obs, { interactive, settings, pointsShown = true, again = null }) {
  const style = settings.deckStyle;
  actions.replaceChildren();
  const offered = (obs.legal_actions || []).filter((a) => ACTION_ORDER.includes(a.split(":")[0]) && offersAction(a, obs, pointsShown));
  offered.sort((a, b) => ACTION_ORDER.indexOf(a.split(":")[0]) - ACTION_ORDER.indexOf(b.split(":")[0]));
  for (const action of offered) {
    const button = document.createElement("button");
    button.type = "button";
    button.dataset.action = action;
    if (action.startsWith("marry:")) {
      // compact on the table ("40" and the suit), the full words for screen readers and hover
      button.classList.add("marry");
      button.append(suitIcon(action.slice(6), { style, fourColour: settings.fourColour }),
        t("action.marry.short", { points: marriagePoints(action, obs) }));
      // the name starts with the visible points ("20: marriage in Hearts"), as speech input expects
      button.setAttribute("aria-label", t("action.marry.label", { points: marriagePoints(action, obs), suit: suitName(action.slice(6), style) }));
      button.title = actionName(action, obs, style);
    } else {
      button.textContent = actionName(action, obs, style);
    }
    button.disabled = !interactive;
    // a claim is the default (gold) action only when the engine says it wins (claim_wins), and
    // only while the points are shown: in memory mode its look would give the count away
    if (action === "next" || (action === "claim" && obs.claim_wins && pointsShown)) button.classList.add("primary");
    actions.appendChild(button);
  }
  if (obs.result && (!obs.match || obs.match.over)) {
    if (again) actions.appendChild(returnMatchButton("return-match", again));
    const button = document.createElement("button");
    button.type = "button";
    button.dataset.ui = "new-game";
    if (!again) button.className = "primary";
    button.textContent = t("action.newGame");
    actions.appendChild(button);
  }
}

/** Whether the table offers the legal `action`: while the points are shown, a claim is offered
 * only when the engine says it wins (claim_wins, SV-3), since a claim short of the target loses
 * the deal. In memory mode it stays, a deliberate gamble the claim question guards (claim.js). */
export function offersAction(action, obs, pointsShown) {
  return action !== "claim" || !pointsShown || Boolean(obs.claim_wins);
}

/** The expert's `ranked` actions (api.hint) that the table offers, best first; `kept`: an action
 * kept whatever (the move the player made, in a review). The expert may rank a false claim first
 * where playing on would likely lose more (a Schwarz), but a hint or review names only what the
 * player could press. */
export function rankedOnTable(ranked, obs, pointsShown, kept = null) {
  const shown = ranked.filter((r) => r.action === kept || offersAction(r.action, obs, pointsShown));
  return shown.length ? shown : ranked;
}

/** The return match's button (`ui`: its data-ui hook): "Return match" after a match, "Another
 * deal" after a single deal, its title saying what stays the same. */
export function returnMatchButton(ui, again, button = document.createElement("button")) {
  const key = again === "deal" ? "action.playAgain" : "action.returnMatch";
  button.type = "button";
  button.dataset.ui = ui;
  button.dataset.again = again;
  button.classList.add("primary");
  button.textContent = t(key);
  button.title = t(`${key}.title`);
  return button;
}

