"""The state of a game of Louis XIV: its declared fields and the questions the rules ask.

Fields are flat lists of integers so that copying a state (done on every ``apply``) is cheap;
the core copies them and writes and reads their JSON from :data:`FIELDS` (see
:mod:`sunking.core.fields`). The flow of the game is an agenda of small tasks run by the core
(see :mod:`.flow`); the decision the engine waits for is :attr:`Louis14State.pending`. Rules
live in the sibling modules, which change a fresh copy in place; this module imports none of
them.
"""

from __future__ import annotations

from typing import ClassVar, Final

from ...core.agenda import AGENDA_FIELDS, AgendaState, own_slots
from ...core.fields import Facts, Field, Ints, Rows, Tuples, Value
from .data import BLAZON_KINDS, MISSIONS

CHIP_SLOTS: Final = 5
BLAZON_SLOTS: Final = BLAZON_KINDS + 1
"""Six kinds plus one slot for blazons drawn when the pool was empty (no kind)."""
KINDLESS: Final = BLAZON_KINDS
FACES: Final = 13
"""Influence card faces: 0 joker, 1-12 persons."""

class Louis14State(AgendaState):
    """A position in a game of Louis XIV. Read it through the public API; never mutate it."""

    FIELDS: ClassVar[tuple[Field, ...]] = (
        Value("colours"), Value("round"), Value("phase"), Value("start"), Value("louis_tile"),
        Value("neutral_pool"), Value("tie_winner"),
        # Piles that change a few times a game are shared between states and replaced, never
        # changed in place (copy on write): money cards, intrigue and mission piles.
        Ints("money_deck", shared=True), Ints("money_removed", shared=True),
        Ints("money_revealed", shared=True), Ints("side"), Ints("board"), Ints("personal"),
        Ints("general"), Ints("money"), Ints("hand"), Ints("deck"), Ints("deck_known"),
        Ints("center"), Ints("intrigue"), Ints("intrigue_deck", shared=True),
        Ints("intrigue_known", shared=True), Ints("chips"), Ints("chip_supply"), Ints("blazons"),
        Ints("blazon_pool"), Ints("used"),
        Tuples("missions"), Tuples("laid"), Rows("mission_decks", shared=True),
        Rows("mission_known", shared=True),
        *AGENDA_FIELDS,
        Facts("known_hands"),
    )
    """Every field of the state, in the order of its JSON."""
    __slots__ = own_slots(FIELDS)

    colours: int
    """Colours on the court: the players, plus the neutral colour with two players."""
    round: int
    phase: str
    start: int
    louis_tile: int
    """The tile Louis XIV stands on, 0 when he is beside the court."""
    money_deck: list[int]
    money_removed: list[int]
    money_revealed: list[int]
    side: list[int]
    """Per tile (index 1-12): 0 front (red number), 1 back."""
    board: list[int]
    """Stones per tile and colour: ``board[tile * colours + colour]``."""
    personal: list[int]
    general: list[int]
    """Each player's own stones lying in the general supply."""
    neutral_pool: int
    money: list[int]
    hand: list[int]
    """Influence cards in hand: ``hand[seat * 13 + face]``."""
    deck: list[int]
    """The influence draw pile, top last."""
    deck_known: list[int]
    """Per card of ``deck``: bit ``s`` set when seat ``s`` knows that card."""
    center: list[int]
    """Influence cards played or discarded face up this phase (faces)."""
    intrigue: list[int]
    """Intrigue cards in hand per seat, as a bitmask over tiles 1-12."""
    intrigue_deck: list[int]
    intrigue_known: list[int]
    missions: list[tuple[int, ...]]
    """Mission cards in hand per seat (sorted ids)."""
    laid: list[tuple[int, ...]]
    """Laid (fulfilled) missions per seat, in the order laid."""
    mission_decks: list[list[int]]
    mission_known: list[list[int]]
    chips: list[int]
    """Chips per seat: ``chips[seat * 5 + chip]``."""
    chip_supply: list[int]
    """Chips in the supply per kind; below zero when stand-ins are in play."""
    blazons: list[int]
    """Blazons per seat: ``blazons[seat * 7 + kind]``, slot 6 for kindless ones."""
    blazon_pool: list[int]
    used: list[int]
    """Per seat, a bitmask of mission ids used this phase."""
    tie_winner: int
    known_hands: tuple[tuple[int, int, int, int], ...]
    """Hand cards other seats know of: (kind, holder, card, knower mask); kind 0 influence,
    1 intrigue, 2 mission. Arises when a card someone saw put on a pile is drawn."""

    # --- helpers the rules use ----------------------------------------------------------

    def order(self) -> list[int]:
        """Seats in turn order from this round's start player."""
        n = self.num_players
        return [(self.start + i) % n for i in range(n)]

    def stones_on(self, tile: int) -> list[int]:
        """Stones per colour on ``tile``."""
        c = self.colours
        return self.board[tile * c:(tile + 1) * c]

    def owns(self, seat: int, effect: str) -> list[int]:
        """Ids of the laid missions of ``seat`` with ``effect``."""
        return [m for m in self.laid[seat] if MISSIONS[m].effect == effect]

    def unused(self, seat: int, effect: str) -> int | None:
        """A laid mission of ``seat`` with ``effect`` not yet used this phase, or None."""
        used = self.used[seat]
        for m in self.laid[seat]:
            if MISSIONS[m].effect == effect and not used >> m & 1:
                return m
        return None

    def hand_size(self, seat: int) -> int:
        return sum(self.hand[seat * FACES:(seat + 1) * FACES])

    def chip_count(self, seat: int) -> int:
        return sum(self.chips[seat * CHIP_SLOTS:(seat + 1) * CHIP_SLOTS])

    def blazon_count(self, seat: int) -> int:
        return sum(self.blazons[seat * BLAZON_SLOTS:(seat + 1) * BLAZON_SLOTS])

    def learn(self, kind: int, holder: int, card: int, mask: int) -> None:
        """Record that the seats in ``mask`` (other than ``holder``) know ``holder`` holds
        ``card`` (drawn from a pile position they knew)."""
        mask &= ~(1 << holder)
        if mask:
            self.known_hands = (*self.known_hands, (kind, holder, card, mask))

    def forget(self, kind: int, holder: int, card: int) -> None:
        """``card`` left ``holder``'s hand: drop one fact about it."""
        for i, fact in enumerate(self.known_hands):
            if fact[0] == kind and fact[1] == holder and fact[2] == card:
                self.known_hands = self.known_hands[:i] + self.known_hands[i + 1:]
                return

    def stones_available(self, seat: int) -> int:
        """Own stones off the court (personal plus general supply)."""
        return self.personal[seat] + self.general[seat]

    def _shape_problem(self) -> str | None:
        if self.num_players * FACES != len(self.hand):
            return "hand sizes do not match the players"
        return None
