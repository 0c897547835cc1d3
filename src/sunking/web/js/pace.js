// The pace of moves on screen, a person's choice (kept in this browser): other seats' and
// bots' moves are shown one at a time, at least that long apart, so that each can be followed
// (and its pieces seen travelling, js/motion.js); this page's own move is shown at once.

import { t } from "./i18n.js";

const KEY = "sunking.move_pace";
/** The paces offered: the least time between two moves shown, in milliseconds. */
export const PACES = [0, 1000, 2500];
/** The most moves waiting to be shown; beyond it the oldest are passed over. */
const MAX_WAITING = 30;

export function currentPace() {
  const kept = Number(localStorage.getItem(KEY));
  return PACES.includes(kept) ? kept : 0;
}

/** Fill `select` with the paces in the current language and keep the choice. */
export function bindPace(select) {
  const draw = () => {
    const chosen = currentPace();
    select.replaceChildren(...PACES.map((pace) => Object.assign(document.createElement("option"), {
      value: String(pace), textContent: t(`pace.${pace}`), selected: pace === chosen })));
  };
  draw();
  select.addEventListener("change", () => localStorage.setItem(KEY, select.value));
  document.addEventListener("sunking:language", draw);
}

/** Show the pace's choice (`label`) while the page follows a running match (`live`). */
export function drawPace(label, mv, { live }) {
  label.hidden = !(live && mv && mv.status === "active");
}

/** Shows whole views no faster than the chosen pace; `show(view)` draws one. */
export class Pacer {
  constructor(show) {
    this.show = show;
    this.waiting = [];
    this.timer = null;
    this.shownAt = 0;
    this.shownVersion = -1;
    this.mine = null;
  }

  /** This page sent an action computed from `version`: the view after it is shown at once. */
  acted(version) {
    this.mine = version;
  }

  offer(view) {
    const pace = currentPace();
    const own = this.mine !== null && view.version === this.mine + 1;
    if (!pace || own || view.version <= this.shownVersion) {
      // At once: no pace chosen, this page's own move, or news of the version on screen (a
      // seat's name, a clock); whatever waited is older than it.
      this.waiting = [];
      clearTimeout(this.timer);
      this.timer = null;
      this.draw(view);
      return;
    }
    this.waiting.push(view);
    if (this.waiting.length > MAX_WAITING) this.waiting.splice(0, this.waiting.length - MAX_WAITING);
    this.pump(pace);
  }

  pump(pace) {
    if (this.timer || !this.waiting.length) return;
    const wait = this.shownAt + pace - Date.now();
    if (wait <= 0) {
      this.draw(this.waiting.shift());
      if (this.waiting.length) this.pump(pace);
      return;
    }
    this.timer = setTimeout(() => {
      this.timer = null;
      if (this.waiting.length) this.draw(this.waiting.shift());
      this.pump(currentPace());
    }, wait);
  }

  draw(view) {
    this.shownAt = Date.now();
    this.shownVersion = view.version;
    this.show(view);
  }
}
