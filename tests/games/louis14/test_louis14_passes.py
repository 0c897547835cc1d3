"""Every pass is told: declining what is offered (``Pass``) and laying no more missions
(``EndMissions``) leave a public event naming the seat and what was passed on, so the other
players hear the move; the event says nothing hidden and changes nothing else."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from sunking.core.rng import Rng
from sunking.games.louis14.actions import END_MISSIONS, PASS, LayMission
from sunking.games.louis14.data import MISSIONS
from sunking.games.louis14.scenario import position
from sunking.games.louis14.state import Louis14State
from sunking.presentation import describe_events

Y, R, G, B = 0, 1, 2, 3
RICH = {p: 10 for p in range(4)}
NAMES = ["Ana", "Bruno", "Carla", "Dora"]


def mission(effect: str, tile: int | None = None) -> int:
    return next(m.id for m in MISSIONS if m.effect == effect and (tile is None or m.tile == tile))


def said(s: Louis14State, seat: int | None) -> list[dict[str, Any]]:
    """The events of ``s``'s last version that ``seat`` sees, without their version."""
    return [{k: v for k, v in e.items() if k != "version"}
            for e in s.events(seat) if e["version"] == s.version]


PASSES: dict[str, tuple[Callable[[], Louis14State], dict[str, Any]]] = {
    "intrigue": (
        lambda: position(4, money=RICH, intrigue={Y: [4]}, stones={4: {R: 2}},
                         steps=[("tile", 4)]),
        {"seat": Y, "decision": "intrigue", "tile": 4}),
    "tie": (
        lambda: position(4, money=RICH, louis_tile=4, sides={4: 1},
                         laid={Y: [mission("win_tie")]}, stones={4: {Y: 3, R: 3, G: 3}},
                         steps=[("tile", 4)]),
        {"seat": Y, "decision": "tie", "tile": 4}),
    "bribe": (
        lambda: position(4, money={R: 2, G: 3}, stones={4: {Y: 3, R: 1, G: 1}},
                         steps=[("tile", 4)]),
        {"seat": G, "decision": "bribe", "tile": 4, "louis": 3}),
    "conde": (
        lambda: position(4, stones={6: {Y: 2, R: 1}}, steps=[("tile", 6)]),
        {"seat": Y, "decision": "conde"}),
    "mission_stone": (
        lambda: position(4, laid={Y: [mission("tile_stone", 1)]},
                         steps=[("influence_start",)]),
        {"seat": Y, "decision": "mission_stone", "mission": mission("tile_stone", 1),
         "tile": 1}),
    "end_stone": (
        lambda: position(4, laid={Y: [mission("end_stone")]}, steps=[("influence_end",)]),
        {"seat": Y, "decision": "end_stone", "mission": mission("end_stone")}),
    "trade": (
        lambda: position(4, laid={Y: [mission("stone_for_card")]},
                         steps=[("supply_missions",)]),
        {"seat": Y, "decision": "trade", "mission": mission("stone_for_card")}),
    "swap": (
        lambda: position(4, laid={Y: [mission("swap_missions")]}, steps=[("mission_swaps",)]),
        {"seat": Y, "decision": "swap", "mission": mission("swap_missions")}),
}


@pytest.mark.parametrize("kind", sorted(PASSES))
def test_a_pass_is_one_public_event_of_what_was_passed_on(kind: str) -> None:
    build, fields = PASSES[kind]
    s = build()
    assert s.pending is not None and s.pending[0] == kind and PASS in s.legal_actions()
    after = s.apply(PASS)
    told = {"type": "pass", **fields}
    for seat in (None, *range(4)):
        assert said(after, seat)[:1] == [told], (seat, said(after, seat))
    other = (fields["seat"] + 1) % 4
    [line] = describe_events("louis14", said(after, other)[:1], "en", NAMES, 4, you=other)
    assert str(line["text"]).startswith(NAMES[fields["seat"]]), line
    [mine] = describe_events("louis14", said(after, fields["seat"])[:1], "en", NAMES, 4,
                             you=fields["seat"])
    assert str(mine["text"]).startswith("You "), mine


def test_passing_an_intrigue_window_tells_nothing_of_the_cards_held() -> None:
    """Everyone holding intrigue cards is asked at every tile: the pass reads the same
    whether or not the seat holds the card of the tile."""
    holding = position(4, intrigue={Y: [4]}, stones={4: {R: 2}}, steps=[("tile", 4)])
    without = position(4, intrigue={Y: [7]}, stones={4: {R: 2}}, steps=[("tile", 4)])
    assert holding.pending == without.pending == ("intrigue", Y, 4)
    told = said(holding.apply(PASS), R)[:1]
    assert told and told == said(without.apply(PASS), R)[:1]


def test_no_more_missions_tells_how_many_are_laid() -> None:
    s = position(4, chips={Y: "SSLL"}, missions={Y: [mission("extra_mission")]},
                 laid={Y: [mission("end_stone")]}, steps=[("mission_turn", Y)])
    s = s.apply(next(a for a in s.legal_actions() if isinstance(a, LayMission)))
    while s.pending is not None and s.pending[0] == "draw":
        s = s.apply(s.legal_actions()[0])
    assert s.pending == ("missions", Y) and END_MISSIONS in s.legal_actions()
    after = s.apply(END_MISSIONS)
    assert said(after, B)[:1] == [{"type": "end_missions", "seat": Y, "laid": 2}]
    [line] = describe_events("louis14", said(after, B)[:1], "en", NAMES, 4, you=B)
    assert line["text"] == "Ana fulfils no more missions this round (2 missions fulfilled so far)"


def test_a_quiet_state_builds_no_pass_event_and_passes_alike() -> None:
    build, _ = PASSES["bribe"]
    s = build()
    quiet = s.determinize(Y, Rng(1))
    assert quiet.quiet and quiet.pending == s.pending
    after = quiet.apply(PASS)
    assert not said(after, None)
    assert after.pending == s.apply(PASS).pending
    assert after.money == s.apply(PASS).money
