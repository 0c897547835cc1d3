"""Every worked example of the Dutch rulebook of Louis XIV, played through the public API.

Positions are built with :func:`sunking.games.louis14.scenario.position`; from there on the
tests only use ``apply``, ``legal_actions``, ``to_move``, ``view`` and ``result``, and read
state fields for their assertions. Seats are colours: 0 Yellow, 1 Red, 2 Green, 3 Blue.
At setup (4 players, start player 0) the personal supplies hold 11/11/10/9 stones and the
general supply 5/5/6/7.
"""

from __future__ import annotations

from typing import Any

import pytest

from sunking.core.errors import IllegalAction
from sunking.games.louis14.actions import (
    BRIBE,
    PASS,
    WIN_TIE,
    DrawMission,
    EndMissions,
    LayMission,
    PlaceStones,
    Retrieve,
)
from sunking.games.louis14.data import MISSIONS
from sunking.games.louis14.scenario import blazons_of, chips_of, position
from sunking.games.louis14.state import BLAZON_SLOTS, Louis14State

Y, R, G, B = 0, 1, 2, 3
PERSONAL = (11, 11, 10, 9)
GENERAL = (5, 5, 6, 7)
RICH = {p: 10 for p in range(4)}


def bribe_round(s: Louis14State, accept: tuple[int, ...] = ()) -> tuple[Louis14State, list]:
    """Answer every pending bribe offer (Bribe for seats in ``accept``, else Pass).

    Returns the final state and the offers as (seat, tile, cost).
    """
    offers = []
    while s.to_move is not None and s.pending is not None and s.pending[0] == "bribe":
        seat, tile, cost = s.pending[1], s.pending[2], s.pending[3]
        assert set(s.legal_actions()) == {BRIBE, PASS}
        offers.append((seat, tile, cost))
        s = s.apply(BRIBE if seat in accept else PASS)
    return s, offers


def tile_stones(s: Louis14State, tile: int) -> list[int]:
    return s.view(None)["tiles"][tile - 1]["stones"]


# --------------------------------------------------------------------------------------
# E2 placement: Anne plays le Grand Condé (tile 6)
# --------------------------------------------------------------------------------------


def turn_with(cards: list[int], **kwargs: Any) -> Louis14State:
    s = position(4, hands={Y: cards}, steps=[("influence_turns", Y)], **kwargs)
    assert s.to_move == Y and s.pending == ("turn", Y)
    return s


@pytest.mark.parametrize(
    "stones",
    [
        ((6, 3),),                    # afbeelding 1: three stones on tile 6
        ((1, 1), (6, 2)),             # afbeelding 2: jump to tile 1, one left behind
        ((1, 2), (6, 1)),
        ((5, 1), (6, 2)),             # "of op tegel 5"
        ((1, 1), (4, 1), (6, 1)),     # afbeelding 3: two jumps 6 → 1 → 4
        ((1, 1), (2, 1), (6, 1)),     # 6 → 1 → 2
        ((1, 1), (6, 1), (7, 1)),     # 6 → 1 → 7
        ((6, 1),),                    # fewer than three stones
        ((6, 2),),
        ((1, 1), (6, 1)),
    ],
)
def test_e2_placement_legal_from_conde(stones: tuple[tuple[int, int], ...]) -> None:
    s = turn_with([6, 1, 5])
    assert PlaceStones(6, stones) in s.legal_actions()


@pytest.mark.parametrize(
    "stones",
    [
        ((1, 1), (5, 1), (6, 1)),     # afbeelding 4: branching from tile 6
        ((1, 3),),                    # nothing left on the starting tile
        ((1, 1), (4, 2)),             # the path does not start on tile 6
        ((2, 1), (6, 1)),             # 2 is not a neighbour of 6
        ((4, 1), (6, 2)),             # 4 is not a neighbour of 6
        ((6, 4),),                    # more than three stones
        ((1, 1), (4, 1), (6, 2)),     # four stones
    ],
)
def test_e2_placement_illegal_from_conde(stones: tuple[tuple[int, int], ...]) -> None:
    s = turn_with([6, 1, 5])
    action = PlaceStones(6, stones)
    assert action not in s.legal_actions()
    with pytest.raises(IllegalAction):
        s.apply(action)


@pytest.mark.parametrize("card", [1, 5])
def test_e2_the_branching_move_is_legal_with_anne_or_montespan(card: int) -> None:
    s = turn_with([6, 1, 5])
    action = PlaceStones(card, ((1, 1), (5, 1), (6, 1)))
    assert action in s.legal_actions()
    after = s.apply(action)
    assert after.personal[Y] == PERSONAL[Y] - 3
    assert [tile_stones(after, t)[Y] for t in (1, 5, 6)] == [1, 1, 1]


def test_e2_applying_a_placement_moves_stones_from_the_personal_supply() -> None:
    s = turn_with([6, 1, 5])
    after = s.apply(PlaceStones(6, ((1, 1), (4, 1), (6, 1))))
    assert after.personal[Y] == PERSONAL[Y] - 3
    assert after.general[Y] == GENERAL[Y]
    assert {t: tile_stones(after, t)[Y] for t in (1, 4, 6)} == {1: 1, 4: 1, 6: 1}
    assert sum(tile_stones(after, t)[Y] for t in range(1, 13)) == 3
    you = after.view(Y)["you"]
    assert sorted(you["influence_hand"]) == [1, 5]
    assert after.view(None)["supply"]["center"] == [6]
    # Two cards left: Yellow (the only one holding cards) is to move again.
    assert after.to_move == Y


def test_e2_placement_is_capped_by_the_personal_supply() -> None:
    s = turn_with([6, 1], supplies={Y: (2, 14)})
    assert PlaceStones(6, ((6, 2),)) in s.legal_actions()
    assert PlaceStones(6, ((6, 3),)) not in s.legal_actions()
    assert PlaceStones(6, ((1, 1), (6, 2))) not in s.legal_actions()


def test_e2_joker_places_one_stone_anywhere_and_an_optional_second_nearby() -> None:
    s = turn_with([0, 1])
    legal = set(s.legal_actions())
    for t in range(1, 13):
        assert PlaceStones(0, ((t, 1),)) in legal
        assert PlaceStones(0, ((t, 2),)) in legal
    assert PlaceStones(0, ((2, 1), (9, 1))) in legal       # 9 and 2 are neighbours
    assert PlaceStones(0, ((10, 1), (11, 1))) not in legal  # not neighbours
    assert PlaceStones(0, ((1, 1), (9, 1))) not in legal
    assert PlaceStones(0, ((9, 3),)) not in legal
    assert PlaceStones(0, ((2, 1), (9, 1), (10, 1))) not in legal
    with pytest.raises(IllegalAction):
        s.apply(PlaceStones(0, ((1, 1), (9, 1))))
    after = s.apply(PlaceStones(0, ((2, 1), (9, 1))))
    assert after.personal[Y] == PERSONAL[Y] - 2
    assert tile_stones(after, 2)[Y] == 1 and tile_stones(after, 9)[Y] == 1


@pytest.mark.parametrize(
    ("card", "general", "back"),
    [(6, 5, 3), (0, 5, 2), (6, 2, 2), (0, 1, 1), (6, 0, 0)],
)
def test_e2_retrieve(card: int, general: int, back: int) -> None:
    s = turn_with([card, 1], supplies={Y: (16 - general, general)})
    assert Retrieve(card) in s.legal_actions()
    after = s.apply(Retrieve(card))
    assert after.general[Y] == general - back
    assert after.personal[Y] == 16 - general + back
    assert sum(tile_stones(after, t)[Y] for t in range(1, 13)) == 0


# --------------------------------------------------------------------------------------
# E3 scoring without Louis XIV
# --------------------------------------------------------------------------------------


def test_e3_i_money_tile_sole_majority_free_others_may_bribe() -> None:
    s = position(4, money=RICH, stones={4: {Y: 3, R: 2, G: 1}}, steps=[("tile", 4)])
    assert chips_of(s, Y) == "H"
    s, offers = bribe_round(s, accept=(R,))
    assert offers == [(R, 4, 3), (G, 4, 3)]           # Blue is not on the tile
    assert s.to_move is None
    assert [chips_of(s, p) for p in range(4)] == ["H", "H", "", ""]
    assert s.money == [10, 7, 10, 10]
    assert s.general[Y] == GENERAL[Y] + 3 and s.personal[Y] == PERSONAL[Y] - 3
    assert s.personal[R] == PERSONAL[R] and s.personal[G] == PERSONAL[G]
    assert s.general[R] == GENERAL[R] and s.general[G] == GENERAL[G]
    assert tile_stones(s, 4) == [0, 0, 0, 0]
    assert s.side[4] == 1


def test_e3_ii_money_tile_tie_nobody_free_everyone_may_bribe() -> None:
    s = position(4, money=RICH, stones={4: {Y: 2, R: 2, G: 1}}, steps=[("tile", 4)])
    s, offers = bribe_round(s, accept=(Y, G))
    assert offers == [(Y, 4, 3), (R, 4, 3), (G, 4, 3)]
    assert [chips_of(s, p) for p in range(4)] == ["H", "", "H", ""]
    assert s.money == [7, 10, 7, 10]
    assert s.personal[:3] == list(PERSONAL[:3]) and s.general == list(GENERAL)
    assert s.side[4] == 0


def test_e3_iii_first_tile_sole_majority() -> None:
    s = position(4, sides={1: 1}, stones={1: {Y: 3, R: 2, G: 1}}, steps=[("tile", 1)])
    assert s.to_move is None                           # no bribes under "first"
    assert [chips_of(s, p) for p in range(4)] == ["S", "", "", ""]
    assert s.general[Y] == GENERAL[Y] + 3
    assert s.personal[R] == PERSONAL[R] and s.personal[G] == PERSONAL[G]
    assert s.side[1] == 0                              # flipped back to the front


def test_e3_iv_first_tile_tie_gives_nothing() -> None:
    s = position(4, sides={1: 1}, stones={1: {Y: 2, R: 2}}, steps=[("tile", 1)])
    assert s.to_move is None
    assert [chips_of(s, p) for p in range(4)] == ["", "", "", ""]
    assert s.personal == list(PERSONAL) and s.general == list(GENERAL)
    assert s.side[1] == 1


def test_e3_v_stones_tile_everyone_with_enough_stones() -> None:
    s = position(4, stones={10: {Y: 2, R: 3, G: 1}}, steps=[("tile", 10)])
    assert s.to_move is None
    assert [blazons_of(s, p) for p in range(4)] == [2, 2, 0, 0]
    assert s.personal == list(PERSONAL) and s.general == list(GENERAL)
    assert tile_stones(s, 10) == [0, 0, 0, 0]
    assert s.side[10] == 1


def test_e3_stones_tile_without_anyone_reaching_the_threshold_does_not_flip() -> None:
    s = position(4, stones={10: {Y: 1, R: 1}}, steps=[("tile", 10)])
    assert [blazons_of(s, p) for p in range(4)] == [0, 0, 0, 0]
    assert s.personal == list(PERSONAL)
    assert s.side[10] == 0


# --------------------------------------------------------------------------------------
# E4 scoring with Louis XIV
# --------------------------------------------------------------------------------------


def test_e4_i_louis_money_first_gets_crown_second_free_third_may_bribe() -> None:
    s = position(4, money=RICH, louis_tile=4, stones={4: {Y: 3, R: 2, G: 1}},
                 steps=[("tile", 4)])
    s, offers = bribe_round(s, accept=(G,))
    assert offers == [(G, 4, 3)]
    assert [chips_of(s, p) for p in range(4)] == ["HC", "H", "H", ""]
    assert s.money == [10, 10, 7, 10]
    assert s.general[Y] == GENERAL[Y] + 3
    assert s.personal[R] == PERSONAL[R] and s.personal[G] == PERSONAL[G]
    assert s.side[4] == 1
    assert s.louis_tile == 0


def test_e4_ii_louis_first_condition() -> None:
    s = position(4, louis_tile=1, sides={1: 1}, stones={1: {Y: 3, R: 2, G: 1}},
                 steps=[("tile", 1)])
    assert s.to_move is None
    assert [chips_of(s, p) for p in range(4)] == ["SC", "S", "", ""]
    assert s.general[Y] == GENERAL[Y] + 3
    assert s.personal[R] == PERSONAL[R] and s.personal[G] == PERSONAL[G]
    assert s.side[1] == 0


def test_e4_iii_louis_tied_firsts_get_the_reward_only() -> None:
    s = position(4, money=RICH, louis_tile=4, stones={4: {R: 3, Y: 3, G: 1, B: 1}},
                 steps=[("tile", 4)])
    s, offers = bribe_round(s)
    assert offers == [(G, 4, 3), (B, 4, 3)]
    assert [chips_of(s, p) for p in range(4)] == ["H", "H", "", ""]
    assert s.general[Y] == GENERAL[Y] + 3 and s.general[R] == GENERAL[R] + 3
    assert s.personal[G] == PERSONAL[G] and s.personal[B] == PERSONAL[B]
    assert s.side[4] == 1


def test_e4_iii_louis_tied_firsts_on_first_condition() -> None:
    s = position(4, louis_tile=1, sides={1: 1}, stones={1: {Y: 3, R: 3}}, steps=[("tile", 1)])
    assert s.to_move is None
    assert [chips_of(s, p) for p in range(4)] == ["S", "S", "", ""]
    assert s.general[Y] == GENERAL[Y] + 3 and s.general[R] == GENERAL[R] + 3
    assert s.side[1] == 0                               # Louis' tile flips even on a tie


def test_e4_iv_louis_tied_seconds_get_nothing() -> None:
    s = position(4, louis_tile=1, sides={1: 1}, stones={1: {Y: 3, R: 2, G: 2}},
                 steps=[("tile", 1)])
    assert s.to_move is None
    assert [chips_of(s, p) for p in range(4)] == ["SC", "", "", ""]
    assert s.general[Y] == GENERAL[Y] + 3
    assert s.personal[R] == PERSONAL[R] and s.personal[G] == PERSONAL[G]
    assert s.side[1] == 0


def test_e4_iv_louis_tied_seconds_may_bribe_on_money() -> None:
    s = position(4, money=RICH, louis_tile=4, stones={4: {Y: 3, R: 2, G: 2}},
                 steps=[("tile", 4)])
    s, offers = bribe_round(s, accept=(R,))
    assert offers == [(R, 4, 3), (G, 4, 3)]
    assert [chips_of(s, p) for p in range(4)] == ["HC", "H", "", ""]
    assert s.money[R] == 7


def test_e4_empty_louis_tile_does_not_flip() -> None:
    s = position(4, louis_tile=4, stones={3: {Y: 1}}, steps=[("tile", 3), ("tile", 4)])
    assert s.to_move is None
    assert chips_of(s, Y) == "R"
    assert (s.side[3], s.side[4]) == (1, 0)


def test_e4_round_4_never_flips_but_stones_still_move() -> None:
    s = position(4, round=4, louis_tile=4, sides={1: 1},
                 stones={4: {Y: 3, R: 2}, 1: {G: 2, B: 1}, 10: {Y: 2}},
                 steps=[("tile", 1), ("tile", 4), ("tile", 10)])
    assert s.to_move is None
    assert [chips_of(s, p) for p in range(4)] == ["HC", "H", "S", ""]
    assert blazons_of(s, Y) == 2
    assert s.general[Y] == GENERAL[Y] + 3 and s.personal[Y] == PERSONAL[Y] - 3
    assert s.personal[R] == PERSONAL[R]
    assert s.general[G] == GENERAL[G] + 2 and s.personal[B] == PERSONAL[B]
    assert (s.side[1], s.side[4], s.side[10]) == (1, 0, 0)


# --------------------------------------------------------------------------------------
# E5 the mission phase: Marc
# --------------------------------------------------------------------------------------

SR_MEDIUM = next(m.id for m in MISSIONS if m.deck == 1 and m.needs == (0, 2))
H_LIGHT = next(m.id for m in MISSIONS if m.deck == 0 and m.needs == (3, -1))
HH_DARK = {m.id for m in MISSIONS if m.deck == 2 and m.needs == (3, 3)}


def marc() -> Louis14State:
    """Marc (Yellow) holds S S R C, the S+R and the H+? missions; the dark deck's top card
    asks for two helmets (a seed is chosen for that; deck orders are hidden and random)."""
    for seed in range(200):
        s = position(4, seed=seed, chips={Y: "SSRC"}, missions={Y: [SR_MEDIUM, H_LIGHT]},
                     steps=[("mission_turn", Y), ("keep_chips", Y)])
        if s.mission_decks[2][-1] in HH_DARK:
            return s
    raise AssertionError("no seed puts a double-helmet card on top of the dark deck")


def test_e5_marc_lays_two_missions() -> None:
    s = marc()
    assert s.to_move == Y and s.pending == ("missions", Y)
    lay_sr = LayMission(SR_MEDIUM, ("S", "R"))
    assert lay_sr in s.legal_actions()
    s = s.apply(lay_sr)
    assert chips_of(s, Y) == "SC"
    assert s.pending == ("draw", Y)
    assert set(s.legal_actions()) == {DrawMission("light"), DrawMission("medium"),
                                      DrawMission("dark")}
    s = s.apply(DrawMission("dark"))
    drawn = [m for m in s.missions[Y] if m in HH_DARK]
    assert len(drawn) == 1
    assert sorted(s.view(Y)["you"]["missions"]) == sorted([H_LIGHT, drawn[0]])
    lays = [a for a in s.legal_actions() if isinstance(a, LayMission)]
    # The double helmet cannot be paid with a sceptre and a crown; the H+? card can.
    assert all(a.mission != drawn[0] for a in lays)
    assert LayMission(H_LIGHT, ("S", "C")) in lays
    s = s.apply(LayMission(H_LIGHT, ("S", "C")))
    assert chips_of(s, Y) == ""
    assert s.pending == ("draw", Y)
    s = s.apply(DrawMission("light"))
    # No chips left: the turn ends, no keep-a-chip decision, no blazons.
    assert s.to_move is None
    assert s.laid[Y] == (SR_MEDIUM, H_LIGHT)
    assert s.view(None)["players"][Y]["laid_missions"] == [SR_MEDIUM, H_LIGHT]
    assert len(s.missions[Y]) == 2
    assert blazons_of(s, Y) == 0


def test_e5_a_crown_pays_any_chip_and_two_crowns_pay_one_card() -> None:
    s = position(4, chips={Y: "CC"}, missions={Y: [SR_MEDIUM]},
                 steps=[("mission_turn", Y)])
    assert LayMission(SR_MEDIUM, ("C", "C")) in s.legal_actions()
    s = position(4, chips={Y: "SL"}, missions={Y: [SR_MEDIUM]}, steps=[("mission_turn", Y)])
    assert s.legal_actions() == (EndMissions(),)


# --------------------------------------------------------------------------------------
# E6 end of the game: Carl
# --------------------------------------------------------------------------------------


def test_e6_carl_converts_into_seven_blazons() -> None:
    s = position(
        4, hands={Y: [11]}, intrigue={Y: [3, 9]}, money={Y: 8, R: 0, G: 0, B: 0},
        stones={5: {Y: 2}}, steps=[("final",)],
    )
    assert s.to_move is None
    result = s.result()
    row = result.details["players"][Y]
    assert row["conversions"] == {
        "influence_cards": 1, "intrigue_cards": 2, "chips": 0, "stones_on_court": 2, "louis": 2,
    }
    assert sum(row["conversions"].values()) == 7
    assert row["blazons_during_game"] == 0
    assert sum(row["blazon_kinds"]) + row["kindless_blazons"] == 7
    assert row["blazons"] == 7 + len(row["majorities"])
    assert s.money[Y] == 2
    assert result.scores[Y] == row["blazons"]
    assert result.scores[1:] == (0, 0, 0)
    assert result.winners == (Y,)


def final_position(laid: dict[int, list[int]] | None = None,
                   supplies: dict[int, tuple[int, int]] | None = None) -> Louis14State:
    """Everyone without anything to convert; the final scoring waits behind a harmless
    decision (an intrigue window at which Yellow can only pass)."""
    s = position(4, money={p: 2 for p in range(4)}, laid=laid or {}, supplies=supplies or {},
                 steps=[("intrigue_window", 1, Y), ("final",)])
    assert s.legal_actions() == (PASS,)
    return s


def with_blazons(s: Louis14State, kinds: dict[int, dict[int, int]]) -> Louis14State:
    """A copy of ``s`` where each seat holds the given blazons, taken from the pool."""
    s = s._copy()
    for seat, per_kind in kinds.items():
        for kind, count in per_kind.items():
            s.blazons[seat * BLAZON_SLOTS + kind] += count
            s.blazon_pool[kind] -= count
    assert s.check_invariants() == []
    return s


KINDS = {Y: {0: 3, 1: 1}, R: {0: 3, 2: 2}, G: {1: 1}}


def test_e6_blazon_majorities_ties_all_get_one() -> None:
    s = with_blazons(final_position(), KINDS).apply(PASS)
    rows = s.result().details["players"]
    assert [row["majorities"] for row in rows] == [[0, 1], [0, 2], [1], []]
    assert [row["blazons"] for row in rows] == [6, 7, 2, 0]
    assert s.result().scores == (6, 7, 2, 0)
    assert s.result().winners == (R,)


def test_e6_laid_missions_are_worth_five_and_the_tie_break_is_personal_stones() -> None:
    # Green: 2 blazons + 5 for a laid mission = 7, like Red; Red has 11 personal stones,
    # Green 10.
    s = with_blazons(final_position(laid={G: [0]}), KINDS).apply(PASS)
    result = s.result()
    assert result.scores == (6, 7, 7, 0)
    assert result.details["players"][G]["mission_points"] == 5
    assert result.tiebreak == (11, 11, 10, 9)
    assert result.winners == (R,)
    s = with_blazons(final_position(laid={G: [0]}, supplies={R: (9, 7)}), KINDS).apply(PASS)
    assert s.result().winners == (G,)


def test_e6_a_full_tie_shares_the_win() -> None:
    s = with_blazons(final_position(laid={G: [0]}, supplies={R: (10, 6)}), KINDS).apply(PASS)
    result = s.result()
    assert result.scores == (6, 7, 7, 0)
    assert result.winners == (R, G)


# --------------------------------------------------------------------------------------
# E7 win a tie: Herman
# --------------------------------------------------------------------------------------

WIN_TIE_CARD = next(m.id for m in MISSIONS if m.effect == "win_tie")


def herman(stones: dict[int, dict[int, int]], steps: list, **kwargs: Any) -> Louis14State:
    return position(4, money=RICH, louis_tile=4, sides={4: 1}, laid={Y: [WIN_TIE_CARD]},
                    stones=stones, steps=steps, **kwargs)


def test_e7_herman_wins_the_tie() -> None:
    s = herman({4: {Y: 3, R: 3, G: 3}}, [("tile", 4)])
    assert s.to_move == Y and s.pending == ("tie", Y, 4)
    assert set(s.legal_actions()) == {WIN_TIE, PASS}
    s = s.apply(WIN_TIE)
    assert s.to_move is None
    assert [chips_of(s, p) for p in range(4)] == ["HC", "", "", ""]
    assert s.general[Y] == GENERAL[Y] + 3
    assert s.personal[R] == PERSONAL[R] and s.personal[G] == PERSONAL[G]
    assert s.side[4] == 0
    assert s.view(None)["players"][Y]["used_missions"] == [WIN_TIE_CARD]


def test_e7_the_card_is_used_for_the_rest_of_the_evaluation_phase() -> None:
    s = herman({4: {Y: 3, R: 3, G: 3}, 5: {Y: 2, B: 2}}, [("tile", 4), ("tile", 5)])
    s = s.apply(WIN_TIE)
    assert s.to_move is None                            # no second WinTie on tile 5
    assert [chips_of(s, p) for p in range(4)] == ["HC", "", "", ""]
    assert s.side[5] == 0
    assert s.personal[B] == PERSONAL[B]


def test_e7_with_one_other_tied_player_that_player_is_a_sole_second() -> None:
    s = herman({4: {Y: 3, R: 3, G: 1}}, [("tile", 4)])
    s = s.apply(WIN_TIE)
    assert [chips_of(s, p) for p in range(4)] == ["HC", "H", "", ""]
    assert s.general[Y] == GENERAL[Y] + 3
    assert s.personal[R] == PERSONAL[R]


def test_e7_declining_leaves_a_tie() -> None:
    s = herman({4: {Y: 3, R: 3}}, [("tile", 4)])
    s = s.apply(PASS)
    assert [chips_of(s, p) for p in range(4)] == ["H", "H", "", ""]
    assert s.general[Y] == GENERAL[Y] + 3 and s.general[R] == GENERAL[R] + 3
    assert s.side[4] == 0
    assert s.view(None)["players"][Y]["used_missions"] == []


def test_e7_no_offer_without_a_tie_for_first() -> None:
    s = herman({4: {Y: 2, R: 3}}, [("tile", 4)])
    assert s.to_move is None
    assert [chips_of(s, p) for p in range(4)] == ["H", "HC", "", ""]


def test_e7_the_intrigue_card_comes_before_the_tie() -> None:
    s = herman({4: {Y: 2, R: 3}}, [("tile", 4)], intrigue={Y: [4]})
    assert s.pending == ("intrigue", Y, 4)
    s = s.apply(next(a for a in s.legal_actions()
                     if getattr(a, "source", None) == "personal" and a.stones == 1))
    assert s.pending == ("tie", Y, 4)
    s = s.apply(WIN_TIE)
    assert [chips_of(s, p) for p in range(4)] == ["HC", "H", "", ""]
