// AI hints: at a table created with hints on, the seat to move may ask for the AI's three
// best moves with their estimated win chances (GET /api/matches/<id>/hint), and after the end
// a seat may ask for a review of its decisions (GET /api/matches/<id>/review).

import { api } from "./api.js";
import { currentLanguage, t } from "./i18n.js";
import { withProps as el } from "./dom.js";

const REVIEW_POLL_MS = 1500;
const percent = (p) => (typeof p === "number" ? Math.round(p * 100) : "?");

export class HintBar {
  /**
   * @param {HTMLElement} bar  the (empty) bar under the header
   * @param {{matchId: string, token: string, showError: Function,
   *          label: (action: object, mv: object) => string}} ctx
   */
  constructor(bar, ctx) {
    this.bar = bar;
    this.ctx = ctx;
    this.answer = null;
    this.asking = false;
    this.review = null;
    this.reviewTimer = null;
  }

  /** Redraw for a new view: the button while it is this seat's turn, the last answer if it is
   * still for this version. */
  draw(mv, mine) {
    this.mv = mv;
    const seated = mv && mv.seat !== null && mv.seat !== undefined;
    if (mv && mv.hints && mv.status === "finished" && seated) {
      this.drawReview();
      return;
    }
    const on = Boolean(mv && mv.hints && mv.status === "active");
    this.bar.hidden = !on;
    if (!on) return;
    if (this.answer && this.answer.version !== mv.version) this.answer = null;
    const parts = [el("span", { className: "hint-note", textContent: t("hint.on") })];
    if (mine) {
      const button = el("button", { type: "button", className: "small", textContent: t("hint.ask"),
        disabled: this.asking });
      button.dataset.testid = "hint-ask";
      button.addEventListener("click", () => this.ask(mv));
      parts.push(button);
    }
    if (mine && this.answer) {
      const list = el("ol", { className: "hint-moves" });
      list.dataset.testid = "hint-moves";
      for (const move of this.answer.moves) {
        const chance = typeof move.win_chance === "number"
          ? t("hint.chance", { p: Math.round(move.win_chance * 100) }) : t("hint.only_move");
        list.append(el("li", { className: "hint-move" },
          el("span", { className: "hint-action", textContent: this.ctx.label(move.action, mv) }),
          el("span", { className: "hint-chance", textContent: ` · ${chance}` })));
      }
      parts.push(list);
    } else if (mine && this.asking) {
      parts.push(el("span", { className: "hint", textContent: t("hint.thinking") }));
    }
    this.bar.replaceChildren(...parts);
  }

  /** After the end: "Review my decisions", its progress, then where the AI disagreed. */
  drawReview() {
    this.bar.hidden = false;
    const parts = [el("span", { className: "hint-note", textContent: t("review.title") })];
    const r = this.review;
    if (!r) {
      const button = el("button", { type: "button", className: "small", textContent: t("review.ask") });
      button.dataset.testid = "review-ask";
      button.addEventListener("click", () => this.pollReview());
      parts.push(button);
    } else if (r.status === "computing") {
      parts.push(el("span", { className: "hint", textContent: t("review.progress", { n: r.done, total: r.total }) }));
    } else if (r.status === "failed") {
      parts.push(el("span", { className: "hint", textContent: t("error.hint_failed") }));
    } else {
      const list = el("ol", { className: "hint-moves review-list" });
      list.dataset.testid = "review";
      for (const d of r.decisions) {
        list.append(el("li", { className: "review-item", textContent: t("review.item", {
          version: d.version, chosen: d.chosen_text || this.ctx.label(d.chosen, this.mv),
          best: d.best_text || this.ctx.label(d.best, this.mv),
          p_chosen: percent(d.chosen_chance), p_best: percent(d.best_chance) }) }));
      }
      parts.push(el("span", { className: "hint", textContent: t("review.summary", {
        n: r.decisions.length, total: r.total }) }), list);
    }
    this.bar.replaceChildren(...parts);
  }

  async pollReview() {
    clearTimeout(this.reviewTimer);
    try {
      this.review = await api("GET", `/api/matches/${encodeURIComponent(this.ctx.matchId)}/review`
        + `?lang=${encodeURIComponent(currentLanguage())}`,
        { token: this.ctx.token });
    } catch (err) {
      this.ctx.showError(err);
      return;
    }
    this.drawReview();
    if (this.review.status === "computing") {
      this.reviewTimer = setTimeout(() => this.pollReview(), REVIEW_POLL_MS);
    }
  }

  async ask(mv) {
    this.asking = true;
    this.draw(mv, true);
    try {
      this.answer = await api("GET", `/api/matches/${encodeURIComponent(this.ctx.matchId)}/hint`,
        { token: this.ctx.token });
    } catch (err) {
      this.ctx.showError(err);
    } finally {
      this.asking = false;
    }
    this.draw(mv, true);
  }
}
