"""The two corrections to the rules (§10.2 the Queen's Lover and the change of royals, §12.0
no pension in the Bastille) and the readings settled for §8.4 (audiences and the Queen's
intervention) and §9.3 (the War Minister "jederzeit"); see docs/versailles1682.md."""

from __future__ import annotations

from sunking.games.versailles1682.actions import (
    DRAW,
    END_TURN,
    Accept,
    DeclareWar,
    Intervene,
    MakePeace,
    Marry,
    Request,
    SpecialPension,
    WithdrawOffice,
)
from sunking.games.versailles1682.scenario import first, play, position
from sunking.games.versailles1682.state import DISCARD

# --- §10.2: "Es gibt weder einen Liebhaber der Königin … mehr" --------------------------------


def test_the_queens_lover_does_not_survive_the_change_of_royals() -> None:
    s = position(3, king=False, regency_until=2, round=2, tableau={1: ["queens_lover"]},
                 steps=[("round_end",)])
    assert s.king == 1 and s.queen == 1  # two new royals
    assert s.lover == -1
    lover = first("queens_lover", [c for c, z in enumerate(s.where) if z == DISCARD])
    assert s.where[lover] == DISCARD and lover not in s.tableau(1)


def test_the_lover_stays_while_the_regent_reigns() -> None:
    s = position(3, king=False, regency_until=3, round=2, tableau={1: ["queens_lover"]},
                 steps=[("round_end",)])
    assert s.king == 0 and s.lover == 1


# --- §12.0 (and §11.0): no pension to a prisoner or an exile ------------------------------------


def test_no_special_pension_in_the_bastille_or_in_exile() -> None:
    s = position(4, turn=0, tableau={0: ["finance_minister"]},
                 places={1: "bastille", 2: "exile"})
    pensions = {a.beneficiary for a in s.legal_actions() if isinstance(a, SpecialPension)}
    assert pensions == {0, 3}


# --- §8.4: audiences are "handled like requests": the roll, not the Queen's intervention -------


def test_audiences_roll_with_the_royal_addressed_and_have_no_queens_intervention() -> None:
    s = position(3, turn=0, standings={0: (2, 9), 1: (5, 5)},
                 tableau={1: ["governor_normandie"]}, hands={0: ["baron"]}, dice=[5])
    legal = s.legal_actions()
    assert Request(first("baron", s.hand(0)), 0, True) in legal  # requests: §8.3 applies
    assert Intervene(1, "king", 1) in legal and Intervene(1, "queen", 1) in legal
    office = first("governor_normandie", s.tableau(1))
    assert WithdrawOffice(office, 0) in legal
    assert not any(getattr(a, "queen", False) for a in legal
                   if isinstance(a, WithdrawOffice | Marry | Intervene))
    s = play(s, WithdrawOffice(office, 0))  # a 5 against his King standing of 2: refused
    assert s.king_standing[0] == 1 and s.queen_standing[0] == 9 and office in s.tableau(1)


# --- §9.3: the War Minister "jederzeit": at any moment of his own turn, once a round (§9.5) ----


def test_the_war_minister_acts_at_any_moment_of_his_turn() -> None:
    s = position(3, turn=0, tableau={0: ["war_minister"]})
    assert DeclareWar("spain") in s.legal_actions()  # before his actions
    s = play(s, DRAW, DRAW)
    assert s.actions_left == 0 and s.to_move == 0
    assert DeclareWar("spain") in s.legal_actions()  # after both, free
    s = play(s, DeclareWar("spain"))
    assert s.wars and s.power_used[0] == 1
    assert s.to_move is None  # nothing left to do: his turn is over
    s = position(3, turn=0, tableau={0: ["war_minister"]})
    s = play(s, DRAW, DeclareWar("spain"))  # between his two actions
    assert s.wars and s.actions_left == 1
    assert MakePeace() not in s.legal_actions()  # once a round (§9.5)
    assert END_TURN in s.legal_actions()


def test_the_war_minister_does_not_act_on_another_players_turn() -> None:
    s = position(3, turn=1, tableau={0: ["war_minister"]})
    assert s.to_move == 1
    assert not any(isinstance(a, DeclareWar | MakePeace) for a in s.legal_actions())
    s = position(4, steps=[("negotiation",)], tableau={0: ["war_minister"]},
                 fortunes={1: 2000})
    assert not any(isinstance(a, DeclareWar | MakePeace) for a in s.legal_actions())
    assert Accept not in {type(a) for a in s.legal_actions()}
