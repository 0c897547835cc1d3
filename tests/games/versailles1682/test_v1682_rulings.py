"""One test per ruling of ``shared/rules/versailles1682.md`` §4 that changes an outcome.

Each test names its ruling (V-n). Positions come from
:func:`sunking.games.versailles1682.scenario.position`, dice from the real generator.
"""

from __future__ import annotations

from sunking.core.rng import Rng
from sunking.games.versailles1682.actions import (
    DONE,
    DRAW,
    END_TURN,
    KING,
    PASS,
    QUEEN,
    ChooseParty,
    Discard,
    DrawHouse,
    FreePrisoner,
    Give,
    GiveTo,
    Intervene,
    LeadCourt,
    MakePeace,
    Pay,
    PlayCard,
    PlayWar,
    RemarryKing,
    Request,
    Show,
    SpecialPension,
)
from sunking.games.versailles1682.data import NO_STANDING
from sunking.games.versailles1682.scenario import discard_all, first, keys, play, position
from sunking.games.versailles1682.state import (
    ABSENT,
    AT_COURT,
    BASTILLE,
    EXILE,
    HOUSE_ZONE,
    V1682State,
)
from sunking.games.versailles1682.verbs import present

HOUSE = HOUSE_ZONE


def requests_for(s: V1682State, key: str) -> set[tuple[int, bool]]:
    return {(a.beneficiary, a.queen) for a in s.legal_actions()
            if isinstance(a, Request) and keys([a.card]) == [key]}


# --- cards (V-3, V-4) ------------------------------------------------------------------------


def test_v3_v4_noble_and_gender_conditions() -> None:
    s = position(3, turn=0, genders={1: "f"}, tableau={2: ["baron"]},
                 hands={0: ["chancellor", "governess", "baron", "marshal"]})
    assert {b for b, _ in requests_for(s, "chancellor")} == {2}   # a noble man
    assert requests_for(s, "governess") == set()                   # no noble woman
    assert {b for b, _ in requests_for(s, "baron")} == {0, 1, 2}   # titles for everyone
    assert {b for b, _ in requests_for(s, "marshal")} == {2}


# --- requests (V-5, V-7, V-9) -----------------------------------------------------------------


def test_v5_a_granted_title_lies_before_the_beneficiary() -> None:
    s = position(3, turn=0, standings={0: (9, 5)}, hands={0: ["duc"]}, dice=[2])
    s = play(s, Request(first("duc", s.hand(0)), 1))
    assert keys(s.tableau(1)) == ["duc"] and s.hand(0) == []


def test_v5_letters_patent_are_kept_on_success() -> None:
    s = position(3, turn=0, standings={0: (9, 5), 1: (0, 5)}, hands={0: ["letters_patent"]},
                 dice=[3])
    card = first("letters_patent", s.hand(0))
    assert {b for b, _ in requests_for(s, "letters_patent")} == {1}
    s = play(s, Request(card, 1))
    assert s.status[1] == BASTILLE and s.king_standing[1] == NO_STANDING
    assert s.hand(0) == [card]
    assert {"seat": 0, "card": card} in [
        {"seat": k["seat"], "card": k["card"]["id"]} for k in s.view(2)["you"]["known_cards"]
    ]


def test_v5_letters_patent_go_to_the_house_on_failure() -> None:
    s = position(3, turn=0, standings={0: (2, 5), 1: (-1, 5)}, hands={0: ["letters_patent"]},
                 dice=[3])
    card = first("letters_patent", s.hand(0))
    s = play(s, Request(card, 1))
    assert s.status[1] == AT_COURT and s.where[card] == HOUSE and s.king_standing[0] == 1


def test_v7_a_request_for_another_rolls_on_the_requester_standing() -> None:
    s = position(3, turn=0, standings={0: (2, 5), 1: (9, 5)}, hands={0: ["baron"]}, dice=[3])
    s = play(s, Request(first("baron", s.hand(0)), 1))
    assert s.tableau(1) == [] and s.king_standing == [1, 9, 5]


def test_v9_the_favourite_takes_two_off_the_kings_dice() -> None:
    s = position(3, turn=0, genders={0: "f"}, standings={0: (3, 5)}, hands={0: ["baron"]},
                 tableau={0: ["favourite"]}, dice=[5])
    s = play(s, Request(first("baron", s.hand(0)), 0))
    assert "baron" in keys(s.tableau(0))
    s = position(3, turn=0, genders={0: "f"}, standings={0: (3, 5)}, hands={0: ["baron"]},
                 dice=[5])
    s = play(s, Request(first("baron", s.hand(0)), 0))
    assert "baron" not in keys(s.tableau(0))


def test_v9_the_lover_takes_two_off_the_queens_dice() -> None:
    s = position(3, turn=0, standings={0: (5, 4)}, tableau={0: ["queens_lover"]}, dice=[6, 1])
    s = play(s, Intervene(1, "queen", 1))
    assert s.queen_standing[1] == 6


# --- standing (V-10, V-11, V-16) --------------------------------------------------------------


def test_v10_standing_stays_on_the_scale() -> None:
    s = position(3, turn=0, standings={1: (9, 5), 2: (-2, 5)},
                 hands={0: ["bon_mot", "faux_pas"]})
    s = play(s, PlayCard(first("bon_mot", s.hand(0)), 1),
             PlayCard(first("faux_pas", s.hand(0)), 2))
    assert s.king_standing[1:] == [9, -2]


def test_v10_introduction_rolls_a_ten_again_and_caps_the_party_bonus() -> None:
    s = position(3, parties={0: "england"}, queen_origin="england")._copy()
    s.rng = Rng(0)
    rolls: list[int] = []
    probe = Rng(0)
    while len(rolls) < 2:
        r = probe.below(10) + 1
        if r != 10:
            rolls.append(r)
    present(s, 0, None)
    assert s.king_standing[0] == rolls[0] and s.queen_standing[0] == min(9, rolls[1] + 2)


def test_v11_a_refused_audience_costs_standing_with_that_royal() -> None:
    s = position(3, turn=0, standings={0: (5, 5)}, dice=[9])
    s = play(s, Intervene(1, "queen", -1))
    assert (s.king_standing[0], s.queen_standing[0], s.queen_standing[1]) == (5, 4, 5)


def test_v16_a_freed_prisoner_presents_himself_at_once() -> None:
    s = position(3, turn=0, standings={0: (6, 5)}, places={1: "bastille"},
                 parties={1: "england"}, queen_origin="england", dice=[2, 4, 6])
    s = play(s, FreePrisoner(1))
    assert s.status[1] == AT_COURT and (s.king_standing[1], s.queen_standing[1]) == (4, 8)


# --- marriage and income (V-14, V-18, V-37; V-35 in test_v1682_revised.py) ------------------


def test_v14_no_split_with_a_spouse_in_the_bastille() -> None:
    s = position(3, genders={1: "f"}, places={1: "bastille"}, spouses=[(0, 1)],
                 tableau={0: ["marquis"], 1: ["baron"]},
                 steps=[("turn", 0, 1), ("turn", 1, 1)])
    s = play(s, END_TURN, END_TURN)
    assert s.fortune[:2] == [5000, 0]


def test_v37_exiles_keep_title_income_prisoners_earn_nothing() -> None:
    s = position(3, places={0: "exile", 1: "bastille"},
                 tableau={0: ["baron", "marshal"], 1: ["marquis"]},
                 steps=[("turn", 0, 1), ("turn", 1, 1)])
    s = play(s, END_TURN, END_TURN)
    assert s.fortune[:2] == [4000, 0]


def test_v37_exile_strips_offices_and_pensions() -> None:
    s = position(3, turn=0, standings={1: (1, 5)}, hands={0: ["disgrace"]},
                 tableau={1: ["baron", "marshal", "pension_4000", "chancellor"]})
    s = play(s, PlayCard(first("disgrace", s.hand(0)), 1))
    assert s.status[1] == EXILE
    assert sorted(keys(s.tableau(1))) == ["baron", "marshal"]
    assert sorted(keys(s.zone(HOUSE))) == ["chancellor", "pension_4000"]


def test_v36_the_heir_is_of_the_other_sex_keeps_hand_and_fortune() -> None:
    s = position(3, turn=2, genders={2: "f"}, fortunes={0: 7000}, hands={0: ["baron"],
                 2: ["poison"]}, steps=[("round_end",)])
    s = play(s, PlayCard(first("poison", s.hand(2)), 0), END_TURN)
    assert s.status[0] == ABSENT
    # next round: the steward (seat 1 now) presents; seat 0 chooses the heir's party
    while s.pending is not None and s.pending[0] != "party":
        s = s.apply(DONE if s.pending[0] == "negotiate" else s.legal_actions()[0])
    assert s.pending == ("party", 0)
    s = s.apply(ChooseParty("holland"))
    assert s.gender[0] == "f" and s.party[0] == 2 and s.status[0] == AT_COURT
    assert s.fortune[0] == 7000 and keys(s.hand(0)) == ["baron"]


# --- turns (V-17, V-18, V-20, V-21, V-22, V-38) ----------------------------------------------


def test_v17_a_power_once_per_round_even_for_the_steward() -> None:
    s = position(3, steward=0, tableau={0: ["finance_minister"]}, dice=[4],
                 steps=[("turn", 0, 0), ("turn", 0, 2)])
    assert SpecialPension(0) in s.legal_actions()
    s = play(s, SpecialPension(0), END_TURN)
    assert s.fortune[0] == 2000
    assert s.to_move == 0 and not any(isinstance(a, SpecialPension) for a in s.legal_actions())


def test_v18_the_spouse_of_the_steward_is_paid_after_his_second_turn() -> None:
    s = position(3, steward=0, genders={1: "f"}, spouses=[(0, 1)], tableau={0: ["marquis"]},
                 steps=[("turn", 0, 0), ("turn", 0, 2)])
    s = play(s, END_TURN)
    assert s.fortune[:2] == [0, 0]
    s = play(s, END_TURN)
    assert s.fortune[:2] == [2500, 2500]


def test_v19_a_prisoner_or_an_exile_may_be_steward() -> None:
    for place in ("bastille", "exile"):
        s = position(4, steward=0, places={1: place}, steps=[("round_end",)])
        assert s.steward == 1, place


def test_v20_an_empty_talon_is_refilled_from_the_discards_not_the_house() -> None:
    s = position(3, turn=0, house=["duc"])._copy()
    discard_all(s)
    assert s.talon == []
    s = play(s, DRAW)
    assert len(s.hand(0)) == 1 and "duc" in keys(s.zone(HOUSE))
    assert len(s.talon) == 110 - 1 - 1 - len([c for c, z in enumerate(s.where) if z == 21])


def test_v21_a_card_taken_from_the_house_is_known_to_all() -> None:
    s = position(3, turn=0, house=["duc", "duc"])
    takes = [a for a in s.legal_actions() if isinstance(a, DrawHouse)]
    assert len(takes) == 1  # two Ducs, one choice
    s = play(s, takes[0])
    assert keys(s.hand(0)) == ["duc"]
    assert [k["card"]["key"] for k in s.view(1)["you"]["known_cards"]] == ["duc"]


def test_v22_discard_down_to_ten_at_the_end_of_the_turn() -> None:
    s = position(3, turn=0, hands={0: ["bon_mot"] * 3 + ["faux_pas"] * 3 + ["hallali"] * 3
                                   + ["piety"] * 2})
    s = play(s, END_TURN)
    assert s.pending == ("discard", 0)
    assert {keys([a.card])[0] for a in s.legal_actions() if isinstance(a, Discard)} == {
        "bon_mot", "faux_pas", "hallali", "piety"}
    s = play(s, Discard(first("piety", s.hand(0))))
    assert s.to_move is None and len(s.hand(0)) == 10


def test_v38_a_prisoner_draws_from_the_talon_gives_and_plays_justice_on_himself() -> None:
    s = position(3, turn=0, places={0: "bastille"}, house=["duc"],
                 hands={0: ["justice", "baron", "bon_mot"]})
    legal = s.legal_actions()
    kinds = {type(a).__name__ for a in legal}
    assert kinds == {"Draw", "GiveTo", "PlayCard", "EndTurn"}
    assert [a for a in legal if isinstance(a, PlayCard)] == [
        PlayCard(first("justice", s.hand(0)), 0)]
    s = play(s, PlayCard(first("justice", s.hand(0)), 0))
    assert s.status[0] == AT_COURT and s.king_standing[0] != NO_STANDING


def test_give_one_or_two_cards_is_one_action() -> None:
    s = position(3, turn=0, hands={0: ["baron", "bon_mot", "piety", "faux_pas"]})
    assert {a for a in s.legal_actions() if isinstance(a, GiveTo)} == {GiveTo(1), GiveTo(2)}
    s = play(s, GiveTo(1))
    assert s.pending == ("give", 0, 1, 0) and PASS not in s.legal_actions()
    s = play(s, Give(1, first("baron", s.hand(0))))
    assert s.pending == ("give", 0, 1, 1) and PASS in s.legal_actions()
    s = play(s, Give(1, first("piety", s.hand(0))))
    assert sorted(keys(s.hand(1))) == ["baron", "piety"] and s.actions_left == 1
    s = play(s, GiveTo(2), Give(2, first("bon_mot", s.hand(0))), PASS)
    assert keys(s.hand(2)) == ["bon_mot"] and keys(s.hand(0)) == ["faux_pas"]
    for seat in (1, 2):  # the pass is said to all, so that every player hears it
        said = [e for e in s.events(seat) if e["version"] == s.version]
        assert said == [{"type": "no_second_card", "seat": 0, "to": 2, "version": s.version}]
    assert s.to_move is None
    assert sorted(k["card"]["key"] for k in s.view(0)["you"]["known_cards"]) == [
        "baron", "bon_mot", "piety"]
    assert s.view(2)["you"]["known_cards"] == []


# --- targets (V-23 – V-26) --------------------------------------------------------------------


def test_v23_v24_poison_on_the_king_only_by_a_woman() -> None:
    s = position(3, turn=0, hands={0: ["poison"]})
    assert not any(isinstance(a, PlayCard) for a in s.legal_actions())
    s = position(3, turn=0, genders={0: "f"}, hands={0: ["poison"]})
    targets = {a.target for a in s.legal_actions() if isinstance(a, PlayCard)}
    assert targets == {KING, QUEEN, 0, 1, 2}
    s = play(s, PlayCard(first("poison", s.hand(0)), KING))
    assert s.king == 0 and s.regency_until == 2 and s.king_standing == [NO_STANDING] * 3
    assert s.poisoner[0] == 1


def test_v24_the_poison_tribunal_reaches_only_poisoners() -> None:
    s = position(3, turn=0, genders={1: "f"}, hands={0: ["chambre_ardente"]})
    assert not any(isinstance(a, PlayCard) for a in s.legal_actions())
    s = s._copy()
    s.poisoner[1] = 1
    s._legal = None
    s = play(s, PlayCard(first("chambre_ardente", s.hand(0)), 1))
    assert s.status[1] == BASTILLE


def test_v25_a_new_favourite_replaces_the_old() -> None:
    s = position(3, turn=0, genders={1: "f", 2: "f"}, standings={2: (7, 5)},
                 tableau={1: ["favourite"]}, hands={0: ["favourite"]})
    s = play(s, PlayCard(first("favourite", s.hand(0)), 2))
    assert s.favourite == 2 and keys(s.tableau(1)) == [] and keys(s.tableau(2)) == [
        "favourite"]


def test_v26_exiles_receive_only_cards_naming_them_and_wealth() -> None:
    s = position(3, turn=0, places={1: "exile"},
                 hands={0: ["bon_mot", "inheritance", "glory"]})
    targets = {(keys([a.card])[0], a.target) for a in s.legal_actions()
               if isinstance(a, PlayCard)}
    assert ("bon_mot", 1) not in targets
    assert ("inheritance", 1) in targets and ("glory", 1) in targets
    assert ("glory", 2) not in targets


# --- war (V-27 – V-29) ----------------------------------------------------------------------


def test_v27_declaring_war_on_a_party_and_the_queens_country() -> None:
    s = position(3, turn=0, parties={1: "england", 2: "holland"}, queen_origin="holland",
                 standings={1: (5, 5), 2: (5, 5)}, hands={0: ["war_england", "war_holland"]})
    s = play(s, PlayWar(first("war_england", s.hand(0))))
    assert s.court == 2 and (s.king_standing[1], s.queen_standing[1]) == (2, 3)
    s = play(s, PlayWar(first("war_holland", s.hand(0))))
    # the Queen is Dutch: no loss with her
    assert (s.king_standing[2], s.queen_standing[2]) == (2, 5)
    assert s.wars == [0, 2]


def test_v28_v29_wars_stack_and_one_card_ends_them_all() -> None:
    s = position(3, turn=0, hands={0: ["war_won"]}, tableau={1: ["baron", "marshal"]},
                 standings={1: (5, 5)})
    assert not any(isinstance(a, PlayWar) for a in s.legal_actions())  # peace
    s = position(3, turn=0, wars=["spain", "england"], hands={0: ["war_won"]},
                 tableau={1: ["baron", "marshal"], 2: ["war_minister"]},
                 standings={1: (5, 5), 2: (5, 5)})
    s = play(s, PlayWar(first("war_won", s.hand(0))))
    assert s.wars == [] and s.court == 0
    assert (s.king_standing[1], s.fortune[1], s.king_standing[2]) == (7, 3000, 6)


def test_v28_peace_and_the_hunt_by_office() -> None:
    s = position(3, turn=0, tableau={0: ["war_minister"]})
    assert MakePeace() not in s.legal_actions()
    s = position(3, turn=0, wars=["spain"], tableau={0: ["war_minister"]})
    s = play(s, MakePeace())
    assert s.wars == [] and s.court == 0
    s = position(3, turn=0, wars=["spain"], tableau={0: ["master_of_hunt"]})
    assert not any(isinstance(a, LeadCourt) for a in s.legal_actions())


# --- royals (V-15, V-30 – V-34) ---------------------------------------------------------------


def test_v15_the_widowed_king_marries_a_princess_of_the_requesters_party() -> None:
    s = position(3, turn=0, queen=False, parties={0: "holland", 1: "holland"},
                 standings={0: (6, 0)}, dice=[2, 3, 4, 5])
    assert RemarryKing() in s.legal_actions()
    s = play(s, RemarryKing())
    assert s.queen == 1 and s.queen_origin == 2
    assert s.queen_standing == [5, 6, 5]  # rolls 3, 4, 5; Dutch courtiers +2


def test_v30_the_regency_ends_with_the_round_after_the_kings_death() -> None:
    s = position(3, king=False, regency_until=2, places={1: "bastille", 2: "exile"},
                 steps=[("round_end",)])
    assert s.round == 2 and s.king == 0 and s.new_royals == 0
    s = position(3, king=False, regency_until=2, round=2, places={1: "bastille", 2: "exile"},
                 steps=[("round_end",)])
    assert s.round == 3 and s.king == 1 and s.queen == 1
    assert s.status == [AT_COURT] * 3 and NO_STANDING not in s.king_standing + s.queen_standing


def test_v31_the_regent_decides_with_the_queen_standing() -> None:
    s = position(3, turn=0, king=False, standings={0: (0, 6)}, hands={0: ["baron"]},
                 dice=[6])
    assert requests_for(s, "baron") == {(0, False), (1, False), (2, False)}
    s = play(s, Request(first("baron", s.hand(0)), 0))
    assert "baron" in keys(s.tableau(0))


def test_v32_v34_a_widowers_death_ends_the_round_at_once() -> None:
    s = position(3, turn=0, steward=0, queen=False, genders={0: "f", 1: "f"},
                 tableau={0: ["marquis"], 1: ["favourite"]}, secret_wife=1,
                 standings={1: (7, 0)}, hands={0: ["poison"]},
                 steps=[("turn", 0, 1), ("turn", 1, 1), ("round_end",)])
    s = play(s, PlayCard(first("poison", s.hand(0)), KING))
    assert s.round == 2 and s.steward == 1
    assert s.king == 1 and s.queen == 1 and s.fortune[0] == 0  # no income: round ended
    assert s.favourite == -1 and s.secret_wife == -1


def test_v33_the_secret_wife_keeps_her_bonus_and_is_out_of_reach() -> None:
    s = position(3, turn=0, queen=False, genders={1: "f", 2: "f"}, standings={1: (7, 0),
                 2: (8, 0)}, tableau={1: ["favourite"]}, secret_wife=1,
                 hands={0: ["scandal", "favourite"]})
    assert not any(isinstance(a, PlayCard) for a in s.legal_actions())
    assert RemarryKing() not in s.legal_actions()


def test_secret_marriage_card() -> None:
    s = position(3, turn=0, queen=False, genders={1: "f"}, standings={1: (7, 0)},
                 tableau={1: ["favourite"]}, hands={0: ["secret_marriage"]})
    s = play(s, PlayCard(first("secret_marriage", s.hand(0)), 1))
    assert s.secret_wife == 1 and s.favourite == 1


# --- winning (V-43) ---------------------------------------------------------------------------


def test_v43_the_player_whose_turn_it_is_wins_among_several() -> None:
    s = position(3, genders={1: "f"}, spouses=[(0, 1)], fortunes={0: 27000, 1: 29000},
                 tableau={0: ["duc"]}, steps=[("turn", 0, 1)])
    s = play(s, END_TURN)
    assert s.is_terminal and s.fortune[:2] == [30500, 32500]
    assert s.result().winners == (0,)
    assert s.result().scores == (30500, 32500, 0)


def test_v43_otherwise_the_highest_fortune_wins() -> None:
    s = position(3, turn=0, tableau={0: ["finance_minister"]}, fortunes={1: 29000},
                 dice=[10])
    s = play(s, SpecialPension(1))
    assert s.is_terminal and s.result().winners == (1,)


# --- setup and negotiation (V-42, V-44) --------------------------------------------------------


def test_v44_gender_is_chosen_after_seeing_the_cards() -> None:
    from sunking.games.versailles1682 import GAME

    s = GAME.new_game(4, 3)
    assert s.pending is not None and s.pending[0] == "choose"
    assert len(s.view(s.pending[1])["you"]["hand"]) == 6
    assert {getattr(a, "gender", None) for a in s.legal_actions()} == {"m", "f"}


def test_v42_negotiation_money_and_shown_cards() -> None:
    s = position(4, fortunes={0: 3000, 1: 1000}, hands={0: ["duc", "baron"]},
                 steps=[("negotiation",)])
    assert s.pending == ("negotiate", 0, 0)
    assert Pay(1, 5000) not in s.legal_actions() and Pay(1, 2000) in s.legal_actions()
    duc = first("duc", s.hand(0))
    s = play(s, Show(2, duc))  # one move: seat 0 is done
    assert [k["card"]["id"] for k in s.view(2)["you"]["known_cards"]] == [duc]
    assert s.view(1)["you"]["known_cards"] == []
    assert {"type": "shows", "seat": 0, "to": 2} in [
        {k: e[k] for k in ("type", "seat", "to")} for e in s.events(1) if e["type"] == "shows"]
    for seed in range(5):
        d = s.determinize(2, Rng(seed))
        assert duc in d.hand(0)
    assert s.pending == ("negotiate", 1, 1)
    s = play(s, Pay(3, 1000), DONE, DONE)  # seats 1, 2, 3
    assert s.fortune[1] == 0 and s.fortune[3] == 1000 and s.to_move is None


def test_v42_the_negotiation_bound_is_an_option() -> None:
    s = position(3, options={"negotiation_moves": 3}, fortunes={0: 9000},
                 hands={0: ["duc", "baron"]}, steps=[("negotiation",)])
    duc, baron = first("duc", s.hand(0)), first("baron", s.hand(0))
    s = play(s, Pay(1, 1000), DONE, DONE)  # seat 0 pays; 1 and 2 are done at once
    assert s.pending == ("negotiate", 0, 0)  # seat 0 still has two moves
    s = play(s, Show(1, duc), Show(2, baron))
    assert s.to_move is None  # his third move used his bound: he is done
    assert s.fortune[:2] == [8000, 1000]
    assert s.view(1)["you"]["known_cards"][0]["card"]["id"] == duc
    assert s.options["negotiation_moves"] == 3
