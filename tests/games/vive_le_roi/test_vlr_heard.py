"""Every move is heard: the decisions that change nothing on the table — a window passed, a
tied duel the challenger agrees to fight on, a card left free in its structure — each leave a
public line in the log, saying who did it and at what moment, in the second person to the
seats concerned."""

from __future__ import annotations

from typing import Any

import test_vlr_fights as fights
from test_vlr_windows import GOLD1, GOLD2, GOLD3, NOBLE1, NOBLE2, NOBLE3, ear_in_hand_of_2

from sunking.core import Action
from sunking.games.vive_le_roi import actions as act
from sunking.games.vive_le_roi.data import EAR_CARD
from sunking.games.vive_le_roi.scenario import NAMED_POSITIONS, find, position
from sunking.games.vive_le_roi.state import ViveLeRoiState
from sunking.presentation import describe_events

NAMES = ["Ana", "Bert", "Chloé"]


def play(s: ViveLeRoiState, *actions: Action) -> ViveLeRoiState:
    for action in actions:
        s = s.apply(action, seat=s.to_move)
    return s


def last(s: ViveLeRoiState) -> dict[str, Any]:
    """The last public event, as every seat sees it."""
    events = s.events(None)
    assert events and events[-1]["version"] == s.version, "the last action said nothing"
    return events[-1]


def said(s: ViveLeRoiState, you: int | None = None, lang: str = "en") -> str:
    """The last event in words, to the seat ``you`` (None: a spectator)."""
    [entry] = describe_events("vive_le_roi", [last(s)], lang, NAMES, you=you)
    return str(entry["text"])


def fight_position() -> ViveLeRoiState:
    """Seat 0 to play, with musketeers and gold; seat 1 owns a province and a courtier; the
    King's Ear, unseen, keeps seat 2's window open after every card of a fight."""
    province, courtier = find("province", arms=4), find("courtier", 5, arms=2)
    return position(
        3,
        hands={0: [find("musketeer", 4), GOLD2, GOLD1], 1: [find("musketeer", 6)],
               2: [EAR_CARD, GOLD3]},
        structures={0: [NOBLE1], 1: [NOBLE2, province, courtier], 2: [NOBLE3]},
        deck_top=[find("gold", 2, nth=1)],
        steps=[("turn", 0)],
    )


def attacked() -> ViveLeRoiState:
    """Seat 0 attacks seat 1's province with a 4: seat 2's window is open."""
    s = fight_position()
    return play(s, act.Attack(find("province", arms=4)), act.Commit((find("musketeer", 4),)))


def test_a_window_passed_in_an_attack_names_the_attack() -> None:
    s = attacked()
    assert s.pending == ("react", 2, -1)
    s = play(s, act.PASS)
    assert last(s) == {"type": "lets_pass", "seat": 2, "during": "attack", "version": s.version}
    assert said(s) == "Chloé lets the attack pass"
    assert said(s, you=2) == "You let the attack pass"
    assert said(s, lang="de") == "Chloé greift nicht in den Angriff ein"


def test_a_window_passed_in_a_bribery_names_the_bribery() -> None:
    s = play(fight_position(), act.Bribe(find("courtier", 5, arms=2)), act.Commit((GOLD2,)))
    assert s.pending == ("react", 2, -1)
    s = play(s, act.PASS)
    assert said(s) == "Chloé lets the bribery pass"
    assert said(s, lang="nl") == "Chloé grijpt niet in bij de omkoperij"


def test_the_windows_of_a_duel_name_the_duel_before_and_after_the_reveal() -> None:
    s = position(
        3,
        hands={0: [GOLD3, GOLD1], 1: [GOLD2], 2: [EAR_CARD, find("gold", 3, nth=1)]},
        structures={0: [NOBLE3], 1: [NOBLE1], 2: [NOBLE2]},
        deck_top=[find("gold", 2, nth=1)],
        steps=[("turn", 0)],
    )
    s = play(s, act.Challenge(NOBLE3, NOBLE1), act.LayDown(GOLD3))
    assert s.pending == ("react", 2, -1)
    s = play(s, act.PASS)
    assert said(s) == "Chloé lets the duel pass"
    s = play(s, act.LayDown(GOLD2))                     # 3 beats 2: the duel is over
    assert s.pending == ("react", 2, -1)
    s = play(s, act.PASS)
    assert last(s)["during"] == "duel"
    assert said(s, lang="fr") == "Chloé n'intervient pas dans le duel"


def test_a_window_passed_after_a_turn_names_whose_turn_it_was() -> None:
    s = play(ear_in_hand_of_2(), act.PlayToMiddle(GOLD1))
    assert s.pending == ("react", 1, 0)
    s = play(s, act.PASS)
    assert last(s)["mover"] == 0
    assert said(s) == "Bert lets Ana's turn pass"
    assert said(s, you=0) == "Bert lets your turn pass"
    assert said(s, you=1) == "You let Ana's turn pass"
    assert said(s, you=0, lang="cs") == "Bert po tvém tahu nezasahuje"


def test_a_window_passed_after_a_step_of_the_round_is_said_plainly() -> None:
    s = position(
        3,
        hands={0: [GOLD1], 1: [GOLD2, EAR_CARD], 2: [GOLD3]},
        structures={1: [NOBLE2]},
        deck_top=[find("gold", 1, nth=1), find("gold", 1, nth=2), find("gold", 2, nth=1)],
        steps=[("turn", 2), ("reactions",)],
    )
    s = play(s, act.PlayToMiddle(GOLD3))
    assert s.phase == "reactions" and s.pending == ("react", 1, -1)
    s = play(s, act.PASS)
    assert last(s) == {"type": "lets_pass", "seat": 1, "version": s.version}
    assert said(s) == "Bert lets the moment pass"


def test_the_challenger_agreeing_to_fight_on_is_heard() -> None:
    s = fights.play(fights.duel_position(), act.Challenge(fights.NOBLE6, fights.NOBLE2),
                    act.LayDown(GOLD3), act.LayDown(find("musketeer", 3)))     # 3 against 3
    assert s.pending is not None and s.pending[:2] == ("duel_again", 0)
    s = play(s, act.AGREE)
    assert s.pending is not None and s.pending[:2] == ("duel_again", 1)
    assert last(s) == {"type": "duel_agree", "seat": 0, "defender": 1, "version": s.version}
    assert said(s) == "Ana wants to fight on against Bert"
    assert said(s, you=1) == "Ana wants to fight on against you"
    assert said(s, you=0, lang="de") == "Du willst gegen Bert weiterkämpfen"


def test_a_card_received_and_left_free_is_heard() -> None:
    s = NAMED_POSITIONS["gold-received"]()
    gold = find("gold", 2)
    assert s.pending == ("receive", 0, gold)
    s = play(s, act.FREE)
    assert s.attach[gold] == -1 and gold in s.structures[0]
    assert last(s) == {"type": "place", "seat": 0, "card": gold, "onto": -1,
                       "version": s.version}
    assert said(s) == "Ana leaves Gold 2 free in their structure"
    assert said(s, you=0) == "You leave Gold 2 free in your structure"


def test_a_card_placed_free_is_heard() -> None:
    musketeer = find("musketeer", 3)
    s = position(3, structures={0: [find("province", arms=1), musketeer]},
                 steps=[("place", 0, musketeer)])
    assert s.pending == ("place", 0, musketeer)
    s = play(s, act.FREE)
    assert said(s, lang="nl") == "Ana laat Musketier 3 vrij in zijn machtsstructuur liggen"


def test_a_quiet_state_says_nothing_and_plays_alike() -> None:
    s = attacked()
    quiet = s.copy()
    quiet.quiet = True
    quiet.play(act.PASS)
    loud = play(s, act.PASS)
    assert quiet.events(None) == s.events(None)
    assert quiet.pending == loud.pending and quiet.legal_actions() == loud.legal_actions()
