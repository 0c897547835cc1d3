// A person's profile (/players/<handle>): his rating per game (always public), his statistics per game and player count and his
// finished matches with their final tables, as far as he chose to show them; on his own
// profile also his running matches, the replays, and the choice of what others see.

import { api, errorText } from "./api.js";
import { el } from "./dom.js";
import {
  applyStatic, bindLanguageSelect, botLabel, currentLanguage, gameTitle, languages,
  loadLanguage, preferredLanguage, ratingText, t,
} from "./i18n.js";
import { drawActions, drawInvitations, drawPeople } from "./people.js";

const $ = (id) => document.getElementById(id);
const handle = decodeURIComponent(window.location.pathname.split("/").filter(Boolean)[1] || "");
let profile = null;
let signedIn = false;

function languageNames(codes) {
  const names = new Map(languages().map((l) => [l.code, l.name]));
  return codes.map((code) => names.get(code) || code).join(", ");
}

function drawStatistics(rows) {
  // Each cell carries its column's name: on a phone a row is drawn as a card of named values
  // (css/sunking.css, #stats), as six columns do not fit 390 pixels.
  const heads = [...$("stats").querySelectorAll("thead th")].map((th) => t(th.dataset.i18n));
  const cell = (n, text) => el("td", { text, role: "cell", "data-label": heads[n] });
  const body = $("stats").querySelector("tbody");
  body.replaceChildren(...rows.map((row) => el("tr", { role: "row" },
    cell(0, gameTitle(row.game)), cell(1, String(row.players)), cell(2, String(row.games)),
    cell(3, String(row.wins)), cell(4, row.mean_score.toLocaleString(currentLanguage())),
    cell(5, row.mean_place.toLocaleString(currentLanguage())))));
  $("stats-panel").hidden = rows.length === 0;
}

function drawRatings(ratings) {
  const rows = Object.entries(ratings || {});
  $("ratings").querySelector("tbody").replaceChildren(...rows.map(([game, rating]) => el("tr", {},
    el("td", {}, el("a", { className: "link", text: gameTitle(game),
      href: `/leaderboard/${encodeURIComponent(game)}` })),
    el("td", { text: `${ratingText(rating)} · ${t("profile.rated_games", { n: rating.games })}` }))));
  $("ratings").hidden = rows.length === 0;
  $("ratings-none").hidden = rows.length !== 0;
}

function finishedItem(end) {
  const table = [...end.table].sort((a, b) => a.place - b.place)
    .map((s) => t("profile.table_line", { place: s.place, score: s.score,
      name: s.kind === "bot" && s.name === s.bot ? botLabel(s.bot) : s.name }))
    .join(" · ");
  const date = new Date(end.created_at * 1000).toLocaleDateString(currentLanguage());
  const line = t("profile.finished_line", { game: gameTitle(end.game), date,
    place: end.place, score: end.score });
  const item = el("li", {}, el("strong", { text: line }), el("br"), el("span", { text: table }));
  if (profile.own) {
    item.append(" ", el("a", { className: "link", text: t("profile.replay"),
      href: `/play/${encodeURIComponent(end.match_id)}?replay=1` }));
  }
  return item;
}

function drawCurrent(rows) {
  $("current").replaceChildren(...rows.map((row) => el("li", {},
    el("a", { className: "link", href: `/play/${encodeURIComponent(row.match_id)}`,
      text: `${gameTitle(row.game)} · ${row.your_turn ? t("lobby.your_turn")
        : t(`status.${row.status}`)}` }))));
  if (!rows.length) {
    $("current").append(el("li", { className: "empty", text: t("profile.no_current") }));
  }
  $("current-panel").hidden = false;
}

function draw() {
  if (!profile) return;
  document.title = profile.handle;
  $("handle").textContent = profile.handle;
  $("languages").textContent = t("profile.languages", { languages: languageNames(profile.languages) });
  drawRatings(profile.ratings);
  if (profile.statistics) drawStatistics(profile.statistics);
  if (profile.finished) {
    const list = $("history");
    list.replaceChildren(...profile.finished.map(finishedItem));
    if (!profile.finished.length) {
      list.append(el("li", { className: "empty", text: t("profile.none") }));
    }
    $("history-panel").hidden = false;
  }
  if (profile.own) {
    drawCurrent(profile.current);
    $("shown").hidden = false;
    $("public-statistics").checked = profile.public_statistics;
    $("public-history").checked = profile.public_history;
  }
  $("hidden-note").hidden = profile.own || Boolean(profile.statistics || profile.finished);
  drawCommunity();
}

/** The community parts: the buttons on another's profile, the people and invitations on
 *  one's own (a guest sees neither). */
async function drawCommunity() {
  if (!signedIn) return;
  try {
    if (profile.own) {
      await drawInvitations($("invitations-panel"));
      await drawPeople($("people-panel"));
    } else {
      await drawActions($("people-actions"), profile.handle);
    }
  } catch (err) {
    $("error").textContent = errorText(err);
    $("error").hidden = false;
  }
}

async function choose() {
  try {
    await api("POST", "/api/account/profile", { body: {
      public_statistics: $("public-statistics").checked,
      public_history: $("public-history").checked } });
  } catch (err) {
    $("error").textContent = errorText(err);
    $("error").hidden = false;
  }
}

async function main() {
  await loadLanguage(preferredLanguage(null));
  applyStatic(document);
  bindLanguageSelect($("lang"));
  try {
    const session = await api("GET", "/api/account/session");
    signedIn = Boolean(session.signed_in);
    const mine = session.signed_in && session.handle.toLowerCase() === handle.toLowerCase();
    profile = await api("GET", mine ? "/api/account/profile"
      : `/api/players/${encodeURIComponent(handle)}`);
    draw();
  } catch (err) {
    $("error").textContent = errorText(err);
    $("error").hidden = false;
  }
  $("public-statistics").addEventListener("change", choose);
  $("public-history").addEventListener("change", choose);
  document.addEventListener("sunking:language", () => { applyStatic(document); draw(); });
  document.body.dataset.ready = "1";
}

main();
