"""The legal actions for the decision a state is waiting for, by kind of decision.

Each rule module lists the actions of its own decisions beside their handlers; this module
joins those tables into the one the core looks up (see :mod:`sunking.core.agenda`).
"""

from __future__ import annotations

from ...core.agenda import Legal, tables
from . import distribution, event_cards, fights, offices, turns, windows

LEGAL: dict[str, Legal] = tables(
    turns.LEGAL, fights.LEGAL, event_cards.LEGAL, distribution.LEGAL, offices.LEGAL,
    windows.LEGAL,
)
"""Every kind of decision and the function listing its legal actions."""
