"""Louis XIV moves in the terminal: the step-by-step menus and the compact notation.

Every legal action of real positions (random games of 2, 3 and 4 players) must be reachable
through the menus, every menu path must end in a legal action, and the notation of every
legal action must read back to that action. Bad input gets a clear message.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from sunking import make
from sunking.core import Rng
from sunking.tui.games.louis14 import RENDERER
from sunking.tui.games.louis14.moves import placement_orders
from sunking.tui.render import GENERIC, Chooser, NotationError, Seating, chooser_for, resolve


def positions(players: int, seed: int) -> Iterator[tuple[dict[str, Any], list[dict[str, Any]]]]:
    """(view of the seat to move, its legal actions as JSON) along a random game."""
    state = make("louis14").new_game(players, seed)
    rng = Rng(seed)
    while not state.is_terminal:
        seat = state.to_move
        yield state.view(seat), [a.to_json() for a in state.legal_actions()]
        state = state.apply(rng.choice(state.legal_actions()))


SEATING = Seating(("Ana", "Bruno", "Claire", "David"), 0, "louis14", "en")


def reachable(chooser: Chooser) -> set[int]:
    """Every action index the menus lead to, walking all their entries."""
    found: set[int] = set()

    def walk() -> None:
        for option in chooser.options():
            if option.kind == "back":
                continue
            if option.kind == "done":
                assert option.action is not None
                found.add(option.action)
                continue
            depth = len(chooser.chosen)
            done = chooser.choose(option)
            if done is not None:
                found.add(done)
                assert len(chooser.chosen) == depth + 1
                chooser.back()
                continue
            assert chooser.options(), "a step leads to an empty menu"
            walk()
            chooser.back()

    walk()
    return found


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_legal_action_is_reachable_by_menu_and_by_notation(players: int) -> None:
    kinds: set[str] = set()
    for number, (view, legal) in enumerate(positions(players, seed=players)):
        kinds.add(view["decision"]["kind"])
        for action in legal:
            code = RENDERER.notation(action)
            assert code, action
            assert RENDERER.parse(code, view, legal, SEATING) == action, (code, action)
        for index in {0, len(legal) - 1}:
            code = RENDERER.notation(legal[index])
            assert code is not None
            assert resolve(RENDERER, code, view, legal, SEATING) == index
        if number % 3 == 0 or view["decision"]["kind"] != "turn":
            assert reachable(chooser_for(RENDERER, view, legal, SEATING)) == set(range(len(legal)))
    assert {"turn", "missions", "keep"} <= kinds


def test_placements_follow_the_jumps() -> None:
    # Card 7 (Colbert): two stones on 7, then a jump to its neighbour 1.
    assert placement_orders(7, [[1, 1], [7, 2]], False) == [(7, 7, 1)]
    # A person card starts on its own tile: no path of card 7 starts on tile 1.
    assert placement_orders(7, [[1, 2], [2, 1]], False) == []
    # The joker and the "4 stones" mission start anywhere.
    assert sorted(placement_orders(0, [[1, 1], [2, 1]], False)) == [(1, 2), (2, 1)]
    assert (8, 2, 2, 9) in placement_orders(3, [[2, 2], [8, 1], [9, 1]], True)
    # Tiles 6 and 8 are not diagonal neighbours.
    assert placement_orders(0, [[6, 1], [8, 1]], False) == []


def _turn() -> tuple[dict[str, Any], list[dict[str, Any]]]:
    view, legal = next(positions(4, seed=1))
    assert view["decision"]["kind"] == "turn"
    return view, legal


def test_the_placement_menu_offers_only_legal_continuations() -> None:
    view, legal = _turn()
    card = view["you"]["influence_hand"][-1]
    chooser = chooser_for(RENDERER, view, legal, SEATING)
    first = {o.step.key for o in chooser.options() if o.step is not None}
    assert f"card:{card}" in first
    assert all(key.startswith("card:") for key in first)
    option = next(o for o in chooser.options() if o.step and o.step.key == f"card:{card}")
    assert chooser.choose(option) is None
    modes = {o.step.key for o in chooser.options() if o.step is not None}
    assert {"mode:place", "mode:retrieve"} <= modes
    place = next(o for o in chooser.options() if o.step and o.step.key == "mode:place")
    chooser.choose(place)
    tiles = [o.step.key for o in chooser.options() if o.step is not None]
    if card:
        assert tiles == [f"tile:{card}"], "a person card's stones start on its own tile"
    else:
        assert len(tiles) == 12, "a joker's first stone may go on any tile"
    chooser.choose(next(o for o in chooser.options() if o.kind == "step"))
    options = chooser.options()
    assert options[0].kind == "done" and options[-1].kind == "back"
    done = chooser.choose(options[0])
    assert done is not None
    assert legal[done] == {"type": "place", "card": card,
                           "stones": [[card or int(tiles[0][5:]), 1]], "boost": False}


@pytest.mark.parametrize(
    ("typed", "message"),
    [
        ("7:7-13", "a tile must be 1–12, not 13"),
        ("13:1", "the card must be 1–12, not 13"),
        ("7:", "give the tiles after ':'"),
        ("b7:swap", "goes with placing or retrieving"),
        ("castle", "'castle' is not a move"),
        ("intrigue p", "intrigue takes g1"),
        ("maintenon 3", "Maintenon's stones must be 0–2, not 3"),
        ("income two", "income takes LOUIS/STONES"),
        ("lay 3 S", "exactly two chips"),
        ("lay 3 S+Q", "'q' is not a chip"),
        ("draw red", "draw takes a deck"),
        ("swap", "swap takes the mission cards"),
        ("", "type a move"),
    ],
)
def test_malformed_moves_get_a_clear_message(typed: str, message: str) -> None:
    view, legal = _turn()
    with pytest.raises(NotationError, match=message):
        resolve(RENDERER, typed, view, legal, SEATING)


def test_illegal_moves_say_why() -> None:
    view, legal = _turn()
    hand = view["you"]["influence_hand"]
    missing = next(c for c in range(1, 13) if c not in hand)
    card = next(c for c in hand if c)
    far = next(t for t in range(1, 13) if t != card)
    cases = {
        f"{missing}:{missing}": "you hold no influence card",
        f"b{card}:{card}": "no unused mission",
        f"{card}:{far}": "does not follow a path",
        "bribe": "not possible now",
        "lay 0 S+L": "not possible now",
    }
    for typed, message in cases.items():
        with pytest.raises(NotationError, match=message):
            resolve(RENDERER, typed, view, legal, SEATING)
    # The other spellings of a placement name the same action.
    place = next(a for a in legal if a["type"] == "place" and len(a["stones"]) == 1
                 and a["stones"][0][1] == 2 and a["card"])
    tile = place["stones"][0][0]
    index = legal.index(place)
    for typed in (f"{place['card']}:{tile}x2", f" {place['card']} : {tile}-{tile} ",
                  f"{place['card']}:{tile},{tile}"):
        assert resolve(RENDERER, typed, view, legal, SEATING) == index


def test_the_generic_renderer_offers_every_action_in_words() -> None:
    view, legal = _turn()
    chooser = chooser_for(GENERIC, view, legal, SEATING)
    groups = chooser.options()
    assert len(legal) > 8 and 1 < len(groups) < len(legal), "many actions come in groups"
    assert all(o.label.startswith("Play ") and o.label.endswith("…") for o in groups)
    assert reachable(chooser_for(GENERIC, view, legal, SEATING)) == set(range(len(legal)))
    assert chooser.choose(groups[0]) is None
    actions = [o for o in chooser.options() if o.kind == "step"]
    assert actions and all("{" not in o.label and "=" not in o.label for o in actions)
    with pytest.raises(NotationError, match="choose from the menu"):
        resolve(GENERIC, '{"type": "bribe"}', view, legal, SEATING)


def test_a_chooser_rejects_two_actions_with_the_same_path() -> None:
    from sunking.tui.render import Step

    step = (Step("same", "same"),)
    with pytest.raises(ValueError, match="share the path"):
        Chooser([(0, step), (1, step)], {})
