"""Hints: the seat to move's best three moves, each with its win chance and interval.

The budget is a time: it is shared among independent searches (:mod:`.estimate`), so the
interval of each move comes from their spread. ``separated`` says whether the first move's
interval lies above the second's; if not, the moves are about equal.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..bots.ismcts import IsmctsConfig
from .estimate import Searches, deciding, rounded, separated

HINT_MOVES = 3
HINT_SEARCHES = 4
"""Independent searches behind a hint; the time budget is shared out among them."""
HINT_HORIZON = 8


def hint_config(seconds: float) -> IsmctsConfig:
    """One of the hint's searches: its share of ``seconds``."""
    if seconds <= 0:
        raise ValueError("a hint needs a positive time budget")
    return IsmctsConfig(iterations=None, seconds=seconds / HINT_SEARCHES,
                        horizon=HINT_HORIZON)


def hint_moves(game_id: str, state_json: Mapping[str, Any], seed: int,
               seconds: float = 1.0) -> dict[str, Any]:
    """The seat to move's best moves, best first (JSON, the coach's contract):
    ``{"moves": [{"action", "win_chance", "low", "high"}, …up to 3], "separated"}``. The
    search sees only what that seat may know. A forced move is the one move, its chances
    None (there is nothing to compare).

    Raises:
        ValueError: the state is not readable, the game is over, or ``seconds`` is not
            positive.
    """
    _, state, seat = deciding(game_id, state_json, "move to hint")
    legal = state.legal_actions()
    if len(legal) == 1:
        return {"moves": [{"action": legal[0].to_json(), "win_chance": None, "low": None,
                           "high": None}], "separated": False}
    searches = Searches(state, seat, seed, hint_config(seconds))
    searches.run(HINT_SEARCHES)
    top = searches.estimates(searches.ranked()[:HINT_MOVES])
    moves = [{"action": e.action, "win_chance": rounded(e.chance), "low": rounded(e.low),
              "high": rounded(e.high)} for e in top]
    return {"moves": moves,
            "separated": len(top) > 1 and separated(top[0], top[1])}

