// The lobby: create a match, hand out its secret links, list this browser's matches.

import { api, csrfToken, errorText, storedTokens, storeToken } from "./api.js";
import { drawCarry, takeCarried } from "./carry.js";
import {
  applyStatic, bindLanguageSelect, botLabel, currentLanguage, has, languages, loadLanguage,
  preferredLanguage, t,
} from "./i18n.js";
import { inviteByName } from "./invite_name.js";
import { optionLabel, optionValue } from "./options.js";
import { clockText, OpenTables } from "./tables.js";

const REFRESH_MS = 10000;
/** The turn clocks the form offers, in seconds per move ("": no clock). */
const CLOCKS = ["", 10, 30, 60, 120, 300, 900, 3600, 86400];
const CLOCK_KEY = "sunking.clock";
/** The time banks offered on top of the clock, in seconds ("": none). */
const BANKS = ["", 60, 300, 900, 3600];
const state = { games: [], bots: [], created: null, mine: [], open: null };

const $ = (id) => document.getElementById(id);

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (name === "text") node.textContent = value;
    else if (name === "className") node.className = value;
    else node.setAttribute(name, value === true ? "" : value);
  }
  for (const child of children) if (child !== null && child !== undefined) node.append(child);
  return node;
}


/** A game's name: its catalog's title in the current language, else the server's name. */
function gameName(game) {
  const key = `${game.id}.title`;
  if (has(key)) return t(key);
  return (game.names || {})[currentLanguage()] || game.name;
}

function selectedGame() {
  return state.games.find((g) => g.id === $("game").value) || state.games[0];
}

function fillGames() {
  const select = $("game");
  const keep = select.value;
  select.replaceChildren(...state.games.map((g) => el("option", { value: g.id, text: gameName(g) })));
  if (keep) select.value = keep;
  fillPlayers();
}

/** The rules help of the chosen game, when its catalog has one. */
function linkRules(game) {
  const link = $("game-rules");
  link.hidden = !has(`${game.id}.rules.title`);
  link.href = `/rules/${encodeURIComponent(game.id)}`;
}

/** One control per option a person chooses for the chosen game (`options` in GET
 * /api/games), each choice in the game's words; a choice made is kept while the game is. */
function fillOptions(game) {
  const box = $("game-options");
  const keep = box.dataset.game === game.id
    ? Object.fromEntries(Array.from(box.querySelectorAll("select")).map((s) => [s.name, s.value]))
    : {};
  box.dataset.game = game.id;
  box.replaceChildren(...(game.options || []).map((option) => {
    const id = `option-${option.name}`;
    const select = el("select", { id, name: option.name, "data-testid": id },
      ...option.choices.map((value) => el("option", { value: String(value),
        text: optionValue(game.id, option.name, value) })));
    select.value = keep[option.name] ?? String(option.default);
    return el("div", { className: "form-row" },
      el("label", { for: id, text: optionLabel(game.id, option.name) }), select);
  }));
}

/** The chosen options as the server takes them (each value as the game lists it). */
function optionsFromForm() {
  const game = selectedGame();
  const out = {};
  for (const option of (game && game.options) || []) {
    const select = $(`option-${option.name}`);
    const value = select && option.choices.find((c) => String(c) === select.value);
    if (value !== undefined) out[option.name] = value;
  }
  return out;
}

/** One line per bot level: what it is, and its ladder rating in the chosen game where one
 * is measured (`bot_ratings` in GET /api/games). */
function fillBotLevels(game) {
  const ratings = (game && game.bot_ratings) || {};
  $("bot-levels").replaceChildren(...state.bots.map((bot) => {
    const about = t(`bot.about.${bot.replace(":", ".")}`);
    const rating = ratings[bot];
    const text = typeof rating === "number"
      ? t("lobby.bot_level_rated", { about, rating: rating.toLocaleString(currentLanguage(),
        { minimumFractionDigits: 1, maximumFractionDigits: 1 }) })
      : about;
    return el("li", { "data-bot": bot, text });
  }));
}

function fillPlayers() {
  const game = selectedGame();
  if (!game) return;
  linkRules(game);
  fillOptions(game);
  fillBotLevels(game);
  const select = $("players");
  const keep = Number(select.value) || Math.min(4, game.max_players);
  const options = [];
  for (let n = game.min_players; n <= game.max_players; n += 1) {
    options.push(el("option", { value: String(n), text: String(n) }));
  }
  select.replaceChildren(...options);
  select.value = String(Math.min(Math.max(keep, game.min_players), game.max_players));
  fillSeats();
}

function fillClocks() {
  const select = $("clock");
  const keep = select.options.length ? select.value : (localStorage.getItem(CLOCK_KEY) || "");
  select.replaceChildren(...CLOCKS.map((c) => el("option", { value: String(c), text: clockText(c) })));
  select.value = keep;
  const bank = $("bank");
  const keepBank = bank.value;
  bank.replaceChildren(...BANKS.map((b) => el("option", { value: String(b),
    text: b ? t("lobby.time_bank_minutes", { n: b / 60 }) : t("lobby.time_bank_none") })));
  bank.value = keepBank;
  $("bank-row").hidden = !select.value;
}

function fillMatchLanguages() {
  const select = $("match-lang");
  const keep = select.value || currentLanguage();
  select.replaceChildren(...languages().map((l) => el("option", { value: l.code, text: l.name })));
  select.value = keep;
}

/** One row per seat: human (with a name) or bot (with a difficulty). */
function fillSeats() {
  const rows = $("seat-rows");
  const count = Number($("players").value);
  const old = Array.from(rows.querySelectorAll(".seat-row")).map((row) => ({
    kind: row.querySelector(".seat-kind").value,
    name: row.querySelector(".seat-name").value,
    bot: row.querySelector(".seat-bot").value,
  }));
  rows.replaceChildren();
  for (let seat = 0; seat < count; seat += 1) {
    const before = old[seat] || { kind: seat === 0 ? "human" : "bot", name: "", bot: "heuristic" };
    // Each field is named with its seat ("Seat 2 Who plays this seat"): its own label after
    // the row's, so that a screen reader moving from field to field knows whose it is.
    const named = (id) => ({ id, "aria-labelledby": `seat-label-${seat} ${id}` });
    const kind = el("select", { className: "seat-kind", "data-testid": `seat-kind-${seat}`,
      "aria-label": t("lobby.seat_kind"), ...named(`seat-kind-${seat}`) },
    el("option", { value: "human", text: t("lobby.human") }),
    el("option", { value: "bot", text: t("lobby.bot") }),
    el("option", { value: "open", text: t("lobby.kind_open") }));
    kind.value = before.kind;
    const name = el("input", { className: "seat-name", type: "text", maxlength: "24",
      "data-testid": `seat-name-${seat}`, placeholder: t("lobby.name_placeholder", { n: seat + 1 }),
      "aria-label": t("lobby.name"), ...named(`seat-name-${seat}`) });
    name.value = before.name;
    const bot = el("select", { className: "seat-bot", "data-testid": `seat-bot-${seat}`,
      "aria-label": t("lobby.difficulty"), ...named(`seat-bot-${seat}`) },
    ...state.bots.map((b) => el("option", { value: b, text: botLabel(b) })));
    bot.value = state.bots.includes(before.bot) ? before.bot : (state.bots[0] || "");
    const sync = () => {
      name.hidden = kind.value !== "human";
      bot.hidden = kind.value !== "bot";
    };
    kind.addEventListener("change", sync);
    sync();
    rows.append(el("div", { className: "seat-row" },
      el("span", { className: `seat-swatch colour-${seat}` }),
      el("span", { className: "seat-label", id: `seat-label-${seat}`, text: t("lobby.seat_n", { n: seat + 1 }) }),
      kind, name, bot));
  }
}

function seatsFromForm() {
  return Array.from($("seat-rows").querySelectorAll(".seat-row")).map((row, seat) => {
    const kind = row.querySelector(".seat-kind").value;
    if (kind === "human") {
      const name = row.querySelector(".seat-name").value.trim()
        || t("lobby.default_name", { n: seat + 1 });
      return { kind: "human", name };
    }
    if (kind === "open") return { kind: "open" };
    return { kind: "bot", bot: row.querySelector(".seat-bot").value };
  });
}

function absolute(link) {
  return new URL(link, window.location.origin).href;
}

function seatLink(matchId, token) {
  return absolute(`/play/${encodeURIComponent(matchId)}#t=${encodeURIComponent(token)}`);
}

async function createMatch(event) {
  event.preventDefault();
  const error = $("create-error");
  error.hidden = true;
  const body = {
    game: $("game").value,
    players: Number($("players").value),
    seats: seatsFromForm(),
    language: $("match-lang").value,
    options: optionsFromForm(),
  };
  if ($("clock").value) body.turn_clock_seconds = Number($("clock").value);
  if ($("clock").value && $("bank").value) body.time_bank_seconds = Number($("bank").value);
  if ($("hints").checked) body.hints = true;
  if ($("practice").checked) body.practice = true;
  const button = $("create");
  button.disabled = true;
  try {
    const created = await api("POST", "/api/matches", { body });
    state.created = created;
    for (const seat of created.seats) if (seat.token) storeToken(created.match_id, seat.token, seat.seat);
    renderCreated();
    refreshMine();
    if (state.open) state.open.refresh();
  } catch (err) {
    error.textContent = errorText(err);
    error.hidden = false;
  } finally {
    button.disabled = false;
  }
}

function copyButton(text) {
  const button = el("button", { type: "button", className: "small", text: t("lobby.copy") });
  button.addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(text);
      button.textContent = t("lobby.copied");
    } catch (_) {
      window.prompt(t("lobby.copy"), text);
    }
  });
  return button;
}

function renderCreated() {
  const created = state.created;
  if (!created) return;
  $("created-panel").hidden = false;
  const list = $("links");
  list.replaceChildren();
  for (const seat of created.seats) {
    let who = t("lobby.bot_seat", { n: seat.seat + 1, bot: botLabel(seat.bot || "") });
    if (seat.kind === "human") who = t("lobby.link_seat", { n: seat.seat + 1, name: seat.name || "" });
    if (seat.kind === "open") who = t("lobby.open_seat_link", { n: seat.seat + 1 });
    const item = el("li", { className: "link-row", "data-seat": String(seat.seat) },
      el("span", { className: `seat-swatch colour-${seat.seat}` }),
      el("span", { className: "link-who", text: who }));
    if (seat.kind === "human" && seat.token) {
      const href = seat.link ? absolute(seat.link) : seatLink(created.match_id, seat.token);
      item.querySelector(".link-who").textContent =
        t("lobby.your_seat", { n: seat.seat + 1, name: seat.name || "" });
      item.append(el("a", { href, className: "link", target: "_blank", rel: "noopener",
        "data-testid": `seat-link-${seat.seat}`, text: t("lobby.open") }));
    } else if (seat.kind === "human" && seat.invitation_link) {
      // Another person's seat: its invitation, claimed once by whoever follows it first.
      const href = absolute(seat.invitation_link);
      item.querySelector(".link-who").textContent =
        t("lobby.invite_seat", { n: seat.seat + 1, name: seat.name || "" });
      item.append(el("a", { href, className: "link", target: "_blank", rel: "noopener",
        "data-testid": `invite-link-${seat.seat}`, text: t("lobby.open") }),
        copyButton(href));
      const invitation = seat.invitation || new URL(href).hash.replace(/^#i=/, "");
      const mine = created.seats.find((s) => s.token);
      if (csrfToken() && mine) {
        item.append(inviteByName(created.match_id, seat.seat, invitation, mine.token));
      }
    }
    list.append(item);
  }
  const spectator = created.spectator;
  if (spectator) {
    const href = spectator.link ? absolute(spectator.link)
      : seatLink(created.match_id, spectator.token);
    list.append(el("li", { className: "link-row" },
      el("span", { className: "seat-swatch spectator" }),
      el("span", { className: "link-who", text: t("lobby.spectator_link") }),
      el("a", { href, className: "link", target: "_blank", rel: "noopener",
        "data-testid": "spectator-link", text: t("lobby.open") }),
      copyButton(href)));
  }
}

/** The matches of this browser's tokens and, when it is signed in, of the account's seats
 * on every device (one row per match and seat). */
async function refreshMine() {
  const tokens = storedTokens();
  const asks = [tokens.length
    ? api("POST", "/api/my-matches", { body: { tokens: tokens.map((e) => e.token) } })
    : Promise.resolve([])];
  if (csrfToken()) asks.push(api("GET", "/api/account/matches").catch(() => []));
  let found;
  try {
    found = (await Promise.all(asks)).flat();
  } catch (_) {
    return;
  }
  const seen = new Set();
  state.mine = found.filter((row) => {
    const key = `${row.match_id}/${row.seat}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  renderMine();
}

function renderMine() {
  const table = $("mine");
  const body = table.querySelector("tbody");
  body.replaceChildren();
  const tokens = storedTokens();
  for (const row of state.mine) {
    const seat = row.seat === undefined ? null : row.seat;
    const entry = tokens.find((e) => e.match_id === row.match_id && (e.seat ?? null) === seat)
      || tokens.find((e) => e.match_id === row.match_id);
    const seatToken = entry ? entry.token : null;
    const game = state.games.find((g) => g.id === row.game);
    const status = t(`status.${row.status}`);
    let turn = "";
    if (row.your_turn) turn = t("lobby.your_turn");
    else if (row.to_move !== null && row.to_move !== undefined) turn = t("lobby.seat_n", { n: row.to_move + 1 });
    const tr = el("tr", { className: row.your_turn ? "your-turn" : "" },
      el("td", { className: "mono", text: row.match_id.slice(0, 8) }),
      el("td", { text: game ? gameName(game) : row.game }),
      el("td", { text: row.seat === null || row.seat === undefined ? t("lobby.spectator")
        : t("lobby.seat_n", { n: row.seat + 1 }) }),
      el("td", { text: status }),
      el("td", { text: turn }));
    const open = el("td");
    // A seat of the signed-in account opens without its token: the session says whose it is.
    const href = seatToken ? seatLink(row.match_id, seatToken)
      : absolute(`/play/${encodeURIComponent(row.match_id)}`);
    open.append(el("a", { href, className: "link", text: t("lobby.open") }));
    tr.append(open);
    body.append(tr);
  }
  table.hidden = state.mine.length === 0;
  $("mine-empty").hidden = state.mine.length !== 0;
}

function relabel() {
  applyStatic(document);
  document.title = t("lobby.title");
  fillGames();
  fillMatchLanguages();
  fillClocks();
  renderCreated();
  renderMine();
  if (state.open) state.open.render();
  drawCarry($("carry"), copyButton);
}

async function main() {
  takeCarried();
  await loadLanguage(preferredLanguage(null));
  bindLanguageSelect($("lang"));
  try {
    [state.games, state.bots] = await Promise.all([api("GET", "/api/games"), api("GET", "/api/bots")]);
  } catch (err) {
    $("create-error").textContent = errorText(err);
    $("create-error").hidden = false;
  }
  $("game").addEventListener("change", fillPlayers);
  $("players").addEventListener("change", fillSeats);
  $("clock").addEventListener("change", () => {
    localStorage.setItem(CLOCK_KEY, $("clock").value);
    $("bank-row").hidden = !$("clock").value;
  });
  $("create-form").addEventListener("submit", createMatch);
  document.addEventListener("sunking:language", relabel);
  relabel();
  $("match-lang").value = currentLanguage();
  state.open = new OpenTables();
  state.open.start();
  document.body.dataset.ready = "1";
  window.addEventListener("hashchange", () => {
    if (takeCarried()) refreshMine();
  });
  await refreshMine();
  setInterval(refreshMine, REFRESH_MS);
}

main();
