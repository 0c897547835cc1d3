"""Scenario tests for the event cards: Rebellions, Riots, the "S" cards, the thieves."""

from __future__ import annotations

from sunking.core import Action, Rng
from sunking.games.vive_le_roi.actions import (
    FREE,
    KEEP_IN_HAND,
    PASS,
    Denounce,
    Execute,
    Give,
    Guard,
    Place,
    PlayEar,
    PlayToMiddle,
    Take,
    Target,
)
from sunking.games.vive_le_roi.data import EAR_CARD
from sunking.games.vive_le_roi.scenario import find, position
from sunking.games.vive_le_roi.state import ViveLeRoiState


def play(s: ViveLeRoiState, *actions: Action) -> ViveLeRoiState:
    for action in actions:
        s = s.apply(action, seat=s.to_move)
    return s


def pass_windows(s: ViveLeRoiState) -> ViveLeRoiState:
    """Pass every window (after each step of Phases 2–4) until another kind of decision."""
    while s.pending is not None and s.pending[0] == "react":
        s = play(s, PASS)
    return s


REBELLION = [find("event", role="rebellion", nth=i) for i in range(6)]
NOBLE1, NOBLE3, NOBLE5 = find("noble", 1), find("noble", 3), find("noble", 5)
QUEEN = find("official", role="queen")


def test_a_single_rebellion_takes_the_middle_captures_the_king_and_scores() -> None:
    # Seat 0 holds noble 1 (lion, arms 0) and two lion provinces; the King visits seat 2.
    s = position(
        3,
        structures={
            0: [NOBLE1, find("province", arms=0), find("province", arms=0, nth=1)],
            1: [NOBLE3, find("province", arms=2), find("courtier", 4, arms=5)],
            2: [NOBLE5, find("courtier", 6, arms=1), find("courtier", 5, arms=3)],
        },
        middle=[(REBELLION[0], 0), (find("gold", 3), 1), (QUEEN, 2),
                (find("province", arms=6), 2)],
        king=2,
        steps=[("phase2",), ("phase3",)],
    )
    # The rebel takes every non-event card of the middle and places the gold (free, or on
    # the Queen); the Queen activates: seat 1 has one courtier and gives it, seat 2 chooses
    # which of its two to give.
    assert s.pending == ("place", 0, find("gold", 3))
    assert set(s.legal_actions()) == {FREE, Place(QUEEN)}
    s = play(s, FREE)
    assert s.pending == ("receive", 0, find("courtier", 4, arms=5))
    s = play(s, FREE)
    assert s.pending == ("give", 2, 0, 5)
    s = play(s, Give(find("courtier", 5, arms=3)))
    s = pass_windows(play(s, KEEP_IN_HAND))
    assert find("courtier", 5, arms=3) in s.hands[0]
    assert s.king == 0 and s.captive
    for c in (find("gold", 3), QUEEN, find("province", arms=6), find("courtier", 4, arms=5)):
        assert c in s.structures[0]
    # Province scoring: seat 0 has two lion provinces (doubled by noble 1: 6 each) and the
    # Queen's fleur-de-lis province (doubled by the Queen: 6) = 18; seat 1 its tower province,
    # doubled by noble 3 (tower): 6; seat 2: none.
    assert s.scores == [18, 6, 0]
    # The captive King does not move: seat 1 starts the next round.
    assert s.start == 1 and s.king == 0


def test_a_single_rebellion_frees_a_captive_king_for_five_points() -> None:
    s = position(
        3,
        structures={0: [NOBLE1], 1: [NOBLE3], 2: [NOBLE5]},
        middle=[(find("gold", 1), 0), (REBELLION[0], 1)],
        king=2, captive=True,
        steps=[("phase2",)],
    )
    assert not s.captive and s.king == 2
    assert s.scores == [0, 5, 0]
    assert find("gold", 1) in s.structures[1]


def test_several_rebellions_free_the_king_pay_every_rebel_and_share_the_middle() -> None:
    s = position(
        4,
        structures={0: [NOBLE1, find("province", arms=0)], 1: [NOBLE3],
                    2: [NOBLE5, find("province", arms=4)], 3: [find("noble", 2)]},
        middle=[(REBELLION[0], 0), (find("gold", 2), 1), (REBELLION[1], 2),
                (find("gold", 3), 3)],
        king=3, captive=True,
        steps=[("phase2",), ("phase3",)],
    )
    s = pass_windows(s)
    assert not s.captive
    # Seats 0 and 2 freed the King: 5 each; the gold is shared normally (seat 3's 3 wins);
    # then provinces score: seat 0's lion doubled (6), seat 2's star doubled (6).
    assert s.scores == [11, 0, 11, 0]
    assert {find("gold", 2), find("gold", 3)} <= set(s.structures[3])
    # Freed, the King moves on in Phase 4.
    assert s.king == 0


def test_several_rebellions_with_a_free_king_do_nothing_but_score() -> None:
    s = position(
        3,
        structures={0: [NOBLE1, find("province", arms=0)], 1: [NOBLE3], 2: [NOBLE5]},
        middle=[(REBELLION[0], 0), (REBELLION[1], 1), (find("gold", 3), 2)],
        king=2,
        steps=[("phase2",), ("phase3",)],
    )
    s = pass_windows(s)
    assert not s.captive and s.king == 0
    assert s.scores == [6, 0, 0]
    assert find("gold", 3) in s.structures[2]


def test_rebellion_in_the_last_round_has_no_effect() -> None:
    s = position(
        3,
        structures={0: [NOBLE1, find("province", arms=0)], 1: [NOBLE3], 2: [NOBLE5]},
        middle=[(REBELLION[0], 0), (find("gold", 3), 2)],
        king=2, last_round=True,
        steps=[("phase2",)],
    )
    assert not s.captive
    assert find("gold", 3) in s.structures[2]
    assert s.scores == [0, 0, 0]


# --- Riots -----------------------------------------------------------------------------------

GUARDED, OPEN1, OPEN2 = find("province", arms=3), find("province", arms=4), find("province",
                                                                                  arms=5)


def riots_position() -> ViveLeRoiState:
    return position(
        3,
        hands={1: [find("musketeer", 4), find("gold", 1)]},
        structures={1: [GUARDED, OPEN1, OPEN2, find("musketeer", 2)], 0: [NOBLE1]},
        attach={find("musketeer", 2): GUARDED},
        middle=[(find("event", role="riots"), 0)],
        steps=[("phase2",)],
    )


def test_riots_take_every_unguarded_province_after_the_victim_guards() -> None:
    s = riots_position()
    # Seat 1 is the only opponent with provinces: the target is forced. Seat 1 may guard
    # its two unguarded provinces with musketeers from the hand or the barracks (VR-25).
    assert s.pending == ("guard", 1, 0)
    assert Guard(find("musketeer", 4), OPEN1) in s.legal_actions()
    assert Guard(find("musketeer", 2), OPEN1) not in s.legal_actions()  # on a garrison
    s = play(s, Guard(find("musketeer", 4), OPEN1), PASS)
    assert GUARDED in s.structures[1] and OPEN1 in s.structures[1]
    assert OPEN2 in s.structures[0]


def test_riots_against_no_guards() -> None:
    s = play(riots_position(), PASS)
    assert OPEN1 in s.structures[0] and OPEN2 in s.structures[0] and GUARDED in s.structures[1]


# --- the "S" cards ---------------------------------------------------------------------------

EXCOMMUNICATION = find("event", role="excommunication")
BISHOP = find("official", role="bishop")


def test_kings_ear_on_your_noble_scores_ten() -> None:
    s = position(3, hands={0: [EAR_CARD, find("gold", 1)]}, structures={0: [NOBLE1]},
                 deck_top=[find("gold", 2)], steps=[("turn", 0)])
    assert PlayEar(NOBLE1) in s.legal_actions()
    s = play(s, PlayEar(NOBLE1))
    assert s.scores == [10, 0, 0] and s.attach[EAR_CARD] == NOBLE1
    assert s.pending == ("turn", 0)   # the turn goes on


def test_excommunication_scores_and_is_passed_on_but_not_twice_to_one_player() -> None:
    s = position(
        3,
        hands={0: [EXCOMMUNICATION, find("gold", 1)], 1: [find("gold", 2)],
               2: [find("gold", 3)]},
        structures={0: [BISHOP], 1: [find("official", role="cardinal")]},
        deck_top=[find("gold", 1, nth=1), find("gold", 1, nth=2)],
        steps=[("turn", 0), ("turn", 1)],
    )
    s = play(s, Denounce(EXCOMMUNICATION, 1))
    assert s.scores == [10, 0, 0] and EXCOMMUNICATION in s.structures[1]
    s = play(s, PlayToMiddle(find("gold", 1)))
    # Seat 1 owns the Cardinal: it may pass the card on, but not back... to seat 0 it may
    # (seat 0 was not hit this round), not to itself, and never twice to one player.
    assert s.to_move == 1
    options = {a for a in s.legal_actions() if isinstance(a, Denounce)}
    assert options == {Denounce(EXCOMMUNICATION, 0), Denounce(EXCOMMUNICATION, 2)}
    s = play(s, Denounce(EXCOMMUNICATION, 2))
    assert s.scores == [10, 10, 0] and EXCOMMUNICATION in s.structures[2]


def test_executioner_needs_its_condition_and_discards_the_persons_gold() -> None:
    executioner = find("event", role="executioner")
    victim = find("courtier", 6, arms=2)
    s = position(
        3,
        hands={0: [executioner, find("gold", 1)]},
        structures={1: [victim, find("gold", 3)], 0: [NOBLE1]},
        attach={find("gold", 3): victim},
        deck_top=[find("gold", 2)],
        king=2,
        steps=[("turn", 0)],
    )
    assert not any(isinstance(a, Execute) for a in s.legal_actions())
    s = position(
        3,
        hands={0: [executioner, find("gold", 1)]},
        structures={1: [victim, find("gold", 3)], 0: [NOBLE1]},
        attach={find("gold", 3): victim},
        deck_top=[find("gold", 2)],
        king=0,
        steps=[("turn", 0)],
    )
    s = play(s, Execute(victim))   # the King visits seat 0 (not captive): allowed (VR-24)
    assert {victim, find("gold", 3), executioner} <= set(s.discard)


# --- taking cards from other structures --------------------------------------------------------


def test_bandits_luring_inheritance_and_gossip_score_the_card_taken() -> None:
    s = position(
        3,
        structures={1: [find("gold", 3), find("musketeer", 7), find("province", arms=1),
                        find("courtier", 6, arms=4), find("courtier", 4, arms=4)],
                    0: [find("province", arms=5)]},
        attach={find("musketeer", 7): find("province", arms=1)},
        middle=[(find("event", role="bandits"), 0), (find("event", role="luring_away"), 0),
                (find("event", role="inheritance"), 2), (find("event", role="gossip"), 2)],
        steps=[("phase2",)],
    )
    # Bandits: the only gold card (3); Luring away: the only musketeer (7), which seat 0 may
    # station on its province.
    assert s.pending == ("place", 0, find("musketeer", 7))
    s = play(s, Place(find("province", arms=5)))
    assert s.scores[0] == 3 + 7
    # Inheritance: seat 2 takes a province (3); it has a choice of two.
    s = play(s, Take(find("province", arms=1)))
    assert s.pending == ("steal", 2, find("event", role="gossip"))
    s = play(s, Take(find("courtier", 6, arms=4)))
    assert s.scores == [10, 0, 9]


def test_extortion_shows_the_card_to_the_thief_and_the_victim_only() -> None:
    s = position(
        3,
        hands={1: [find("official", role="treasurer")], 2: [find("gold", 1)]},
        structures={2: [find("gold", 2)]},
        middle=[(find("event", role="extortion"), 0)],
        steps=[("phase2",)],
    )
    assert s.pending == ("target", 0, find("event", role="extortion"))
    s = play(s, Target(1))
    treasurer = find("official", role="treasurer")
    assert s.view(0)["you"]["face_down"] == treasurer
    assert s.view(1)["you"]["known_face_down"] == [{"seat": 0, "card": treasurer}]
    assert s.view(2)["you"]["known_face_down"] == []
    assert s.view(2) == s.determinize(2, Rng(3)).view(2)
    s = play(s, FREE)   # placed in the structure, the Treasurer activates (VR-26)
    assert treasurer in s.structures[0]
    assert find("gold", 2) in s.structures[0]   # seat 2 gave its only gold card
