"""Phase 2, influence: mission stones, the neutral colour, and playing influence cards.

Rulebook: Dutch rulebook (`000_d2f528188efe1a8d.txt`), "Fase 2: Beïnvloeding"; rulings §6.2.
"""

from __future__ import annotations

from ...core.actions import Action
from ...core.agenda import Handler, Pending, Task
from ...core.events import Emit, say, tell
from .actions import (
    PayToPass,
    PlaceStone,
    PlaceStones,
    Retrieve,
    SwapInfluence,
)
from .data import JOKER, MISSIONS
from .placement import BOOST_STONES, JOKER_STONES, PERSON_STONES
from .state import FACES, Louis14State
from .verbs import draw_influence, place_fallback, retrieve

NEUTRAL_ON_LOUIS = 2
NEUTRAL_PER_CARD = 2
NEUTRAL_CARDS = 3


def neutral(s: Louis14State, emit: Emit) -> None:
    """Two players: the neutral colour puts 2 stones on Louis XIV's tile and 2 on each of
    three revealed person cards (a revealed joker is discarded and replaced)."""
    s.phase = "influence"
    if s.num_players != 2:
        return
    c = s.colours
    neutral_colour = c - 1
    s.board[s.louis_tile * c + neutral_colour] += NEUTRAL_ON_LOUIS
    s.neutral_pool -= NEUTRAL_ON_LOUIS
    tiles = [s.louis_tile]
    revealed = 0
    while revealed < NEUTRAL_CARDS and s.deck:
        face = s.deck.pop()
        s.deck_known.pop()
        s.center.append(face)
        if face == JOKER:
            say(emit, "neutral_joker")
            continue
        s.board[face * c + neutral_colour] += NEUTRAL_PER_CARD
        s.neutral_pool -= NEUTRAL_PER_CARD
        tiles.append(face)
        revealed += 1
    say(emit, "neutral", tiles=tiles)


def influence_start(s: Louis14State, emit: Emit) -> None:
    s.phase = "influence"
    s.used = [0] * s.num_players
    tasks = [
        ("start_stone", p, m) for p in s.order() for m in s.laid[p]
        if MISSIONS[m].timing == "influence_start"
    ]
    s.agenda.extend(reversed(tasks))


def start_stone(s: Louis14State, emit: Emit, seat: int, mission: int) -> None:
    tile = MISSIONS[mission].tile or s.louis_tile
    if s.stones_available(seat) > 0 and tile:
        s.pending = ("mission_stone", seat, mission, tile)


def on_mission_stone(s: Louis14State, decision: Pending, action: Action, emit: Emit) -> None:
    """A mission card's stone: on its tile (``mission_stone``, at the start of the phase)
    or on any tile (``end_stone``, at its end); or none, passed on."""
    seat = decision[1]
    if isinstance(action, PlaceStone):
        source = place_fallback(s, seat, action.tile)
        say(emit, "mission_stone", seat=seat, tile=action.tile, source=source,
            mission=decision[2])
    elif emit is not None:
        on_tile = {"tile": decision[3]} if decision[0] == "mission_stone" else {}
        say(emit, "pass", seat=seat, decision=decision[0], mission=decision[2], **on_tile)


def influence_turns(s: Louis14State, emit: Emit, cursor: int = -1) -> None:
    """Give the turn to the next player, from ``cursor`` on, holding two cards or more."""
    n = s.num_players
    if cursor < 0:
        cursor = s.start
    hand = s.hand
    for i in range(n):
        seat = (cursor + i) % n
        if sum(hand[seat * FACES:(seat + 1) * FACES]) >= 2:  # hand_size, inlined
            s.pending = ("turn", seat)
            return
    for seat in range(n):
        if s.hand_size(seat):
            _discard_last(s, seat, emit)


def _discard_last(s: Louis14State, seat: int, emit: Emit) -> None:
    """The last card goes face down on top of the undealt pile, unplayed."""
    base = seat * FACES
    for face in range(FACES):
        if s.hand[base + face]:
            s.hand[base + face] -= 1
            s.forget(0, seat, face)
            s.deck.append(face)
            s.deck_known.append(1 << seat)
            if emit is not None:
                say(emit, "last_card", seat=seat)
                tell(emit, seat, "last_card_face", seat=seat, card=face)
            return


def _play(s: Louis14State, seat: int, card: int) -> None:
    s.hand[seat * FACES + card] -= 1
    if s.known_hands:
        s.forget(0, seat, card)
    s.center.append(card)


def on_turn(s: Louis14State, decision: Pending, action: Action, emit: Emit) -> None:
    seat = decision[1]
    if isinstance(action, PlaceStones):
        _play(s, seat, action.card)
        c = s.colours
        for tile, count in action.stones:
            s.board[tile * c + seat] += count
            s.personal[seat] -= count
        if action.boost:
            _use(s, seat, "boost")
        if emit is not None:
            say(emit, "place", seat=seat, card=action.card,
                stones=[[tile, count] for tile, count in action.stones], boost=action.boost)
    elif isinstance(action, Retrieve):
        _play(s, seat, action.card)
        if action.boost:
            _use(s, seat, "boost")
            count = BOOST_STONES
        else:
            count = JOKER_STONES if action.card == JOKER else PERSON_STONES
        moved = retrieve(s, seat, count)
        if emit is not None:
            say(emit, "retrieve", seat=seat, card=action.card, stones=moved, boost=action.boost)
    elif isinstance(action, PayToPass):
        _use(s, seat, "pay_to_pass")
        s.money[seat] -= 2
        say(emit, "pay_to_pass", seat=seat)
    elif isinstance(action, SwapInfluence):
        _use(s, seat, "swap_influence")
        _play(s, seat, action.card)
        say(emit, "swap_influence", seat=seat, card=action.card)
        draw_influence(s, seat, emit, "swap")
    if s.hand_size(seat) == 1:
        _discard_last(s, seat, emit)
    # The next turn at once: the task the flow would pop next, called without the agenda.
    influence_turns(s, emit, (seat + 1) % s.num_players)


def _use(s: Louis14State, seat: int, effect: str) -> None:
    mission = s.unused(seat, effect)
    assert mission is not None
    s.used[seat] |= 1 << mission


def influence_end(s: Louis14State, emit: Emit) -> None:
    tasks = [
        ("end_stone", p, m) for p in s.order() for m in s.laid[p]
        if MISSIONS[m].timing == "influence_end"
    ]
    s.agenda.extend(reversed(tasks))


def end_stone(s: Louis14State, emit: Emit, seat: int, mission: int) -> None:
    if s.stones_available(seat) > 0:
        s.pending = ("end_stone", seat, mission)


def reshuffle(s: Louis14State, emit: Emit) -> None:
    """All 30 influence cards are shuffled into a new face-down pile."""
    deck = s.deck
    hand = s.hand
    deck.extend(s.center)
    s.center = []
    for i, k in enumerate(hand):
        if k:
            deck.extend([i % FACES] * k)  # hand[seat * FACES + face]: seat by seat, face by face
    s.hand = [0] * len(hand)
    s.rng.shuffle(deck)
    s.deck_known = [0] * len(s.deck)
    s.known_hands = tuple(k for k in s.known_hands if k[0] != 0)
    say(emit, "reshuffle")


TASKS: dict[str, Task] = {
    "neutral": neutral,
    "influence_start": influence_start,
    "start_stone": start_stone,
    "influence_turns": influence_turns,
    "influence_end": influence_end,
    "end_stone": end_stone,
    "reshuffle": reshuffle,
}
HANDLERS: dict[str, Handler] = {
    "mission_stone": on_mission_stone,
    "end_stone": on_mission_stone,
    "turn": on_turn,
}
