"""The state of a game of Louis XIV: plain fields, a cheap copy, and exact JSON.

Fields are flat lists of integers so that copying a state (done on every ``apply``) is cheap.
The flow of the game is an agenda of small tasks (see :mod:`.flow`); the decision the engine
waits for is :attr:`Louis14State.pending`. Rules live in the sibling modules, which change a
fresh copy in place.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Self

from ...core.actions import Action, JsonValue
from ...core.errors import InvalidState
from ...core.events import Event
from ...core.game import GameState, Result
from ...core.rng import Rng
from .data import BLAZON_KINDS, MISSIONS

CHIP_SLOTS = 5
BLAZON_SLOTS = BLAZON_KINDS + 1
"""Six kinds plus one slot for blazons drawn when the pool was empty (no kind)."""
KINDLESS = BLAZON_KINDS
FACES = 13
"""Influence card faces: 0 joker, 1-12 persons."""

Task = tuple[Any, ...]
Decision = tuple[Any, ...]

_LIST_FIELDS = (
    "money_deck", "money_removed", "money_revealed", "side", "board", "personal", "general",
    "money", "hand", "deck", "deck_known", "center", "intrigue", "intrigue_deck",
    "intrigue_known", "chips", "chip_supply", "blazons", "blazon_pool", "used",
)
_SCALAR_FIELDS = ("colours", "round", "phase", "start", "louis_tile", "neutral_pool", "tie_winner")


class Louis14State(GameState):
    """A position in a game of Louis XIV. Read it through the public API; never mutate it."""

    __slots__ = (
        "_legal",
        "agenda",
        "blazon_pool",
        "blazons",
        "board",
        "center",
        "chip_supply",
        "chips",
        "colours",
        "deck",
        "deck_known",
        "final",
        "general",
        "hand",
        "intrigue",
        "intrigue_deck",
        "intrigue_known",
        "known_hands",
        "laid",
        "louis_tile",
        "mdecks",
        "missions",
        "mknown",
        "money",
        "money_deck",
        "money_removed",
        "money_revealed",
        "neutral_pool",
        "pending",
        "personal",
        "phase",
        "rng",
        "round",
        "side",
        "start",
        "tie_winner",
        "used",
    )

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
    mdecks: list[list[int]]
    mknown: list[list[int]]
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
    agenda: list[Task]
    pending: Decision | None
    rng: Rng
    final: dict[str, Any] | None
    known_hands: tuple[tuple[int, int, int, int], ...]
    """Hand cards other seats know of: (kind, holder, card, knower mask); kind 0 influence,
    1 intrigue, 2 mission. Arises when a card someone saw put on a pile is drawn."""
    _legal: tuple[Action, ...] | None

    # --- copying ------------------------------------------------------------------------

    def _copy(self) -> Self:
        new = object.__new__(type(self))
        self._copy_base(new)
        new.colours = self.colours
        new.round = self.round
        new.phase = self.phase
        new.start = self.start
        new.louis_tile = self.louis_tile
        # Piles that change a few times a game are shared between states and replaced,
        # never changed in place (copy on write): money cards, intrigue and mission piles.
        new.money_deck = self.money_deck
        new.money_removed = self.money_removed
        new.money_revealed = self.money_revealed
        new.side = self.side[:]
        new.board = self.board[:]
        new.personal = self.personal[:]
        new.general = self.general[:]
        new.neutral_pool = self.neutral_pool
        new.money = self.money[:]
        new.hand = self.hand[:]
        new.deck = self.deck[:]
        new.deck_known = self.deck_known[:]
        new.center = self.center[:]
        new.intrigue = self.intrigue[:]
        new.intrigue_deck = self.intrigue_deck
        new.intrigue_known = self.intrigue_known
        new.missions = self.missions[:]
        new.laid = self.laid[:]
        new.mdecks = self.mdecks
        new.mknown = self.mknown
        new.chips = self.chips[:]
        new.chip_supply = self.chip_supply[:]
        new.blazons = self.blazons[:]
        new.blazon_pool = self.blazon_pool[:]
        new.used = self.used[:]
        new.tie_winner = self.tie_winner
        new.agenda = self.agenda[:]
        new.pending = self.pending
        new.rng = self.rng.copy()
        new.final = self.final
        new.known_hands = self.known_hands
        new._legal = None
        return new

    # --- the protocol -------------------------------------------------------------------

    @property
    def to_move(self) -> int | None:
        pending = self.pending
        return None if pending is None else pending[1]

    def legal_actions(self) -> tuple[Action, ...]:
        legal = self._legal
        if legal is None:
            legal = self._legal = _legal.legal_actions(self)
        return legal

    def _perform(self, action: Action, emit: list[Event] | None) -> None:
        _flow.decide(self, action, emit)

    def result(self) -> Result:
        return Result.of_final(self.final, self.version)

    def view(self, seat: int | None) -> dict[str, JsonValue]:
        return _views.view(self, seat)

    def determinize(self, seat: int, rng: Rng) -> Self:
        return _views.determinize(self, seat, rng)

    def determinizer(self, seat: int) -> Callable[[Rng], Self]:
        return _views.determinizer(self, seat)

    def check_invariants(self) -> list[str]:
        return _invariants.check_invariants(self)

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

    # --- JSON ---------------------------------------------------------------------------

    def _state_json(self) -> dict[str, JsonValue]:
        out: dict[str, JsonValue] = {name: getattr(self, name) for name in _SCALAR_FIELDS}
        for name in _LIST_FIELDS:
            out[name] = list(getattr(self, name))
        out["missions"] = [list(m) for m in self.missions]
        out["laid"] = [list(m) for m in self.laid]
        out["mdecks"] = [list(d) for d in self.mdecks]
        out["mknown"] = [list(d) for d in self.mknown]
        out["agenda"] = [list(t) for t in self.agenda]
        out["pending"] = None if self.pending is None else list(self.pending)
        out["rng"] = self.rng.state
        out["final"] = self.final
        out["known_hands"] = [list(k) for k in self.known_hands]
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Any], parse: Any) -> Louis14State:
        """Rebuild a state from :meth:`to_json` output (``parse`` parses one action)."""
        try:
            state = object.__new__(cls)
            state._load_base(data, parse)
            own = data["state"]
            for name in _SCALAR_FIELDS:
                setattr(state, name, own[name])
            for name in _LIST_FIELDS:
                setattr(state, name, [int(x) for x in own[name]])
            state.missions = [tuple(m) for m in own["missions"]]
            state.laid = [tuple(m) for m in own["laid"]]
            state.mdecks = [list(d) for d in own["mdecks"]]
            state.mknown = [list(d) for d in own["mknown"]]
            state.agenda = [tuple(t) for t in own["agenda"]]
            state.pending = None if own["pending"] is None else tuple(own["pending"])
            state.rng = Rng(int(own["rng"]))
            state.final = own["final"]
            state.known_hands = tuple(tuple(k) for k in own["known_hands"])
            state._legal = None
        except (KeyError, TypeError, ValueError) as exc:
            raise InvalidState(f"not a louis14 state: {exc!r}") from None
        if state.num_players * FACES != len(state.hand):
            raise InvalidState("not a louis14 state: hand sizes do not match the players")
        return state


# The rules modules import this one; binding them last keeps the import order free of cycles.
from . import flow as _flow  # noqa: E402
from . import invariants as _invariants  # noqa: E402
from . import legal as _legal  # noqa: E402
from . import views as _views  # noqa: E402
