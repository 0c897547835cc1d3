"""The state of a game of Vive le Roi: plain fields, a cheap copy, and exact JSON.

Every one of the 114 cards is in exactly one place, recorded twice: ``loc[card]`` names the
place (see the ``LOC_*`` codes) and the place's own list holds the card (hands and structures
sorted, the piles in order). ``attach[card]`` is the card it is attached to in a structure
(gold on a person, a musketeer on a province, the King's Ear on a noble) or -1 when it lies
free. The King is not in any list: ``king`` is the seat he is beside and ``captive`` whether
that seat holds him prisoner.

The core copies the declared fields and writes and reads their JSON (see
:mod:`sunking.core.fields`); the flow is an agenda of small tasks and one pending decision
that the core runs (see :mod:`.flow`). This module imports no rules module.
"""

from __future__ import annotations

from typing import Any, ClassVar, Final

from ...core.agenda import AGENDA_FIELDS, AgendaState, own_slots
from ...core.fields import Facts, Field, Ints, Rows, Value
from .data import DECK_SIZE

LOC_DECK: Final = 0
LOC_DISCARD: Final = 1
LOC_MIDDLE: Final = 2
"""Laid face up in the middle this round (step C), waiting for Phase 2."""
LOC_FIGHT: Final = 3
"""Committed to the attack or bribery under way (face up)."""
LOC_EAR: Final = 4
"""The King's Ear lying in the middle, waiting for a contest."""
LOC_PLAY: Final = 5
"""An event card being resolved."""
LOC_KING: Final = 6
LOC_HAND: Final = 8
LOC_STRUCT: Final = 16
LOC_HIDDEN: Final = 24
"""A card laid face down in front of a seat (a duel card, a bid, an extorted card)."""

RULE_NON_EVENT: Final = 0
RULE_NUMBER: Final = 1
RULE_ANY: Final = 2

class ViveLeRoiState(AgendaState):
    """A position in a game of Vive le Roi. Read it through the public API; never mutate it."""

    FIELDS: ClassVar[tuple[Field, ...]] = (
        Value("deal"), Value("round"), Value("phase"), Value("start"), Value("king"),
        Value("captive"), Value("last_round"), Value("rebellions"), Value("freed"),
        Value("decree_failed"),
        Ints("loc"), Ints("attach"), Ints("deck"), Ints("discard"), Ints("middle"),
        Ints("middle_by"), Ints("fight"), Ints("fight_by"), Ints("playing"), Ints("hidden"),
        Ints("hidden_rule"), Ints("hidden_known"), Ints("scores"), Ints("decrees"),
        Ints("hits"),
        Rows("hands"), Rows("structures"), Facts("known"),
        *AGENDA_FIELDS,
        # The final scoring rows of every finished deal: shared between states, replaced.
        Value("ledger"),
    )
    """Every field of the state, in the order of its JSON."""
    __slots__ = own_slots(FIELDS)

    deal: int
    """Deals played so far, this one included (several only in the points-limit variant)."""
    round: int
    phase: str
    start: int
    king: int
    """The seat the King is beside."""
    captive: bool
    last_round: bool
    rebellions: int
    """Rebellion cards laid in the middle this round (counted at the start of Phase 2)."""
    freed: bool
    """Set once several Rebellions have freed the King this round."""
    decree_failed: int
    """Seats (bitmask) whose Church decree failed since the King was last captured."""
    loc: list[int]
    attach: list[int]
    deck: list[int]
    """The draw pile, top last."""
    discard: list[int]
    middle: list[int]
    middle_by: list[int]
    """Who laid each card of ``middle``."""
    fight: list[int]
    fight_by: list[int]
    """The batch each card of ``fight`` was committed in: even the attacker's, odd the
    defender's."""
    playing: list[int]
    """Event cards being resolved (``LOC_PLAY``)."""
    hands: list[list[int]]
    structures: list[list[int]]
    hidden: list[int]
    """Per seat, the card lying face down in front of it, or -1."""
    hidden_rule: list[int]
    """What that card must be: ``RULE_NON_EVENT``, ``RULE_NUMBER`` or ``RULE_ANY``."""
    hidden_known: list[int]
    """Other seats (bitmask) that know the face-down card (a victim of Extortion)."""
    scores: list[int]
    decrees: list[int]
    """Per seat, decrees issued this round: bit 0 Church, bit 1 Nobility."""
    hits: list[int]
    """Seats hit this round by Excommunication (index 0) and Low Birth (index 1)."""
    known: tuple[tuple[int, int, int], ...]
    """Hand cards other seats know of: (holder, card, mask of knowing seats)."""
    ledger: list[Any]
    """The final scoring rows of every finished deal (shared between states, replaced)."""

    # --- helpers the rules use ----------------------------------------------------------

    def order(self, first: int | None = None) -> list[int]:
        """Seats clockwise from ``first`` (default: this round's start player)."""
        n = self.num_players
        first = self.start if first is None else first
        return [(first + i) % n for i in range(n)]

    def owner(self, card: int) -> int:
        """The seat whose structure holds ``card``, or -1."""
        where = self.loc[card]
        return where - LOC_STRUCT if LOC_STRUCT <= where < LOC_HIDDEN else -1

    def attached_to(self, host: int) -> list[int]:
        """The cards attached to ``host`` (in its owner's structure), in id order."""
        seat = self.owner(host)
        if seat < 0:
            return []
        attach = self.attach
        return [c for c in self.structures[seat] if attach[c] == host]

    def _shape_problem(self) -> str | None:
        n = self.num_players
        if len(self.loc) != DECK_SIZE or len(self.hands) != n or len(self.structures) != n:
            return "the cards or seats do not match"
        return None
