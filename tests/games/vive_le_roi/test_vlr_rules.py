"""Scenario tests for decrees, the distribution of the middle, officials, the King's moves,
the last round, the final scoring and the points-limit variant."""

from __future__ import annotations

import pytest

import sunking
from sunking.core import Action, IllegalAction, InvalidOptions, Rng
from sunking.games.vive_le_roi.actions import (
    CHURCH_DECREE,
    FREE,
    KEEP_IN_HAND,
    PASS,
    REFUSE,
    RELEASE,
    Denounce,
    Give,
    NobilityDecree,
    Place,
    PlayToMiddle,
    Take,
)
from sunking.games.vive_le_roi.data import CARDS, DECK_SIZE, RECONSTRUCTED
from sunking.games.vive_le_roi.scenario import find, position
from sunking.games.vive_le_roi.state import ViveLeRoiState
from sunking.presentation import describe_result

GAME = sunking.make("vive_le_roi")


def play(s: ViveLeRoiState, *actions: Action) -> ViveLeRoiState:
    for action in actions:
        s = s.apply(action, seat=s.to_move)
    return s


BISHOP = find("official", role="bishop")
NOBLE1, NOBLE3, NOBLE5 = find("noble", 1), find("noble", 3), find("noble", 5)


def test_the_deck_has_114_cards_and_flags_its_reconstructions() -> None:
    assert DECK_SIZE == 114 == len(CARDS)
    assert sum(c.value for c in CARDS if c.kind == 3) == 37          # gold 7×1 6×2 6×3
    assert sum(c.value for c in CARDS if c.kind == 4) == 71          # musketeers
    assert sorted(c.value for c in CARDS if c.kind == 2) == [3] * 21  # provinces
    assert {"gold values", "musketeer values", "official values"} <= set(RECONSTRUCTED)


def test_setup_deals_nobles_provinces_the_king_and_seven_cards() -> None:
    for n in (3, 4, 5, 6):
        s = GAME.new_game(n, seed=n)
        # 86, 77, 68 or 59 cards in the draw pile, less the start player's first draw.
        assert len(s.deck) == 114 - 1 - 2 * n - 7 * n - 1
        assert s.to_move == s.start == (s.king + 1) % n
        ranks = [max(CARDS[c].value for c in s.structures[p] if CARDS[c].kind == 0)
                 for p in range(n)]
        assert ranks[s.king] == max(ranks)
        assert all(len(s.structures[p]) == 2 for p in range(n))
        assert len(s.hands[s.start]) == 8 and not s.check_invariants()


def test_bad_input_is_refused_and_changes_nothing() -> None:
    s = GAME.new_game(4, seed=1)
    before = s.snapshot()
    with pytest.raises(IllegalAction):
        s.apply(PlayToMiddle(card=6))   # the King is never in a hand
    with pytest.raises(InvalidOptions):
        GAME.new_game(2, seed=1)
    with pytest.raises(InvalidOptions):
        GAME.new_game(4, seed=1, points_limit=123)
    assert s.snapshot() == before


# --- decrees ---------------------------------------------------------------------------------


def church_position(captor_has_church: bool = False) -> ViveLeRoiState:
    return position(
        3,
        hands={0: [find("gold", 1)]},
        structures={0: [BISHOP], 1: [NOBLE3] + ([find("official", role="cardinal")]
                                                if captor_has_church else [])},
        king=1, captive=True, start=0,
        deck_top=[find("gold", 2)],
        steps=[("turn", 0)],
    )


def test_church_decree_frees_the_king_who_moves_on_in_phase_four() -> None:
    s = church_position()
    assert CHURCH_DECREE in s.legal_actions()
    s = play(s, CHURCH_DECREE)
    assert s.to_move == 1 and set(s.legal_actions()) == {RELEASE, REFUSE}
    s = play(s, RELEASE)
    assert not s.captive and s.king == 1
    assert s.pending == ("turn", 0) and CHURCH_DECREE not in s.legal_actions()


def test_refusing_a_church_decree_costs_fifteen_and_blocks_that_decreer() -> None:
    s = play(church_position(), CHURCH_DECREE, REFUSE)
    assert s.captive and s.scores == [0, -15, 0]
    assert s.decree_failed == 1
    assert CHURCH_DECREE not in s.legal_actions()


def test_a_captor_with_a_church_official_ignores_the_decree_freely() -> None:
    s = play(church_position(captor_has_church=True), CHURCH_DECREE, REFUSE)
    assert s.captive and s.scores == [0, 0, 0]


def test_nobility_decree_swaps_the_highest_courtier_for_a_discarded_noble() -> None:
    c4, c6 = find("courtier", 4, arms=0), find("courtier", 6, arms=1)
    s = position(
        3,
        hands={0: [find("gold", 1)]},
        structures={0: [c4, c6]},
        discard=[NOBLE3, NOBLE5],
        king=0, captive=False, start=0,
        deck_top=[find("gold", 2)],
        steps=[("turn", 0)],
    )
    decrees = {a for a in s.legal_actions() if isinstance(a, NobilityDecree)}
    assert decrees == {NobilityDecree(c6, NOBLE3), NobilityDecree(c6, NOBLE5)}
    s = play(s, NobilityDecree(c6, NOBLE5))
    assert NOBLE5 in s.structures[0] and c6 in s.discard and c4 in s.structures[0]
    assert not any(isinstance(a, NobilityDecree) for a in s.legal_actions())


def test_no_nobility_decree_without_the_king() -> None:
    s = position(3, hands={0: [find("gold", 1)]}, structures={0: [find("courtier", 6, arms=1)]},
                 discard=[NOBLE3], king=1, start=0, deck_top=[find("gold", 2)],
                 steps=[("turn", 0)])
    assert not any(isinstance(a, NobilityDecree) for a in s.legal_actions())


# --- the distribution (Phase 2B and 2C) ---------------------------------------------------------


def test_tied_highest_cards_go_to_the_most_courtier_influence() -> None:
    s = position(
        3,
        structures={0: [NOBLE1, find("courtier", 5, arms=0)],
                    1: [NOBLE3, find("courtier", 4, arms=2), find("courtier", 6, arms=0)]},
        middle=[(find("gold", 3), 0), (find("gold", 3, nth=1), 1), (find("gold", 1), 2)],
        steps=[("phase2",)],
    )
    # Seat 0 counts its lion courtier (5); seat 1 only its tower courtier (4): the lion
    # courtier does not bear its noble's arms.
    for c in (find("gold", 3), find("gold", 3, nth=1), find("gold", 1)):
        assert c in s.structures[0]


def test_a_complete_tie_gives_every_player_his_own_card_back() -> None:
    s = position(
        3,
        structures={0: [NOBLE1], 1: [NOBLE3]},
        middle=[(find("province", arms=0), 0), (find("province", arms=2), 1),
                (find("musketeer", 2), 2), (find("musketeer", 5), 0)],
        steps=[("phase2",)],
    )
    assert find("province", arms=0) in s.structures[0]
    assert find("province", arms=2) in s.structures[1]
    # Musketeers: seat 0's 5 beats seat 2's 2; seat 0 places them (barracks or province).
    assert s.pending == ("place", 0, find("musketeer", 2))


def test_nobles_and_officials_go_back_to_their_players_in_play_order() -> None:
    cartographer = find("official", role="cartographer")
    garrison = find("musketeer", 4)
    s = position(
        3,
        structures={1: [find("province", arms=1), garrison], 2: [find("province", arms=5)]},
        attach={garrison: find("province", arms=1)},
        middle=[(NOBLE5, 2), (cartographer, 0)],
        steps=[("phase2",)],
    )
    assert NOBLE5 in s.structures[2] and cartographer in s.structures[0]
    # The Cartographer: seats 1 and 2 each give their one province; its garrison stays with
    # seat 1, free (with no province left, there is nowhere else to place it; VR-17).
    assert s.pending == ("receive", 0, find("province", arms=1))
    s = play(s, FREE, KEEP_IN_HAND)
    assert find("province", arms=1) in s.structures[0]
    assert find("province", arms=5) in s.hands[0]
    assert s.view(1)["you"]["known_hands"] == [{"seat": 0, "card": find("province", arms=5)}]
    assert garrison in s.structures[1] and s.attach[garrison] == -1


def test_captain_arrests_a_person_and_takes_its_gold() -> None:
    captain = find("official", role="captain_of_the_guard")
    victim = find("courtier", 6, arms=3)
    s = position(
        3,
        structures={1: [victim, find("gold", 3)], 2: [find("musketeer", 1)]},
        attach={find("gold", 3): victim},
        middle=[(captain, 0)],
        steps=[("phase2",)],
    )
    assert s.pending == ("arrest", 0)
    s = play(s, Take(victim))
    assert victim in s.discard
    assert s.pending == ("receive", 0, find("gold", 3))
    s = play(s, KEEP_IN_HAND)
    assert find("gold", 3) in s.hands[0]


def test_treasurer_and_general_demand_one_card_of_the_givers_choice() -> None:
    treasurer = find("official", role="treasurer")
    s = position(
        3,
        structures={1: [find("gold", 1), find("gold", 3)], 2: []},
        middle=[(treasurer, 0)],
        steps=[("phase2",)],
    )
    assert s.pending == ("give", 1, 0, 3)
    s = play(s, Give(find("gold", 1)))
    s = play(s, KEEP_IN_HAND)
    assert find("gold", 1) in s.hands[0] and find("gold", 3) in s.structures[1]


# --- the King, the rounds, the end ------------------------------------------------------------


def test_the_free_king_moves_clockwise_and_the_next_player_starts() -> None:
    s = position(3, structures={0: [NOBLE1]}, king=2, steps=[("phase3",)])
    assert s.king == 0 and s.start == 1 and s.pending == ("turn", 1)


def test_in_the_last_round_players_without_cards_sit_out() -> None:
    s = position(3, hands={0: [find("gold", 1)], 2: [find("gold", 2)]}, deck_size=0,
                 king=2, steps=[("round",)])
    assert s.last_round
    s = play(s, PlayToMiddle(find("gold", 1)))
    assert s.pending == ("turn", 2)   # seat 1 had no card and sits out
    s = play(s, PlayToMiddle(find("gold", 2)))
    assert s.is_terminal


def test_final_scoring_counts_persons_provinces_doubled_for_arms_and_the_king() -> None:
    queen = find("official", role="queen")
    musketeer = find("musketeer", 5)
    s = position(
        3,
        hands={1: [find("courtier", 6, arms=6)]},
        structures={
            0: [NOBLE1, find("province", arms=0), find("province", arms=0, nth=1),
                find("province", arms=3), queen, find("province", arms=6), musketeer,
                find("gold", 2), find("courtier", 6, arms=2), find("gold", 3),
                find("event", role="low_birth")],
            1: [NOBLE3, find("province", arms=0, nth=2)],
        },
        attach={find("gold", 2): musketeer},
        king=0, captive=True, scores=[20, 5, 0], last_round=True,
        steps=[("phase3",)],
    )
    assert s.is_terminal
    result = s.result()
    # Seat 0: lion provinces 2 × 6, stag 3, fleur-de-lis 6 (the Queen's arms), Queen 3,
    # musketeer 5, courtier 6, King 10; gold and the Low Birth card count nothing.
    assert result.details["players"][0]["final_scoring"] == 12 + 3 + 6 + 3 + 5 + 6 + 10
    assert result.scores == (20 + 45, 5 + 3, 0)
    assert result.winners == (0,)


def test_points_limit_variant_plays_deals_until_someone_reaches_the_limit() -> None:
    s = GAME.new_game(3, seed=4, points_limit=250)
    rng = Rng(4)
    while not s.is_terminal:
        s = s.apply_unchecked(rng.choice(s.legal_actions()))
    result = s.result()
    deals = result.details["deals"]
    assert s.deal > 1 and len(deals) in (s.deal - 1, s.deal)
    totals = [max(row["before"] + row["final_scoring"] for row in deal) for deal in deals]
    assert all(total < 250 for total in totals[:-1])
    if "reached" in result.details:   # ended in the middle of a deal
        assert all(total < 250 for total in totals)
        assert result.details["reached"]["deal"] == s.deal
    assert max(result.scores) >= 250 or s.deal == 12
    assert result.details["limit"] == 250


def test_any_points_limit_from_250_to_300_is_accepted() -> None:
    """"Voor een langer en interessanter spel kunnen puntengrenzen van 250 tot 300 punten
    worden gekozen": 260 is a limit like any other; 249 and 301 are refused, the error naming
    the range."""
    s = GAME.new_game(3, seed=4, points_limit=260)
    assert s.options["points_limit"] == 260
    for limit in (250, 299, 300):
        assert GAME.new_game(3, seed=4, points_limit=limit).options["points_limit"] == limit
    for wrong in (249, 301, 275.5):
        with pytest.raises(InvalidOptions, match="250–300"):
            GAME.new_game(3, seed=4, points_limit=wrong)


def test_points_limit_is_won_by_the_first_to_reach_it_in_the_middle_of_a_deal() -> None:
    """"De speler die als eerste de puntengrens heeft bereikt, heeft gewonnen": seat 0 passes
    250 with Excommunication in his turn; the game ends there, though seat 1 had more points
    and the deal is far from over."""
    excommunication = find("event", role="excommunication")
    bishop = find("official", role="bishop")
    s = position(
        3,
        hands={0: [excommunication, find("gold", 1)], 1: [find("gold", 2)],
               2: [find("gold", 3)]},
        structures={0: [find("noble", 1), bishop], 1: [find("noble", 2)],
                    2: [find("noble", 3)]},
        deck_top=[find("event", role="gossip")],
        scores=[245, 249, 100],
        steps=[("turn", 0), ("turn", 1), ("turn", 2), ("phase2",)],
        options={"points_limit": 250},
    )
    s = s.apply(Denounce(excommunication, 2), seat=0)
    assert s.is_terminal
    result = s.result()
    assert result.scores == (255, 249, 100)
    assert result.winners == (0,)
    assert result.details["reached"] == {"deal": s.deal, "round": s.round}
    assert [e["type"] for e in s.events()][-2:] == ["limit_reached", "game_end"]
    final = describe_result("vive_le_roi", result.details, "en", ["Ana", "Bruno", "Claire"])
    assert final["rows"][0]["name"] == "Ana"
    assert any("250" in note and "first" in note for note in final["notes"])
    assert any("round" in note for note in final["notes"])


def test_without_the_variant_reaching_250_ends_nothing() -> None:
    excommunication = find("event", role="excommunication")
    s = position(
        3,
        hands={0: [excommunication, find("gold", 1)], 1: [find("gold", 2)]},
        structures={0: [find("noble", 1), find("official", role="bishop")]},
        deck_top=[find("event", role="gossip")],
        scores=[245, 249, 100],
        steps=[("turn", 0)],
    )
    s = s.apply(Denounce(excommunication, 2), seat=0)
    assert not s.is_terminal and s.scores[0] == 255 and s.to_move == 0


def test_views_show_no_other_hand() -> None:
    s = GAME.new_game(4, seed=9)
    for seat in range(4):
        view = s.view(seat)
        assert view["you"]["hand"] == s.hands[seat]
        text = str({k: v for k, v in view.items() if k != "you"})
        assert "hands" not in text
    assert "you" not in s.view(None)
    assert s.determinize(1, Rng(2)).view(1) == s.view(1)


def test_placing_gold_on_a_person_protects_it_from_small_bribes() -> None:
    courtier = find("courtier", 5, arms=4)
    s = position(
        3,
        structures={0: [courtier]},
        middle=[(find("gold", 2), 0)],
        steps=[("phase2",)],
    )
    assert set(s.legal_actions()) == {FREE, Place(courtier)}
    s = play(s, Place(courtier))
    assert s.attached_to(courtier) == [find("gold", 2)]
    assert PASS not in s.legal_actions()


def test_the_scenario_helper_examples_run() -> None:
    import doctest

    from sunking.games.vive_le_roi import scenario

    assert doctest.testmod(scenario).failed == 0
