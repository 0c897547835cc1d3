// The page's own marks for a seat, shared by every game's screen: resigned or left (for good: a
// stand-in bot plays on), away (a stand-in bot plays),
// invited (its person has not claimed it yet), offline (no open connection) and the turn clock
// (counted down by play.js).

import { t } from "./i18n.js";

function badge(className, text, title) {
  const span = document.createElement("span");
  span.className = `badge ${className}`;
  span.textContent = text;
  if (title) span.title = title;
  return span;
}

/** The badges of a seat (`info`: its entry of MatchView.seats); none in a replay. */
export function seatBadges(info, mode) {
  const out = [];
  if (!info || mode === "replay") return out;
  if (info.gone) {
    out.push(badge(`away gone ${info.gone}`, t(`players.${info.gone}`), t(`players.${info.gone}_title`)));
  } else if (info.away) {
    out.push(badge("away", t("players.away"), t("players.away_title")));
  } else if (info.kind === "human" && info.claimed === false) {
    out.push(badge("offline invited", t("players.invited"), t("players.invited_title")));
  } else if (info.kind === "human" && info.connected === false) {
    out.push(badge("offline", t("players.offline")));
  }
  if (typeof info.clock_seconds_left === "number") {
    const clock = badge("clock", t("players.clock", { s: Math.max(0, Math.round(info.clock_seconds_left)) }),
      t("players.clock_title"));
    clock.dataset.clockDeadline = String(Date.now() + info.clock_seconds_left * 1000);
    out.push(clock);
  }
  return out;
}
