"""Positions for scenario tests and tutorials: set up a court, then play it through the API.

:func:`position` starts a real game, then moves components into the arrangement asked for
(stones from the personal supplies onto tiles, cards from the piles into hands, chips from the
supply), so every component stays conserved, and queues the steps to play from there. Once
those steps are done the position stops (``to_move`` is None); it is not a finished game.

>>> s = position(4, louis_tile=4, stones={4: {0: 3, 1: 2, 2: 1}}, steps=[("tile", 4)])
>>> s.to_move, s.pending[0]
(2, 'bribe')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...core.events import Event
from .data import CHIP_CODES, MISSIONS
from .flow import FLOW
from .game import GAME
from .state import BLAZON_SLOTS, CHIP_SLOTS, FACES, Louis14State
from .verbs import give_chip

Steps = Sequence[tuple[Any, ...]]


def _move_stones(s: Louis14State, seat: int, tile: int, count: int) -> None:
    for _ in range(count):
        if s.personal[seat] > 0:
            s.personal[seat] -= 1
        elif s.general[seat] > 0:
            s.general[seat] -= 1
        else:
            raise ValueError(f"seat {seat} has no stone left for tile {tile}")
        s.board[tile * s.colours + seat] += 1


def _clear_hand(s: Louis14State, seat: int) -> None:
    base = seat * FACES
    for face in range(FACES):
        s.deck.extend([face] * s.hand[base + face])
        s.deck_known.extend([0] * s.hand[base + face])
        s.hand[base + face] = 0


def _give_card(s: Louis14State, seat: int, face: int) -> None:
    if face in s.deck:
        i = len(s.deck) - 1 - s.deck[::-1].index(face)
        del s.deck[i]
        del s.deck_known[i]
    else:
        s.center.remove(face)
    s.hand[seat * FACES + face] += 1


def _take_mission(s: Louis14State, mission: int) -> None:
    for p in range(s.num_players):
        if mission in s.missions[p]:
            hand = list(s.missions[p])
            hand.remove(mission)
            s.missions[p] = tuple(hand)
            return
    deck = MISSIONS[mission].deck
    i = s.mission_decks[deck].index(mission)
    del s.mission_decks[deck][i]
    del s.mission_known[deck][i]


def _return_missions(s: Louis14State, seat: int) -> None:
    for mission in s.missions[seat]:
        deck = MISSIONS[mission].deck
        s.mission_decks[deck].insert(0, mission)
        s.mission_known[deck].insert(0, 0)
    s.missions[seat] = ()


def position(
    num_players: int,
    *,
    seed: int = 0,
    round: int = 1,
    start: int = 0,
    louis_tile: int | None = None,
    sides: Mapping[int, int] | None = None,
    stones: Mapping[int, Mapping[int, int]] | None = None,
    neutral: Mapping[int, int] | None = None,
    supplies: Mapping[int, tuple[int, int]] | None = None,
    money: Mapping[int, int] | None = None,
    hands: Mapping[int, Sequence[int]] | None = None,
    intrigue: Mapping[int, Sequence[int]] | None = None,
    missions: Mapping[int, Sequence[int]] | None = None,
    laid: Mapping[int, Sequence[int]] | None = None,
    chips: Mapping[int, str] | None = None,
    used: Mapping[int, Sequence[int]] | None = None,
    phase: str = "evaluation",
    steps: Steps = (),
) -> Louis14State:
    """A position of a ``num_players`` game, ready to play ``steps`` through the API.

    ``stones`` maps tile → seat → stones taken from that seat's personal supply (then the
    general one); ``supplies`` sets a seat's (personal, general) stones afterwards;
    ``neutral`` maps tile → neutral stones (two players); ``hands`` are influence card faces
    (0 joker); ``intrigue`` tiles; ``missions`` hand mission ids (replacing the dealt ones);
    ``laid`` laid mission ids; ``chips`` chip letters such as ``"SSRC"``; ``used`` mission
    ids already used this phase. ``steps`` are flow tasks, e.g. ``("tile", 4)``,
    ``("influence_turns", 0)``, ``("mission_turn", 0)``, ``("final",)``.

    Raises:
        ValueError: the arrangement needs more components than the game has.
    """
    s = _empty_court(num_players, seed)
    s.round, s.start, s.phase = round, start, phase
    s.louis_tile = 0 if louis_tile is None else louis_tile
    for tile, side in (sides or {}).items():
        s.side[tile] = side
    for seat, faces in (hands or {}).items():
        for face in faces:
            _give_card(s, seat, face)
    _place_stones(s, stones or {}, neutral or {}, supplies or {})
    for seat, amount in (money or {}).items():
        s.money[seat] = amount
    _give_intrigue(s, intrigue or {})
    _give_missions(s, missions or {}, laid or {})
    for seat, codes in (chips or {}).items():
        for code in codes:
            give_chip(s, seat, CHIP_CODES.index(code), None, "position")
    s.used = [0] * num_players
    for seat, ids in (used or {}).items():
        for m in ids:
            s.used[seat] |= 1 << m
    return _play_steps(s, steps)


def _empty_court(num_players: int, seed: int) -> Louis14State:
    """A new game with nothing on the court and empty hands: the neutral colour's round-1
    stones back in its pool, the cards revealed for it and the dealt hands back in the pile."""
    s = GAME.new_game(num_players, seed)._copy()
    # Piles shared copy-on-write with the discarded initial state: own them here.
    s.intrigue_deck, s.intrigue_known = s.intrigue_deck[:], s.intrigue_known[:]
    s.mission_decks = [pile[:] for pile in s.mission_decks]
    s.mission_known = [pile[:] for pile in s.mission_known]
    for tile in range(1, 13):
        k = s.board[tile * s.colours + s.colours - 1] if num_players == 2 else 0
        s.board[tile * s.colours + s.colours - 1] -= k
        s.neutral_pool += k
    s.deck.extend(s.center)
    s.deck_known.extend([0] * len(s.center))
    s.center = []
    for seat in range(num_players):
        _clear_hand(s, seat)
    return s


def _place_stones(s: Louis14State, stones: Mapping[int, Mapping[int, int]],
                  neutral: Mapping[int, int], supplies: Mapping[int, tuple[int, int]]) -> None:
    """The seats' and the neutral colour's stones on the tiles, then the supplies set.

    Raises:
        ValueError: a seat has too few stones, or its supplies and court do not make 16.
    """
    for tile, per_seat in stones.items():
        for seat, count in per_seat.items():
            _move_stones(s, seat, tile, count)
    for tile, count in neutral.items():
        s.board[tile * s.colours + s.colours - 1] += count
        s.neutral_pool -= count
    for seat, (personal, general) in supplies.items():
        on_court = sum(s.board[t * s.colours + seat] for t in range(1, 13))
        if personal + general + on_court != 16:
            raise ValueError(f"seat {seat}: {personal}+{general}+{on_court} stones is not 16")
        s.personal[seat], s.general[seat] = personal, general


def _give_intrigue(s: Louis14State, intrigue: Mapping[int, Sequence[int]]) -> None:
    """The intrigue cards of ``intrigue`` (tiles per seat), taken from the pile."""
    for seat, tiles in intrigue.items():
        for t in tiles:
            i = s.intrigue_deck.index(t)
            del s.intrigue_deck[i]
            del s.intrigue_known[i]
            s.intrigue[seat] |= 1 << t


def _give_missions(s: Louis14State, missions: Mapping[int, Sequence[int]],
                   laid: Mapping[int, Sequence[int]]) -> None:
    """The hands of ``missions`` replace the dealt ones; ``laid`` missions are laid."""
    for seat in missions:
        _return_missions(s, seat)
    for seat, ids in missions.items():
        for m in ids:
            _take_mission(s, m)
        s.missions[seat] = tuple(sorted(ids))
    for seat, ids in laid.items():
        for m in ids:
            _take_mission(s, m)
        s.laid[seat] = tuple(ids)


def _play_steps(s: Louis14State, steps: Steps) -> Louis14State:
    """Queue ``steps`` and run the flow until it needs a decision or they are done."""
    s.pending = None
    s.agenda = list(reversed(steps))
    s._legal = None
    emit: list[Event] = []
    FLOW.run(s, emit)
    if emit:
        s._events = (s._events, s.version, tuple(emit))
    return s


def blazons_of(s: Louis14State, seat: int) -> int:
    """How many blazons ``seat`` holds (any kind)."""
    return sum(s.blazons[seat * BLAZON_SLOTS:(seat + 1) * BLAZON_SLOTS])


def chips_of(s: Louis14State, seat: int) -> str:
    """The chips ``seat`` holds as letters, e.g. ``"SC"``."""
    base = seat * CHIP_SLOTS
    return "".join(CHIP_CODES[k] * s.chips[base + k] for k in range(CHIP_SLOTS))
