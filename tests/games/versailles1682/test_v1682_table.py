"""Talk at the table: addresses judged and fined (§3.0), and the negotiation's payments,
shown cards and offers (§7.2), played through the state's API like any other action."""

from __future__ import annotations

import pytest

from sunking.bots.heuristic import HeuristicBot
from sunking.bots.protocol import Observation
from sunking.core.errors import GameOver, IllegalAction, NotYourTurn, StaleAction
from sunking.core.rng import Rng
from sunking.games.versailles1682.actions import (
    ACCEPT,
    DECLINE,
    DONE,
    Accept,
    Address,
    Decline,
    Fine,
    Offer,
    Pay,
    PlayCard,
)
from sunking.games.versailles1682.data import FAMILY_NAMES
from sunking.games.versailles1682.etiquette import MAX_WORDS, courtier, crib, form_of_address
from sunking.games.versailles1682.game import GAME
from sunking.games.versailles1682.presentation import G
from sunking.games.versailles1682.scenario import first, play, position
from sunking.games.versailles1682.state import V1682State
from sunking.presentation import describe


def court(**kw: object) -> V1682State:
    return position(3, turn=1, steward=2, names={0: "de Trémière", 1: "de Rohan",
                                                 2: "d'Argenson"},
                    tableau={0: ["marquis"], 1: ["duc", "marshal"]}, **kw)  # type: ignore[arg-type]


# --- addresses --------------------------------------------------------------------------------


def test_a_correct_address_changes_nothing_but_the_log() -> None:
    s = court()
    said = s.apply(Address(0, 1, "Monsieur le Maréchal Duc de Rohan"), seat=0)
    assert said.faults == () and said.pending == s.pending and said.fortune == s.fortune
    assert said.version == s.version + 1 and said.history[-1] == Address(
        0, 1, "Monsieur le Maréchal Duc de Rohan")
    event = said.events(None)[-1]
    assert event["type"] == "address" and event["correct"] is True


def test_a_wrong_address_is_a_public_fault_that_survives_a_replay() -> None:
    s = court()
    said = s.apply(Address(1, 0, "Herr Marquis"), seat=1)
    fault = said.faults[0]
    assert fault["id"] == 0 and fault["speaker"] == 1 and fault["courtier"] == 0
    assert fault["words"] == "Herr Marquis" and not fault["fined"]
    assert fault["address"] == "Monsieur le Marquis de Trémière"
    assert any("'Herr'" in f for f in fault["faults"])
    for seat in (None, 0, 1, 2):  # said at the table: everybody heard it
        assert said.view(seat)["faults"] == [fault]
    loaded = GAME.state_from_json(said.to_json())
    assert loaded.faults == said.faults
    assert said.history[-1].to_json() == {
        "type": "address", "speaker": 1, "courtier": 0, "words": "Herr Marquis"}
    assert GAME.parse_action(said.history[-1].to_json()) == said.history[-1]


@pytest.mark.parametrize(
    ("action", "match"),
    [
        (Address(0, 5, "Monsieur"), "no seat"),
        (Address(7, 1, "Monsieur"), "no seat"),
        (Address(0, 0, "Monsieur le Marquis"), "own courtier"),
        (Address(0, 1, "   "), "empty"),
        (Address(0, 1, "Monsieur " * 40), f"longer than {MAX_WORDS}"),
        (Fine(0), "no fault 0"),
        (Fine(-1), "no fault -1"),
    ],
)
def test_bad_talk_is_refused_by_name_and_changes_nothing(action: object, match: str) -> None:
    s = court()
    before = s.to_json()
    seat = 2 if isinstance(action, Fine) else None
    with pytest.raises(IllegalAction, match=match):
        s.apply(action, seat=seat)  # type: ignore[arg-type]
    assert s.to_json() == before


def test_only_the_speaker_says_his_words_and_only_the_steward_fines() -> None:
    s = court()
    with pytest.raises(NotYourTurn, match="speaker"):
        s.apply(Address(0, 1, "Monsieur"), seat=1)
    s = s.apply(Address(0, 1, "Paul"), seat=0)
    with pytest.raises(NotYourTurn, match="steward"):
        s.apply(Fine(0), seat=0)
    with pytest.raises(StaleAction):
        s.apply(Fine(0), seat=2, version=s.version - 1)


def test_an_absent_courtier_cannot_be_addressed() -> None:
    s = position(3, turn=0, places={1: "absent"})
    with pytest.raises(IllegalAction, match="no courtier at court"):
        s.apply(Address(0, 1, "Monsieur"))


def test_each_fault_fined_once_the_stewards_own_too() -> None:
    s = court(fortunes={0: 3000, 1: 3000, 2: 3000})
    s = play(s, Address(1, 0, "lieber Jean"), Address(1, 0, "Herr Marquis"),
             Address(2, 1, "Monsieur de Rohan, Chancelier"))
    assert [f["speaker"] for f in s.faults] == [1, 1, 2]
    s = s.apply(Fine(1), seat=2)
    assert s.fortune == [3000, 2000, 3000] and s.faults[1]["fined"]
    with pytest.raises(IllegalAction, match="already been fined"):
        s.apply(Fine(1), seat=2)
    s = play(s, Fine(0), Fine(2))  # the steward fines himself too
    assert s.fortune == [3000, 1000, 2000]
    assert [e["fault"] for e in s.register] == [1, 0, 2]
    assert all(e["amount"] == 1000 and e["steward"] == 2 for e in s.register)


def test_a_steward_to_move_must_fine_first_and_a_bot_does() -> None:
    s = position(3, turn=2, steward=2, fortunes={0: 0})
    s = s.apply(Address(0, 1, "Paul"))
    assert s.to_move == 2 and s.legal_actions() == (Fine(0),)
    action = HeuristicBot().act(Observation(s, 2), Rng(1))
    assert action == Fine(0)
    s = s.apply(action, seat=2)
    assert s.fortune[0] == -1000  # debts allowed (§3.0)
    assert not any(isinstance(a, Fine) for a in s.legal_actions())


def test_no_talk_after_the_game() -> None:
    s = court()
    s.final = {"reason": "target"}
    s.pending = None
    with pytest.raises(GameOver):
        s.apply(Address(0, 1, "Monsieur"))


def test_the_crib_in_three_languages() -> None:
    s = court()
    assert crib(s, "fr") == ["Monsieur le Marquis de Trémière",
                             "Monsieur le Maréchal Duc de Rohan", "Monsieur d'Argenson"]
    assert crib(s, "de")[1] == "Sir Marschall Duc de Rohan"
    assert crib(s, "en")[0] == "Sir Marquess de Trémière"
    assert crib(s, "cs") == crib(s, "fr")
    s = position(3, turn=0, places={2: "absent"})
    assert crib(s, "en")[2] is None


def test_a_widow_keeps_her_husbands_name_and_title() -> None:
    s = position(3, turn=2, genders={1: "f", 2: "f"}, spouses=[(0, 1)],
                 tableau={0: ["duc"]}, hands={2: ["poison"]})
    husband = FAMILY_NAMES[s.name[0]]
    wife = courtier(s, 1)
    assert form_of_address(wife) == f"Madame la Duchesse {husband}"
    s = play(s, PlayCard(first("poison", s.hand(2)), 0))
    widow = courtier(s, 1)
    assert form_of_address(widow) == f"Madame la Duchesse {husband}"
    s = s.apply(Address(2, 1, f"Madame {FAMILY_NAMES[s.name[1]]}"))
    assert s.faults[0]["address"] == f"Madame la Duchesse {husband}"


# --- negotiation ------------------------------------------------------------------------------


def negotiation(**kw: object) -> V1682State:
    return position(4, steps=[("negotiation",)], **kw)  # type: ignore[arg-type]


def test_payments_of_any_thousand_the_payer_has() -> None:
    s = negotiation(fortunes={0: 7000})
    pays = {a.amount for a in s.legal_actions() if isinstance(a, Pay) and a.to == 1}
    assert pays == {1000, 2000, 3000, 4000, 5000, 6000, 7000}
    s = play(s, Pay(1, 3000))
    assert s.fortune[:2] == [4000, 3000]


def test_an_offer_is_heard_by_its_two_sides_only() -> None:
    s = negotiation(fortunes={0: 5000})
    assert Offer(1, 5000, "intervene") in s.legal_actions()
    assert Offer(1, 10000, "intervene") not in s.legal_actions()
    s = s.apply(Offer(1, 2000, "intervene"))
    assert s.to_move == 1 and s.legal_actions() == (ACCEPT, DECLINE)
    offer = {"from": 0, "to": 1, "amount": 2000, "favour": "intervene"}
    assert s.view(0)["you"]["offer"] == offer and s.view(1)["you"]["offer"] == offer
    for seat in (2, 3, None):
        view = s.view(seat)
        assert view["decision"] == {"kind": "answer", "seat": 1, "offerer": 0}
        assert "2000" not in str(view) and "intervene" not in str(view)
        assert "offer" not in view.get("you", {})
        for e in s.events(seat):
            assert "amount" not in e or e["type"] != "offered"
            assert "favour" not in e
    assert [e["type"] for e in s.events(1)][-2:] == ["offer", "offered"]


def test_an_accepted_offer_pays_at_once_and_binds_nobody() -> None:
    s = negotiation(fortunes={0: 5000})
    s = play(s, Offer(1, 2000, "intervene"), Accept())
    assert s.fortune[:2] == [3000, 2000]
    assert s.pending == ("negotiate", 1, 1)  # the floor goes on after the offerer
    assert [e["type"] for e in s.events(2)][-3:-1] == ["offer_accepted", "payment"]
    assert not any(e["type"] == "promised" for e in s.events(2))
    assert any(e["type"] == "promised" and e["favour"] == "intervene" for e in s.events(0))
    s = play(s, DONE, DONE, DONE)
    assert s.to_move is None and s.fortune[:2] == [3000, 2000]  # nothing owed afterwards


def test_a_promise_is_shown_to_its_two_sides_in_words() -> None:
    s = negotiation(fortunes={0: 5000})
    s = play(s, Offer(1, 2000, "intervene"), Accept())
    promise = {"debtor": 1, "creditor": 0, "favour": "intervene", "amount": 2000}
    assert s.view(0)["you"]["promises"] == [promise] == s.view(1)["you"]["promises"]
    assert s.view(2)["you"]["promises"] == [] and "you" not in s.view(None)
    names = ["Anne", "Bernard", "Claude", "Denise"]
    made = describe(G, s.view(1), [], 1, "en", names, s.events(1))
    assert made["promises"] == [
        "You promised Anne to intervene with the King for him, for 2,000 livres."]
    received = describe(G, s.view(0), [], 0, "fr", names, s.events(0))
    assert received["promises"] == [
        "Bernard s'est engagé auprès de vous à intervenir en sa faveur auprès du roi, "
        "pour 2\u202f000 livres."]
    assert describe(G, s.view(2), [], 2, "en", names, s.events(2))["promises"] == []
    # It still stands once the negotiation is over, when the favour can be done.
    s = play(s, DONE, DONE, DONE)
    assert s.view(1)["you"]["promises"] == [promise]


def test_a_declined_offer_moves_no_money_and_uses_the_move() -> None:
    s = negotiation(fortunes={0: 5000})
    s = play(s, Offer(3, 5000, "move_court"), Decline())
    assert s.fortune[0] == 5000 and s.negotiation_done[0] == 1  # one move, his bound
    assert s.events(None)[-1]["type"] == "offer_declined"
    assert s.pending == ("negotiate", 1, 1)


def test_bots_accept_offers_and_make_none() -> None:
    s = negotiation(fortunes={0: 5000, 1: 5000})
    s = s.apply(Offer(1, 1000, "request"))
    assert HeuristicBot().act(Observation(s, 1), Rng(0)) == ACCEPT
    s = s.apply(ACCEPT)
    action = HeuristicBot().act(Observation(s, 1), Rng(0))
    assert not isinstance(action, Offer | Pay)


# --- random games with talk at the table -------------------------------------------------------


WRONG = ("Herr Marquis", "lieber Jean", "Monsieur de Dupont", "Madame", "Monsieur",
         "Sir Graf", "Lady Duchess")


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_random_games_with_talk_at_the_table(seed: int) -> None:
    """Random play with random addresses, correct and wrong, said between the moves: every
    fault is fined once by the steward before his next decision, views show the faults to
    all and the offers to their sides only, and the record replays to the same state."""
    rng = Rng(seed)
    s = GAME.new_game(4, seed)
    said = 0
    while not s.is_terminal and s.version < 6000:
        named = [p for p in range(4) if s.name[p] >= 0 and s.status[p] != 3]
        if len(named) >= 2 and rng.below(4) == 0:
            speaker, to = named[rng.below(len(named))], named[rng.below(len(named))]
            if speaker != to:
                words = crib(s, ("fr", "de", "en")[rng.below(3)])[to] if rng.below(2) \
                    else WRONG[rng.below(len(WRONG))]
                assert words is not None
                s = s.apply(Address(speaker, to, words), seat=speaker)
                said += 1
                continue
        owed = [f["id"] for f in s.faults if not f["fined"]]
        if s.to_move == s.steward and owed:
            assert s.legal_actions() == tuple(Fine(i) for i in owed)
        legal = s.legal_actions()
        s = s.apply(legal[rng.below(len(legal))], seat=s.to_move)
        assert not s.check_invariants()
        if s.pending is not None and s.pending[0] == "answer":
            sides = {s.pending[1], s.pending[2]}
            for seat in range(4):
                assert ("offer" in s.view(seat)["you"]) == (seat in sides)
    assert said > 20 and s.faults and any(f["fined"] for f in s.faults)
    fined = [e["fault"] for e in s.register]
    assert len(fined) == len(set(fined))
    for viewer in (None, 0, 3):
        assert s.view(viewer)["faults"] == [dict(f) for f in s.faults]
    again = GAME.new_game(4, seed)
    for action in s.history:
        again = again.apply(action)
    assert again.to_json() == s.to_json()


def test_an_offer_lapses_when_a_fine_leaves_the_offerer_short() -> None:
    s = position(4, steps=[("negotiation",)], steward=0, fortunes={1: 2000},
                 names={1: "de Trémière", 2: "de Rohan"})
    s = play(s, DONE, Offer(2, 2000, "request"))
    s = play(s, Address(1, 2, "Herr Graf"))
    s = s.apply(Fine(0), seat=0)  # the steward fines out of turn while seat 2 thinks
    assert s.fortune[1] == 1000 and s.to_move == 2
    s = play(s, ACCEPT)
    assert s.fortune[1:3] == [1000, 0]
    assert s.events(None)[-1]["type"] == "offer_lapses"
    assert not any(e["type"] == "promised" for e in s.events(2))


def test_bots_play_a_whole_game_with_the_new_negotiation() -> None:
    """Random, heuristic and a small search play a 4-player game to the end with three
    negotiation moves each (payments, shows, offers and answers among their choices)."""
    from sunking.bots import make_bot
    from sunking.bots.arena import play_match

    bots = [make_bot(spec) for spec in ("ismcts:30", "heuristic", "heuristic", "random")]
    result = play_match(GAME, bots, seed=3, options={"negotiation_moves": 3})
    assert result.winners and len(result.scores) == 4
    assert 0 < result.actions <= GAME.spec.max_actions and min(result.decisions) > 0


def test_the_board_words_the_negotiation_and_the_dice_for_each_seat() -> None:
    names = ["Ana", "Bert", "Chloé", "Dirk"]
    s = negotiation(fortunes={0: 5000})
    s = play(s, Pay(1, 3000), Offer(2, 1000, "intervene"))  # the floor passed to Bert

    def board(seat: int | None) -> dict[str, object]:
        legal = [a.to_json() for a in s.legal_actions()] if s.to_move == seat else []
        return describe(G, s.view(seat), legal, seat=seat, lang="en", names=names,
                        events=s.events(seat))

    mine, theirs = board(1), board(3)
    assert any("Ana" in line and "Bert" in line and "3,000" in line
               for line in theirs["negotiation"])  # type: ignore[attr-defined]
    assert any("1,000" in line for line in mine["negotiation"])  # type: ignore[attr-defined]
    assert theirs["negotiation"] and not any(  # type: ignore[attr-defined]
        "1,000" in line for line in theirs["negotiation"])  # type: ignore[attr-defined]
    game = GAME.new_game(4, seed=5)
    rng = Rng(5)
    while not any(e.get("type") == "request" for e in game.events(None)):
        game = game.apply(rng.choice(game.legal_actions()))
    rolled = describe(G, game.view(None), [], seat=None, lang="en", names=names,
                      events=game.events(None))["dice"]
    assert rolled and len(rolled) <= 4  # type: ignore[arg-type]
    for entry in rolled:  # type: ignore[union-attr]
        assert all(1 <= d <= 10 for d in entry["dice"]) and entry["text"]  # type: ignore[index]
    assert any(r["verdict"] in ("granted", "refused") for r in rolled)  # type: ignore[index,union-attr]
