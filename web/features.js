// features.js — languages, practice mode (hint, undo, the expert's review), statistics and
// sound, hooked into web/app.js through a small bridge (docs/UI-HOOKS.md, "Languages, practice,
// statistics, sound"). app.js calls:
//   chosenLanguage()               the language to load at boot
//   installFeatures(bridge)        once, after the set-up view exists and before initSettings()
//     bridge = { call, state(), obs(), busy(), level(), levelUsed(), aiSeed(), settings(),
//                restore(state, {aiSeed}), redraw(), announce(text) }
//   → hooks { newGame(), began(state), beforeAction(action), observed(prev, obs) }
// A failure in here is logged as a warning and never stops the game.
import { chosenLanguage, installLanguage } from "./lang.js";
import { installPractice } from "./practice.js";
import { installStats } from "./stats.js";
import { installSound } from "./sound.js";

export { chosenLanguage };

function guard(fn) {
  return (...args) => {
    try {
      return fn(...args);
    } catch (error) {
      console.warn("kaffeehaus features:", error);
      return undefined;
    }
  };
}

export function installFeatures(bridge) {
  installLanguage(bridge);
  const practice = installPractice(bridge);
  const stats = installStats(bridge);
  const sound = installSound(bridge);
  return {
    newGame: guard(() => practice.newGame()),
    began: guard((state) => practice.began(state)),
    beforeAction: guard((action) => practice.beforeAction(action)),
    observed: guard((prev, obs) => {
      practice.observed(prev, obs);
      stats.observed(prev, obs, { mode: practice.mode(), level: bridge.levelUsed() });
      sound.observed(prev, obs);
    }),
  };
}
