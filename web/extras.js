// extras.js — what web/app.js calls for offline play, saved-game checks, share links and the
// deal of the day (docs/OFFLINE-LINKS.md). app.js hands over a small bridge:
//   { call(cmd, args), begin(state, {level, aiSeed}), state(), level(), choice(), fail(error) }
// (engine call; put a state on the table; the game on the table; its computer level; the
// set-up screen's choice {profile, options, level, …}; show an error in the status line).
import { checkSavedGame, resumeIfAsked, watchEngineFailure } from "./saves.js";
import { openLinkFromLocation, installShareButton, openShare } from "./links.js";
import { installDaily, dailyDate, rememberDaily } from "./daily.js";
import { startOffline } from "./offline.js";

/** Once the engine is ready, before the page offers to continue the saved game. */
export function beforeResume(hooks) {
  return checkSavedGame(hooks.call).catch(() => false);
}

/** Once the engine is ready and the resume button is set: buttons, a link in the URL, offline. */
export async function afterResume(hooks) {
  const bridge = {
    ...hooks,
    dailyDate: (state) => dailyDate(hooks.call, state),
    rememberDaily: (state, date) => rememberDaily(hooks.call, state, date),
  };
  startOffline();
  try {
    watchEngineFailure();
    installShareButton(bridge);
    installDaily(bridge, openShare);
    // a link in the URL comes first; else a reload that asked for it continues the saved game
    const hasLink = /[#&]s=|[?&]deal=/.test(window.location.hash + window.location.search);
    if (!hasLink && resumeIfAsked()) {
      document.documentElement.dataset.link = "none";
      return;
    }
    // a link pasted into the address bar of the open page changes only the hash
    window.addEventListener("hashchange", () => {
      if (/[#&]s=/.test(window.location.hash)) openLinkFromLocation(bridge).catch(hooks.fail);
    });
    await openLinkFromLocation(bridge);
  } catch (error) {
    hooks.fail(error);  // shown in the status line; the table keeps working
  }
}
