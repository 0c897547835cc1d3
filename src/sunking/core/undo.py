"""Taking a move back: which of a seat's actions may still be undone, and the undo itself.

A seat may take back its own actions since its last action that could not be taken back. An
action cannot be taken back (it *commits*) when it drew from a deck or a die (the state's
generator moved), when it told any seat something privately (a card drawn into a hand, a card
shown, a secret bid: a private event), when it was said out of turn (table talk, a fine), or
when the game's rules say it revealed something (:meth:`GameState.reveals`). Any action of
another seat, a pass in a reaction window included, ends what the seat may take back.

An undo is itself an action, :class:`Undo`, appended to the record: the state after it is the
state before the action taken back, at the next version, with the undo in its history and
its log (a public ``taken_back`` event). Nothing already recorded is rewritten, so a replay of
the record shows the move and its undo.

A state keeps, as :attr:`GameState._undo`, the states before each of the acting seat's
actions that may still be taken back (a chain ``(older, state before, seat)``). States
applied with :meth:`GameState.apply` (checked: a server, a person) keep only actions that may
be taken back; :meth:`GameState.apply_unchecked` with ``replay=True`` (a trusted replay of a
checked record) and a quiet state (which logs no events to judge by) keep the seat's last
actions without judging them, which is enough to replay the undos the checked path allowed.
Search and the environments (:meth:`GameState.play` on a copy, ``apply_unchecked``) keep
none, so their states hold no chain of earlier states.
"""

from __future__ import annotations

import dataclasses
from typing import Any, TypeAlias

from .actions import Action, ActionCodec

GameState: TypeAlias = Any
"""A :class:`~sunking.core.game.GameState` (named, not imported: the game module imports this
one)."""

Taken: TypeAlias = "tuple[Any, GameState, int] | None"
"""The chain of states an undo returns to, newest first: ``(older, state before, seat)``."""


@dataclasses.dataclass(frozen=True, slots=True)
class Undo(Action):
    """Take back the last action of one's own that may still be taken back."""

    type = "undo"


UNDO = Undo()
CODEC = ActionCodec((Undo,))


def is_undo(data: object) -> bool:
    """Whether ``data`` (an action's JSON form) asks for an undo."""
    return isinstance(data, dict) and data.get("type") == Undo.type


def actor(state: GameState, action: Action) -> int | None:
    """The seat that says ``action`` in ``state`` (None: said out of turn)."""
    return None if state.aside(action) is not None else state.to_move


def run_after(before: GameState, action: Action) -> Taken:
    """What a trusted replay may take back after ``action``: the seat's own run of actions
    (an action out of turn or another seat's ends it)."""
    seat = actor(before, action)
    if seat is None:
        return None
    older = before._undo
    return (older if older is not None and older[2] == seat else None, before, seat)


def checked_after(before: GameState, action: Action, after: GameState) -> Taken:
    """What the seat may take back after ``action`` (applied with checks): the actions since
    its last that committed, this one included unless it commits. A quiet state logs no
    events, so it cannot tell what an action showed: it keeps the seat's run as a trusted
    replay does (a quiet state replays a record whose undos were judged when they were made;
    the states people play on are never quiet)."""
    if before.quiet or not commits(before, action, after):
        return run_after(before, action)
    return None


def commits(before: GameState, action: Action, after: GameState) -> bool:
    """Whether ``action`` cannot be taken back: it drew (the generator moved), told a seat
    something privately, or revealed something by the game's own rules."""
    rng_before = getattr(before, "rng", None)
    if rng_before is not None and rng_before.state != after.rng.state:
        return True
    chain = after._events
    if (chain is not None and chain[1] == after.version
            and any(audience is not None for audience, _payload in chain[2])):
        return True
    return bool(before.reveals(action, after))


def taken_back(state: GameState, seat: int | None) -> str:
    """Why ``seat`` cannot take back a move in ``state`` ('' when it can; None: anyone's)."""
    taken = state._undo
    if state.is_terminal:
        return "the game is over"
    if taken is None:
        return ("there is nothing to take back: the last action drew, revealed or was "
                "another seat's")
    if seat is not None and seat != taken[2]:
        return f"only seat {taken[2]} may take back its last action"
    return ""
