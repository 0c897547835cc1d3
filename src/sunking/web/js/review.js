// The AI review of a finished match, drawn: the seat's win-chance curve (an inline SVG with an
// accessible name and a table of its numbers), and each flagged decision as a link that opens
// the replay at its step. In the replay, `showReviewedStep` names the move played and the
// better one at the step opened.

import { api } from "./api.js";
import { currentLanguage, t } from "./i18n.js";
import { el, svg } from "./dom.js";

const W = 640;
const H = 170;
const PAD = { left: 64, right: 12, top: 14, bottom: 30 };

const SHOWN_CHANGES = 3;
const pct = (p) => Math.round(p * 100);

/** "52% (47–57%)": a move's win chance and interval in words. */
export function chanceText(key, p, low, high) {
  if (typeof p !== "number") return t("hint.only_move");
  return t(key, { p: pct(p), low: pct(low ?? p), high: pct(high ?? p) });
}

/** The address of the replay at `step` (the replay's own numbering). */
export function stepLink(matchId, step) {
  return `/play/${encodeURIComponent(matchId)}?replay=1&step=${step}`;
}

/** The seat's win chance after each reviewed decision, as a line over the game's steps. */
export function drawCurve(curve, flagged, idBase = "review-curve") {
  const points = curve.filter((p) => typeof p.win_chance === "number");
  if (!points.length) return null;
  const first = points[0].step;
  const last = points[points.length - 1].step;
  const x = (step) => PAD.left + (last === first ? 0.5 : (step - first) / (last - first))
    * (W - PAD.left - PAD.right);
  const y = (p) => PAD.top + (1 - p) * (H - PAD.top - PAD.bottom);
  const title = `${idBase}-title`;
  const desc = `${idBase}-desc`;
  const grid = [0, 0.25, 0.5, 0.75, 1].map((p) => svg("g", { className: "curve-grid" },
    svg("line", { x1: PAD.left, x2: W - PAD.right, y1: y(p), y2: y(p) }),
    svg("text", { x: PAD.left - 6, y: y(p) + 4, "text-anchor": "end", text: `${pct(p)}%` })));
  const line = svg("polyline", { className: "curve-line", fill: "none",
    points: points.map((p) => `${x(p.step).toFixed(1)},${y(p.win_chance).toFixed(1)}`).join(" ") });
  const marks = points.filter((p) => flagged.has(p.step)).map((p) => svg("circle", {
    className: `curve-mark ${flagged.get(p.step)}`, cx: x(p.step), cy: y(p.win_chance), r: 4.5 }));
  const axis = [first, last].map((step, i) => svg("text", { className: "curve-axis", x: x(step),
    y: H - 8, "text-anchor": i ? "end" : "start", text: t("review.step", { step }) }));
  const words = t("review.curve_desc", { n: points.length, first, last,
    from: pct(points[0].win_chance), to: pct(points[points.length - 1].win_chance) });
  const drawing = svg("svg", { className: "review-curve", viewBox: `0 0 ${W} ${H}`, role: "img",
    "aria-labelledby": `${title} ${desc}`, "data-testid": "review-curve" },
  svg("title", { id: title, text: t("review.curve_title") }),
  svg("desc", { id: desc, text: words }), ...grid, line, ...marks, ...axis);
  const rows = points.map((p) => el("tr", {}, el("td", { text: String(p.step) }),
    el("td", { text: `${pct(p.win_chance)}%` })));
  const table = el("details", { className: "curve-numbers" },
    el("summary", { text: t("review.curve_numbers") }),
    el("table", {}, el("thead", {}, el("tr", {}, el("th", { scope: "col", text: t("review.col_step") }),
      el("th", { scope: "col", text: t("review.col_chance") }))), el("tbody", {}, ...rows)));
  return el("figure", { className: "review-figure" },
    el("figcaption", { text: t("review.curve_title") }), drawing, el("p", { className: "hint", text: words }), table);
}

/** One flagged decision: its step (a link to the replay there), class, both moves. */
function reviewLine(d, matchId) {
  const cls = t(`review.class.${d.class}`);
  const link = el("a", { className: "review-step", href: stepLink(matchId, d.step),
    title: t("review.open_step", { step: d.step }), "data-testid": "review-step",
    text: `${t("review.step", { step: d.step })} · ${cls}` });
  const events = d.best_changes || [];
  const shown = events.length > SHOWN_CHANGES ? [...events.slice(0, SHOWN_CHANGES), "…"] : events;
  // A long tail (a round's evaluation that the better move set off) folds away.
  const changes = !events.length ? null : el(events.length > SHOWN_CHANGES ? "details" : "div",
    { className: "review-changes" },
    events.length > SHOWN_CHANGES
      ? el("summary", { text: t("review.changes", { events: shown.join("; ") }) }) : null,
    events.length > SHOWN_CHANGES ? el("ul", {}, ...events.map((e) => el("li", { text: e })))
      : t("review.changes", { events: shown.join("; ") }));
  return el("li", { className: `review-item ${d.class}`, "data-step": String(d.step) }, link,
    el("div", { className: "review-played", text: t("review.played", { move: d.chosen_text,
      chance: chanceText("review.chance", d.chosen_chance, d.chosen_low, d.chosen_high) }) }),
    el("div", { className: "review-better", text: t("review.better", { move: d.best_text,
      chance: chanceText("review.chance", d.best_chance, d.best_low, d.best_high) }) }),
    changes);
}

/** The finished review: its summary, curve and flagged decisions. */
export function reviewParts(r, matchId) {
  const flagged = new Map(r.decisions.map((d) => [d.step, d.class]));
  const list = el("ol", { className: "review-list", "data-testid": "review" },
    ...r.decisions.map((d) => reviewLine(d, matchId)));
  return [el("span", { className: "hint", text: t("review.summary", { n: r.decisions.length, total: r.total }) }),
    drawCurve(r.curve || [], flagged), list];
}

/** In the replay opened at a reviewed step: a panel naming the move played and the better. */
export async function showReviewedStep(after, { matchId, token, step }) {
  let r;
  try {
    r = await api("GET", `/api/matches/${encodeURIComponent(matchId)}/review`
      + `?lang=${encodeURIComponent(currentLanguage())}`, { token });
  } catch {
    return;  // no review for this reader (a spectator, hints off): the replay alone
  }
  const d = (r.decisions || []).find((x) => x.step === step);
  if (!d) return;
  after.after(el("div", { className: "replay-reviewed", role: "note", "data-testid": "replay-reviewed",
    text: t("replay.reviewed", { step, class: t(`review.class.${d.class}`), chosen: d.chosen_text,
      best: d.best_text }) }));
}
