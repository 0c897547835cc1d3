// A game's leaderboard (/leaderboard/<game>): the rated people, the highest rating first, 50 a
// page; a provisional rating is marked as such (docs/ratings.md).

import { api, errorText } from "./api.js";
import { el } from "./dom.js";
import {
  applyStatic, bindLanguageSelect, gameTitle, loadLanguage, preferredLanguage, ratingText, t,
} from "./i18n.js";

const $ = (id) => document.getElementById(id);
let games = [];
let game = decodeURIComponent(window.location.pathname.split("/").filter(Boolean)[1] || "");
let board = { players: [], provisional_games: 5, page: 50 };
let full = false;

function row(person) {
  return el("tr", {},
    el("td", { text: String(person.place) }),
    el("td", {}, el("a", { className: "link", text: person.handle,
      href: `/players/${encodeURIComponent(person.handle)}` })),
    el("td", { text: ratingText(person) }),
    el("td", { text: String(person.games) }));
}

function draw() {
  const select = $("board-game");
  select.replaceChildren(...games.map((id) => el("option", { value: id, text: gameTitle(id) })));
  select.value = game;
  document.title = `${t("board.title")} · ${gameTitle(game)}`;
  $("board-note").textContent = t("board.provisional_note", { n: board.provisional_games });
  $("board").querySelector("tbody").replaceChildren(...board.players.map(row));
  $("board").hidden = board.players.length === 0;
  $("board-empty").hidden = board.players.length !== 0;
  $("board-more").hidden = full;
}

async function load(offset) {
  try {
    const page = await api("GET", `/api/ratings/${encodeURIComponent(game)}?offset=${offset}`);
    board = { ...page, players: offset ? [...board.players, ...page.players] : page.players };
    full = page.players.length < page.page;
    $("error").hidden = true;
  } catch (err) {
    $("error").textContent = errorText(err);
    $("error").hidden = false;
  }
  draw();
}

async function main() {
  await loadLanguage(preferredLanguage(null));
  applyStatic(document);
  bindLanguageSelect($("lang"));
  games = (await api("GET", "/api/games")).map((g) => g.id);
  if (!games.includes(game)) game = games[0];
  await load(0);
  $("board-game").addEventListener("change", async () => {
    game = $("board-game").value;
    window.history.replaceState(null, "", `/leaderboard/${encodeURIComponent(game)}`);
    await load(0);
  });
  $("board-more").addEventListener("click", () => load(board.players.length));
  document.addEventListener("sunking:language", () => { applyStatic(document); draw(); });
  document.body.dataset.ready = "1";
}

main();
