"""Every worked example of the Versailles 1682 rulebook, played through the public API.

Positions are built with :func:`sunking.games.versailles1682.scenario.position` and the dice
are loaded into the real generator (:func:`~sunking.games.versailles1682.scenario.loaded_dice`);
from there the tests use ``apply``, ``legal_actions``, ``view`` and read state fields.
"""

from __future__ import annotations

import pytest

from sunking.core.errors import IllegalAction, NotYourTurn
from sunking.games.versailles1682.actions import (
    END_TURN,
    Address,
    Fine,
    Intervene,
    Marry,
    Request,
    WithdrawOffice,
)
from sunking.games.versailles1682.etiquette import courtier, form_of_address, judge
from sunking.games.versailles1682.scenario import first, keys, loaded_dice, play, position
from sunking.games.versailles1682.state import V1682State

# --- §7.4.1f: Marquis 5,000 + Marshal 2,000 + Pension 2,000 = 9,000 at the end of the turn ---


def test_income_example() -> None:
    s = position(3, turn=1, tableau={1: ["marquis", "marshal", "pension_2000"]})
    assert s.view(None)["courtiers"][1]["income"] == 9000
    s = play(s, END_TURN)
    assert s.fortune == [0, 9000, 0]
    assert s.to_move is None


def test_the_steward_is_paid_only_after_his_second_turn() -> None:
    s = position(3, steward=0, tableau={0: ["marquis"]}, steps=[("turn", 0, 0)])
    s = play(s, END_TURN)
    assert s.fortune[0] == 0
    s = position(3, steward=0, tableau={0: ["marquis"]}, steps=[("turn", 0, 2)])
    s = play(s, END_TURN)
    assert s.fortune[0] == 5000


# --- §8.3: King 1, Queen 8, the Chancellor's office through the Queen: rolls 7 and 5 ----------


def chancellor_request(dice: list[int]) -> V1682State:
    s = position(3, turn=0, standings={0: (1, 8)}, hands={0: ["chancellor"]},
                 tableau={0: ["baron"]}, dice=dice)
    card = first("chancellor", s.hand(0))
    return play(s, Request(card, 0, queen=True))


def test_queen_intervention_example() -> None:
    s = chancellor_request([7, 5])
    assert "chancellor" in keys(s.tableau(0))
    assert (s.king_standing[0], s.queen_standing[0]) == (1, 8)
    event = next(e for e in s.events(None) if e["type"] == "request")
    assert event["rolls"] == [7, 5] and event["granted"] is True


def test_queen_refuses_first_roll() -> None:
    s = chancellor_request([9])
    assert "chancellor" in keys(s.zone(20))  # the House of the King
    assert (s.king_standing[0], s.queen_standing[0]) == (1, 7)
    assert next(e for e in s.events(None) if e["type"] == "request")["rolls"] == [9]


def test_king_refuses_despite_the_queen() -> None:
    s = chancellor_request([7, 9])
    assert "chancellor" in keys(s.zone(20))
    assert (s.king_standing[0], s.queen_standing[0]) == (0, 8)


def test_queen_only_for_a_courtier_she_favours_more() -> None:
    s = position(3, turn=0, standings={0: (8, 8)}, hands={0: ["baron"]})
    card = first("baron", s.hand(0))
    assert Request(card, 0, False) in s.legal_actions()
    assert Request(card, 0, True) not in s.legal_actions()


# --- §8.4d: Serizet Van Broutmou (King 8) speaks ill of the Marquis de Trémière: 4, then 6 ---


def test_intervention_audience_example() -> None:
    s = position(
        3, turn=1, names={0: "de Trémière", 1: "Serizet Van Broutmou"},
        standings={0: (7, 5), 1: (8, 5)}, tableau={0: ["marquis"]}, dice=[4, 6],
    )
    s = play(s, Intervene(0, "king", -1))
    assert s.king_standing[0] == 7 - 3
    assert s.king_standing[1] == 8


def test_intervention_small_effect_without_high_standing() -> None:
    s = position(3, turn=1, standings={0: (5, 5), 1: (7, 5)}, dice=[4, 3])
    s = play(s, Intervene(0, "queen", 1))
    assert s.queen_standing[0] == 6


def test_paul_is_fined_for_calling_him_paul() -> None:
    s = position(
        3, turn=1, steward=2, names={0: "de Trémière", 1: "Serizet Van Broutmou"},
        tableau={0: ["marquis"]},
    )
    serizet = courtier(s, 1)
    assert serizet.given == "Paul"
    trémière = courtier(s, 0)
    assert form_of_address(trémière) == "Monsieur le Marquis de Trémière"
    assert judge("mein lieber Marquis de Trémière", trémière).ok
    verdict = judge("Paul", serizet)
    assert not verdict.ok and "given name" in verdict.faults[0]
    correct = s.apply(Address(0, 1, "Monsieur Serizet Van Broutmou"), seat=0)
    assert correct.faults == () and correct.pending == s.pending
    said = s.apply(Address(0, 1, "Paul"), seat=0)
    assert said.faults[0]["speaker"] == 0 and said.faults[0]["courtier"] == 1
    assert said.faults[0]["address"] == "Monsieur Serizet Van Broutmou"
    with pytest.raises(NotYourTurn):
        said.apply(Fine(0), seat=0)
    with pytest.raises(IllegalAction, match="no fault 1"):
        said.apply(Fine(1), seat=2)
    fined = said.apply(Fine(0), seat=2)
    assert fined.fortune[0] == -1000
    assert fined.pending == s.pending
    with pytest.raises(IllegalAction, match="already been fined"):
        fined.apply(Fine(0), seat=2)
    entry = fined.view(None)["register"][0]
    assert entry["offender"] == 0 and entry["steward"] == 2 and entry["text"] == "Paul"


# --- §8.4a: Paul takes Johann's office; nobody can take it again this round, and Johann,
# --- who played before, was paid for it ------------------------------------------------------


def test_office_withdrawal_example() -> None:
    s = position(
        3, standings={1: (6, 5)}, tableau={0: ["governor_gascogne"]}, dice=[1],
        steps=[("turn", 0, 1), ("turn", 1, 1), ("turn", 2, 1)],
    )
    office = first("governor_gascogne", s.tableau(0))
    s = play(s, END_TURN)
    assert s.fortune[0] == 2000
    assert s.to_move == 1
    s = play(s, WithdrawOffice(office, 1))
    assert office in s.tableau(1)
    s = play(s, END_TURN)
    assert s.fortune[1] == 0
    assert s.to_move == 2
    assert not any(isinstance(a, WithdrawOffice) and a.office == office
                   for a in s.legal_actions())


# --- §8.4b: Madame de Tour qui Penche marries the Marquis de Trémière, becomes Governess ---


def test_marriage_income_example() -> None:
    s = position(
        3, names={0: "de Trémière", 1: "de la Tour qui Penche"}, genders={1: "f"},
        standings={0: (9, 5)}, tableau={0: ["marquis"]}, hands={0: ["governess"]},
        dice=[1, 1], steps=[("turn", 0, 1), ("turn", 1, 1)],
    )
    assert form_of_address(courtier(s, 1)) == "Madame de la Tour qui Penche"
    governess = first("governess", s.hand(0))
    assert Request(governess, 1, False) not in s.legal_actions()  # not noble yet
    s = play(s, Marry(1))
    assert s.spouse[:2] == [1, 0]
    assert form_of_address(courtier(s, 1)) == "Madame la Marquise de Trémière"
    s = play(s, Request(governess, 1, False))
    assert governess in s.tableau(1)
    # His two actions are spent and he holds no office power: his turn ends, and the
    # Marquis' 5,000 are shared.
    assert s.fortune[:2] == [2500, 2500]
    assert s.to_move == 1
    s = play(s, END_TURN)  # her turn ends: the Governess's 3,000 shared
    assert s.fortune[:2] == [4000, 4000]
    assert form_of_address(courtier(s, 1)) == (
        "Madame la Marquise de Trémière, Gouvernante des Enfants de France"
    )


def test_loaded_dice_come_from_the_real_generator() -> None:
    rng = loaded_dice([10, 1, 6])
    assert [rng.below(10) + 1 for _ in range(3)] == [10, 1, 6]
