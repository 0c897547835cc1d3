// The commentator's view of a finished match's replay: at the step shown, every seat's win
// chance by the game's fast evaluator (a bar and a percentage each, and the curve of the
// whole match) and every seat's hand in words (from each seat's described board of the
// frame). Only a finished match's replay carries the chances (`frame.chances`), so only there
// is the view offered.

import { t } from "./i18n.js";
import { withProps as el, svg } from "./dom.js";

const CURVE_W = 300;
const CURVE_H = 80;

/** Whether a replay can be commented: finished, with every seat's view and win chances. */
export function commentable(data) {
  return data && data.status === "finished" && (data.frames || []).length > 0
    && data.frames.every((f) => Array.isArray(f.chances) && Array.isArray(f.views));
}

/** A chance as a whole percentage in the page's language ("57 %", "57%"). */
function percent(chance) {
  return t("commentator.percent", { n: Math.round(chance * 100) });
}

export class Commentator {
  /**
   * @param {HTMLElement} bar  the replay bar, where the switch goes
   * @param {HTMLElement} after  the panel is placed after this element
   * @param {{frames: Array, players: number, colourName: Function, colourClass: Function,
   *          board: (version: number, seat: number) => Promise<object|null>,
   *          on: boolean, onChange: Function}} ctx
   */
  constructor(bar, after, ctx) {
    this.ctx = ctx;
    this.index = 0;
    this.on = Boolean(ctx.on);
    this.box = el("input", { type: "checkbox", checked: this.on });
    this.box.dataset.testid = "commentator-toggle";
    this.box.addEventListener("change", () => this.setOn(this.box.checked));
    this.switchText = el("span", {});
    this.switch = el("label", { className: "check commentator-switch" }, this.box, this.switchText);
    bar.append(this.switch);
    this.title = el("h2", { className: "commentator-title", id: "commentator-title" });
    this.note = el("p", { className: "hint commentator-note" });
    this.rows = el("ul", { className: "commentator-seats" });
    this.curve = svg("svg", { class: "commentator-curve", viewBox: `0 0 ${CURVE_W} ${CURVE_H}`,
      preserveAspectRatio: "none", "aria-hidden": "true", focusable: "false" });
    this.panel = el("section", { className: "commentator" },
      this.title, this.note, this.rows, this.curve);
    this.panel.dataset.testid = "commentator";
    this.panel.setAttribute("aria-labelledby", "commentator-title");
    after.after(this.panel);
    this.draw();
  }

  setOn(on) {
    this.on = on;
    this.box.checked = on;
    if (this.ctx.onChange) this.ctx.onChange(on);
    this.draw();
  }

  /** The step shown in the replay changed. */
  show(index) {
    this.index = index;
    this.draw();
  }

  /** What a screen reader hears with a step, the view on: every seat's chance ("" when off). */
  spoken() {
    if (!this.on) return "";
    const chances = this.ctx.frames[this.index].chances;
    const parts = chances.map((chance, seat) => t("commentator.spoken_seat",
      { name: this.ctx.colourName(seat), chance: percent(chance) }));
    return t("commentator.spoken", { chances: parts.join(", ") });
  }

  draw() {
    this.switchText.textContent = t("commentator.switch");
    this.switch.title = t("commentator.switch_title");
    this.panel.hidden = !this.on;
    if (!this.on) return;
    this.title.textContent = t("commentator.title");
    this.note.textContent = t("commentator.note");
    const frame = this.ctx.frames[this.index];
    const chances = frame.chances;
    const rows = [];
    for (let seat = 0; seat < this.ctx.players; seat += 1) rows.push(this.seatRow(frame, seat, chances[seat]));
    this.rows.replaceChildren(...rows);
    this.drawCurve();
  }

  seatRow(frame, seat, chance) {
    const colour = this.ctx.colourClass(seat);
    const name = el("span", { className: `commentator-name ${colour}`, textContent: this.ctx.colourName(seat) });
    const fill = el("span", { className: `commentator-fill ${colour}` });
    fill.style.width = `${Math.round(chance * 1000) / 10}%`;
    const bar = el("span", { className: "commentator-bar" }, fill);
    bar.setAttribute("aria-hidden", "true");
    const value = el("span", { className: "commentator-chance", textContent: percent(chance) });
    value.dataset.testid = "commentator-chance";
    const chanceLine = el("div", { className: "commentator-line" }, name, bar, value);
    chanceLine.title = t("commentator.chance_title");
    const hand = el("p", { className: "commentator-hand", textContent: t("commentator.hand_loading") });
    hand.dataset.testid = "commentator-hand";
    const row = el("li", { className: "commentator-seat" }, chanceLine, hand);
    row.dataset.testid = "commentator-seat";
    row.dataset.seat = String(seat);
    this.ctx.board(frame.version, seat).then((board) => {
      if (this.ctx.frames[this.index] !== frame || !this.on) return;
      hand.textContent = this.handText(board);
    });
    return row;
  }

  handText(board) {
    if (!board) return t("commentator.hand_unknown");
    const cards = (board.hand || []).map((card) => card.name).filter(Boolean);
    return cards.length ? t("commentator.hand", { cards: cards.join(", ") }) : t("commentator.hand_empty");
  }

  /** Each seat's chance over the whole match, a line each, and a mark at the step shown. */
  drawCurve() {
    const frames = this.ctx.frames;
    const last = Math.max(1, frames.length - 1);
    const x = (i) => (i / last) * CURVE_W;
    const y = (c) => CURVE_H - c * (CURVE_H - 4) - 2;
    const lines = [];
    for (let seat = 0; seat < this.ctx.players; seat += 1) {
      const points = frames.map((f, i) => `${x(i).toFixed(1)},${y(f.chances[seat]).toFixed(1)}`).join(" ");
      lines.push(svg("polyline", { class: `commentator-trace ${this.ctx.colourClass(seat)}`, points }));
    }
    const mark = svg("line", { class: "commentator-mark", x1: x(this.index), x2: x(this.index), y1: 0, y2: CURVE_H });
    this.curve.replaceChildren(...lines, mark);
  }
}
