"""Perft-style counts that pin the Louis XIV move generator.

(a) Placement counts on an empty court, derived by hand from the court's neighbour table
    (/work/shared/rules/louis14.md, section 1) and the placement ruling (section 6.1), and
    checked against a small enumeration written here from the rules text alone (this file
    never imports the engine's placement module).
(b) The turn records of ``louis14.perft`` (the counts of legal actions at positions of
    seeded random play, read by ``tests/games/test_perft.py``) recounted with the same
    enumeration from each position's hand and supplies.

A change in any count must be a deliberate rules change: then update the numbers here and in
``louis14.perft``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from sunking.games.louis14.actions import PlaceStones
from sunking.games.louis14.data import MISSIONS, NEIGHBOURS
from sunking.games.louis14.scenario import position
from sunking.games.louis14.state import Louis14State
from sunking.testing.perft import PerftRecord, read_perft
from sunking.testing.perft import position as perft_position

Distribution = tuple[tuple[int, int], ...]

# The diagonal neighbours, copied from the rules' table (section 1):
#
#    .   6   .   7   .
#    5   .   1   .   8
#    .   4   .   2   .
#   12   .   3   .   9
#    .  11   .  10   .
RULES_NEIGHBOURS: dict[int, tuple[int, ...]] = {
    1: (2, 4, 6, 7), 2: (1, 3, 8, 9), 3: (2, 4, 10, 11), 4: (1, 3, 5, 12),
    5: (4, 6), 6: (1, 5), 7: (1, 8), 8: (2, 7),
    9: (2, 10), 10: (3, 9), 11: (3, 12), 12: (4, 11),
}
# Degrees: the inner tiles 1-4 have 4 neighbours (two inner, two outer), the outer tiles
# 5-12 have 2 (one inner, one outer). The graph has 16 edges and no triangle (a diagonal step
# changes the column by ±1, so a closed walk has an even length): it is bipartite. Its only
# 4-cycles are the inner ring 1-2-3-4 and the four corners 1-6-5-4, 1-7-8-2, 2-9-10-3 and
# 3-11-12-4.

# --- (a) hand derivation --------------------------------------------------------------
#
# Person card on tile t (d = number of neighbours of t), up to 3 stones from the personal
# supply, carried along a non-branching path of at most 2 jumps, at least one of this turn's
# stones left on each tile left behind. Distinct distributions count once:
#   1 stone:  {t:1}                                                     1
#   2 stones: {t:2}; {t:1,u:1} for each neighbour u                     1 + d
#   3 stones: {t:3}; {t:2,u:1} and {t:1,u:2} for each neighbour u;      1 + 2d
#             {t:1,u:1,w:1} for each 2-jump path t-u-w, w != t:         sum(deg(u) - 1)
#             (no triangle, so two such paths never give the same set)
#   total = 3 + 3d + sum over neighbours u of (deg(u) - 1)
#
#   tile 1: d = 4; neighbours 2, 4 (deg 4) and 6, 7 (deg 2): sum = 3+3+1+1 = 8
#           -> 1 + 5 + (1 + 8 + 8) = 23.      Tiles 2, 3, 4 have the same shape: 23.
#   tile 5: d = 2; neighbours 4 (deg 4) and 6 (deg 2): sum = 3+1 = 4
#           -> 1 + 3 + (1 + 4 + 4) = 13.
#   tile 6: d = 2; neighbours 1 (deg 4) and 5 (deg 2): sum = 3+1 = 4
#           -> 1 + 3 + (1 + 4 + 4) = 13.      Every outer tile 5-12 has one inner and one
#           outer neighbour: 13.
#   Revisiting a tile (t-u-t) adds nothing new with 3 stones: it gives {t:2,u:1}.
#
# Joker: 1 stone on any of the 12 tiles (12), optionally 1 more on the same tile (12) or on
# a neighbour: one distribution per edge, {t:1,u:1} (16) -> 12 + 12 + 16 = 40.
#
# Fewer personal stones: with 1 stone a person card has 1 placement and a joker 12; with 2
# stones a person card has 1 + (1 + d) = 6 (tiles 1-4) or 4 (tiles 5-12), a joker all 40.
# With none, no placement at all.
#
# Dark-blue "one influence card = 4 stones" (boost): start on any tile, the path rule with up
# to 4 stones (so up to 3 jumps), whatever the card. Distinct distributions:
#   1 stone:  12 tiles                                                    12
#   2 stones: {t:2} 12 + one per edge 16                                  28
#   3 stones: {t:3} 12; {t:2,u:1} per ordered edge 32; {a:1,b:1,c:1} per
#             2-edge path = sum over centres C(deg, 2) = 4*6 + 8*1 = 32   76  -> cap 3: 116
#   4 stones: {t:4} 12; per edge (1,3) (2,2) (3,1): 16*3 = 48; per 2-edge path (2,1,1)
#             (1,2,1) (1,1,2): 32*3 = 96; {1,1,1,1} on the vertex set of a 3-edge path:
#             paths = sum over middle edges b-c of (deg b - 1)(deg c - 1)
#                   = 4 inner edges * 9 + 8 inner-outer * 3 + 4 outer-outer * 1 = 64,
#             each of the 5 four-cycles' vertex sets is covered by 4 such paths: 64 - 15 = 49
#             -> 12 + 48 + 96 + 49 = 205                                  -> cap 4: 321
# A turn with boost offers, per card in hand: its plain placements, a plain retrieve, the
# boosted placements and a boosted retrieve. Hand {1, 5}, full supply:
#   (23 + 1 + 321 + 1) + (13 + 1 + 321 + 1) = 682.

PERSON_COUNTS = {1: 23, 2: 23, 3: 23, 4: 23, **{t: 13 for t in range(5, 13)}}
JOKER_COUNT = 40
BOOST_COUNTS = {1: 12, 2: 40, 3: 116, 4: 321}
BOOST_HAND = (1, 5)
BOOST_HAND_TOTAL = 682
BOOST_MISSION = next(m.id for m in MISSIONS if m.effect == "boost")

# Full personal supply: 16 stones less the 5 seat 0 puts into the general supply (4 players).
FULL_PERSONAL = 11


def carry(start: int, cap: int, max_jumps: int, *, revisit: bool = False) -> set[Distribution]:
    """Every distribution of 1..cap stones carried from ``start`` by the path rule.

    Taken literally from the ruling: put at least one stone on the tile, carry the rest one
    diagonal jump on, never branching, at most ``max_jumps`` jumps. ``revisit`` also lets the
    path come back to a tile it left (to show that reading changes nothing).
    """
    out: set[Distribution] = set()

    def walk(tile: int, carried: int, placed: dict[int, int], seen: frozenset[int],
             jumps: int) -> None:
        for drop in range(1, carried + 1):
            counts = dict(placed)
            counts[tile] = counts.get(tile, 0) + drop
            rest = carried - drop
            if rest == 0:
                out.add(tuple(sorted(counts.items())))
            elif jumps < max_jumps:
                for nxt in RULES_NEIGHBOURS[tile]:
                    if revisit or nxt not in seen:
                        walk(nxt, rest, counts, seen | {nxt}, jumps + 1)

    for stones in range(1, cap + 1):
        walk(start, stones, {}, frozenset({start}), 0)
    return out


def joker(cap: int) -> set[Distribution]:
    """1 stone on any tile, then optionally 1 more on the same tile or a neighbour."""
    out: set[Distribution] = set()
    for tile, near in RULES_NEIGHBOURS.items():
        out.add(((tile, 1),))
        if cap >= 2:
            out.add(((tile, 2),))
            out.update(tuple(sorted(((tile, 1), (u, 1)))) for u in near)
    return out


def boosted(cap: int, *, revisit: bool = False) -> set[Distribution]:
    out: set[Distribution] = set()
    for tile in RULES_NEIGHBOURS:
        out |= carry(tile, cap, cap - 1, revisit=revisit)
    return out


def expected(card: int, personal: int) -> set[Distribution]:
    cap = min(personal, 3)
    if cap <= 0:
        return set()
    return joker(min(cap, 2)) if card == 0 else carry(card, cap, 2)


def turn_position(hand: Sequence[int], **kwargs: Any) -> Louis14State:
    """Seat 0 to play an influence card from ``hand``, 4 players, empty court.

    ``position`` clears the hands seat by seat, so it cannot give seat 0 a card whose copies
    were all dealt to later seats; the first setup seed that can is used (the seed changes
    nothing these counts depend on: hand, personal supply, laid missions).
    """
    for seed in range(200):
        try:
            s = position(4, seed=seed, hands={0: list(hand)}, steps=[("influence_turns", 0)],
                         **kwargs)
        except ValueError:
            continue
        assert s.to_move == 0 and s.pending is not None and s.pending[0] == "turn"
        return s
    raise AssertionError(f"no setup seed lets seat 0 hold {hand}")


def placed(s: Louis14State, card: int, boost: bool = False) -> set[Distribution]:
    actions = [a for a in s.legal_actions()
               if isinstance(a, PlaceStones) and a.card == card and a.boost == boost]
    stones = {a.stones for a in actions}
    assert len(stones) == len(actions), "a placement is offered twice"
    return stones


def other(face: int) -> int:
    return 1 if face == 0 else face % 12 + 1


# --- (a) the hand numbers agree with the enumeration ---------------------------------


def test_rules_table_is_the_engines() -> None:
    assert {t: tuple(sorted(ns)) for t, ns in RULES_NEIGHBOURS.items()} == dict(NEIGHBOURS)


def test_hand_derivation_matches_enumeration() -> None:
    for tile, count in PERSON_COUNTS.items():
        assert len(carry(tile, 3, 2)) == count
        assert carry(tile, 3, 2, revisit=True) == carry(tile, 3, 2)
        degree = len(RULES_NEIGHBOURS[tile])
        assert [len(carry(tile, cap, 2)) for cap in (1, 2)] == [1, 2 + degree]
    assert len(joker(2)) == JOKER_COUNT and len(joker(1)) == 12
    for cap, count in BOOST_COUNTS.items():
        assert len(boosted(cap)) == count
        assert boosted(cap, revisit=True) == boosted(cap)


# --- (a) the engine agrees -------------------------------------------------------------


@pytest.mark.parametrize("face", range(13), ids=lambda f: "joker" if f == 0 else f"tile{f}")
def test_full_supply_placements(face: int) -> None:
    s = turn_position([face, other(face)])
    assert s.personal[0] == FULL_PERSONAL
    got = placed(s, face)
    assert len(got) == (JOKER_COUNT if face == 0 else PERSON_COUNTS[face])
    assert got == expected(face, FULL_PERSONAL)


@pytest.mark.parametrize("personal", [0, 1, 2, 3])
@pytest.mark.parametrize("face", range(13), ids=lambda f: "joker" if f == 0 else f"tile{f}")
def test_few_personal_stones(face: int, personal: int) -> None:
    s = turn_position([face, other(face)], supplies={0: (personal, 16 - personal)})
    got = placed(s, face)
    if face == 0:
        want_count = {0: 0, 1: 12, 2: 40, 3: 40}[personal]
    else:
        want_count = {0: 0, 1: 1, 2: 6 if face <= 4 else 4, 3: PERSON_COUNTS[face]}[personal]
    assert len(got) == want_count
    assert got == expected(face, personal)


@pytest.mark.parametrize("personal", [1, 2, 3, 4, FULL_PERSONAL])
def test_boost_placements(personal: int) -> None:
    s = turn_position(BOOST_HAND, laid={0: [BOOST_MISSION]},
                      supplies={0: (personal, 16 - personal)})
    for card in BOOST_HAND:
        got = placed(s, card, boost=True)
        assert len(got) == BOOST_COUNTS[min(personal, 4)]
        assert got == boosted(min(personal, 4))


def test_boost_hand_total() -> None:
    s = turn_position(BOOST_HAND, laid={0: [BOOST_MISSION]})
    legal = s.legal_actions()
    assert len(legal) == BOOST_HAND_TOTAL
    assert len(set(legal)) == len(legal)
    by_kind = Counter((a.type, getattr(a, "card", None), getattr(a, "boost", None))
                      for a in legal)
    assert by_kind == {
        ("place", 1, False): 23, ("retrieve", 1, False): 1,
        ("place", 1, True): 321, ("retrieve", 1, True): 1,
        ("place", 5, False): 13, ("retrieve", 5, False): 1,
        ("place", 5, True): 321, ("retrieve", 5, True): 1,
    }


def test_plain_hand_total() -> None:
    # Without boost the same hand offers 23 + 1 + 13 + 1 = 38 actions.
    s = turn_position(BOOST_HAND)
    assert len(s.legal_actions()) == 38


# --- the turn records of louis14.perft, recounted -------------------------------------


PERFT = read_perft((Path(__file__).parent / "louis14.perft").read_text(encoding="utf-8"))
TURNS = [r for r in PERFT if r.decision == "turn"]


@pytest.mark.parametrize("record", TURNS, ids=[r.id for r in TURNS])
def test_perft_turn_counts_agree_with_the_enumeration(record: PerftRecord) -> None:
    """The perft file's counts of a turn, recounted from the position's hand and supplies
    with the enumeration above (not the engine's placement module)."""
    s = perft_position(record)
    assert isinstance(s, Louis14State) and s.to_move is not None
    seat = s.to_move
    faces = [f for f in range(13) if s.hand[seat * 13 + f]]
    personal = s.personal[seat]
    boost = s.unused(seat, "boost") is not None
    pay = s.money[seat] >= 2 and s.unused(seat, "pay_to_pass") is not None
    swap = bool(s.deck) and s.unused(seat, "swap_influence") is not None
    places = sum(len(expected(f, personal)) for f in faces)
    if boost:
        places += len(faces) * len(boosted(min(personal, 4)))
    counts = {"place": places, "retrieve": len(faces) * (2 if boost else 1),
              "pay_to_pass": int(pay), "swap_influence": len(faces) if swap else 0}
    assert record.by_type == {kind: n for kind, n in counts.items() if n}
    assert record.legal == sum(counts.values())
