"""The tricks: follow suit if you can; the highest trump, else the highest card of the suit
led, takes the trick, and its winner leads to the next.

Rulebook: RULES.md §3 "Tricks".
"""

from __future__ import annotations

from sunking.core.actions import Action
from sunking.core.agenda import Handler, Legal, Pending, Task
from sunking.core.events import Emit, say

from .actions import PLAYS, Play
from .data import suit
from .state import OhHellState
from .verbs import play_card, trick_winner


def _trick(s: OhHellState, emit: Emit) -> None:
    """A trick: each seat in turn from the leader, then its winner."""
    n = s.num_players
    s.phase = "tricks"
    s.agenda.append(("end_trick",))
    s.agenda.extend(("play", (s.leader - i) % n) for i in range(1, n + 1))


def _ask(s: OhHellState, emit: Emit, seat: int) -> None:
    s.pending = ("play", seat)


def _legal(s: OhHellState, d: Pending) -> list[Action]:
    hand = s.hands[d[1]]
    if s.trick:
        led = suit(s.trick[0])
        following = [c for c in hand if suit(c) == led]
        if following:
            return [PLAYS[c] for c in following]
    return [PLAYS[c] for c in hand]


def _handle(s: OhHellState, d: Pending, action: Action, emit: Emit) -> None:
    assert isinstance(action, Play)
    play_card(s, d[1], action.card, emit)


def _end_trick(s: OhHellState, emit: Emit) -> None:
    n = s.num_players
    winner = trick_winner(s.trick, s.leader, n, suit(s.trump))
    s.tricks[winner] += 1
    s.last_trick = s.trick
    s.last_leader = s.leader
    s.last_winner = winner
    s.played = s.played + s.trick
    s.trick = []
    s.leader = winner
    say(emit, "trick", seat=winner, cards=list(s.last_trick))


TASKS: dict[str, Task] = {"trick": _trick, "play": _ask, "end_trick": _end_trick}
HANDLERS: dict[str, Handler] = {"play": _handle}
LEGAL: dict[str, Legal] = {"play": _legal}
