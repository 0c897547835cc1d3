"""Placing stones click by click offers exactly the legal placements, in the real browser.

For influence turns of seeded games, the client's placement builder (``placement.js``) is
walked through every sequence of clicks it offers: every placement it can complete must be a
legal action of the engine, and every legal placement must be reachable by clicking.
"""

from __future__ import annotations

import json
from typing import Any

from playwright.sync_api import Browser

from sunking.core.registry import make
from sunking.core.rng import Rng

WALK_JS = """
async (cases) => {
  const { Placement } = await import('/static/js/games/louis14/placement.js');
  const out = [];
  cases.forEach((legal, index) => {
    const combos = new Set(legal.filter((a) => a.type === 'place')
      .map((a) => JSON.stringify([a.card, Boolean(a.boost)])));
    for (const combo of combos) {
      const [card, boost] = JSON.parse(combo);
      const placement = new Placement(legal, card, boost);
      const reached = new Set();
      const walk = () => {
        const done = placement.complete();
        if (done) reached.add(JSON.stringify(done.stones));
        for (const tile of placement.options()) {
          placement.add(tile);
          walk();
          placement.undo();
        }
      };
      walk();
      out.push({ index, card, boost, reached: [...reached] });
    }
  });
  return out;
}
"""


def turn_positions() -> list[list[dict[str, Any]]]:
    """The legal actions of some influence turns of seeded random games."""
    game = make("louis14")
    cases: list[list[dict[str, Any]]] = []
    for players, seed in [(2, 11), (3, 12), (4, 13), (4, 14)]:
        state = game.new_game(players, seed)
        rng = Rng(seed)
        while not state.is_terminal:
            actions = state.legal_actions()
            if any(a.to_json()["type"] == "place" for a in actions) and rng.below(4) == 0:
                cases.append([a.to_json() for a in actions])
            state = state.apply(actions[rng.below(len(actions))])
    return cases


def stones_key(stones: Any) -> str:
    return json.dumps(stones, separators=(",", ":"))


def test_e2e_placement_offers_exactly_the_legal_placements(
    browser: Browser, server: Any,
) -> None:
    cases = turn_positions()
    assert len(cases) >= 20
    page = browser.new_page()
    page.goto(server.base + "/")
    results = page.evaluate(WALK_JS, cases)
    page.close()
    legal: dict[tuple[int, int, bool], set[str]] = {}
    for index, actions in enumerate(cases):
        for action in actions:
            if action["type"] == "place":
                key = (index, action["card"], bool(action["boost"]))
                legal.setdefault(key, set()).add(stones_key(action["stones"]))
    reached = {(r["index"], r["card"], r["boost"]): set(r["reached"]) for r in results}
    assert reached.keys() == legal.keys()
    for key, placements in legal.items():
        assert reached[key] == placements, f"turn {key[0]}, card {key[1]}, boost {key[2]}"
