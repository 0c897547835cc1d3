"""Favours promised for money in the negotiation (§7.2): which moves keep them, and what
they are worth to the two families.

An accepted offer leaves a promise in the state, ``(debtor, creditor, favour, livres)``; the
engine enforces nothing (V-42: promises bind nobody), it only notes when the debtor makes a
move that does the favour and drops the promise then, and every promise lapses when the next
negotiation begins. The evaluation (``heuristic.py``) counts an open promise on both sides:

* the debtor's word is worth :data:`WORD_SHARE` of the sum he took, lost while the promise
  stands and won back by keeping it: a one-ply bot therefore keeps a promise exactly when
  the favour costs it less than that, by its own evaluation, and forgets it otherwise;
* the creditor counts what the favour would bring him, but only if it costs the debtor less
  than his word (bots expect others to keep promises as they do), and only from cards he
  knows the debtor holds (``heuristic.favour_worth``): a bot offers money only where that
  beats the sum.

Which move does a favour (``FAVOURS``): ``request`` — a request card played for the creditor
(not letters patent, which are played against him); ``intervene`` — speaking well of him in
an audience; ``play_card`` — an event card that raises his standing or his fortune played on
him; ``move_court`` — the steward moving the court in phase 3, or the Master of the Hunt
leading it elsewhere.

Rulebook: German rulebook (`004_83e97ed5cbbf50d2.txt`), 7.2 "Phase 2: Verhandlungen"; ruling V-42.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.actions import Action
from .actions import Intervene, LeadCourt, MoveCourt, PlayCard, Request
from .data import CARDS, COURT_PLACES, FAVOURS, KIND_OF

if TYPE_CHECKING:
    from .state import V1682State

WORD_SHARE = 0.5
"""The share of the sum taken that a debtor's word is worth to him while the promise
stands."""

REQUEST, INTERVENE, PLAY_CARD, MOVE_COURT = (
    FAVOURS.index("request"), FAVOURS.index("intervene"), FAVOURS.index("play_card"),
    FAVOURS.index("move_court"),
)
GOOD_EVENTS = frozenset({"wealth", "standing", "glory"})
"""The effects of event cards that do their target good (with a positive amount)."""


def does_favour(s: V1682State, action: Action, creditor: int, favour: int) -> bool:
    """Whether ``action`` of the debtor, in state ``s`` before it, does ``favour``."""
    if favour == REQUEST:
        return (isinstance(action, Request) and action.beneficiary == creditor
                and KIND_OF[action.card] != "letters_patent")
    if favour == INTERVENE:
        return isinstance(action, Intervene) and action.target == creditor and action.sign > 0
    if favour == PLAY_CARD:
        if not isinstance(action, PlayCard) or action.target != creditor:
            return False
        ct = CARDS[action.card]
        return ct.effect in GOOD_EVENTS and ct.amount > 0
    return isinstance(action, MoveCourt | LeadCourt) and action.place != COURT_PLACES[s.court]


def keep_promises(s: V1682State, seat: int, action: Action) -> None:
    """Drop the promises of ``seat`` that ``action`` keeps (called before the action takes
    effect)."""
    kept = [p for p in s.promises if p[0] == seat and does_favour(s, action, p[1], p[2])]
    if kept:
        s.promises = tuple(p for p in s.promises if p not in kept)
