// Open tables: the lobby's list of public matches waiting for players (take a free seat). A
// waiting table's shared link (`/?table=<id>`) shows its row first and marked.

import { api, errorText, storeToken } from "./api.js";
import { botLabel, ratingText, t } from "./i18n.js";
import { withProps as el } from "./dom.js";

const REFRESH_MS = 10000;
const NAME_KEY = "sunking.name";

const $ = (id) => document.getElementById(id);


function gameName(id) {
  const key = `${id}.title`;
  const text = t(key);
  return text === key ? id : text;
}

/** A turn clock in words: "30 s", "2 min", "1 h", "1 day" per move ("" or null: none). */
export function clockText(seconds) {
  if (!seconds) return t("lobby.clock_none");
  if (seconds >= 86400) return t("lobby.clock_days", { n: Math.round(seconds / 86400) });
  if (seconds >= 3600) return t("lobby.clock_hours", { n: Math.round(seconds / 3600) });
  if (seconds >= 60) return t("lobby.clock_minutes", { n: Math.round(seconds / 60) });
  return t("lobby.clock_per_move", { s: Math.round(seconds) });
}

/** A seat of a listed table, as text: its holder's name, its bot, or "free". */
function seatText(seat) {
  if (seat.kind === "open") return t("player.open");
  if (seat.kind === "bot") return botLabel(seat.bot || "");
  if (typeof seat.rating === "number") {
    return t("lobby.rated_name", { name: seat.name, rating: ratingText(seat) });
  }
  return seat.name;
}

/** The lobby's "Open tables" panel: lists the tables and lets this browser take a seat. */
export class OpenTables {
  constructor() {
    this.tables = [];
    this.name = $("join-name");
    this.name.value = localStorage.getItem(NAME_KEY) || "";
    this.name.addEventListener("change", () => localStorage.setItem(NAME_KEY, this.name.value.trim()));
  }

  start() {
    this.refresh();
    setInterval(() => this.refresh(), REFRESH_MS);
  }

  async refresh() {
    try {
      this.tables = await api("GET", "/api/open-matches");
    } catch (_) {
      return;
    }
    this.render();
  }

  async take(table, button) {
    const error = $("join-error");
    error.hidden = true;
    const name = this.name.value.trim();
    if (!name) {
      error.textContent = t("lobby.join_needs_name");
      error.hidden = false;
      this.name.focus();
      return;
    }
    localStorage.setItem(NAME_KEY, name);
    button.disabled = true;
    try {
      const seat = await api("POST", `/api/matches/${encodeURIComponent(table.match_id)}/join`,
        { body: { name } });
      storeToken(seat.match_id, seat.token, seat.seat);
      window.location.assign(new URL(seat.link, window.location.origin).href);
    } catch (err) {
      error.textContent = errorText(err);
      error.hidden = false;
      button.disabled = false;
      this.refresh();
    }
  }

  render() {
    const body = $("open-tables").querySelector("tbody");
    body.replaceChildren();
    // The table of a shared link first, marked, and its note shown while it is open.
    const wanted = new URLSearchParams(window.location.search).get("table");
    const tables = [...this.tables].sort((a, b) => (b.match_id === wanted) - (a.match_id === wanted));
    $("table-shared").hidden = !tables.some((table) => table.match_id === wanted);
    for (const table of tables) {
      const button = el("button", { type: "button", className: "small primary", textContent: t("lobby.take_seat") });
      button.dataset.testid = `join-${table.match_id}`;
      button.addEventListener("click", () => this.take(table, button));
      const seats = el("td", { className: "open-seats" });
      for (const seat of table.seats) {
        seats.append(el("span", { className: `open-seat ${seat.kind === "open" ? "free" : ""}` },
          el("span", { className: `seat-swatch colour-${seat.seat}` }), ` ${seatText(seat)}`));
      }
      const clock = clockText(table.turn_clock_seconds);
      const row = el("tr", {},
        el("td", { textContent: gameName(table.game) + (table.practice ? ` · ${t("play.practice")}` : "") }),
        seats,
        el("td", { textContent: t("lobby.free_seats", { n: table.free }) }),
        el("td", { textContent: clock }),
        el("td", {}, button));
      row.dataset.matchId = table.match_id;
      if (table.match_id === wanted) {
        row.className = "shared-table";
        row.setAttribute("aria-current", "true");
      }
      body.append(row);
    }
    $("open-tables").hidden = this.tables.length === 0;
    $("open-empty").hidden = this.tables.length !== 0;
    $("open-panel").dataset.loaded = "1";
  }
}
