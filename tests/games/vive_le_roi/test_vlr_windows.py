"""Scenario tests for the moments a player acts outside his own step B: the Church decree
and the "S" cards at every window of docs/vive_le_roi.md, and windows that reveal nothing."""

from __future__ import annotations

from sunking.core import Action
from sunking.games.vive_le_roi.actions import (
    CHURCH_DECREE,
    PASS,
    REFUSE,
    RELEASE,
    Attack,
    Bribe,
    Challenge,
    Commit,
    Denounce,
    Execute,
    LayDown,
    NobilityDecree,
    PlayEar,
    PlayToMiddle,
    Target,
)
from sunking.games.vive_le_roi.data import EAR_CARD
from sunking.games.vive_le_roi.scenario import find, position
from sunking.games.vive_le_roi.state import ViveLeRoiState
from sunking.presentation import describe


def play(s: ViveLeRoiState, *actions: Action) -> ViveLeRoiState:
    """Each action in turn, the windows that open after a card of a fight (VR-4b) passed
    until the action is one of their choices."""
    for action in actions:
        while s.pending is not None and s.pending[0] == "react" and \
                action not in s.legal_actions():
            s = s.apply(PASS, seat=s.to_move)
        s = s.apply(action, seat=s.to_move)
    return s


def pass_windows(s: ViveLeRoiState) -> ViveLeRoiState:
    """Pass every window until another kind of decision comes."""
    while s.pending is not None and s.pending[0] == "react":
        s = play(s, PASS)
    return s


def event_types(s: ViveLeRoiState) -> list[str]:
    return [str(e["type"]) for e in s.events()]


BISHOP = find("official", role="bishop")
CARDINAL = find("official", role="cardinal")
QUEEN = find("official", role="queen")
EXCOMMUNICATION = find("event", role="excommunication")
LOW_BIRTH = find("event", role="low_birth")
EXECUTIONER = find("event", role="executioner")
NOBLE1, NOBLE2, NOBLE3 = find("noble", 1), find("noble", 2), find("noble", 3)
GOLD1, GOLD2, GOLD3 = find("gold", 1), find("gold", 2), find("gold", 3)
ONE_ROUND = [("turn", 0), ("after_turn", 0), ("turn", 1), ("after_turn", 1), ("turn", 2),
             ("reactions",)]


# --- the Church decree ----------------------------------------------------------------------


def captive_king_position(**extra: object) -> ViveLeRoiState:
    """Seat 2 holds the King captive; seat 1 owns a Bishop; seat 0 starts the round."""
    return position(
        3,
        hands={0: [GOLD1], 1: [GOLD2], 2: [GOLD3]},
        structures={1: [BISHOP], 2: [NOBLE3]},
        king=2, captive=True, start=0,
        deck_top=[find("gold", 1, nth=1), find("gold", 1, nth=2), find("gold", 2, nth=1)],
        steps=ONE_ROUND,
        **extra,  # type: ignore[arg-type]
    )


def test_a_church_decree_issued_during_another_players_turn() -> None:
    s = captive_king_position()
    assert s.pending == ("turn", 0)
    s = play(s, PlayToMiddle(GOLD1))
    # Seat 0's turn closes with a window for every other player from its left: seat 1 may
    # issue the decree before its own turn begins.
    assert s.pending == ("react", 1, 0) and s.phase == "turns"
    assert set(s.legal_actions()) == {PASS, CHURCH_DECREE}
    s = play(s, CHURCH_DECREE)
    assert s.to_move == 2 and set(s.legal_actions()) == {RELEASE, REFUSE}
    s = play(s, RELEASE)
    assert not s.captive and s.king == 2
    assert event_types(s)[-2:] == ["church_decree", "king_released"]
    # Seat 1 is asked again (it could hold Excommunication or Low Birth), but decrees no
    # more; then the captor's window, then seat 1's own turn.
    assert s.pending == ("react", 1, 0) and CHURCH_DECREE not in s.legal_actions()
    s = play(s, PASS)
    assert s.pending == ("react", 2, 0)   # a noble: the King's Ear is unseen
    s = play(s, PASS)
    assert s.pending == ("turn", 1)


def test_a_refused_decree_cannot_be_repeated_by_the_same_player_in_later_windows() -> None:
    s = play(captive_king_position(), PlayToMiddle(GOLD1), CHURCH_DECREE, REFUSE)
    assert s.captive and s.scores == [0, 0, -15]
    assert s.pending == ("react", 1, 0) and CHURCH_DECREE not in s.legal_actions()
    s = pass_windows(s)
    assert s.pending == ("turn", 1) and CHURCH_DECREE not in s.legal_actions()
    s = play(s, PlayToMiddle(GOLD2))
    # After seat 1's turn: the captor's window (a noble) offers no decree; seat 0 owns
    # nothing, so by public facts it can do nothing and no window opens for it.
    assert s.pending == ("react", 2, 1)
    s = play(s, PASS)
    assert s.pending == ("turn", 2)


def test_a_church_decree_in_the_defenders_first_answer() -> None:
    province = find("province", arms=4)
    s = position(
        3,
        hands={0: [find("musketeer", 4), GOLD1], 1: [find("musketeer", 1)], 2: [GOLD3]},
        structures={1: [BISHOP, province], 2: [NOBLE3]},
        king=2, captive=True, start=0,
        deck_top=[find("gold", 2)],
        steps=[("turn", 0)],
    )
    s = pass_windows(play(s, Attack(province), Commit((find("musketeer", 4),))))
    assert s.pending is not None and s.pending[:2] == ("batch", 1)
    assert CHURCH_DECREE in s.legal_actions()
    s = play(s, CHURCH_DECREE, RELEASE)
    # The attack goes on where it was: the defender answers the batch.
    assert not s.captive
    assert s.pending is not None and s.pending[:2] == ("batch", 1)
    assert CHURCH_DECREE not in s.legal_actions()
    s = play(s, PASS)
    assert province in s.structures[0]


# --- the "S" cards at each window ------------------------------------------------------------


def test_s_card_in_ones_own_step_b() -> None:
    victim = find("courtier", 6, arms=2)
    s = position(
        3,
        hands={0: [EXECUTIONER, GOLD1]},
        structures={0: [QUEEN], 1: [victim]},
        deck_top=[GOLD2],
        steps=[("turn", 0)],
    )
    s = play(s, Execute(victim))
    assert victim in s.discard and s.pending == ("turn", 0)


def test_s_card_in_the_defenders_first_answer_to_a_challenge() -> None:
    s = position(
        3,
        hands={0: [GOLD3, GOLD1], 1: [LOW_BIRTH, GOLD2], 2: [find("gold", 1, nth=1)]},
        structures={0: [NOBLE3], 1: [NOBLE1, CARDINAL]},
        deck_top=[find("gold", 2, nth=1)],
        steps=[("turn", 0)],
    )
    s = pass_windows(play(s, Challenge(NOBLE3, NOBLE1), LayDown(GOLD3)))
    assert s.pending is not None and s.pending[:2] == ("duel_card", 1)
    assert Denounce(LOW_BIRTH, 0) in s.legal_actions()
    s = play(s, Denounce(LOW_BIRTH, 0))
    assert s.scores == [0, 10, 0] and LOW_BIRTH in s.structures[0]
    assert s.pending is not None and s.pending[:2] == ("duel_card", 1)   # still to answer
    s = play(s, LayDown(GOLD2))
    assert NOBLE1 in s.discard


def test_s_card_in_the_defenders_first_answer_to_a_bribe() -> None:
    courtier = find("courtier", 4, arms=1)
    s = position(
        3,
        hands={0: [GOLD2, GOLD1], 1: [EXCOMMUNICATION, GOLD3], 2: [find("gold", 1, nth=1)]},
        structures={1: [courtier, BISHOP]},
        deck_top=[find("gold", 2, nth=1)],
        steps=[("turn", 0)],
    )
    s = pass_windows(play(s, Bribe(courtier), Commit((GOLD2,))))
    assert s.pending is not None and s.pending[:2] == ("batch", 1)
    s = play(s, Denounce(EXCOMMUNICATION, 2))
    assert s.scores == [0, 10, 0] and EXCOMMUNICATION in s.structures[2]
    s = play(s, Commit((GOLD3,)), PASS)
    assert courtier in s.structures[1]


def ear_in_hand_of_2() -> ViveLeRoiState:
    """Three nobles on the table, the King's Ear in seat 2's hand, seat 0 to play."""
    return position(
        3,
        hands={0: [GOLD1], 1: [GOLD2], 2: [EAR_CARD, GOLD3]},
        structures={0: [NOBLE1], 1: [NOBLE2], 2: [NOBLE3]},
        deck_top=[find("gold", 1, nth=1), find("gold", 1, nth=2), find("gold", 2, nth=1)],
        steps=ONE_ROUND,
    )


def test_s_card_at_the_end_of_another_players_turn() -> None:
    s = ear_in_hand_of_2()
    s = play(s, PlayToMiddle(GOLD1))
    assert s.pending == ("react", 1, 0)   # every seat with a noble: the Ear is unseen
    s = play(s, PASS)
    assert s.pending == ("react", 2, 0)
    s = play(s, PlayEar(NOBLE3))
    assert s.scores == [0, 0, 10] and s.attach[EAR_CARD] == NOBLE3
    # The Ear is on the table now: no window opens for it any more, the next turn begins.
    assert s.pending == ("turn", 1)


def test_s_card_at_the_end_of_phase_one() -> None:
    victim = find("musketeer", 5)
    s = position(
        3,
        hands={0: [GOLD1], 1: [GOLD2, EXECUTIONER], 2: [GOLD3]},
        structures={1: [CARDINAL], 2: [victim]},
        deck_top=[find("gold", 1, nth=1), find("gold", 1, nth=2), find("gold", 2, nth=1)],
        steps=[("turn", 2), ("reactions",)],
    )
    s = play(s, PlayToMiddle(GOLD3))
    assert s.phase == "reactions" and s.pending == ("react", 1, -1)
    s = play(s, Execute(victim))
    assert victim in s.discard and EXECUTIONER in s.discard


# --- being asked reveals nothing -------------------------------------------------------------


def asked(hand_of_2: list[int]) -> list[tuple[object, ...]]:
    """The decisions seat 0 and seat 1 pass through in a round, seat 2 holding ``hand_of_2``."""
    s = position(
        3,
        hands={0: [GOLD1], 1: [GOLD2], 2: hand_of_2},
        structures={0: [NOBLE1], 1: [NOBLE2], 2: [NOBLE3, CARDINAL]},
        deck_top=[find("gold", 1, nth=1), find("gold", 1, nth=2), find("gold", 2, nth=1)],
        steps=ONE_ROUND,
    )
    seen: list[tuple[object, ...]] = []
    while s.to_move is not None:
        assert s.pending is not None
        seen.append(s.pending)
        legal = s.legal_actions()
        s = play(s, PASS if PASS in legal else next(a for a in legal
                                                     if isinstance(a, PlayToMiddle)))
    return seen


def test_windows_open_alike_whether_or_not_a_seat_holds_an_s_card() -> None:
    holding = asked([GOLD3, EXCOMMUNICATION])
    not_holding = asked([GOLD3, find("gold", 3, nth=1)])
    assert holding == not_holding
    # Seat 2 (a Cardinal, Excommunication unseen) is asked after seats 0 and 1; every seat
    # with a noble is asked since the King's Ear is unseen.
    assert ("react", 2, 0) in holding and ("react", 2, 1) in holding
    assert ("react", 0, 1) in holding


def test_a_window_saved_without_its_mover_still_opens() -> None:
    """A state saved before the windows named their mover (agenda step ``("react", seat)``)
    loads and runs on: the window is the end-of-Phase-1 one."""
    s = position(3, hands={1: [GOLD2]}, structures={1: [NOBLE2]}, steps=[("react", 1)])
    assert s.pending == ("react", 1, -1)
    back = s.game.state_from_json(s.to_json())
    assert back.legal_actions() == s.legal_actions()


def test_the_window_prompt_names_whose_turn_ended() -> None:
    s = ear_in_hand_of_2()
    s = play(s, PlayToMiddle(GOLD1))
    names = ["Ana", "Bert", "Chloé"]
    legal = [a.to_json() for a in s.legal_actions()]
    board = describe("vive_le_roi", s.view(1), legal, seat=1, lang="en", names=names)
    assert str(board["prompt"]).startswith("Ana's turn is over")
    board = describe("vive_le_roi", s.view(1), legal, seat=1, lang="de", names=names)
    assert str(board["prompt"]).startswith("Der Zug von Ana ist vorbei")
    end = position(
        3, hands={0: [GOLD1], 1: [GOLD2, EXECUTIONER], 2: [GOLD3]},
        structures={1: [CARDINAL], 2: [find("musketeer", 5)]},
        deck_top=[find("gold", 1, nth=1), find("gold", 1, nth=2), find("gold", 2, nth=1)],
        steps=[("turn", 2), ("reactions",)],
    )
    end = play(end, PlayToMiddle(GOLD3))
    legal = [a.to_json() for a in end.legal_actions()]
    board = describe("vive_le_roi", end.view(1), legal, seat=1, lang="en", names=names)
    assert str(board["prompt"]).startswith("Play a special card")


# --- "op ieder moment": the revised rulings VR-3, VR-4, VR-4b --------------------------------


def test_s_card_after_ones_own_step_b_action_before_the_middle_card() -> None:
    """"als je of de koning (niet gevangen), de koningin, het Oor van de koning of de kardinaal
    in je machtsstructuur hebt uitliggen, kan je deze kaart op ieder moment tegen een andere
    speler uitspelen" (VR-3): after his attack, before his middle card, seat 0 executes."""
    province = find("province", arms=4)
    victim = find("courtier", 6, arms=2)
    four = find("musketeer", 4)
    s = position(
        3,
        hands={0: [four, EXECUTIONER, GOLD1], 1: [GOLD2]},
        structures={0: [QUEEN], 1: [province, victim]},
        deck_top=[GOLD3],
        steps=[("turn", 0)],
    )
    s = play(pass_windows(play(s, Attack(province), Commit((four,)))), PASS)
    assert province in s.structures[0] and s.pending == ("lay", 0)
    assert Execute(victim) in s.legal_actions()
    s = play(s, Execute(victim))
    assert victim in s.discard and EXECUTIONER in s.discard
    assert s.pending == ("lay", 0)   # the drawn gold 3 or gold 1 to the middle
    assert set(s.legal_actions()) == {PlayToMiddle(GOLD1), PlayToMiddle(GOLD3)}


def test_an_s_card_laid_as_the_middle_card_resolves_at_once() -> None:
    """"Het Oor van de koning, de excommunicatie, de lagere afkomst en de beul onderbreken het
    spel meteen als ze door een speler worden uitgespeeld" (VR-3): laid in step C,
    Excommunication scores its +10 and hits its victim then, not in Phase 2A."""
    s = position(
        3,
        hands={0: [EXCOMMUNICATION, GOLD1], 1: [GOLD2], 2: [GOLD3]},
        structures={0: [BISHOP]},
        deck_top=[find("gold", 1, nth=1)],
        steps=[("turn", 0)],
    )
    s = play(s, PlayToMiddle(EXCOMMUNICATION))
    assert s.pending == ("target", 0, EXCOMMUNICATION) and s.middle == []
    s = play(s, Target(2))
    assert s.scores == [10, 0, 0] and EXCOMMUNICATION in s.structures[2]
    assert "denounce" in event_types(s) and s.middle == []
    legal = [a.to_json() for a in s.legal_actions()]
    board = describe("vive_le_roi", s.view(1), legal, seat=1, lang="en",
                     names=["Ana", "Bert", "Chloé"], events=s.events(1))
    lines = [str(line["text"]) for line in board["log"]]  # type: ignore[index, union-attr]
    assert "Ana lays Excommunication as the middle card: it acts at once" in lines


def test_an_s_card_laid_as_the_middle_card_without_its_condition_is_discarded_at_once() -> None:
    """The Executioner laid in step C without the King, the Queen, the Ear or the Cardinal
    has no effect, at once."""
    s = position(3, hands={0: [EXECUTIONER, GOLD1]}, structures={1: [find("musketeer", 2)]},
                 deck_top=[GOLD2], steps=[("turn", 0)], king=1)
    s = play(s, PlayToMiddle(EXECUTIONER))
    assert EXECUTIONER in s.discard and s.middle == [] and "no_effect" in event_types(s)


def test_nobility_decree_in_step_c_after_losing_ones_last_noble_in_ones_own_duel() -> None:
    """"Decreten zijn handelingen die een speler op ieder moment, maar slechts één keer per
    beurt, kan uitvoeren" and "Een speler zonder edelen kan tijdens zijn beurt zijn hoveling
    met de hoogste waarde tot edele laten verklaren" (VR-4): his noble dead in his own duel,
    seat 0 raises his courtier before laying his middle card."""
    courtier = find("courtier", 6, arms=1)
    s = position(
        3,
        hands={0: [GOLD1, GOLD2], 1: [GOLD3]},
        structures={0: [NOBLE1, courtier], 1: [find("noble", 5)]},
        king=0, start=0,
        deck_top=[find("gold", 1, nth=1)],
        steps=[("turn", 0)],
    )
    s = play(s, Challenge(NOBLE1, find("noble", 5)), LayDown(GOLD1), LayDown(GOLD3))
    assert NOBLE1 in s.discard and s.pending == ("lay", 0)
    assert NobilityDecree(courtier, NOBLE1) in s.legal_actions()
    s = play(s, NobilityDecree(courtier, NOBLE1))
    assert NOBLE1 in s.structures[0] and courtier in s.discard
    assert s.pending == ("lay", 0)   # the decree is spent; the middle card is left
    assert all(isinstance(a, PlayToMiddle) for a in s.legal_actions())


def test_a_church_decree_in_phase_two_after_a_rebellion_captured_the_king() -> None:
    """"Decreten zijn handelingen die een speler op ieder moment … kan uitvoeren" (VR-4b:
    after each step of Phases 2–4 too): the Rebellion captures the King in Phase 2A, and the
    Bishop's owner decrees his release before the gold is shared out."""
    s = position(
        3,
        structures={1: [BISHOP]},
        middle=[(find("event", role="rebellion"), 0), (GOLD1, 1), (GOLD2, 2)],
        king=2,
        steps=[("phase2",)],
    )
    assert s.captive and s.king == 0 and s.phase == "distribution"
    assert s.pending == ("react", 1, -1) and CHURCH_DECREE in s.legal_actions()
    s = play(s, CHURCH_DECREE, RELEASE)
    assert not s.captive


def test_an_s_card_in_a_window_after_a_step_of_phase_two() -> None:
    """"als je een edele hebt, kan je deze kaart op ieder moment uitspelen" (VR-4b): after
    the gold is shared out, seat 0 lays the King's Ear under his noble."""
    s = position(
        3,
        hands={0: [EAR_CARD]},
        structures={0: [NOBLE1]},
        middle=[(GOLD1, 0), (GOLD2, 1)],
        steps=[("phase2",)],
    )
    assert s.pending == ("react", 0, -1) and find("gold", 2) in s.structures[1]
    s = play(s, PlayEar(NOBLE1))
    assert s.scores == [10, 0, 0] and s.attach[EAR_CARD] == NOBLE1


# --- VR-4b: a window after each card of a fight ------------------------------------------------


def windows_until_next(s: ViveLeRoiState) -> tuple[list[int], ViveLeRoiState]:
    """The seats asked in the windows now open, each passing, and the state after them."""
    seats = []
    while s.pending is not None and s.pending[0] == "react":
        seats.append(int(s.pending[1]))
        s = play(s, PASS)
    return seats, s


def test_every_seat_has_a_window_after_each_card_of_an_attack() -> None:
    """"Na iedere handeling die de tafel verandert (… iedere kaart van een gevecht …) krijgt
    iedere speler die een S-kaart kan spelen of een decreet kan uitvaardigen een echte kans"
    (VR-4b, shared/rules/vive_le_roi.md): after each batch of an attack every player but the
    two sides is asked before the fight goes on (the sides at their own batches), and a
    third player lays the King's Ear mid-fight."""
    province = find("province", arms=4)
    four, five = find("musketeer", 4), find("musketeer", 5)
    s = position(
        3,
        hands={0: [four, five, GOLD1], 1: [find("musketeer", 6), GOLD2],
               2: [EAR_CARD, GOLD3]},
        structures={0: [NOBLE1], 1: [NOBLE2, province], 2: [NOBLE3]},
        deck_top=[find("gold", 2, nth=1)],
        steps=[("turn", 0)],
    )
    s = play(s, Attack(province), Commit((four,)))
    asked, s = windows_until_next(s)
    assert asked == [2]                             # the Ear is unseen: a noble's owner
    assert s.pending is not None and s.pending[:2] == ("batch", 1)
    s = play(s, Commit((find("musketeer", 6),)))    # the defender's 6 against 4
    assert s.pending == ("react", 2, -1) and PlayEar(NOBLE3) in s.legal_actions()
    s = play(s, PlayEar(NOBLE3))
    assert s.scores == [0, 0, 10] and s.attach[EAR_CARD] == NOBLE3
    # The Ear on the table, nobody else may act: the attacker answers the 6.
    assert s.pending is not None and s.pending[:2] == ("batch", 0)
    assert Commit((five,)) in s.legal_actions()
    assert not any(isinstance(a, PlayEar) for a in s.legal_actions())


def fight_windows(hand_of_2: list[int]) -> list[tuple[object, ...]]:
    """The decisions of a duel and the windows after its cards, seat 2 holding
    ``hand_of_2``."""
    s = position(
        3,
        hands={0: [GOLD3, GOLD1], 1: [GOLD2, find("gold", 1, nth=1)], 2: hand_of_2},
        structures={0: [NOBLE3], 1: [NOBLE1], 2: [NOBLE2, CARDINAL]},
        deck_top=[find("gold", 2, nth=1)],
        steps=[("turn", 0)],
    )
    s = play(s, Challenge(NOBLE3, NOBLE1), LayDown(GOLD3))
    seen: list[tuple[object, ...]] = []
    while s.pending is not None and s.pending[0] in ("react", "duel_card"):
        seen.append(s.pending)
        s = play(s, PASS if s.pending[0] == "react" else LayDown(GOLD2))
    return seen


def test_the_windows_after_a_duels_cards_reveal_nothing() -> None:
    """VR-4b: "whether a seat is asked must reveal nothing about its hand": after the
    challenger's card and after the defender's, the same seat (the third player; the sides
    act at their own duel cards) is asked whether or not it holds an "S" card."""
    holding = fight_windows([find("gold", 3, nth=1), LOW_BIRTH])
    not_holding = fight_windows([find("gold", 3, nth=1), find("gold", 2, nth=2)])
    assert holding == not_holding
    assert holding == [("react", 2, -1), ("duel_card", 1, 0, 1, NOBLE3, NOBLE1),
                       ("react", 2, -1)]


def test_a_bribery_whose_person_is_executed_mid_fight_is_void() -> None:
    """VR-4b with VR-18: in a window after a bribe, a third player executes the person being
    bribed; the bribery has no object left, and every gold card committed to it is
    discarded (VR-13: all gold of a bribery but the winner's last batch goes)."""
    courtier = find("courtier", 4, arms=1)
    s = position(
        3,
        hands={0: [GOLD2, GOLD1], 1: [GOLD3], 2: [EXECUTIONER, find("gold", 1, nth=1)]},
        structures={1: [courtier], 2: [QUEEN]},
        deck_top=[find("gold", 2, nth=1)],
        steps=[("turn", 0)],
    )
    s = play(s, Bribe(courtier), Commit((GOLD2,)))
    while s.pending != ("react", 2, -1):
        s = play(s, PASS)
    s = play(s, Execute(courtier))
    s = pass_windows(s)
    assert courtier in s.discard and GOLD2 in s.discard and s.fight == []
    assert "fight_void" in event_types(s)
    assert s.pending == ("lay", 0)
    text = describe("vive_le_roi", s.view(0), [], 0, "en", ["Ana", "Bo", "Cy"],
                    events=s.events(0))["log"]
    assert any("the bribery for it is void" in str(entry) for entry in text)


def test_the_attacker_may_play_an_s_card_at_his_own_later_batch() -> None:
    """VR-4b: the sides of a fight act at their own decisions in it. After the defender's
    answer the attacker, with the Queen and the Executioner, may execute before he raises."""
    province = find("province", arms=4)
    four, five = find("musketeer", 4), find("musketeer", 5)
    victim = find("courtier", 6, arms=2)
    s = position(
        3,
        hands={0: [four, five, EXECUTIONER], 1: [find("musketeer", 6), GOLD2], 2: [GOLD3]},
        structures={0: [QUEEN], 1: [province, victim]},
        deck_top=[find("gold", 2, nth=1)],
        steps=[("turn", 0)],
    )
    s = play(s, Attack(province), Commit((four,)), Commit((find("musketeer", 6),)))
    s = pass_windows(s)
    assert s.pending is not None and s.pending[:2] == ("batch", 0)
    assert Execute(victim) in s.legal_actions()
    s = play(s, Execute(victim))
    assert victim in s.discard
    assert s.pending is not None and s.pending[:2] == ("batch", 0)   # he raises or passes


def test_a_briber_who_executes_the_person_he_bribes_voids_his_bribery() -> None:
    """The briber himself may play the Executioner at his own later batch (VR-4b) against
    the very person he bribes: the bribery is void then, its gold discarded, before he raises
    or passes (a random game found it leaving the defender's gold on a discarded person)."""
    courtier = find("courtier", 4, arms=1)
    s = position(
        3,
        hands={0: [GOLD1, GOLD3, EXECUTIONER], 1: [GOLD2], 2: [find("gold", 1, nth=1)]},
        structures={0: [QUEEN], 1: [courtier]},
        deck_top=[find("gold", 2, nth=1)],
        steps=[("turn", 0)],
    )
    s = pass_windows(play(s, Bribe(courtier), Commit((GOLD1,)), Commit((GOLD2,))))
    assert s.pending is not None and s.pending[:2] == ("batch", 0)
    s = pass_windows(play(s, Execute(courtier)))
    assert "fight_void" in event_types(s)
    assert courtier in s.discard and GOLD1 in s.discard and GOLD2 in s.discard
    assert s.fight == [] and s.pending == ("lay", 0)
    assert s.check_invariants() == []
