"""Scenario tests for step B of a turn: duels, attacks with reinforcements, bribe wars."""

from __future__ import annotations

import itertools

from sunking.core import Action, GameState, Rng
from sunking.games.vive_le_roi.actions import (
    AGREE,
    PASS,
    Attack,
    Bribe,
    Challenge,
    Commit,
    LayDown,
)
from sunking.games.vive_le_roi.data import EAR_CARD, VALUE
from sunking.games.vive_le_roi.flow import FLOW
from sunking.games.vive_le_roi.scenario import find, position
from sunking.games.vive_le_roi.state import LOC_EAR, ViveLeRoiState


def play(s: ViveLeRoiState, *actions: Action) -> ViveLeRoiState:
    """Each action in turn, every window that opens after it (VR-4b: after each card of a
    fight) passed."""
    for action in actions:
        s = s.apply(action, seat=s.to_move)
        while s.pending is not None and s.pending[0] == "react":
            s = s.apply(PASS, seat=s.to_move)
    return s


NOBLE6, NOBLE2, NOBLE4 = find("noble", 6), find("noble", 2), find("noble", 4)


def duel_position(**extra: object) -> ViveLeRoiState:
    return position(
        3,
        hands={
            0: [find("gold", 3), find("courtier", 5, arms=1), find("musketeer", 1)],
            1: [find("musketeer", 3), find("province", arms=2), find("gold", 1)],
            2: [find("gold", 2)],
        },
        structures={0: [NOBLE6], 1: [NOBLE2], 2: [NOBLE4]},
        deck_top=[find("event", role="bandits")],
        steps=[("turn", 0)],
        **extra,  # type: ignore[arg-type]
    )


def test_duel_cards_are_face_down_and_the_defender_cannot_tell() -> None:
    s = play(duel_position(), Challenge(NOBLE6, NOBLE2))
    a = play(s, LayDown(find("gold", 3)))
    b = play(s, LayDown(find("musketeer", 1)))
    assert a.to_move == b.to_move == 1
    assert a.view(1) == b.view(1)
    assert a.view(2) == b.view(2) and a.view(None) == b.view(None)
    assert a.legal_actions() == b.legal_actions()
    assert a.view(1)["players"][0]["face_down"] is True
    assert a.view(1)["you"]["known_face_down"] == []
    assert a.view(0)["you"]["face_down"] == find("gold", 3)
    # The defender lays a number card only: no event, no noble.
    assert set(a.legal_actions()) == {
        LayDown(find("musketeer", 3)), LayDown(find("province", arms=2)),
        LayDown(find("gold", 1)),
    }


def test_duel_tie_then_fought_on() -> None:
    s = play(duel_position(), Challenge(NOBLE6, NOBLE2), LayDown(find("gold", 3)),
             LayDown(find("musketeer", 3)))
    assert s.pending is not None and s.pending[0] == "duel_again"
    assert find("gold", 3) in s.discard and find("musketeer", 3) in s.discard  # VR-7
    s = play(s, AGREE)
    assert s.to_move == 1
    s = play(s, AGREE)
    assert s.to_move == 0 and s.pending is not None and s.pending[0] == "duel_card"
    s = play(s, LayDown(find("courtier", 5, arms=1)), LayDown(find("province", arms=2)))
    # 5 beats 3: the defender's noble dies with every card used.
    assert NOBLE2 in s.discard and NOBLE2 not in s.structures[1]
    assert NOBLE6 in s.structures[0]
    assert {find("courtier", 5, arms=1), find("province", arms=2)} <= set(s.discard)
    assert s.pending == ("lay", 0)


def test_duel_tie_called_off() -> None:
    s = play(duel_position(), Challenge(NOBLE6, NOBLE2), LayDown(find("gold", 3)),
             LayDown(find("musketeer", 3)), AGREE, PASS)
    assert NOBLE2 in s.structures[1] and NOBLE6 in s.structures[0]
    assert s.pending == ("lay", 0)


def test_challenger_losing_loses_his_own_noble() -> None:
    s = play(duel_position(), Challenge(NOBLE6, NOBLE2), LayDown(find("musketeer", 1)),
             LayDown(find("musketeer", 3)))
    assert NOBLE6 in s.discard and NOBLE2 in s.structures[1]


def test_defender_without_a_number_card_is_asked_and_can_only_pass() -> None:
    s = position(
        3,
        hands={0: [find("gold", 3)], 1: [find("event", role="riots")], 2: [find("gold", 2)]},
        structures={0: [NOBLE6], 1: [NOBLE2], 2: [NOBLE4]},
        deck_top=[find("event", role="gossip")],
        steps=[("turn", 0)],
    )
    s = play(s, Challenge(NOBLE6, NOBLE2), LayDown(find("gold", 3)))
    assert s.to_move == 1 and s.legal_actions() == (PASS,)
    s = play(s, PASS)
    assert find("gold", 3) in s.hands[0]  # the challenger takes his card back (VR-6)
    assert NOBLE2 in s.structures[1]


def test_noble_with_the_kings_ear_dies_and_the_ear_is_contested() -> None:
    s = position(
        3,
        hands={0: [find("gold", 3), find("musketeer", 2)],
               1: [find("musketeer", 1)],
               2: [find("courtier", 6, arms=3), find("gold", 1)]},
        structures={0: [NOBLE6], 1: [NOBLE2, EAR_CARD], 2: [NOBLE4]},
        attach={EAR_CARD: NOBLE2},
        deck_top=[find("event", role="gossip")],
        steps=[("turn", 0)],
    )
    s = play(s, Challenge(NOBLE6, NOBLE2), LayDown(find("gold", 3)), LayDown(find("musketeer", 1)))
    assert s.loc[EAR_CARD] == LOC_EAR
    # Seat 1 has no noble left: only seats 2 and 0 may bid (VR-22), from the start player.
    assert s.pending == ("bid", 2)
    s = play(s, LayDown(find("courtier", 6, arms=3)))
    assert s.pending == ("bid", 0)
    assert s.view(0)["you"]["known_face_down"] == []
    assert s.view(0)["players"][2]["face_down"] is True
    s = play(s, LayDown(find("musketeer", 2)))
    assert s.scores == [0, 0, 10]
    assert s.attach[EAR_CARD] == NOBLE4
    assert find("musketeer", 2) in s.discard and find("courtier", 6, arms=3) in s.discard


def test_tied_ear_contest_is_fought_again_by_the_tied_only() -> None:
    s = position(
        3,
        hands={0: [find("gold", 3), find("gold", 1)], 1: [find("musketeer", 3)],
               2: [find("province", arms=4), find("musketeer", 4)]},
        structures={0: [NOBLE6], 1: [NOBLE2], 2: [NOBLE4]},
        deck_top=[EAR_CARD],
    )
    s.deck.remove(EAR_CARD)
    s.loc[EAR_CARD] = LOC_EAR
    s.agenda.append(("contest", 0b111))
    FLOW.run(s, None)
    assert s.pending == ("bid", 1)   # from the start player, seat 1
    s = play(s, LayDown(find("musketeer", 3)), LayDown(find("province", arms=4)),
             LayDown(find("gold", 3)))
    # A three-way tie at 3: the three bid again; seat 1 has no card left and is not asked.
    assert s.pending == ("bid", 2)
    s = play(s, PASS, LayDown(find("gold", 1)))
    assert s.scores == [10, 0, 0]
    assert s.attach[EAR_CARD] == NOBLE6


# --- attacks ----------------------------------------------------------------------------------

P = find("province", arms=3)


def attack_position() -> ViveLeRoiState:
    return position(
        3,
        hands={0: [find("musketeer", 4), find("musketeer", 3), find("musketeer", 5)],
               1: [find("musketeer", 1)], 2: [find("gold", 1)]},
        structures={1: [P, find("musketeer", 2), find("musketeer", 3, nth=1)]},
        attach={find("musketeer", 2): P},
        deck_top=[find("event", role="gossip")],
        steps=[("turn", 0)],
    )


def test_attack_with_reinforcements_from_hand_and_barracks() -> None:
    s = play(attack_position(), Attack(P))
    # The opening must beat the garrison of 2 (VR-10); every musketeer alone does.
    assert Commit((find("musketeer", 4),)) in s.legal_actions()
    assert PASS not in s.legal_actions()
    s = play(s, Commit((find("musketeer", 4),)))
    # The defender reinforces from hand or barracks (VR-9): 2 + 3 = 5 ≥ 4.
    assert s.to_move == 1
    assert Commit((find("musketeer", 3, nth=1),)) in s.legal_actions()
    assert Commit((find("musketeer", 1),)) not in s.legal_actions()  # 2 + 1 < 4
    s = play(s, Commit((find("musketeer", 3, nth=1),)))
    s = play(s, Commit((find("musketeer", 5),)))   # 9 against 5
    assert s.legal_actions() == (PASS,)            # 1 more cannot catch up
    s = play(s, PASS)
    assert P in s.structures[0] and s.attach[find("musketeer", 5)] == P
    for c in (find("musketeer", 4), find("musketeer", 3, nth=1), find("musketeer", 2)):
        assert c in s.discard
    assert find("musketeer", 3) in s.hands[0]
    assert s.pending == ("lay", 0)


def test_the_defender_reinforces_from_a_garrison_of_his_other_province_which_it_leaves() -> None:
    """"De verdediger kan er nu (als hij wil) extra musketiers uit zijn hand of uit zijn
    uitliggende structuur aan toevoegen. Nu kan de aanvaller (…) er nog extra musketiers uit
    zijn hand bijleggen" (VR-9): the musketeer stationed on the defender's other province may
    defend this one, and leaves its province; the attacker adds from his hand only."""
    other = find("province", arms=5)
    guard = find("musketeer", 6)
    own_guard = find("musketeer", 7)
    opener = find("musketeer", 4)
    s = position(
        3,
        hands={0: [opener], 1: [find("gold", 2)], 2: [find("gold", 1)]},
        structures={0: [find("province", arms=6), own_guard], 1: [P, other, guard]},
        attach={guard: other, own_guard: find("province", arms=6)},
        deck_top=[find("event", role="gossip")],
        steps=[("turn", 0)],
    )
    s = play(s, Attack(P), Commit((opener,)))
    assert s.to_move == 1 and s.legal_actions()[0] == Commit((guard,))
    s = play(s, Commit((guard,)))
    assert other in s.structures[1] and s.attached_to(other) == []
    # The attacker's own garrison is not his to add: only passing is left.
    assert s.legal_actions() == (PASS,)
    s = play(s, PASS)
    assert P in s.structures[1] and s.attached_to(P) == [guard]
    assert opener in s.discard and s.attached_to(find("province", arms=6)) == [own_guard]


def test_defender_wins_a_tie_and_keeps_his_last_batch_on_the_province() -> None:
    s = play(attack_position(), Attack(P), Commit((find("musketeer", 3),)))
    s = play(s, Commit((find("musketeer", 1),)))     # 2 + 1 = 3 ties 3: the defender leads
    s = play(s, PASS)
    assert P in s.structures[1]
    assert s.attached_to(P) == [find("musketeer", 1)]
    assert find("musketeer", 2) in s.discard and find("musketeer", 3) in s.discard


def test_every_batch_is_offered_even_the_6_and_7_against_an_attack_of_5() -> None:
    """A defender with musketeers 1-6 in hand and a 7 in the barracks may answer an attack
    of 5 with any batch worth at least 5, the 6 and the 7 together included."""
    hand = [find("musketeer", v) for v in range(1, 7)]
    seven = find("musketeer", 7)
    five = find("musketeer", 5, nth=1)
    s = position(
        3,
        hands={0: [five], 1: hand, 2: [find("gold", 1)]},
        structures={1: [P, seven]},
        deck_top=[find("event", role="gossip")],
        steps=[("turn", 0)],
    )
    s = play(s, Attack(P), Commit((five,)))
    assert s.to_move == 1
    cards = [*hand, seven]
    expected = {
        Commit(tuple(sorted(batch)))
        for size in range(1, len(cards) + 1)
        for batch in itertools.combinations(cards, size)
        if sum(VALUE[c] for c in batch) >= 5
    }
    offered = {a for a in s.legal_actions() if isinstance(a, Commit)}
    assert offered == expected
    assert len(expected) == 121   # 128 subsets less the 7 worth under 5
    six_and_seven = Commit(tuple(sorted((find("musketeer", 6), seven))))
    s = play(s, six_and_seven)
    assert s.legal_actions() == (PASS,)   # the attacker has nothing left
    s = play(s, PASS)
    assert P in s.structures[1]
    assert s.attached_to(P) == list(six_and_seven.cards)
    assert five in s.discard


def test_interchangeable_cards_make_one_batch_per_multiset() -> None:
    """Two musketeers of one value in the hand are one choice; the same value in the barracks
    is another source, hence other batches."""
    threes = [find("musketeer", 3, nth=i) for i in range(3)]
    opener = find("musketeer", 4)
    s = position(
        3,
        hands={0: [opener], 1: threes[:2], 2: [find("gold", 1)]},
        structures={1: [P, threes[2]]},
        deck_top=[find("event", role="gossip")],
        steps=[("turn", 0)],
    )
    s = play(s, Attack(P), Commit((opener,)))
    offered = sorted(a.cards for a in s.legal_actions() if isinstance(a, Commit))
    # 3+3 from the hand, 3 (hand) + 3 (barracks), and all three.
    assert offered == sorted([tuple(sorted(threes[:2])), tuple(sorted([threes[0], threes[2]])),
                              tuple(sorted(threes))])


# --- bribery ----------------------------------------------------------------------------------

C = find("courtier", 5, arms=2)


def test_bribe_war_goes_to_the_defender() -> None:
    s = position(
        3,
        hands={0: [find("gold", 2), find("gold", 3)], 1: [find("gold", 3, nth=1)],
               2: [find("musketeer", 1)]},
        structures={1: [C, find("gold", 1), find("gold", 2, nth=1)]},
        attach={find("gold", 1): C},
        deck_top=[find("event", role="gossip")],
        steps=[("turn", 0)],
    )
    assert Bribe(C) in s.legal_actions()
    s = play(s, Bribe(C), Commit((find("gold", 2),)))           # 2 against 1
    s = play(s, Commit((find("gold", 2, nth=1),)))              # free treasury: 3 against 2
    s = play(s, Commit((find("gold", 3),)))                     # 5 against 3
    s = play(s, Commit((find("gold", 3, nth=1),)))              # hand: 6 against 5
    assert s.legal_actions() == (PASS,)
    s = play(s, PASS)
    assert C in s.structures[1]
    assert s.attached_to(C) == [find("gold", 3, nth=1)]
    for c in (find("gold", 1), find("gold", 2), find("gold", 2, nth=1), find("gold", 3)):
        assert c in s.discard


def test_bribed_official_changes_sides_and_activates() -> None:
    general = find("official", role="general")
    s = position(
        3,
        hands={0: [find("gold", 2)], 2: [find("gold", 1)]},
        structures={1: [general, find("musketeer", 6)], 2: [find("musketeer", 7)]},
        deck_top=[find("event", role="gossip")],
        steps=[("turn", 0)],
    )
    s = play(s, Bribe(general), Commit((find("gold", 2),)), PASS)
    assert general in s.structures[0] and s.attached_to(general) == [find("gold", 2)]
    # The General demands a musketeer from every other player: each has one, so each gives
    # it; the receiver takes each into his hand or his structure.
    assert s.pending is not None and s.pending[0] == "receive"


def test_states_differing_in_hidden_cards_offer_the_same_choices_to_a_duel_defender() -> None:
    s = play(duel_position(), Challenge(NOBLE6, NOBLE2), LayDown(find("gold", 3)))
    assert isinstance(s, GameState)
    twin = s.determinize(1, Rng(5))
    assert twin.legal_actions() == s.legal_actions()
    assert twin.view(1) == s.view(1)
