"""The revised rulings V-19, V-19b and V-35 of ``shared/rules/versailles1682.md``: each as the
German rulebook (``004_83e97ed5cbbf50d2.txt``) words it, quoted in the test.

Positions come from :func:`sunking.games.versailles1682.scenario.position`, played through the
API.
"""

from __future__ import annotations

from sunking.games.versailles1682.actions import (
    DONE,
    END_TURN,
    ChooseParty,
    DeclareWar,
    MoveCourt,
    PlayCard,
    PlayWar,
    Request,
    TryPrisoner,
)
from sunking.games.versailles1682.etiquette import courtier, form_of_address
from sunking.games.versailles1682.invariants import check_invariants
from sunking.games.versailles1682.scenario import first, keys, play, position
from sunking.games.versailles1682.state import ABSENT, AT_COURT, BOX, HOUSE_ZONE, WAR, V1682State


def _through_negotiation(s: V1682State) -> V1682State:
    while s.pending is not None and s.pending[0] == "negotiate":
        s = s.apply(DONE)
    return s


# --- V-19: §4.0 "Zu Beginn der nächsten Runde wird er vom Spieler zu seiner Linken abgelöst" ------


def test_v19_the_steward_hands_over_to_his_left_even_to_a_player_whose_courtier_died() -> None:
    # §10.4: "… bis er zu Beginn der nächsten Runde in der Phase "Einführung bei Hofe" eine neue
    # Figur vorstellt": seat 1 presents his heir in that round's introduction, and serves.
    s = position(4, steward=0, places={1: "absent"}, steps=[("round_end",)])
    assert s.round == 2 and s.steward == 1
    assert s.pending == ("party", 1)  # the introduction begins with the new steward's heir
    s = _through_negotiation(s.apply(ChooseParty("holland")))
    assert s.status[1] == AT_COURT and s.gender[1] == "f"
    assert s.pending == ("court", 1)  # §7.3: the steward moves the court
    s = s.apply(MoveCourt("versailles"))
    assert s.pending == ("act", 1)  # §7.4: "Der Haushofmeister spielt immer zuerst"
    assert check_invariants(s) == []


def test_v19_a_courtier_dead_in_this_round_does_not_delay_the_stewardship() -> None:
    # The steward (seat 1) poisons the courtier of seat 2, on his left, who then has no turn;
    # seat 2 is steward of the next round all the same.
    s = position(3, steward=1, turn=1, genders={1: "f"}, hands={1: ["poison"]},
                 steps=[("turn", 2, 1), ("round_end",)])
    s = play(s, PlayCard(first("poison", s.hand(1)), 2), END_TURN)
    assert s.round == 2 and s.steward == 2 and s.pending == ("party", 2)


# --- V-35: §10.4 "Beim Tod ihres betitelten Gatten behält die Witwe seinen Adelstitel und erhält
# seine Einkünfte. Dies gilt nicht für einen Witwer." -------------------------------------------


def _widowed(tableau: dict[int, list[str]]) -> V1682State:
    """Seat 2 poisons seat 0's courtier, the husband of seat 1's; seat 1's turn follows."""
    s = position(3, turn=2, genders={1: "f", 2: "f"}, spouses=[(0, 1)], tableau=tableau,
                 hands={2: ["poison"]}, steps=[("turn", 1, 1)])
    return play(s, PlayCard(first("poison", s.hand(2)), 0), END_TURN)


def test_v35_the_widow_receives_his_incomes_the_rulebooks_nine_thousand() -> None:
    # §7.4.1f's example: "eine Karte Marquis (5.000), eine Karte Marschall von Frankreich (2.000)
    # und eine Karte Pension (2.000) … Er erhält am Ende seines Zuges 9.000 Livre." His widow,
    # who "erhält seine Einkünfte", collects the same at the end of her turn, not 5,000.
    s = _widowed({0: ["marquis", "marshal", "pension_2000"]})
    assert s.status[0] == ABSENT and s.spouse[:2] == [-1, -1]
    assert sorted(keys(s.tableau(1))) == ["marquis", "marshal", "pension_2000"]
    assert s.zone(HOUSE_ZONE) == []
    assert s.to_move == 1 and check_invariants(s) == []
    s = play(s, END_TURN)
    assert s.fortune[1] == 9000


def test_v35_his_offices_pay_her_but_their_powers_do_not_pass() -> None:
    # §10.4 sends "Amt", "Würde", "Pension" and "Adelstitel" to the House only "falls der
    # Höfling nicht verheiratet ist"; the widow "erhält seine Einkünfte" — the incomes, not the
    # powers of §9.5. Her own office stays hers beside them.
    s = _widowed({0: ["duc", "chancellor"], 1: ["governess"]})
    assert sorted(keys(s.tableau(1))) == ["chancellor", "duc", "governess"]
    assert s.zone(HOUSE_ZONE) == []
    assert check_invariants(s) == []
    s = play(s, END_TURN)
    assert s.fortune[1] == 7000 + 3000 + 3000
    widow = position(3, turn=1, genders={1: "f"}, places={2: "bastille"},
                     tableau={1: ["duc", "chancellor", "war_minister"]})
    legal = widow.legal_actions()
    assert not any(isinstance(a, TryPrisoner | DeclareWar) for a in legal)


def test_v35_an_office_of_her_own_does_not_send_his_to_the_house() -> None:
    # §9.2c "Sie können immer nur ein Amt bekleiden": her own, not the cards that pay her his.
    s = position(3, turn=1, genders={1: "f"}, tableau={1: ["duc", "chancellor", "governess"]},
                 hands={1: ["first_lady"]}, dice=[1])
    s = play(s, Request(first("first_lady", s.hand(1)), 1))
    assert sorted(keys(s.tableau(1))) == ["chancellor", "duc", "first_lady"]
    assert keys(s.zone(HOUSE_ZONE)) == ["governess"]


def test_v35_she_is_no_marshal_when_the_war_is_won() -> None:
    # The baton's cards "verleihen Ihnen die Würde des Marschalls" (§9.2d): the dignity was his,
    # the income is hers. The reward of "the war is won" to each Marshal and to the War
    # Minister (reconstructed, WAR_ENDINGS) is not an income, so it does not reach her.
    s = position(3, turn=0, genders={1: "f"}, wars=["spain"], hands={0: ["war_won"]},
                 standings={1: (5, 5)}, tableau={1: ["baron", "marshal", "war_minister"]})
    s = play(s, PlayWar(first("war_won", s.hand(0))))
    assert s.wars == [] and (s.king_standing[1], s.fortune[1]) == (5, 0)


def test_v35_she_is_addressed_by_his_title_not_by_his_offices() -> None:
    s = _widowed({0: ["duc", "marshal", "chancellor"]})
    c = courtier(s, 1)
    assert c.titles == ("duc",) and not c.marshal and c.offices == ()
    assert form_of_address(c).startswith("Madame la Duchesse ")


def test_v35_a_widow_in_exile_keeps_his_title_and_baton_not_his_offices_and_pensions() -> None:
    # §11.0: an exile's "Ämter und Pensionen werden entzogen (mit Ausnahme von Adelstiteln und
    # der Marschallswürde)"; §12.0 the same for the Bastille.
    s = position(3, turn=2, genders={1: "f", 2: "f"}, spouses=[(0, 1)], places={1: "exile"},
                 tableau={0: ["baron", "marshal", "pension_4000", "governor_gascogne"]},
                 hands={2: ["poison"]})
    s = play(s, PlayCard(first("poison", s.hand(2)), 0))
    assert sorted(keys(s.tableau(1))) == ["baron", "marshal"]
    assert sorted(keys(s.zone(HOUSE_ZONE))) == ["governor_gascogne", "pension_4000"]
    assert check_invariants(s) == []


def test_v35_a_widower_inherits_nothing() -> None:
    # "Dies gilt nicht für einen Witwer."
    s = position(3, turn=2, genders={1: "f", 2: "f"}, spouses=[(0, 1)],
                 tableau={1: ["baron", "governess", "pension_4000"]}, hands={2: ["poison"]})
    s = play(s, PlayCard(first("poison", s.hand(2)), 1))
    assert s.tableau(0) == []
    assert sorted(keys(s.zone(HOUSE_ZONE))) == ["baron", "governess", "pension_4000"]


# --- V-19b: §9.3 "Nur die Karten "Krieg ist gewonnen" und "Krieg ist verloren" beenden den Krieg
# sofort"; §10.1 and §9.3 add the death of the King or the Regent, §9.5c the War Minister. ------


def test_v19b_the_crowning_at_the_end_of_a_regency_does_not_end_the_regents_war() -> None:
    # §10.1: "Die Regentschaft endet mit der Runde, die dem Tod des Königs folgt. Dann besteigen
    # zwei neue Hoheiten den Thron." Nothing there ends a war.
    s = position(3, turn=0, king=False, regency_until=2, round=2, hands={0: ["war_spain"]},
                 steps=[("round_end",)])
    war = first("war_spain", s.hand(0))
    s = play(s, PlayWar(war), END_TURN)
    assert s.round == 3 and s.king == 1 and s.queen == 1  # two new royals
    assert s.wars == [1] and s.court == WAR and s.where[war] == BOX
    s = _through_negotiation(s)
    assert s.phase == "turns"  # §7.3 "Wenn Frankreich im Krieg ist, bleibt der Hof im Krieg"
    assert s.court == WAR and s.wars == [1]
    assert check_invariants(s) == []


def test_v19b_the_crowning_leaves_the_court_where_it_is() -> None:
    # The court at the hunt under the Regent stays there until the steward moves it (§7.3).
    s = position(3, king=False, regency_until=2, round=2, court="hunt", steps=[("round_end",)])
    assert s.king == 1 and s.court == 1
