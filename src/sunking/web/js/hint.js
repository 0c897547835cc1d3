// AI hints: at a table created with hints on, the seat to move may ask for the AI's three
// best moves with their estimated win chances and intervals (GET /api/matches/<id>/hint), and
// after the end a seat may ask for a review of its decisions (GET /api/matches/<id>/review,
// drawn by review.js).

import { api } from "./api.js";
import { currentLanguage, t } from "./i18n.js";
import { withProps as el } from "./dom.js";
import { chanceText, reviewParts } from "./review.js";

const REVIEW_POLL_MS = 1500;

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
      parts.push(...this.hintParts(mv));
    } else if (mine && this.asking) {
      parts.push(el("span", { className: "hint", textContent: t("hint.thinking") }));
    }
    this.bar.replaceChildren(...parts);
  }

  /** The hinted moves, best first, each with its win chance and interval, and whether the
   * first stands out or the moves are about equal. */
  hintParts(mv) {
    const { moves, separated, lang } = this.answer;
    const list = el("ol", { className: "hint-moves" });
    list.dataset.testid = "hint-moves";
    for (const move of moves) {
      // The server words the moves in the language asked; another language since: the page's.
      const text = move.text && lang === currentLanguage() ? move.text : this.ctx.label(move.action, mv);
      list.append(el("li", { className: "hint-move" },
        el("span", { className: "hint-action", textContent: text }),
        el("span", { className: "hint-chance",
          textContent: ` · ${chanceText("hint.chance", move.win_chance, move.low, move.high)}` })));
    }
    if (moves.length < 2) return [list];
    const verdict = el("p", { className: `hint-verdict${separated ? " separated" : ""}`,
      textContent: t(separated ? "hint.separated" : "hint.about_equal") });
    verdict.dataset.testid = "hint-verdict";
    return [list, verdict];
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
      // Worded by the server in the language asked: another language since, ask again.
      if (r.lang !== currentLanguage()) this.pollReview();
      parts.push(...reviewParts(r, this.ctx.matchId).filter(Boolean));
    }
    this.bar.replaceChildren(...parts);
  }

  async pollReview() {
    clearTimeout(this.reviewTimer);
    const lang = currentLanguage();
    try {
      this.review = await api("GET", `/api/matches/${encodeURIComponent(this.ctx.matchId)}/review`
        + `?lang=${encodeURIComponent(lang)}`, { token: this.ctx.token });
      this.review.lang = lang;
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
      const lang = currentLanguage();
      this.answer = await api("GET", `/api/matches/${encodeURIComponent(this.ctx.matchId)}/hint`
        + `?lang=${encodeURIComponent(lang)}`, { token: this.ctx.token });
      this.answer.lang = lang;
    } catch (err) {
      this.ctx.showError(err);
    } finally {
      this.asking = false;
    }
    this.draw(mv, true);
  }
}
