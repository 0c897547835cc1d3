"""Scenario tests of the rules of Louis XIV beyond the rulebook's worked examples.

Each test builds a position with :func:`sunking.games.louis14.scenario.position`, plays it
through the public API (``apply``, ``legal_actions``, ``to_move``, ``view``, ``result``) and
asserts concrete outcomes, reading state fields where that is simplest. The authority is the
Dutch rulebook (``shared/rules/original/000_d2f528188efe1a8d.txt``) and the rulings of
``shared/rules/louis14.md``. Seats: 0 Yellow, 1 Red, 2 Green, 3 Blue; with 4 players at
setup the personal supplies hold 11/11/10/9 stones and the general supply 5/5/6/7.
"""

from __future__ import annotations

from typing import Any

import pytest

from sunking.core.errors import IllegalAction
from sunking.games.louis14.actions import (
    BRIBE,
    PASS,
    PAY_TO_PASS,
    TRADE_STONE,
    ConvertChip,
    DrawMission,
    EndMissions,
    Income,
    KeepChip,
    LayMission,
    MaintenonStones,
    PlaceStone,
    PlaceStones,
    PlayIntrigue,
    Retrieve,
    SwapInfluence,
    SwapMissions,
)
from sunking.games.louis14.data import MISSIONS
from sunking.games.louis14.scenario import blazons_of, chips_of, position
from sunking.games.louis14.state import Louis14State

Y, R, G, B = 0, 1, 2, 3
NEUTRAL = 2
"""The neutral colour's index with two players."""
PERSONAL = (11, 11, 10, 9)
GENERAL = (5, 5, 6, 7)
RICH = {p: 10 for p in range(4)}


def mission(effect: str, deck: int | None = None) -> int:
    return next(m.id for m in MISSIONS if m.effect == effect and deck in (None, m.deck))


def hand(s: Louis14State, seat: int) -> list[int]:
    return sorted(s.view(seat)["you"]["influence_hand"])


def tile_stones(s: Louis14State, tile: int) -> list[int]:
    return s.view(None)["tiles"][tile - 1]["stones"]


# --------------------------------------------------------------------------------------
# Intrigue cards
# --------------------------------------------------------------------------------------


def intrigue_position(**kwargs: Any) -> Louis14State:
    s = position(4, money=RICH, intrigue={Y: [4]}, stones={4: {R: 2}},
                 steps=[("tile", 4)], **kwargs)
    assert s.to_move == Y and s.pending == ("intrigue", Y, 4)
    return s


def test_intrigue_options_one_from_general_or_up_to_two_personal_never_mixed() -> None:
    s = intrigue_position()
    assert set(s.legal_actions()) == {
        PASS, PlayIntrigue("general", 1), PlayIntrigue("personal", 1),
        PlayIntrigue("personal", 2),
    }
    for illegal in (PlayIntrigue("general", 2), PlayIntrigue("mixed", 2),
                    PlayIntrigue("personal", 3)):
        with pytest.raises(IllegalAction):
            s.apply(illegal)


def test_intrigue_two_personal_stones_then_the_tile_is_scored() -> None:
    s = intrigue_position()
    s = s.apply(PlayIntrigue("personal", 2))
    # 2 against 2 on a money tile: nobody free, both may bribe, no flip.
    assert s.pending == ("bribe", Y, 4, 3)
    assert s.intrigue[Y] == 0
    assert s.view(Y)["you"]["intrigue_hand"] == []
    assert s.intrigue_deck[0] == 4                     # under the intrigue pile
    assert s.view(None)["supply"]["intrigue_deck"] == 12
    assert s.personal[Y] == PERSONAL[Y]                # back after the tie
    s = s.apply(PASS).apply(PASS)
    assert s.to_move is None and s.side[4] == 0


def test_a_played_intrigue_card_is_known_to_all_under_the_pile() -> None:
    s = intrigue_position()
    assert all(s.view(v)["intrigue_deck_known"] == [] for v in (None, Y, R))
    s = s.apply(PlayIntrigue("personal", 2))
    bottom = len(s.intrigue_deck) - 1
    for viewer in (None, Y, R, G, B):
        assert s.view(viewer)["intrigue_deck_known"] == [{"depth": bottom, "card": 4}]


def test_intrigue_one_stone_from_the_general_supply() -> None:
    s = intrigue_position(supplies={Y: (11, 5)})
    s = s.apply(PlayIntrigue("general", 1))
    # 1 against 2: Red has the majority, Yellow may bribe.
    assert chips_of(s, R) == "H"
    assert s.pending == ("bribe", Y, 4, 3)
    assert s.general[Y] == 4 and s.personal[Y] == 12   # the stone came back to personal


def test_intrigue_without_general_stones_only_personal() -> None:
    s = intrigue_position(supplies={Y: (16, 0)})
    assert PlayIntrigue("general", 1) not in s.legal_actions()
    assert PlayIntrigue("personal", 2) in s.legal_actions()


def test_intrigue_window_asked_without_that_tiles_card() -> None:
    s = position(4, intrigue={Y: [7]}, stones={4: {R: 2}}, steps=[("tile", 4)])
    assert s.to_move == Y and s.pending == ("intrigue", Y, 4)
    assert s.view(None)["decision"] == {"kind": "intrigue", "seat": Y, "tile": 4}
    assert s.legal_actions() == (PASS,)
    with pytest.raises(IllegalAction):
        s.apply(PlayIntrigue("personal", 1))
    s = s.apply(PASS)
    assert s.intrigue[Y] == 1 << 7
    assert chips_of(s, R) == "H"


def test_intrigue_windows_in_turn_order_from_the_start_player() -> None:
    s = position(4, start=2, intrigue={Y: [7], G: [8], B: [4]}, stones={4: {R: 2}},
                 steps=[("tile", 4)])
    asked = []
    while s.pending is not None and s.pending[0] == "intrigue":
        asked.append(s.to_move)
        s = s.apply(PASS)
    assert asked == [G, B, Y]


# --------------------------------------------------------------------------------------
# The person tiles' rewards
# --------------------------------------------------------------------------------------


def test_conde_blazon_then_a_stone_anywhere_also_on_tile_6_where_it_stays() -> None:
    s = position(4, stones={6: {Y: 2, R: 1}}, steps=[("tile", 6)])  # stones(2), front
    assert s.to_move == Y and s.pending == ("conde", Y)
    assert blazons_of(s, Y) == 1
    assert set(s.legal_actions()) == {PASS, *(PlaceStone(t) for t in range(1, 13))}
    s = s.apply(PlaceStone(6))
    assert s.to_move is None
    assert tile_stones(s, 6) == [1, 0, 0, 0]
    assert s.general[Y] == GENERAL[Y] - 1
    assert s.personal[Y] == PERSONAL[Y]                # the scored stones came back
    assert s.personal[R] == PERSONAL[R]
    assert blazons_of(s, R) == 0
    assert s.side[6] == 1


def test_conde_stone_on_a_later_tile_counts_in_the_same_evaluation() -> None:
    s = position(4, stones={6: {Y: 2}, 7: {R: 1}}, steps=[("tile", 6), ("tile", 7)])
    s = s.apply(PlaceStone(7))
    # Tile 7 (first): Yellow's Condé stone ties Red's single stone: nobody gets 5 louis.
    assert s.to_move is None
    assert s.side[7] == 0
    assert s.personal[R] == PERSONAL[R] and s.personal[Y] == PERSONAL[Y] + 1


def test_conde_stone_from_the_personal_supply_when_the_general_one_is_empty() -> None:
    s = position(4, stones={6: {Y: 2}}, supplies={Y: (14, 0)}, steps=[("tile", 6)])
    s = s.apply(PlaceStone(1))
    assert tile_stones(s, 1)[Y] == 1
    assert (s.personal[Y], s.general[Y]) == (15, 0)


def test_conde_bought_by_a_bribe_on_its_money_side() -> None:
    s = position(4, money=RICH, sides={6: 1}, stones={6: {Y: 3, R: 1}}, steps=[("tile", 6)])
    assert s.pending == ("conde", Y)
    s = s.apply(PlaceStone(12))
    assert s.pending == ("bribe", R, 6, 2)
    s = s.apply(BRIBE)
    assert s.pending == ("conde", R) and blazons_of(s, R) == 1
    s = s.apply(PlaceStone(12))
    assert s.to_move is None
    assert tile_stones(s, 12)[:2] == [1, 1]
    assert s.money[R] == 8
    assert s.general[Y] == GENERAL[Y] + 3 - 1          # majority stones to general
    assert s.side[6] == 0


def test_stones_tile_rewards_the_majority_holder_first_conde() -> None:
    # "Bij alle personetegels neemt eerst de bezitter van de meerderheid het 'voordeel',
    # daarna ... beginnend met de startspeler. De volgorde ... is belangrijk bij de tegels
    # 6 en 8." (ruling 4). Red (3 stones) has the majority on le Grand Condé's stones(2)
    # side; Yellow (2 stones) is the start player.
    s = position(4, stones={6: {Y: 2, R: 3}}, steps=[("tile", 6)])
    assert s.pending == ("conde", R)


def test_stones_tile_rewards_the_majority_holder_first_mazarin() -> None:
    # Mazarin's back side is stones(2): Red (majority) takes the top influence card first.
    s = position(4, sides={11: 1}, stones={11: {Y: 2, R: 3}})
    top, second = s.deck[-1], s.deck[-2]
    s = position(4, sides={11: 1}, stones={11: {Y: 2, R: 3}}, steps=[("tile", 11)])
    assert (hand(s, R), hand(s, Y)) == ([top], [second])


def test_maintenon_two_stones_on_tile_5_then_one_back() -> None:
    s = position(4, stones={8: {Y: 2, R: 1}}, steps=[("tile", 8), ("tile", 5)])
    assert s.pending == ("maintenon", Y)
    assert set(s.legal_actions()) == {MaintenonStones(0), MaintenonStones(1),
                                      MaintenonStones(2)}
    s = s.apply(MaintenonStones(2))
    # Yellow: 2 stones from tile 8 to general (money majority), 2 general → tile 5,
    # 1 general → personal; then tile 5 (first) is scored: Yellow gets a crown.
    assert s.pending == ("bribe", R, 8, 2)
    s = s.apply(PASS)
    assert s.to_move is None
    assert chips_of(s, Y) == "C"
    assert s.general[Y] == GENERAL[Y] + 2 - 2 - 1 + 2  # tile 5's stones to general
    assert s.personal[Y] == PERSONAL[Y] - 2 + 1
    assert s.side[8] == 1 and s.side[5] == 1


def test_maintenon_zero_stones_still_brings_one_back() -> None:
    s = position(4, stones={8: {Y: 2}}, steps=[("tile", 8)])
    s = s.apply(MaintenonStones(0))
    assert tile_stones(s, 5) == [0, 0, 0, 0]
    assert (s.personal[Y], s.general[Y]) == (PERSONAL[Y] - 2 + 1, GENERAL[Y] + 2 - 1)


def test_mazarin_gives_the_top_influence_card() -> None:
    s = position(4, stones={11: {Y: 2, R: 1}})
    top = s.deck[-1]
    s = position(4, stones={11: {Y: 2, R: 1}}, steps=[("tile", 11)])
    assert hand(s, Y) == [top] and hand(s, R) == []
    assert s.view(None)["players"][Y]["influence_cards"] == 1
    assert s.side[11] == 1


def test_louvois_gives_a_blazon_and_the_top_intrigue_card() -> None:
    s = position(4, stones={12: {Y: 2}})
    top = s.intrigue_deck[-1]
    s = position(4, stones={12: {Y: 2}}, steps=[("tile", 12)])
    assert blazons_of(s, Y) == 1
    assert s.view(Y)["you"]["intrigue_hand"] == [top]
    assert s.general[Y] == GENERAL[Y] + 2 and s.side[12] == 1


def test_colbert_gives_five_louis() -> None:
    s = position(4, money={Y: 1, R: 1}, stones={7: {Y: 2, R: 1}}, steps=[("tile", 7)])
    assert s.money[:2] == [6, 1]
    assert s.general[Y] == GENERAL[Y] + 2 and s.personal[R] == PERSONAL[R]
    assert s.side[7] == 1


def test_no_bribe_offer_without_enough_money() -> None:
    s = position(4, money={R: 2, G: 3}, stones={4: {Y: 3, R: 1, G: 1}}, steps=[("tile", 4)])
    assert s.pending == ("bribe", G, 4, 3)


def test_evaluation_scores_tiles_1_to_12() -> None:
    s = position(4, stones={1: {Y: 1}, 5: {R: 1}, 9: {G: 1}, 10: {B: 2}},
                 steps=[("evaluation",)])
    assert s.to_move is None
    assert [chips_of(s, p) for p in range(4)] == ["S", "C", "C", ""]
    assert blazons_of(s, B) == 2
    assert [s.side[t] for t in (1, 5, 9, 10)] == [1, 1, 1, 1]


# --------------------------------------------------------------------------------------
# Two players: the neutral colour
# --------------------------------------------------------------------------------------


def two_players(tiles: tuple[int, ...], **kwargs: Any) -> Louis14State:
    """A two-player position whose ``tiles`` hold only the stones asked for (see
    ``test_scenario_two_player_court_starts_empty``)."""
    for seed in range(60):
        base = position(2, seed=seed)
        if all(base.stones_on(t) == [0, 0, 0] for t in tiles):
            return position(2, seed=seed, **kwargs)
    raise AssertionError("no seed leaves the tiles empty")


def test_neutral_sole_majority_flips_and_receives_nothing() -> None:
    s = two_players((9,), neutral={9: 2}, stones={9: {Y: 1}}, steps=[("tile", 9)])
    assert s.to_move is None
    assert chips_of(s, Y) == "" and chips_of(s, R) == ""
    assert s.side[9] == 1
    assert tile_stones(s, 9) == [0, 0, 0]
    assert s.personal[Y] == 11


def test_neutral_majority_on_a_money_tile_players_may_bribe() -> None:
    s = two_players((4,), money={Y: 5, R: 5}, neutral={4: 2}, stones={4: {Y: 1}},
                    steps=[("tile", 4)])
    assert s.pending == ("bribe", Y, 4, 3)
    s = s.apply(BRIBE)
    assert chips_of(s, Y) == "H" and s.money[Y] == 2
    assert s.side[4] == 1


def test_neutral_is_second_on_louis_tile_and_takes_the_second_place() -> None:
    s = two_players((1,), money={Y: 5, R: 5}, louis_tile=1, neutral={1: 2},
                    stones={1: {Y: 3, R: 1}}, steps=[("tile", 1)])
    assert chips_of(s, Y) == "SC"
    assert chips_of(s, R) == ""
    assert s.pending == ("bribe", R, 1, 3)             # Red is third: may only bribe


def test_neutral_first_on_louis_tile_the_sole_second_gets_the_reward() -> None:
    s = two_players((1,), money={Y: 5, R: 5}, louis_tile=1, neutral={1: 3},
                    stones={1: {Y: 2, R: 1}}, steps=[("tile", 1)])
    assert chips_of(s, Y) == "S"
    assert s.pending == ("bribe", R, 1, 3)
    s = s.apply(PASS)
    assert s.side[1] == 1
    assert s.personal[Y] == 11                         # second: stones to personal
    assert tile_stones(s, 1) == [0, 0, 0]


def test_neutral_tied_for_first_blocks_the_reward() -> None:
    s = two_players((9,), neutral={9: 2}, stones={9: {Y: 2}}, steps=[("tile", 9)])
    assert s.to_move is None
    assert chips_of(s, Y) == "" and s.personal[Y] == 11
    assert s.side[9] == 0


def test_louis_tile_with_only_neutral_stones_flips_and_they_return_to_the_pool() -> None:
    kwargs: dict[str, Any] = {"louis_tile": 2, "neutral": {2: 2}}
    before = two_players((2,), **kwargs)
    s = two_players((2,), steps=[("tile", 2)], **kwargs)
    assert s.to_move is None
    assert s.side[2] == 1
    assert tile_stones(s, 2) == [0, 0, 0]
    assert s.neutral_pool == before.neutral_pool + 2
    assert chips_of(s, Y) == "" and chips_of(s, R) == ""


def test_neutral_stones_at_the_start_of_the_influence_phase() -> None:
    base = position(2, louis_tile=3, phase="influence")
    s = position(2, louis_tile=3, phase="influence", steps=[("neutral",)])
    added = [s.stones_on(t)[NEUTRAL] - base.stones_on(t)[NEUTRAL] for t in range(13)]
    revealed = s.center[len(base.center):]
    persons = [f for f in revealed if f]
    assert len(persons) == 3
    assert revealed[-1] != 0                           # a joker is replaced, never last
    expected = [0] * 13
    expected[3] += 2
    for face in persons:
        expected[face] += 2
    assert added == expected
    assert sum(added) == 8


# --------------------------------------------------------------------------------------
# Three players, round 4
# --------------------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "round_", "expected"), [(3, 4, 1), (3, 3, 0), (4, 4, 0)])
def test_three_player_round_4_compensation(players: int, round_: int, expected: int) -> None:
    s = position(players, round=round_, start=1, steps=[("compensation",)])
    assert s.view(None)["players"][1]["intrigue_cards"] == expected
    assert sum(p["intrigue_cards"] for p in s.view(None)["players"]) == expected


# --------------------------------------------------------------------------------------
# The influence phase
# --------------------------------------------------------------------------------------


def test_turns_until_one_card_left_which_is_discarded_unplayed() -> None:
    s = position(4, hands={Y: [1, 2, 3], R: [4, 5]},
                            steps=[("influence_turns", Y)])
    deck = len(s.deck)
    movers = []
    while s.to_move is not None:
        movers.append(s.to_move)
        card = hand(s, s.to_move)[0]
        s = s.apply(Retrieve(card))
    assert movers == [Y, R, Y]
    assert hand(s, Y) == [] and hand(s, R) == []
    assert sorted(s.center) == [1, 2, 4]
    assert len(s.deck) == deck + 2                     # the last cards, face down


def test_pay_two_to_pass_once_per_phase_per_card() -> None:
    card = mission("pay_to_pass")
    s = position(4, money={Y: 5}, laid={Y: [card]}, hands={Y: [1, 2, 3]},
                            steps=[("influence_turns", Y)])
    assert PAY_TO_PASS in s.legal_actions()
    s = s.apply(PAY_TO_PASS)
    assert s.money[Y] == 3
    assert hand(s, Y) == [1, 2, 3]
    assert s.to_move == Y and PAY_TO_PASS not in s.legal_actions()


def test_pay_two_to_pass_twice_with_both_cards() -> None:
    cards = [m.id for m in MISSIONS if m.effect == "pay_to_pass"]
    s = position(4, money={Y: 5}, laid={Y: cards}, hands={Y: [1, 2, 3]},
                            steps=[("influence_turns", Y)])
    s = s.apply(PAY_TO_PASS).apply(PAY_TO_PASS)
    assert s.money[Y] == 1 and hand(s, Y) == [1, 2, 3]
    assert PAY_TO_PASS not in s.legal_actions()


def test_pay_two_to_pass_needs_two_louis() -> None:
    s = position(4, money={Y: 1}, laid={Y: [mission("pay_to_pass")]},
                            hands={Y: [1, 2]}, steps=[("influence_turns", Y)])
    assert PAY_TO_PASS not in s.legal_actions()


def test_swap_an_influence_card() -> None:
    s = position(4, laid={Y: [mission("swap_influence")]}, hands={Y: [1, 2, 3]},
                            steps=[("influence_turns", Y)])
    top = s.deck[-1]
    assert {SwapInfluence(1), SwapInfluence(2), SwapInfluence(3)} <= set(s.legal_actions())
    s = s.apply(SwapInfluence(1))
    assert hand(s, Y) == sorted([2, 3, top])
    assert s.center == [1]
    assert s.personal[Y] == PERSONAL[Y] and s.general[Y] == GENERAL[Y]
    assert s.to_move == Y
    assert not any(isinstance(a, SwapInfluence) for a in s.legal_actions())


def test_one_card_is_four_stones_starting_anywhere() -> None:
    s = position(4, laid={Y: [mission("boost")]}, hands={Y: [1, 2, 3]},
                            steps=[("influence_turns", Y)])
    boosted = PlaceStones(1, ((3, 1), (4, 1), (5, 1), (10, 1)), True)  # 10 → 3 → 4 → 5
    legal = set(s.legal_actions())
    assert boosted in legal
    assert PlaceStones(1, ((3, 1), (4, 1), (5, 1), (10, 1))) not in legal
    assert PlaceStones(1, ((1, 4),), True) in legal
    assert PlaceStones(1, ((1, 1), (2, 1), (4, 1), (6, 1)), True) not in legal  # branches
    assert PlaceStones(1, ((1, 5),), True) not in legal
    assert Retrieve(1, True) in legal
    s = s.apply(boosted)
    assert s.personal[Y] == PERSONAL[Y] - 4
    assert [tile_stones(s, t)[Y] for t in (3, 4, 5, 10)] == [1, 1, 1, 1]
    assert not any(getattr(a, "boost", False) for a in s.legal_actions())


def test_one_card_is_four_stones_retrieve() -> None:
    s = position(4, laid={Y: [mission("boost")]}, hands={Y: [0, 2]},
                            steps=[("influence_turns", Y)])
    s = s.apply(Retrieve(0, True))
    assert (s.personal[Y], s.general[Y]) == (PERSONAL[Y] + 4, GENERAL[Y] - 4)


def test_start_of_influence_mission_stones_in_turn_order() -> None:
    tile1 = next(m.id for m in MISSIONS if m.effect == "tile_stone" and m.tile == 1)
    louis = mission("louis_tile_stone")
    s = position(4, start=1, louis_tile=3, laid={Y: [tile1], R: [louis]},
                 steps=[("influence_start",)])
    assert s.pending == ("mission_stone", R, louis, 3)
    assert set(s.legal_actions()) == {PlaceStone(3), PASS}
    s = s.apply(PlaceStone(3))
    assert s.pending == ("mission_stone", Y, tile1, 1)
    s = s.apply(PlaceStone(1))
    assert s.to_move is None
    assert tile_stones(s, 3)[R] == 1 and tile_stones(s, 1)[Y] == 1
    assert s.general[:2] == [GENERAL[0] - 1, GENERAL[1] - 1]
    assert s.personal[:2] == [PERSONAL[0], PERSONAL[1]]


def test_mission_stone_from_personal_when_none_in_general() -> None:
    tile5 = next(m.id for m in MISSIONS if m.effect == "tile_stone" and m.tile == 5)
    s = position(4, laid={Y: [tile5]}, supplies={Y: (16, 0)}, steps=[("influence_start",)])
    s = s.apply(PlaceStone(5))
    assert tile_stones(s, 5)[Y] == 1 and s.personal[Y] == 15


def test_end_of_influence_stone_anywhere() -> None:
    card = mission("end_stone")
    s = position(4, laid={Y: [card]}, steps=[("influence_end",)])
    assert set(s.legal_actions()) == {PASS, *(PlaceStone(t) for t in range(1, 13))}
    s = s.apply(PlaceStone(12))
    assert tile_stones(s, 12)[Y] == 1 and s.general[Y] == GENERAL[Y] - 1


# --------------------------------------------------------------------------------------
# The supply phase
# --------------------------------------------------------------------------------------


def test_supply_missions_stones_and_louis() -> None:
    s = position(4, money={p: 0 for p in range(4)},
                 laid={Y: [mission("stone")], R: [mission("stones3")],
                       G: [mission("louis")], B: [mission("louis3")]},
                 steps=[("supply_missions",)])
    assert s.to_move is None
    assert s.personal == [PERSONAL[0] + 1, PERSONAL[1] + 3, PERSONAL[2], PERSONAL[3]]
    assert s.general == [GENERAL[0] - 1, GENERAL[1] - 3, GENERAL[2], GENERAL[3]]
    assert s.money == [0, 0, 1, 3]


def test_supply_stones_limited_by_the_general_supply() -> None:
    s = position(4, laid={Y: [mission("stones3")]}, supplies={Y: (14, 2)},
                 steps=[("supply_missions",)])
    assert (s.personal[Y], s.general[Y]) == (16, 0)


def test_supply_missions_blazon_and_intrigue() -> None:
    s = position(4, laid={Y: [mission("blazon")], R: [mission("intrigue")]},
                 steps=[("supply_missions",)])
    assert blazons_of(s, Y) == 1
    assert s.view(None)["players"][R]["intrigue_cards"] == 1


def test_plus_two_louis_income_choice() -> None:
    card = mission("income")
    s = position(4, money={Y: 0}, laid={Y: [card]}, steps=[("supply_missions",)])
    assert s.pending == ("income", Y, card)
    assert set(s.legal_actions()) == {Income(2, 0), Income(1, 1), Income(0, 2)}
    after = s.apply(Income(1, 1))
    assert after.money[Y] == 1
    assert (after.personal[Y], after.general[Y]) == (PERSONAL[Y] + 1, GENERAL[Y] - 1)
    after = s.apply(Income(0, 2))
    assert after.money[Y] == 0
    assert (after.personal[Y], after.general[Y]) == (PERSONAL[Y] + 2, GENERAL[Y] - 2)


def test_one_stone_for_one_influence_card() -> None:
    card = mission("stone_for_card")
    s = position(4, laid={Y: [card]}, steps=[("supply_missions",)])
    top = s.deck[-1]
    assert set(s.legal_actions()) == {TRADE_STONE, PASS}
    s = s.apply(TRADE_STONE)
    assert hand(s, Y) == [top]
    assert (s.personal[Y], s.general[Y]) == (PERSONAL[Y] - 1, GENERAL[Y] + 1)


# --------------------------------------------------------------------------------------
# The evaluation phase: "-1 louis on every bribe"
# --------------------------------------------------------------------------------------


def test_cheap_bribe_costs_one_less_on_every_tile() -> None:
    s = position(4, money=RICH, laid={R: [mission("cheap_bribe")]},
                 stones={4: {Y: 3, R: 1, G: 1}, 8: {Y: 2, R: 1}},
                 steps=[("tile", 4), ("tile", 8)])
    assert s.pending == ("bribe", R, 4, 2)
    s = s.apply(BRIBE)
    assert s.pending == ("bribe", G, 4, 3)
    s = s.apply(PASS)
    assert s.pending == ("maintenon", Y)
    s = s.apply(MaintenonStones(0))
    assert s.pending == ("bribe", R, 8, 1)
    s = s.apply(BRIBE)
    assert s.money[R] == 10 - 2 - 1
    assert chips_of(s, R) == "H"


# --------------------------------------------------------------------------------------
# The mission phase
# --------------------------------------------------------------------------------------


def test_keep_one_chip_the_others_become_blazons() -> None:
    s = position(4, chips={Y: "SLC"}, steps=[("keep_chips", Y)])
    assert s.pending == ("keep", Y)
    assert set(s.legal_actions()) == {KeepChip("S"), KeepChip("L"), KeepChip("C")}
    s = s.apply(KeepChip("C"))
    assert chips_of(s, Y) == "C"
    assert blazons_of(s, Y) == 2
    assert s.view(None)["supply"]["chips"] == {"S": 6, "L": 6, "R": 6, "H": 6, "C": 9}


def test_keep_chips_of_one_kind_needs_no_decision() -> None:
    s = position(4, chips={Y: "HHH"}, steps=[("keep_chips", Y)])
    assert s.to_move is None
    assert chips_of(s, Y) == "H" and blazons_of(s, Y) == 2


def test_a_single_chip_is_kept_without_blazons() -> None:
    s = position(4, chips={Y: "R"}, steps=[("keep_chips", Y)])
    assert s.to_move is None
    assert chips_of(s, Y) == "R" and blazons_of(s, Y) == 0


def test_plus_one_mission_card_draws_two() -> None:
    card = mission("extra_mission")
    s = position(4, chips={Y: "SL"}, missions={Y: [card]}, steps=[("mission_turn", Y)])
    lay = next(a for a in s.legal_actions() if isinstance(a, LayMission))
    assert lay.mission == card
    dark_top, medium_top = s.mission_decks[2][-1], s.mission_decks[1][-1]
    s = s.apply(lay)
    assert s.pending == ("draw", Y)
    s = s.apply(DrawMission("dark"))
    assert s.pending == ("draw", Y)
    assert s.missions[Y] == (dark_top,)                # seen before the second draw
    s = s.apply(DrawMission("medium"))
    assert s.to_move is None
    assert s.missions[Y] == tuple(sorted((dark_top, medium_top)))
    assert s.laid[Y] == (card,)


def test_chip_to_crown_once_for_two_louis() -> None:
    card = mission("chip_to_crown")
    s = position(4, money={Y: 5}, laid={Y: [card]}, chips={Y: "SL"}, missions={Y: []},
                 steps=[("mission_turn", Y)])
    assert set(s.legal_actions()) == {ConvertChip("S"), ConvertChip("L"), EndMissions()}
    s = s.apply(ConvertChip("L"))
    assert chips_of(s, Y) == "SC" and s.money[Y] == 3
    assert s.legal_actions() == (EndMissions(),)


def test_chip_to_crown_in_the_phase_it_is_laid() -> None:
    card = next(m.id for m in MISSIONS if m.effect == "chip_to_crown" and m.needs[0] == 1)
    s = position(4, money={Y: 5}, chips={Y: "LRS"}, missions={Y: [card]},
                 steps=[("mission_turn", Y)])
    s = s.apply(LayMission(card, ("L", "R"))).apply(DrawMission("light"))
    assert ConvertChip("S") in s.legal_actions()
    s = s.apply(ConvertChip("S"))
    assert chips_of(s, Y) == "C" and s.money[Y] == 3


def test_swap_mission_cards_at_the_end_of_the_mission_phase() -> None:
    card = mission("swap_missions")
    s = position(4, laid={Y: [card]}, steps=[("mission_swaps",)])
    old = s.missions[Y]
    assert len(old) == 2 and s.pending == ("swap", Y, card)
    assert SwapMissions(old) in s.legal_actions()
    assert SwapMissions((old[0],)) in s.legal_actions()
    s = s.apply(SwapMissions(old))
    for m in old:
        assert s.mission_decks[MISSIONS[m].deck][0] == m     # under its deck
    s = s.apply(DrawMission("dark")).apply(DrawMission("dark"))
    assert s.to_move is None
    assert len(s.missions[Y]) == 2 and not set(old) & set(s.missions[Y])
    assert all(MISSIONS[m].deck == 2 for m in s.missions[Y])


def test_no_mission_swaps_after_round_4() -> None:
    s = position(4, round=4, laid={Y: [mission("swap_missions")]}, steps=[("mission_swaps",)])
    assert s.to_move is None


# --------------------------------------------------------------------------------------
# Rounds
# --------------------------------------------------------------------------------------


def test_the_start_player_card_passes_clockwise() -> None:
    s = position(4, start=3, steps=[("end_round",)])
    assert s.round == 2 and s.start == 0
    assert s.to_move == 0 and s.pending == ("turn", 0)


def test_the_game_ends_after_round_4() -> None:
    s = position(4, round=4, steps=[("end_round",)])
    assert s.to_move is None
    assert len(s.result().scores) == 4


# --------------------------------------------------------------------------------------
# The scenario builder itself
# --------------------------------------------------------------------------------------


def test_scenario_deals_any_legal_hand() -> None:
    # Seed 0 deals both copies of Montespan (5) to Green; a hand holding one of them must
    # still be possible for Yellow.
    s = position(4, seed=0, hands={Y: [6, 1, 5]}, steps=[("influence_turns", Y)])
    assert hand(s, Y) == [1, 5, 6]


def test_scenario_two_player_court_starts_empty() -> None:
    s = position(2)
    assert [s.stones_on(t) for t in range(1, 13)] == [[0, 0, 0]] * 12
    assert s.neutral_pool == 8
