// The final scoring table: conversions into blazons, blazon majorities, missions, totals.

import { t } from "../../i18n.js";
import { el } from "./dom.js";
import { blazonIcon } from "./icons.js";
import { blazonCharge } from "./labels.js";

const capital = (text) => text.charAt(0).toUpperCase() + text.slice(1);

const CONVERSIONS = ["influence_cards", "intrigue_cards", "chips", "stones_on_court", "louis"];

/** Draw the final table of `result` (the game's own scoring account) into `host`. */
export function drawFinal(host, result, ctx) {
  host.replaceChildren();
  if (!result || !result.players) return;
  const rows = result.players;
  const winners = new Set(result.winners);
  host.append(el("h2", { id: "l14-final-title", text: t("louis14.final.title") }));
  const names = rows.map((r) => ctx.colourName(r.seat));
  host.append(el("p", { className: "final-winner", "data-testid": "final-winner",
    text: t(winners.size > 1 ? "louis14.final.winners" : "louis14.final.winner",
      { players: [...winners].map((s) => ctx.colourName(s)).join(", ") }) }));
  const table = el("table", { className: "table final-table", "data-testid": "final-table" });
  table.append(el("thead", {}, el("tr", {}, el("th", { text: "" }),
    ...rows.map((r, i) => el("th", { className: winners.has(r.seat) ? "winner" : "",
      "data-seat": r.seat },
    el("span", { className: `seat-swatch ${ctx.colourClass(r.seat)}` }),
    el("span", { text: ` ${names[i]}` }),
    winners.has(r.seat) ? el("span", { className: "winner-mark", title: t("louis14.final.winner_mark"), text: " ♛" }) : null)))));
  const body = el("tbody");
  const line = (label, cells, cls = "", picture = null) => body.append(el("tr", { className: cls },
    el("th", { scope: "row" }, picture, picture ? " " : null, label), ...cells));
  line(t("louis14.final.blazons_during"), rows.map((r) => el("td", { text: String(r.blazons_during_game) })));
  for (const key of CONVERSIONS) {
    line(t(`louis14.final.conversion.${key}`), rows.map((r) => el("td", { text: `+${r.conversions[key]}` })), "conversion");
  }
  for (let kind = 0; kind < rows[0].blazon_kinds.length; kind += 1) {
    line(capital(t("louis14.final.kind", { charge: blazonCharge(kind) })), rows.map((r) => {
      const major = r.majorities.includes(kind);
      return el("td", { className: major ? "majority" : "", title: major ? t("louis14.final.majority_title") : null,
        text: major ? `${r.blazon_kinds[kind]} ★` : String(r.blazon_kinds[kind]) });
    }), "kind", blazonIcon(kind));
  }
  if (rows.some((r) => r.kindless_blazons)) {
    line(t("louis14.final.kindless"), rows.map((r) => el("td", { text: String(r.kindless_blazons) })), "kind",
      blazonIcon(null));
  }
  line(t("louis14.final.majorities"), rows.map((r) => el("td", { text: `+${r.majorities.length}` })), "majorities");
  line(t("louis14.final.blazons"), rows.map((r) => el("td", { text: String(r.blazons) })), "subtotal");
  line(t("louis14.final.missions"), rows.map((r) => el("td", {
    text: t("louis14.final.missions_cell", { n: r.missions, points: r.mission_points }) })));
  line(t("louis14.final.score"), rows.map((r) => el("td", { className: winners.has(r.seat) ? "winner" : "",
    "data-testid": `final-score-${r.seat}`, "data-winner": winners.has(r.seat) ? "1" : "0",
    text: String(r.score) })), "total");
  line(t("louis14.final.tiebreak"), rows.map((r) => el("td", { text: String(r.personal_stones) })), "tiebreak");
  table.append(body);
  host.append(el("div", { className: "table-scroll" }, table));
  host.append(el("p", { className: "hint", text: t("louis14.final.rules") }));
}
