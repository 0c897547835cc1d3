"""Faults a newcomer found in the Louis XIV match page, each checked in the real browser."""

from __future__ import annotations

from types import ModuleType
from typing import Any

from playwright.sync_api import Browser, Page, expect

from sunking.core.registry import make
from sunking.core.rng import Rng
from sunking.games.louis14.actions import PlayIntrigue, Retrieve
from sunking.games.louis14.scenario import position
from sunking.games.louis14.state import Louis14State


def test_e2e_the_seat_token_leaves_the_address_bar(
    browser: Browser, server: Any, driver: ModuleType,
) -> None:
    context = browser.new_context(viewport=driver.VIEWPORT)
    lobby = context.new_page()
    links, spectator = driver.create_match(lobby, server.base, [
        {"kind": "human", "name": "Anna"}, {"kind": "human", "name": "Bert"}])
    first, second = context.new_page(), context.new_page()
    driver.open_match(first, links[0])
    driver.open_match(second, links[1])
    for page, link in ((first, links[0]), (second, links[1])):
        assert link.token not in page.url and "#t=" not in page.url
        assert page.url.endswith(f"/play/{link.match_id}")
    # A reload keeps each tab's own seat, though this browser holds both seats' tokens.
    first.reload()
    first.wait_for_selector("body[data-ready='1']")
    expect(first.locator("[data-testid=role]")).to_contain_text("Anna")
    second.reload()
    second.wait_for_selector("body[data-ready='1']")
    expect(second.locator("[data-testid=role]")).to_contain_text("Bert")
    # The replay page too.
    replay = context.new_page()
    replay.goto(spectator.url.replace("#t=", "?replay=1#t="))
    replay.wait_for_selector("body[data-ready='1']")
    assert spectator.token not in replay.url and replay.url.endswith("?replay=1")
    context.close()


# --- the Louis XIV screen's modules, run in the browser on views the engine made ----------


def match_view(state: Louis14State, seat: int | None) -> dict[str, Any]:
    """The MatchView the server would send ``seat`` for ``state`` (names: P0, P1, …)."""
    legal = [a.to_json() for a in state.legal_actions()] if seat == state.to_move else []
    return {
        "match_id": "m", "game": "louis14", "players": state.num_players, "language": "en",
        "version": state.version, "status": "active", "seat": seat,
        "seats": [{"seat": s, "kind": "human", "name": f"P{s}", "bot": None,
                   "connected": True, "away": False, "clock_seconds_left": None}
                  for s in range(state.num_players)],
        "to_move": state.to_move, "view": state.view(seat), "legal_actions": legal,
        "result": None, "events": state.events(seat),
    }


def module_page(browser: Browser, server: Any, driver: ModuleType, lang: str = "en") -> Page:
    """A page whose language catalog is loaded, to import the client's modules in."""
    page = browser.new_context(viewport=driver.VIEWPORT).new_page()
    driver.open_lobby(page, server.base, lang)
    return page


PROMPT_JS = """
async ([mv, card, click]) => {
  const { buildPrompt } = await import('/static/js/games/louis14/prompts.js');
  const acted = [];
  const sel = { card, cardIndex: 0, boost: false, placement: null, version: mv.version };
  const ctx = { act: (a) => acted.push(a), chooseCard() {}, rerender() {},
                colourName: (s) => `P${s}`, seat: mv.seat };
  const ids = (model) => model.buttons.map((b) => b.testid || b.label);
  const steps = [];
  let model = buildPrompt(mv, sel, ctx);
  steps.push({ buttons: ids(model), acted: acted.length, text: model.text });
  for (const testid of click) {
    model.buttons.find((b) => b.testid === testid).onClick();
    model = buildPrompt(mv, sel, ctx);
    steps.push({ buttons: ids(model), acted: acted.length, text: model.text });
  }
  return { steps, acted };
}
"""


def test_e2e_taking_stones_back_is_confirmed_and_needs_stones(
    browser: Browser, server: Any, driver: ModuleType,
) -> None:
    page = module_page(browser, server, driver)
    s = position(2, hands={0: [3, 5]}, phase="influence", steps=[("influence_turns", 0)])
    assert s.to_move == 0 and s.general[0] > 0
    steps = page.evaluate(PROMPT_JS, [match_view(s, 0), 3, ["retrieve"]])["steps"]
    assert "retrieve" in steps[0]["buttons"] and steps[0]["acted"] == 0
    # The first click only asks: nothing is played yet.
    assert steps[1]["acted"] == 0 and steps[1]["buttons"] == ["retrieve-confirm",
                                                               "retrieve-cancel"]
    assert "general supply" in steps[1]["text"]
    result = page.evaluate(PROMPT_JS, [match_view(s, 0), 3, ["retrieve", "retrieve-confirm"]])
    assert result["acted"] == [{"type": "retrieve", "card": 3, "boost": False}]
    back = page.evaluate(PROMPT_JS, [match_view(s, 0), 3, ["retrieve", "retrieve-cancel"]])
    assert back["acted"] == [] and "retrieve" in back["steps"][-1]["buttons"]
    # With no stone in the general supply there is nothing to take back: not offered.
    empty = position(2, hands={0: [3, 5]}, supplies={0: (16, 0)}, phase="influence",
                     steps=[("influence_turns", 0)])
    assert empty.to_move == 0 and empty.general[0] == 0
    steps = page.evaluate(PROMPT_JS, [match_view(empty, 0), 3, []])["steps"]
    assert "retrieve" not in steps[0]["buttons"]
    page.context.close()


def test_e2e_played_cards_add_up_and_chips_speak_the_language(
    browser: Browser, server: Any, driver: ModuleType,
) -> None:
    s = position(4, phase="influence", steps=[("influence_turns", 0)])
    s.center = [3, 3, 7, 0]
    page = module_page(browser, server, driver, "fr")
    shown = page.evaluate("""async (view) => {
      const { drawCourt } = await import('/static/js/games/louis14/court.js');
      const host = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
      document.body.append(host);
      drawCourt(host, view, {});
      return [...host.querySelectorAll('.played-card')].map((g) => [
        Number(g.dataset.card), Number(g.dataset.count), g.textContent]);
    }""", s.view(None))
    assert sum(count for _, count, _ in shown) == len(s.center) == 4
    assert [(card, count) for card, count, _ in shown] == [(0, 1), (3, 2), (7, 1)]
    assert "2" in shown[1][2]  # the count is drawn, not only in the tooltip
    chips = page.evaluate("""async () => {
      const { chipBadge } = await import('/static/js/games/louis14/dom.js');
      const { chipName } = await import('/static/js/games/louis14/labels.js');
      const codes = ['S', 'L', 'R', 'H', 'C'];
      return Object.fromEntries(codes.map((c) => {
        const badge = chipBadge(c, undefined, chipName(c));
        return [c, [badge.getAttribute('aria-label'), badge.textContent.trim(),
          badge.querySelector('svg').dataset.icon]];
      }));
    }""")
    # French names for a screen reader; a picture of its own, never a letter, on the screen.
    assert chips == {c: [name, "", f"chip-{c}"] for c, name in (
        ("S", "sceptre"), ("L", "lettre"), ("R", "bague"), ("H", "heaume"), ("C", "couronne"))}
    page.context.close()


def test_e2e_players_legend_and_the_known_intrigue_card(
    browser: Browser, server: Any, driver: ModuleType,
) -> None:
    s = position(4, intrigue={0: [4]}, stones={4: {1: 2}}, steps=[("tile", 4)])
    s = s.apply(PlayIntrigue("personal", 2))
    page = module_page(browser, server, driver)
    texts = page.evaluate("""async (view) => {
      const { drawPlayers } = await import('/static/js/games/louis14/panels.js');
      const host = document.createElement('section');
      document.body.append(host);
      drawPlayers(host, view, { colourName: (s) => `P${s}`, colourClass: (s) => `colour-${s}`,
                                seatInfo: () => null, seat: null, mode: 'live' });
      const legend = host.querySelector('[data-testid=players-legend]');
      return { legend: legend ? legend.textContent : null,
               known: [...host.querySelectorAll('[data-testid=intrigue-known]')]
                 .map((e) => e.textContent) };
    }""", s.view(None))
    assert texts["legend"] and "own supply / general supply / on the court" in texts["legend"]
    assert len(texts["known"]) == 1 and "4" in texts["known"][0]
    assert f"{len(s.intrigue_deck)} of {len(s.intrigue_deck)}" in texts["known"][0]
    page.context.close()


LOG_JS = """
async (events) => {
  const { eventText, outcomeLines } = await import('/static/js/games/louis14/log.js');
  const ctx = { colourName: (s) => ['Tester', 'Other'][s], players: 2 };
  return events.map((e) => (e.type === 'evaluate' ? outcomeLines(e, ctx).join(' | ')
                                                  : eventText(e, ctx)));
}
"""


def test_e2e_log_sentences_agree_in_number(
    browser: Browser, server: Any, driver: ModuleType,
) -> None:
    page = module_page(browser, server, driver)
    game = make("louis14")
    found: dict[str, dict[str, Any]] = {}
    one = position(2, hands={0: [3, 5]}, supplies={0: (15, 1)}, phase="influence",
                   steps=[("influence_turns", 0)]).apply(Retrieve(3))
    found["retrieve"] = next(e for e in one.events(None) if e["type"] == "retrieve")
    assert found["retrieve"]["stones"] == 1
    for seed in range(40):
        state = game.new_game(2, seed)
        rng = Rng(seed)
        while not state.is_terminal:
            actions = state.legal_actions()
            state = state.apply(actions[rng.below(len(actions))])
        for e in state.events(None):
            if e["type"] == "stones_back" and e.get("stones") == 1:
                found.setdefault(e["type"], e)
            if (e["type"] == "evaluate" and len(e.get("receivers") or []) == 1
                    and str(e.get("condition")).startswith("stones")):
                found.setdefault("evaluate", e)
        if len(found) == 3:
            break
    assert set(found) == {"retrieve", "stones_back", "evaluate"}, sorted(found)
    texts = page.evaluate(LOG_JS, list(found.values()))
    joined = " / ".join(texts)
    assert "1 stones" not in joined and " receive the reward" not in joined, joined
    assert "takes 1 stone back" in joined and "receives the reward" in joined, joined
    page.context.close()


ACCOUNT_JS = """
async ([mid, later]) => {
  const { createGameUI } = await import('/static/js/games/louis14/index.js');
  const root = document.createElement('main');
  document.body.append(root);
  let current = mid;
  const ctx = { mode: 'live', get seat() { return current.seat; },
                colourName: (s) => `P${s}`, colourClass: (s) => `colour-${s}`,
                seatInfo: () => null, act() {} };
  const ui = createGameUI(root, ctx);
  ui.render(mid);
  const before = root.querySelectorAll('.tile-highlight').length;
  root.querySelector('.step-tile').click();   // look at the first tile of the last evaluation
  const chosen = [...root.querySelectorAll('.tile-highlight')].map((g) => Number(g.dataset.tile));
  const firstTile = Number(root.querySelector('.step-tile').textContent);
  current = later;
  ui.render(later);
  const tiles = [...root.querySelectorAll('.step-tile')];
  return { before, chosen, firstTile,
           count: root.querySelector('.step-count').textContent,
           current: tiles.findIndex((b) => b.classList.contains('current')),
           tiles: tiles.length };
}
"""


def evaluation_positions(seed: int) -> tuple[Louis14State, Louis14State]:
    """A 2-player game's state on a seat's influence turn in round 2 (so round 1's evaluation
    is in the log), then one in a later evaluation, two tiles with stones into it."""
    game = make("louis14")
    state = game.new_game(2, seed)
    rng = Rng(seed)
    mid = None
    while not state.is_terminal:
        view = state.view(None)
        if view["round"] >= 2:
            if mid is None and view["phase"] == "influence" and state.to_move is not None:
                mid = state
            if mid is not None and view["phase"] == "evaluation" and state.to_move is not None:
                start = max(e["version"] for e in state.events(None)
                            if e["type"] == "reshuffle")
                scored = [e for e in state.events(None) if e["type"] == "evaluate"
                          and e["version"] > start and any(e["stones"])]
                if len(scored) >= 2:
                    return mid, state
        actions = state.legal_actions()
        state = state.apply(actions[rng.below(len(actions))])
    raise AssertionError(f"seed {seed}: no such positions")


def test_e2e_the_evaluation_account_follows_and_highlights(
    browser: Browser, server: Any, driver: ModuleType,
) -> None:
    mid, later = evaluation_positions(5)
    page = module_page(browser, server, driver)
    out = page.evaluate(ACCOUNT_JS, [match_view(mid, mid.to_move), match_view(later, None)])
    # Mid-game, on this seat's own turn, the chosen tile of the account lights up on the court.
    assert out["before"] == 0 and out["chosen"] == [out["firstTile"]]
    # A new evaluation is followed live: its newest step, not the step looked at before.
    assert out["current"] == out["tiles"] - 1
    assert out["count"] == f"Tile {out['tiles']} of {out['tiles']}"
    page.context.close()


MOVES_JS = """
async ([before, after]) => {
  const { createGameUI } = await import('/static/js/games/louis14/index.js');
  const root = document.createElement('main');
  document.body.append(root);
  const ctx = { mode: 'live', seat: before.seat, colourName: (s) => `P${s}`,
                colourClass: (s) => `colour-${s}`, seatInfo: () => null, act() {} };
  const ui = createGameUI(root, ctx);
  ui.render(before);
  const first = root.querySelectorAll('.tile-moved').length;
  ui.render(after);
  return { first,
           moved: [...root.querySelectorAll('.tile-moved')].map((g) => Number(g.dataset.tile)),
           fresh: [...root.querySelectorAll('.log-entry.log-new')].map((li) => li.textContent) };
}
"""


def test_e2e_another_seats_move_is_shown_on_the_court_and_in_the_log(
    browser: Browser, server: Any, driver: ModuleType,
) -> None:
    state = make("louis14").new_game(2, 4)
    mover = state.to_move
    assert mover is not None
    place = next(a for a in state.legal_actions()
                 if a.to_json()["type"] == "place" and len(a.to_json()["stones"]) >= 2)
    after = state.apply(place)
    watcher = 1 - mover
    page = module_page(browser, server, driver)
    out = page.evaluate(MOVES_JS, [match_view(state, watcher), match_view(after, watcher)])
    assert out["first"] == 0
    changed = sorted(t["tile"] for t, u in zip(state.view(None)["tiles"], after.view(None)["tiles"],
                                               strict=True) if t["stones"] != u["stones"])
    assert sorted(out["moved"]) == changed == sorted(tile for tile, _ in place.to_json()["stones"])
    assert out["fresh"] and all("P" in text for text in out["fresh"])
    page.context.close()


PASSES_JS = """
async (events) => {
  const { eventText, evaluations } = await import('/static/js/games/louis14/log.js');
  const ctx = { colourName: (s) => ['Tester', 'Other', 'Third'][s], players: 3 };
  const [evaluate, passed] = events;
  const steps = evaluations([{ type: 'reshuffle' }, evaluate, passed])[0].steps;
  return { texts: events.slice(1).map((e) => eventText(e, ctx)),
           after: steps[0].after.map((e) => e.type) };
}
"""


def test_e2e_a_pass_and_no_more_missions_are_told_in_the_log(
    browser: Browser, server: Any, driver: ModuleType,
) -> None:
    """The board's log words a bribe passed on (part of the tile's outcome in the evaluation
    account), an intrigue card not played, the end of a seat's missions, and any other pass."""
    s = position(3, money={1: 2, 2: 3}, stones={4: {0: 3, 1: 1, 2: 1}}, steps=[("tile", 4)])
    assert s.pending == ("bribe", 2, 4, 3)
    evaluate = next(e for e in s.events(None) if e["type"] == "evaluate")
    events = [evaluate, {"type": "pass", "seat": 2, "decision": "bribe", "tile": 4, "louis": 3},
              {"type": "pass", "seat": 1, "decision": "intrigue", "tile": 7},
              {"type": "end_missions", "seat": 0, "laid": 1},
              {"type": "pass", "seat": 1, "decision": "something_new"}]
    page = module_page(browser, server, driver)
    out = page.evaluate(PASSES_JS, events)
    bribe, intrigue, missions, other = out["texts"]
    assert bribe.startswith("Third declines to bribe ") and "3 louis d'or" in bribe, bribe
    assert intrigue.startswith("Other plays no intrigue card for "), intrigue
    assert missions == "Tester fulfils no more missions this round (1 mission fulfilled so far)"
    assert other == "Other passes"
    assert out["after"] == ["pass"]
    page.context.close()
