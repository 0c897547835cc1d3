"""The review's work in the bot workers: the coach's verdict on one decision, and for a flagged
one what the move played and the better move each change, as the events the deciding seat
would have seen (JSON, worded by the server in the reader's language).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...coach.review import review_decision
from ...core.registry import make

FLAGGED = ("inaccuracy", "mistake", "blunder")
"""The classes a review lists; ``best`` and ``about_equal`` moves are not mistakes."""


def move_events(game_id: str, state_json: Mapping[str, Any], action: Mapping[str, Any],
                seat: int) -> list[dict[str, Any]]:
    """The events of playing ``action`` at the state, as ``seat`` sees them (its own private
    events included, nobody else's).

    Raises:
        ValueError: the state or the action is not readable.
        RulesError: the action is not legal there.
    """
    game = make(game_id)
    state = game.state_from_json(state_json)
    state.quiet = False
    after = state.apply(game.parse_action(dict(action)))
    return [dict(e) for e in after.events(seat, since=state.version)]


def reviewed_move(game_id: str, state_json: Mapping[str, Any], seed: int,
                  chosen: Mapping[str, Any], seat: int) -> dict[str, Any]:
    """:func:`~sunking.coach.review.review_decision`'s verdict, and for a flagged decision
    ``changes``: ``{"chosen": events, "best": events}`` of playing each move.

    Raises:
        ValueError: see :func:`~sunking.coach.review.review_decision`.
    """
    verdict = review_decision(game_id, state_json, seed, chosen)
    if verdict["class"] in FLAGGED:
        verdict["changes"] = {
            which: move_events(game_id, state_json, verdict[which], seat)
            for which in ("chosen", "best")}
    return verdict
