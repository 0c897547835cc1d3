// The match page: a seat's or a spectator's live view of one match, or the replay viewer.
//
// The token comes from the link's fragment (#t=…) and is kept in localStorage. The live view
// comes over the websocket (REST when it is down); every action carries the view's version.

import { api, errorText, storeToken, tokenFor } from "./api.js";
import { MatchConnection } from "./connection.js";
import {
  applyStatic, bindLanguageSelect, currentLanguage, has, loadLanguage, preferredLanguage, t,
} from "./i18n.js";

const TOAST_MS = 7000;
const $ = (id) => document.getElementById(id);

const parts = window.location.pathname.split("/").filter(Boolean);
const matchId = decodeURIComponent(parts[1] || "");
const query = new URLSearchParams(window.location.search);
const replayMode = query.has("replay") && query.get("replay") !== "0";
/** `?board=generic` opens any game in the generic screen, even one with a board of its own. */
const forceGeneric = query.get("board") === "generic";
const fragment = new URLSearchParams(window.location.hash.slice(1));
const token = fragment.get("t") || tokenFor(matchId);

let mv = null;
let ui = null;
/** The screen's module (its own board, or the generic screen). */
let screen = null;
let connection = null;
let toastTimer = null;
const replay = { data: null, base: null, frames: [], index: 0, perspective: null };

function botLabel(bot) {
  return t(`bot.${String(bot).replace(":", ".")}`);
}

/** A seat's name ("" for a colour that is no seat: a game's own screen names those). */
function colourName(colour) {
  if (!mv || colour === null || colour === undefined) return "";
  const seat = (mv.seats || []).find((s) => s.seat === colour);
  if (!seat) return "";
  if (seat.kind === "bot") return t("player.bot", { n: colour + 1, bot: botLabel(seat.bot || "") });
  return seat.name || t("lobby.default_name", { n: colour + 1 });
}

function colourClass(colour) {
  return mv && colour < mv.players ? `colour-${colour}` : "colour-neutral";
}

function showError(error) {
  const toast = $("toast");
  toast.textContent = errorText(error);
  toast.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => { toast.hidden = true; }, TOAST_MS);
}

/** The registered games (GET /api/games), loaded once. */
let gamesList = null;

async function loadGames() {
  if (gamesList === null) {
    try {
      gamesList = await api("GET", "/api/games");
    } catch (_) {
      gamesList = [];
    }
  }
  return gamesList;
}

/** A game's name in the current language: the catalog's, else the one the server gives. */
function gameName(game) {
  if (has(`${game}.title`)) return t(`${game}.title`);
  const entry = (gamesList || []).find((g) => g.id === game);
  if (!entry) return "";
  return (entry.names || {})[currentLanguage()] || entry.name;
}

function drawHeader() {
  if (!mv) return;
  document.title = `${gameName(mv.game)} · ${t("app.title")}`;
  $("match-title").textContent = t("play.match_title", { game: gameName(mv.game), id: matchId.slice(0, 8) });
  const role = mv.seat === null || mv.seat === undefined
    ? t("play.role_spectator") : t("play.role_seat", { player: colourName(mv.seat) });
  $("role").textContent = role;
  $("role").className = `role ${mv.seat === null || mv.seat === undefined ? "" : colourClass(mv.seat)}`;
  const link = $("replay-link");
  link.hidden = replayMode || mv.status !== "finished";
  link.href = `/play/${encodeURIComponent(matchId)}?replay=1#t=${encodeURIComponent(token)}`;
  $("live-link").href = `/play/${encodeURIComponent(matchId)}#t=${encodeURIComponent(token)}`;
  $("leave").hidden = replayMode || !connection || mv.seat === null || mv.seat === undefined
    || mv.status !== "active";
  $("conn").hidden = replayMode;
}

/** Leave the table: the server's stand-in bot plays this seat until the holder returns. */
async function leave() {
  if (!window.confirm(t("play.leave_confirm"))) return;
  try {
    await api("POST", `/api/matches/${encodeURIComponent(matchId)}/leave`, { token });
  } catch (err) {
    showError(err);
    return;
  }
  connection.close();
  connection = null;
  const back = Object.assign(document.createElement("button"), {
    type: "button", className: "primary", textContent: t("play.return"),
  });
  back.addEventListener("click", () => window.location.reload());
  $("game").replaceChildren(
    Object.assign(document.createElement("p"), { className: "notice", textContent: t("play.left") }),
    back);
  ui = null;
  drawHeader();
}

/** Turn clocks count down between views. */
function tickClocks() {
  for (const badge of document.querySelectorAll("[data-clock-deadline]")) {
    const left = Math.max(0, Math.round((Number(badge.dataset.clockDeadline) - Date.now()) / 1000));
    badge.textContent = t("players.clock", { s: left });
  }
}

/**
 * The screen of `game`: its own board when the server lists one (`dedicated_board` in
 * /api/games) and the page does not ask for the generic one, else the generic screen.
 */
async function gameModule(game) {
  const games = await loadGames();
  if (!forceGeneric) {
    const entry = games.find((g) => g.id === game);
    if (entry && entry.dedicated_board) return import(`./games/${game}/index.js`);
  }
  return import("./generic.js");
}

/** The query asking for the described board when the screen draws from it. */
function boardQuery(module) {
  return module.describedBoard ? `?lang=${encodeURIComponent(currentLanguage())}` : "";
}

function context(mode) {
  return {
    mode,
    get seat() { return mv ? mv.seat : null; },
    colourName,
    colourClass,
    seatInfo: (seat) => (mv ? (mv.seats || []).find((s) => s.seat === seat) : null),
    act(action) {
      if (!connection || !mv) return;
      connection.act(action, mv.version);
    },
  };
}

function render() {
  drawHeader();
  if (ui && mv) ui.render(mv);
  document.body.dataset.version = mv ? String(mv.version) : "";
  document.body.dataset.status = mv ? mv.status : "";
}

function setConnState(state) {
  const conn = $("conn");
  conn.dataset.state = state;
  conn.textContent = t(`conn.${state}`);
}

/**
 * A replay frame as a match view: the spectator's view at that version (or, once the match
 * is over, the view of the seat chosen), the log up to it, no legal actions.
 */
function frameView(index) {
  const frame = replay.frames[index];
  const seat = replay.perspective;
  const useSeat = seat !== null && Array.isArray(frame.views) && frame.views[seat];
  const events = [];
  for (let i = 0; i <= index; i += 1) {
    for (const e of replay.frames[i].events || []) {
      const owner = e.private_to;
      if (owner === undefined || owner === null || (useSeat && owner === seat)) events.push(e);
    }
  }
  const last = index === replay.frames.length - 1;
  return {
    match_id: matchId,
    game: replay.data.game,
    players: replay.data.players,
    language: replay.base ? replay.base.language : null,
    version: frame.version,
    status: last ? replay.data.status : "active",
    seat: useSeat ? seat : null,
    seats: replay.base ? replay.base.seats : [],
    to_move: frame.to_move,
    view: useSeat ? frame.views[seat] : frame.view,
    legal_actions: [],
    events,
    result: null,
  };
}

/** The described board of a replay frame (promises kept per version, seat and language). */
const frameBoards = new Map();

function frameBoard(version, seat) {
  const lang = currentLanguage();
  const key = `${version}/${seat}/${lang}`;
  if (!frameBoards.has(key)) {
    const params = new URLSearchParams({ version: String(version), lang });
    if (seat !== null && seat !== undefined) params.set("seat", String(seat));
    frameBoards.set(key, api("GET",
      `/api/matches/${encodeURIComponent(matchId)}/replay/board?${params}`, { token })
      .catch((err) => { frameBoards.delete(key); showError(err); return null; }));
  }
  return frameBoards.get(key);
}

/** For a screen that draws from the described board: fetch the frame's, then draw. */
function describeFrame(frame) {
  if (!screen || !screen.describedBoard) return;
  frameBoard(frame.version, frame.seat).then((board) => {
    if (mv !== frame) return;
    frame.board = board;
    render();
  });
}

function showReplayFrame(index) {
  const frames = replay.frames;
  if (!frames.length) return;
  replay.index = Math.max(0, Math.min(index, frames.length - 1));
  mv = frameView(replay.index);
  describeFrame(mv);
  $("replay-slider").value = String(replay.index);
  $("replay-pos").textContent = t("replay.position", { n: replay.index + 1, total: frames.length, version: mv.version });
  $("replay-prev").disabled = replay.index === 0;
  $("replay-next").disabled = replay.index === frames.length - 1;
  render();
}

/** Once the match is over every seat's view can be shown: a choice of whose. */
function drawPerspective() {
  const select = $("replay-seat");
  const finished = replay.data.status === "finished"
    && replay.frames.some((f) => Array.isArray(f.views));
  select.parentElement.hidden = !finished;
  if (!finished) return;
  const keep = replay.perspective === null ? "" : String(replay.perspective);
  select.replaceChildren();
  const spectator = document.createElement("option");
  spectator.value = "";
  spectator.textContent = t("play.role_spectator");
  select.append(spectator);
  for (let seat = 0; seat < replay.data.players; seat += 1) {
    const option = document.createElement("option");
    option.value = String(seat);
    option.textContent = colourName(seat);
    select.append(option);
  }
  select.value = keep;
}

async function startReplay() {
  $("replay-bar").hidden = false;
  const [data, base] = await Promise.all([
    api("GET", `/api/matches/${encodeURIComponent(matchId)}/replay`, { token }),
    api("GET", `/api/matches/${encodeURIComponent(matchId)}`, { token }),
  ]);
  replay.data = data;
  replay.base = base;
  replay.frames = data.frames || [];
  if (!replay.frames.length) throw Object.assign(new Error("empty replay"), { code: "empty_replay" });
  mv = base;
  await loadLanguage(preferredLanguage(base.language));
  $("replay-slider").max = String(replay.frames.length - 1);
  $("replay-first").addEventListener("click", () => showReplayFrame(0));
  $("replay-prev").addEventListener("click", () => showReplayFrame(replay.index - 1));
  $("replay-next").addEventListener("click", () => showReplayFrame(replay.index + 1));
  $("replay-last").addEventListener("click", () => showReplayFrame(replay.frames.length - 1));
  $("replay-slider").addEventListener("input", (event) => showReplayFrame(Number(event.target.value)));
  $("replay-seat").addEventListener("change", (event) => {
    replay.perspective = event.target.value === "" ? null : Number(event.target.value);
    showReplayFrame(replay.index);
  });
  document.addEventListener("keydown", (event) => {
    if (event.target && ["INPUT", "SELECT"].includes(event.target.tagName)) return;
    if (event.key === "ArrowLeft") showReplayFrame(replay.index - 1);
    if (event.key === "ArrowRight") showReplayFrame(replay.index + 1);
  });
  document.addEventListener("sunking:language", drawPerspective);
  drawPerspective();
  const module = await gameModule(base.game);
  screen = module;
  ui = module.createGameUI($("game"), context("replay"));
  showReplayFrame(0);
}

async function startLive() {
  let first;
  try {
    first = await api("GET", `/api/matches/${encodeURIComponent(matchId)}`, { token });
  } catch (err) {
    await loadLanguage(preferredLanguage(null));
    applyStatic(document);
    throw err;
  }
  storeToken(matchId, token, first.seat === undefined ? null : first.seat);
  await loadLanguage(preferredLanguage(first.language));
  const module = await gameModule(first.game);
  screen = module;
  if (module.describedBoard) {
    first = await api("GET", `/api/matches/${encodeURIComponent(matchId)}${boardQuery(module)}`, { token });
  }
  mv = first;
  ui = module.createGameUI($("game"), context("live"));
  render();
  connection = new MatchConnection(matchId, token, {
    lang: module.describedBoard ? currentLanguage() : null,
    onView(view) {
      mv = view;
      render();
    },
    onError(error) {
      showError(error);
      if (error && error.code === "stale_action") connection.refresh();
    },
    onState: setConnState,
  });
  connection.deliver(first);
  connection.open();
}

async function main() {
  if (!token) {
    await loadLanguage(preferredLanguage(null));
    applyStatic(document);
    bindLanguageSelect($("lang"));
    $("game").replaceChildren(Object.assign(document.createElement("p"),
      { className: "form-error", textContent: errorText({ code: "missing_token" }) }));
    return;
  }
  try {
    if (replayMode) await startReplay();
    else await startLive();
  } catch (err) {
    $("game").replaceChildren(Object.assign(document.createElement("p"),
      { className: "form-error", textContent: errorText(err) }));
  }
  applyStatic(document);
  bindLanguageSelect($("lang"));
  $("leave").addEventListener("click", leave);
  setInterval(tickClocks, 1000);
  drawHeader();
  document.addEventListener("sunking:language", () => {
    if (connection) {
      setConnState($("conn").dataset.state || "connecting");
      connection.setLanguage(currentLanguage());
    }
    if (replayMode && mv) describeFrame(mv);
    render();
  });
  document.body.dataset.ready = "1";
}

main();
