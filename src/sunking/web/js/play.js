// The match page: a seat's or a spectator's live view of one match, or the replay viewer.
//
// The token comes from the link's fragment (#t=…) and is kept in localStorage; an invitation's
// link (#i=…) first claims its seat (claim.js); without a token, a signed-in person's seat is
// found by his session (its cookie). The live view
// comes over the websocket (REST when it is down); every action carries the view's version.

import { Announcer } from "./announce.js";
import { bindAccessKeys } from "./access_keys.js";
import { api, csrfToken, errorText, storeToken, tokenFor } from "./api.js";
import { TableChat } from "./chat.js";
import { Commentator, commentable } from "./commentator.js";
import { drawInvitation } from "./claim.js";
import { MatchConnection } from "./connection.js";
import { bindHeaderMenu } from "./header_menu.js";
import { HintBar } from "./hint.js";
import { capture, travel } from "./motion.js";
import { TurnAlert } from "./notify.js";
import { bindPace, drawPace, Pacer } from "./pace.js";
import { bindResign, drawResign } from "./resign.js";
import { bindUndo, drawUndo } from "./undo.js";
import { ReportDialog } from "./report.js";
import { showReviewedStep } from "./review.js";
import { WaitingRoom } from "./waiting_room.js";
import {
  applyStatic, bindLanguageSelect, botLabel, currentLanguage, has, loadLanguage, preferredLanguage, t,
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
/** This tab's token survives a reload in sessionStorage once the address bar no longer has it. */
const TAB_KEY = `sunking.tab.${matchId}`;
const token = fragment.get("t") || sessionStorage.getItem(TAB_KEY) || tokenFor(matchId);

let mv = null;
/** Shows the views that come at the pace the person chose (js/pace.js). */
const pacer = new Pacer((view) => {
  mv = view;
  render();
});
let ui = null;
/** The screen's module (its own board, or the generic screen). */
let screen = null;
let connection = null;
let chat = null;
let commentator = null;
let bots = [];
let turnAlert = null;
let hints = null;
let toastTimer = null;
/** The waiting room, shown instead of the board while an open table waits for players. */
let room = null;
const announcer = new Announcer($("announcements"), matchId);
const replay = { data: null, base: null, frames: [], index: 0, perspective: null };


/** A seat's name ("" for a colour that is no seat: a game's own screen names those). */
function colourName(colour) {
  if (!mv || colour === null || colour === undefined) return "";
  const seat = (mv.seats || []).find((s) => s.seat === colour);
  if (!seat) return "";
  if (seat.kind === "open") return t("player.open");
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
  announcer.fault(toast.textContent);
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

/** Whether this page's seat is to decide now (so the tab says so). */
function myTurn() {
  return !replayMode && mv && mv.status === "active" && mv.seat !== null && mv.seat !== undefined
    && mv.seat === mv.to_move && (mv.legal_actions || []).length > 0;
}

/** The tab's title and icon say when it is your turn; the header shows the turn clock. */
function drawTurn() {
  const mine = myTurn();
  const game = gameName(mv.game);
  document.title = mine ? t("play.tab_your_turn", { game }) : `${game} · ${t("app.title")}`;
  $("icon").href = mine ? "/static/img/sun-turn.svg" : "/static/img/sun.svg";
  document.body.classList.toggle("my-turn", Boolean(mine));
  if (turnAlert) turnAlert.update(Boolean(mine), game);
  if (hints) hints.draw(mv, Boolean(mine));
  const mover = (mv.seats || []).find((s) => s.seat === mv.to_move);
  const clock = $("turn-clock");
  const left = mover && !replayMode ? mover.clock_seconds_left : null;
  clock.hidden = typeof left !== "number";
  if (clock.hidden) {
    delete clock.dataset.clockDeadline;
    return;
  }
  clock.dataset.clockDeadline = String(Date.now() + left * 1000);
  clock.dataset.mine = mine ? "1" : "0";
  clock.textContent = clockLabel(left);
  const bank = mover.bank_seconds;
  clock.title = typeof bank === "number"
    ? `${t("players.clock_title")} · ${t("players.bank", { time: longDuration(bank) || `${Math.round(bank)} s` })}`
    : t("players.clock_title");
}

function drawHeader() {
  if (!mv) return;
  drawTurn();
  const practice = mv.practice ? ` · ${t("play.practice")}` : "";
  $("match-title").textContent = t("play.match_title", { game: gameName(mv.game), id: matchId.slice(0, 8) }) + practice;
  const role = mv.seat === null || mv.seat === undefined
    ? t("play.role_spectator") : t("play.role_seat", { player: colourName(mv.seat) });
  $("role").textContent = role;
  $("role").className = `role ${mv.seat === null || mv.seat === undefined ? "" : colourClass(mv.seat)}`;
  const link = $("replay-link");
  // A match closed as abandoned keeps its replay, as a finished one does.
  link.hidden = replayMode || (mv.status !== "finished" && mv.status !== "abandoned");
  $("closed-bar").hidden = replayMode || mv.status !== "abandoned";
  const secret = token ? `#t=${encodeURIComponent(token)}` : "";
  link.href = `/play/${encodeURIComponent(matchId)}?replay=1${secret}`;
  $("live-link").href = `/play/${encodeURIComponent(matchId)}${secret}`;
  $("leave").hidden = replayMode || !connection || mv.seat === null || mv.seat === undefined
    || mv.status !== "active" || mv.seats[mv.seat].gone === "resigned";
  drawResign($("resign"), mv, { live: !replayMode && Boolean(connection) });
  drawUndo($("table-tools"), mv, { live: !replayMode && Boolean(connection) });
  drawPace($("move-pace").closest("label"), mv, { live: !replayMode && Boolean(connection) });
  $("conn").hidden = replayMode;
  $("since-button").hidden = replayMode;
  const rules = $("rules-link");
  rules.hidden = !has(`${mv.game}.rules.title`);
  rules.href = `/rules/${encodeURIComponent(mv.game)}`;
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

/** A duration as "4:05" or "23:59:59" (null under a minute). */
function longDuration(seconds) {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return null;
  const two = (n) => String(n).padStart(2, "0");
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  return h ? `${h}:${two(m)}:${two(s % 60)}` : `${m}:${two(s % 60)}`;
}

/** Time left on a turn clock: "⏱ 42 s", "⏱ 4:05", "⏱ 23:59:59". */
function clockLabel(seconds) {
  const time = longDuration(seconds);
  return time ? t("players.clock_long", { time }) : t("players.clock", { s: Math.max(0, Math.round(seconds)) });
}

/** Turn clocks count down between views. */
function tickClocks() {
  for (const badge of document.querySelectorAll("[data-clock-deadline]")) {
    badge.textContent = clockLabel((Number(badge.dataset.clockDeadline) - Date.now()) / 1000);
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
    if (entry && entry.dedicated_board) {
      const module = await import(`./games/${game}/index.js`);
      await loadStylesheet(module.stylesheet);
      return module;
    }
  }
  return import("./generic.js");
}

/**
 * A board's own stylesheet (`stylesheet` exported by its module), loaded before the board is
 * first drawn so that a phone never sees it unstyled. A sheet that fails to load leaves the
 * board on the page's common styles.
 */
function loadStylesheet(href) {
  if (!href || document.querySelector(`link[data-board-style="${href}"]`)) return Promise.resolve();
  return new Promise((resolve) => {
    const link = document.createElement("link");
    link.rel = "stylesheet";
    link.href = href;
    link.dataset.boardStyle = href;
    link.addEventListener("load", () => resolve());
    link.addEventListener("error", () => resolve());
    document.head.append(link);
  });
}

/** The query asking for the described board: drawn from by some screens, and the words of
 * every announcement (its log) on all of them. */
function boardQuery() {
  return `?lang=${encodeURIComponent(currentLanguage())}`;
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
      announcer.acted(mv.version);
      pacer.acted(mv.version);
      connection.act(action, mv.version);
    },
    /** Open the chat as a side room with the seats chosen (a board's button). */
    sideRoom(seats) {
      if (chat) chat.openSideRoom(seats);
    },
  };
}

/** The table chat of this match (`replay`: read-only, following the frame shown). */
function openChat(replay) {
  chat = new TableChat($("chat"), {
    matchId, token, replay, colourName, colourClass, showError,
    seat: () => (mv && mv.seat !== undefined ? mv.seat : null),
    seats: () => (mv ? mv.seats || [] : []),
    addressing: () => (ui && ui.chatAddressing ? ui.chatAddressing() : null),
    onReport: replay ? null : (seat, line) => reporter.open(seat, line),
    onHeard: replay ? null : (name, text, isPrivate) => announcer.chat(name, text, isPrivate),
    onSpectators: (on) => connection && connection.setSpectators(on),
    say: (text) => announcer.say(text),
  });
  const reporter = new ReportDialog({
    matchId, token, nameOf: colourName,
    seat: () => (mv && mv.seat !== undefined ? mv.seat : null),
    seats: () => (mv ? mv.seats || [] : []),
    lines: () => [...chat.messages.values()],
    hide: (seat) => chat.hideSeat(seat),
    hush: () => announcer.hush(),
  });
  return chat;
}

function render() {
  drawHeader();
  const waiting = Boolean(!replayMode && mv && mv.status === "waiting");
  if (room) room.draw(replayMode ? null : mv);
  // Nothing of the game is shown before it starts: the board is drawn from the first view
  // after the start.
  $("game").hidden = waiting;
  const before = ui && mv && !waiting ? capture($("game")) : null;
  if (ui && mv && !waiting) ui.render(mv);
  if (ui && mv && !waiting) travel($("game"), before, mv.version);
  if (mv && !replayMode) announcer.view(mv, myTurn(), colourName);
  if (chat) chat.refreshAddressing();
  document.body.dataset.version = mv ? String(mv.version) : "";
  document.body.dataset.status = mv ? mv.status : "";
}

function setConnState(state) {
  const conn = $("conn");
  conn.dataset.state = state;
  conn.textContent = t(`conn.${state}`);
  // Without the socket the chat is fetched over REST; back live, once more to catch up.
  if (chat) {
    chat.setPolling(state !== "live");
    if (state === "live") chat.poll();
  }
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
function describeFrame(frame, announce = false) {
  frameBoard(frame.version, frame.seat).then((board) => {
    if (mv !== frame) return;
    frame.board = board;
    if (announce) {
      const lines = ((board && board.log) || []).filter((line) => line.n === frame.version);
      announcer.say([$("replay-pos").textContent, ...lines.map((line) => line.text),
        commentator ? commentator.spoken() : ""].filter(Boolean).join(" "));
    }
    if (screen && screen.describedBoard) render();
  });
}

function showReplayFrame(index) {
  const frames = replay.frames;
  if (!frames.length) return;
  replay.index = Math.max(0, Math.min(index, frames.length - 1));
  mv = frameView(replay.index);
  describeFrame(mv, true);
  $("replay-slider").value = String(replay.index);
  $("replay-pos").textContent = t("replay.position", { n: replay.index + 1, total: frames.length, version: mv.version });
  $("replay-slider").setAttribute("aria-valuetext", $("replay-pos").textContent);
  $("replay-prev").disabled = replay.index === 0;
  $("replay-next").disabled = replay.index === frames.length - 1;
  if (chat) chat.showUpTo(mv.version);
  if (commentator) commentator.show(replay.index);
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

/**
 * Take the token out of the address bar once it is kept in this browser, so that an address
 * copied from the bar never hands over the seat (the page finds the token again by match).
 */
function hideToken() {
  if (!token) return;  // a signed-in person's seat, opened by the session
  sessionStorage.setItem(TAB_KEY, token);
  if (!fragment.has("t")) return;
  fragment.delete("t");
  const rest = fragment.toString();
  window.history.replaceState(null, "",
    window.location.pathname + window.location.search + (rest ? `#${rest}` : ""));
}

async function startReplay() {
  $("replay-bar").hidden = false;
  let data;
  let base;
  try {
    [data, base] = await Promise.all([
      api("GET", `/api/matches/${encodeURIComponent(matchId)}/replay`, { token }),
      api("GET", `/api/matches/${encodeURIComponent(matchId)}`, { token }),
    ]);
  } catch (err) {
    // Refused (a match of older rules, say): the refusal is worded in the reader's language.
    await loadLanguage(preferredLanguage(null));
    applyStatic(document);
    throw err;
  }
  replay.data = data;
  replay.base = base;
  if (token) storeToken(matchId, token, base.seat === undefined ? null : base.seat);
  hideToken();
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
  // `?step=n` (a review line's link): that step, seen by the reader's seat, and what the
  // review says of the move made there.
  const step = Number.parseInt(query.get("step") || "", 10);
  if (step > 0 && base.seat !== null && base.seat !== undefined) replay.perspective = base.seat;
  drawPerspective();
  if (commentable(data)) {
    commentator = new Commentator($("replay-bar"), $("replay-bar"), {
      frames: replay.frames, players: data.players, colourName, colourClass,
      board: frameBoard, on: query.get("commentator") === "1",
    });
    document.addEventListener("sunking:language", () => commentator.draw());
  }
  const module = await gameModule(base.game);
  screen = module;
  ui = module.createGameUI($("game"), context("replay"));
  openChat(true).add(data.chat || [], false);
  showReplayFrame(step > 0 ? step - 1 : 0);
  if (step > 0) showReviewedStep($("replay-bar"), { matchId, token, step });
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
  if (token) storeToken(matchId, token, first.seat === undefined ? null : first.seat);
  hideToken();
  if (first.status === "waiting") bots = await api("GET", "/api/bots");
  await loadLanguage(preferredLanguage(first.language));
  const module = await gameModule(first.game);
  screen = module;
  first = await api("GET", `/api/matches/${encodeURIComponent(matchId)}${boardQuery()}`, { token });
  mv = first;
  ui = module.createGameUI($("game"), context("live"));
  room = new WaitingRoom($("waiting-room"), {
    matchId, token, bots, showError, gameName, say: (text) => announcer.say(text),
    gameEntry: (game) => (gamesList || []).find((g) => g.id === game),
    onView: (view) => connection && connection.deliver(view),
  });
  hints = new HintBar($("hint-bar"), {
    matchId, token, showError,
    label: (action, view) => {
      if (module.actionLabel) return module.actionLabel(action);
      const n = (view.legal_actions || []).findIndex((a) => JSON.stringify(a) === JSON.stringify(action));
      // A described board words every legal action: the hint names the move as the prompt does.
      const worded = n >= 0 && view.board ? (view.board.actions || []).find((a) => a.index === n) : null;
      if (worded) return worded.text;
      return n >= 0 ? t("hint.choice", { n: n + 1 }) : t("hint.a_move");
    },
  });
  render();
  openChat(false).load().catch(showError);
  if (first.seat !== null && first.seat !== undefined) {
    turnAlert = new TurnAlert($("notify"));
    $("notify").parentElement.hidden = false;
  }
  connection = new MatchConnection(matchId, token, {
    onChat(messages) {
      chat.add(messages);
    },
    lang: currentLanguage(),
    spectators: Boolean(chat && chat.isSeat && chat.hearing),
    onView(view) {
      pacer.offer(view);
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

/** An invitation link (#i=…): claim the seat, then open the match at it. */
async function claimInvitation(invitation) {
  await loadLanguage(preferredLanguage(null));
  applyStatic(document);
  bindLanguageSelect($("lang"));
  document.addEventListener("sunking:language", () => window.location.reload());
  try {
    const drawn = drawInvitation($("game"), matchId, invitation);
    document.body.dataset.ready = "1";
    const claimed = await drawn;
    sessionStorage.setItem(TAB_KEY, claimed.token);
    window.history.replaceState(null, "", `/play/${encodeURIComponent(matchId)}`);
    window.location.reload();
  } catch (err) {
    $("game").replaceChildren(Object.assign(document.createElement("p"),
      { className: "form-error", textContent: errorText(err) }));
    document.body.dataset.ready = "1";
  }
}

async function main() {
  bindHeaderMenu($("menu-button"), $("header-tools"));
  if (fragment.get("i")) {
    await claimInvitation(fragment.get("i"));
    return;
  }
  if (!token && !csrfToken()) {
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
  bindAccessKeys({
    game: $("game"), waiting: $("waiting-room"), button: $("keys-button"), sinceButton: $("since-button"), replay: replayMode,
    skip: document.querySelector(".skip-link"),
    summary: () => announcer.summary(),
    hush: () => announcer.hush(),
    chat: () => chat && chat.setOpen(true),
  });
  bindResign($("resign"), { matchId, token, showError,
    onView: (view) => connection && connection.deliver(view) });
  bindUndo($("undo"), (action) => context("live").act(action));
  bindPace($("move-pace"));
  setInterval(tickClocks, 1000);
  drawHeader();
  document.addEventListener("sunking:language", () => {
    if (connection) {
      setConnState($("conn").dataset.state || "connecting");
      connection.setLanguage(currentLanguage());
    }
    if (chat) chat.redraw();
    if (room) room.relabel(replayMode ? null : mv);
    if (replayMode && mv) describeFrame(mv);
    render();
    // After the redraw of the view in hand: the next view's log, in the new words, is no news.
    announcer.relanguage();
  });
  document.body.dataset.ready = "1";
}

main();
