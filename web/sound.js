// sound.js — short synthesised sounds (WebAudio oscillators, no audio files), off by default.
// The setting is `sound` in localStorage["kaffeehaus.settings"] (the checkbox
// input[data-setting="sound"] in the settings dialog, kept by app.js like the other settings).
// Each step the table controller (web/play/table.js) shows plays its sound.
// Browsers let an AudioContext run only after a user gesture: it is created (or resumed) in a
// pointer/key gesture while sound is on, and a sound is played only while it is running.
// Each sound played is recorded on <html data-sound-last="card|trick-won|…" data-sound-count="n">.
import { label } from "./lang.js";

const html = document.documentElement;

// [frequency Hz, start s, duration s] per note
const SOUNDS = {
  "card": [[520, 0, 0.06]],
  "trick-won": [[660, 0, 0.07], [880, 0.08, 0.09]],
  "trick-lost": [[440, 0, 0.07], [330, 0.08, 0.09]],
  "deal-won": [[523, 0, 0.1], [659, 0.11, 0.1], [784, 0.22, 0.1], [1047, 0.33, 0.18]],
  "deal-lost": [[392, 0, 0.12], [330, 0.13, 0.12], [262, 0.26, 0.22]],
};

export function installSound({ table, settings }) {
  let context = null;
  let count = 0;
  const on = () => Boolean(settings.sound);

  function wake(force = false) {
    if (!on() && !force) return;
    try {
      if (!context) context = new AudioContext();
      if (context.state === "suspended") context.resume().catch(() => {});
    } catch {
      context = null;  // no WebAudio here: silence
    }
  }

  function play(kind, force = false) {
    if ((!on() && !force) || !context || context.state !== "running") return;
    const notes = SOUNDS[kind];
    const now = context.currentTime + 0.01;
    for (const [frequency, start, duration] of notes) {
      const oscillator = context.createOscillator();
      const gain = context.createGain();
      oscillator.type = "triangle";
      oscillator.frequency.value = frequency;
      gain.gain.setValueAtTime(0.0001, now + start);
      gain.gain.exponentialRampToValueAtTime(0.18, now + start + 0.01);
      gain.gain.exponentialRampToValueAtTime(0.0001, now + start + duration);
      oscillator.connect(gain).connect(context.destination);
      oscillator.start(now + start);
      oscillator.stop(now + start + duration + 0.02);
    }
    count += 1;
    html.dataset.soundLast = kind;
    html.dataset.soundCount = String(count);
  }

  // The checkbox, in the settings dialog next to the other settings (app.js stores it).
  const dialog = document.querySelector("dialog[data-dialog='settings']");
  if (dialog) {
    const input = document.createElement("input");
    input.type = "checkbox";
    input.dataset.setting = "sound";
    const row = document.createElement("label");
    row.className = "check";
    row.append(input, " ", label("span", "settings.sound"));
    dialog.insertBefore(row, dialog.querySelector("[data-card-preview]") || dialog.querySelector("form"));
    input.addEventListener("change", () => {
      // a change is a user gesture: start the audio and let the player hear it
      if (!input.checked) return;
      wake(true);   // (app.js stores the setting in its own listener, after this one)
      if (context) context.resume().then(() => play("card", true)).catch(() => {});
    });
  }
  document.addEventListener("pointerdown", () => wake(), true);
  document.addEventListener("keydown", () => wake(), true);

  // the sound of one step (`prev` → `observation`, both the observations of the seat looking:
  // seat 0 against the computer, either seat in pass and play or a duel)
  table.on("step", ({ prev, observation: obs }) => {
    if (!prev || !on()) return;
    const mine = (winner) => winner === obs.player;
    if (obs.result && !prev.result) play(mine(obs.result.winner) ? "deal-won" : "deal-lost");
    else if (obs.history.length === prev.history.length + 1) {
      play(mine(obs.history[obs.history.length - 1].winner) ? "trick-won" : "trick-lost");
    } else if (obs.trick.length > prev.trick.length) play("card");
  });
}
