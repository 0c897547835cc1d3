"""The state of a game of Vive le Roi: plain fields, a cheap copy, and exact JSON.

Every one of the 114 cards is in exactly one place, recorded twice: ``loc[card]`` names the
place (see the ``LOC_*`` codes) and the place's own list holds the card (hands and structures
sorted, the piles in order). ``attach[card]`` is the card it is attached to in a structure
(gold on a person, a musketeer on a province, the King's Ear on a noble) or -1 when it lies
free. The King is not in any list: ``king`` is the seat he is beside and ``captive`` whether
that seat holds him prisoner.

The flow is an agenda of small tasks and one pending decision, as in every game of this
package (see :mod:`.flow`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Self

from ...core.actions import Action, JsonValue
from ...core.errors import InvalidState
from ...core.events import Event
from ...core.game import GameState, Result
from ...core.rng import Rng
from .data import DECK_SIZE

LOC_DECK = 0
LOC_DISCARD = 1
LOC_MIDDLE = 2
"""Laid face up in the middle this round (step C), waiting for Phase 2."""
LOC_FIGHT = 3
"""Committed to the attack or bribery under way (face up)."""
LOC_EAR = 4
"""The King's Ear lying in the middle, waiting for a contest."""
LOC_PLAY = 5
"""An event card being resolved."""
LOC_KING = 6
LOC_HAND = 8
LOC_STRUCT = 16
LOC_HIDDEN = 24
"""A card laid face down in front of a seat (a duel card, a bid, an extorted card)."""

RULE_NON_EVENT = 0
RULE_NUMBER = 1
RULE_ANY = 2

Task = tuple[Any, ...]
Decision = tuple[Any, ...]

_LIST_FIELDS = (
    "loc", "attach", "deck", "discard", "middle", "middle_by", "fight", "fight_by",
    "playing", "hidden", "hidden_rule", "hidden_known", "scores", "decrees", "hits",
)
_SCALAR_FIELDS = (
    "deal", "round", "phase", "start", "king", "captive", "last_round", "rebellions",
    "freed", "decree_failed",
)


class VlrState(GameState):
    """A position in a game of Vive le Roi. Read it through the public API; never mutate it."""

    __slots__ = (
        "_legal",
        "agenda",
        "attach",
        "captive",
        "deal",
        "deck",
        "decree_failed",
        "decrees",
        "discard",
        "fight",
        "fight_by",
        "final",
        "freed",
        "hands",
        "hidden",
        "hidden_known",
        "hidden_rule",
        "hits",
        "king",
        "known",
        "last_round",
        "ledger",
        "loc",
        "middle",
        "middle_by",
        "pending",
        "phase",
        "playing",
        "rebellions",
        "rng",
        "round",
        "scores",
        "start",
        "structs",
    )

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
    structs: list[list[int]]
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
    agenda: list[Task]
    pending: Decision | None
    rng: Rng
    final: dict[str, Any] | None
    ledger: list[Any]
    """The final scoring rows of every finished deal (shared between states, replaced)."""
    _legal: tuple[Action, ...] | None

    # --- copying ------------------------------------------------------------------------

    def _copy(self) -> Self:
        new = object.__new__(type(self))
        self._copy_base(new)
        new.deal = self.deal
        new.round = self.round
        new.phase = self.phase
        new.start = self.start
        new.king = self.king
        new.captive = self.captive
        new.last_round = self.last_round
        new.rebellions = self.rebellions
        new.freed = self.freed
        new.decree_failed = self.decree_failed
        new.loc = self.loc[:]
        new.attach = self.attach[:]
        new.deck = self.deck[:]
        new.discard = self.discard[:]
        new.middle = self.middle[:]
        new.middle_by = self.middle_by[:]
        new.fight = self.fight[:]
        new.fight_by = self.fight_by[:]
        new.playing = self.playing[:]
        new.hands = [h[:] for h in self.hands]
        new.structs = [t[:] for t in self.structs]
        new.hidden = self.hidden[:]
        new.hidden_rule = self.hidden_rule[:]
        new.hidden_known = self.hidden_known[:]
        new.scores = self.scores[:]
        new.decrees = self.decrees[:]
        new.hits = self.hits[:]
        new.known = self.known
        new.agenda = self.agenda[:]
        new.pending = self.pending
        new.rng = self.rng.copy()
        new.final = self.final
        new.ledger = self.ledger
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
            legal = self._legal = _flow.legal_actions(self)
        return legal

    def _perform(self, action: Action, emit: list[Event] | None) -> None:
        _flow.decide(self, action, emit)

    def result(self) -> Result:
        return Result.of_final(self.final, self.version)

    def view(self, seat: int | None) -> dict[str, JsonValue]:
        return _views.view(self, seat)

    def determinize(self, seat: int, rng: Rng) -> Self:
        return _views.determinizer(self, seat)(rng)

    def determinizer(self, seat: int) -> Callable[[Rng], Self]:
        return _views.determinizer(self, seat)

    def check_invariants(self) -> list[str]:
        return _invariants.check_invariants(self)

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
        return [c for c in self.structs[seat] if attach[c] == host]

    # --- JSON ---------------------------------------------------------------------------

    def _state_json(self) -> dict[str, JsonValue]:
        out: dict[str, JsonValue] = {name: getattr(self, name) for name in _SCALAR_FIELDS}
        for name in _LIST_FIELDS:
            out[name] = list(getattr(self, name))
        out["hands"] = [list(h) for h in self.hands]
        out["structs"] = [list(t) for t in self.structs]
        out["known"] = [list(k) for k in self.known]
        out["agenda"] = [list(t) for t in self.agenda]
        out["pending"] = None if self.pending is None else list(self.pending)
        out["rng"] = self.rng.state
        out["final"] = self.final
        out["ledger"] = self.ledger
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Any], parse: Any) -> VlrState:
        """Rebuild a state from :meth:`to_json` output (``parse`` parses one action).

        Raises:
            InvalidState: the data is not a Vive le Roi state.
        """
        try:
            state = object.__new__(cls)
            state._load_base(data, parse)
            own = data["state"]
            for name in _SCALAR_FIELDS:
                setattr(state, name, own[name])
            for name in _LIST_FIELDS:
                setattr(state, name, [int(x) for x in own[name]])
            state.hands = [[int(c) for c in h] for h in own["hands"]]
            state.structs = [[int(c) for c in t] for t in own["structs"]]
            state.known = tuple((int(a), int(b), int(c)) for a, b, c in own["known"])
            state.agenda = [tuple(t) for t in own["agenda"]]
            state.pending = None if own["pending"] is None else tuple(own["pending"])
            state.rng = Rng(int(own["rng"]))
            state.final = own["final"]
            state.ledger = list(own["ledger"])
            state._legal = None
        except (KeyError, TypeError, ValueError) as exc:
            raise InvalidState(f"not a vive_le_roi state: {exc!r}") from None
        n = state.num_players
        if len(state.loc) != DECK_SIZE or len(state.hands) != n or len(state.structs) != n:
            raise InvalidState("not a vive_le_roi state: the cards or seats do not match")
        return state


# The rules modules import this one; binding them last keeps the import order free of cycles.
from . import flow as _flow  # noqa: E402
from . import invariants as _invariants  # noqa: E402
from . import views as _views  # noqa: E402
