// "Alert me": when it becomes this seat's turn, a short sound and (if the browser allows it)
// a notification. Off until the player turns it on; the choice is kept in the browser.

import { t } from "./i18n.js";

const KEY = "sunking.notify";
const BEEP_MS = 180;

let audio = null;

function beep() {
  const Context = window.AudioContext || window.webkitAudioContext;
  if (!Context) return;
  try {
    audio = audio || new Context();
    const tone = audio.createOscillator();
    const gain = audio.createGain();
    tone.frequency.value = 880;
    gain.gain.value = 0.08;
    tone.connect(gain).connect(audio.destination);
    tone.start();
    tone.stop(audio.currentTime + BEEP_MS / 1000);
  } catch (_) {
    // No sound available: the title and icon still tell.
  }
}

export class TurnAlert {
  /** @param {HTMLInputElement} box  the "Alert me" checkbox */
  constructor(box) {
    this.box = box;
    this.wasMine = null;
    box.checked = localStorage.getItem(KEY) === "1";
    box.addEventListener("change", () => {
      localStorage.setItem(KEY, box.checked ? "1" : "0");
      if (box.checked && window.Notification && Notification.permission === "default") {
        Notification.requestPermission().catch(() => {});
      }
    });
  }

  /** Called on every view: alerts once when the turn passes to this seat. */
  update(mine, game) {
    const was = this.wasMine;
    this.wasMine = mine;
    if (!mine || was !== false || !this.box.checked) return;
    beep();
    if (window.Notification && Notification.permission === "granted") {
      try {
        const note = new Notification(t("play.tab_your_turn", { game }), { tag: "sunking-turn" });
        note.onclick = () => window.focus();
      } catch (_) {
        // Some browsers only notify from a service worker: the sound and the title remain.
      }
    }
  }
}
