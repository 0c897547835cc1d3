"""The state of a game of Versailles 1682: its declared fields and the questions the rules ask.

Every card's place is one integer in :attr:`V1682State.where` (a hand, a tableau, the House
of the King, the discard pile, the War Minister's box or the Talon), and the Talon's order is
kept in :attr:`V1682State.talon` (top last). A courtier is the figure of one player: per-seat
lists hold its gender, party, place, standings, marriage and fortune. The flow is an agenda of
small tasks and one pending decision run by the core (see :mod:`.flow`); the core copies the
fields and writes and reads their JSON from :data:`V1682State.FIELDS` (see
:mod:`sunking.core.fields`). Rules live in the sibling modules; this module imports none of
them.
"""

from __future__ import annotations

from operator import itemgetter
from typing import Any, ClassVar, Final

from ...core.agenda import AGENDA_FIELDS, AgendaState, own_slots
from ...core.fields import Facts, Field, Ints, Records, Strings, Value
from .data import COURT_PLACES, DECK_SIZE, GENDER_OF, IDS_OF_KIND, NEGOTIATION_MOVES, NO_STANDING

# Zones of :attr:`V1682State.where`: a hand is the seat itself.
TABLEAU: Final = 8
"""Cards face up in front of seat ``p`` are in zone ``TABLEAU + p``."""
HOUSE_ZONE: Final = 20
DISCARD: Final = 21
BOX: Final = 22
"""The War Minister's box: declarations of the wars under way."""
TALON: Final = 23

# Where a courtier is.
AT_COURT: Final = 0
BASTILLE: Final = 1
EXILE: Final = 2
ABSENT: Final = 3
"""Not at court yet: before the first introduction, or dead until the heir is presented."""
STATUS_NAMES: Final = ("court", "bastille", "exile", "absent")

# Where the court is (the King's pawn).
VERSAILLES: Final = 0
HUNT: Final = 1
WAR: Final = 2
PLACES: Final = COURT_PLACES

TITLE_ZONES: Final = itemgetter(*IDS_OF_KIND["title"])
"""The card places of the titles, as a tuple: ``TABLEAU + p in TITLE_ZONES(s.where)`` when
``p`` holds a title."""

class V1682State(AgendaState):
    """A position in a game of Versailles 1682. Read it through the public API."""

    FIELDS: ClassVar[tuple[Field, ...]] = (
        Value("round"), Value("phase"), Value("steward"), Value("court"), Value("king"),
        Value("queen"), Value("regency_until"), Value("queen_origin"), Value("secret_wife"),
        Value("favourite"), Value("lover"), Value("new_royals"), Value("abort"),
        Value("turn_seat"), Value("actions_left"), Value("target"),
        Value("round_limit"), Value("wealth_changed"),
        Ints("where"), Ints("talon"), Ints("name"), Strings("gender"), Ints("party"),
        Ints("status"), Ints("king_standing"), Ints("queen_standing"), Ints("spouse"),
        Ints("married_name"), Ints("poisoner"), Ints("fortune"), Ints("generation"), Ints("heir"),
        Ints("power_used"), Ints("negotiation_moves_made"), Ints("negotiation_done"),
        Ints("moved"), Ints("paid"), Ints("wars"),
        # Replaced whole, never changed in place: states share them.
        Records("register"), Records("faults"), Facts("known"), Facts("promises"),
        *AGENDA_FIELDS,
    )
    """Every field of the state, in the order of its JSON."""
    __slots__ = own_slots(FIELDS)

    round: int
    phase: str
    """setup, introduction, negotiation, court, turns, over."""
    steward: int
    court: int
    """VERSAILLES, HUNT or WAR."""
    king: int
    """1 while the King lives."""
    queen: int
    """1 while the Queen lives (as Queen, or as Regent when the King is dead)."""
    regency_until: int
    """While the Queen is Regent: the round at whose end new royals take the throne."""
    queen_origin: int
    """Her country (index into COUNTRIES), −1 while there is no Queen."""
    secret_wife: int
    """The seat of the King's secret wife (§10.2), −1 if none."""
    favourite: int
    lover: int
    """Seats holding the Favourite and the Queen's Lover cards, −1 if nobody."""
    new_royals: int
    """1 when the next round starts with two new royals (§10.3, ruling V-30)."""
    abort: int
    """Set when both royals are dead: the round ends at once (§10.3)."""
    turn_seat: int
    actions_left: int
    target: int
    round_limit: int
    wealth_changed: int
    where: list[int]
    """Card id → zone: seat (hand), TABLEAU + seat, HOUSE_ZONE, DISCARD, BOX, TALON."""
    talon: list[int]
    """The Talon, top last."""
    name: list[int]
    """Family name per seat (index into FAMILY_NAMES), −1 before it is chosen."""
    gender: list[str]
    party: list[int]
    status: list[int]
    king_standing: list[int]
    queen_standing: list[int]
    """Standing with the King and with the Queen (or Regent), NO_STANDING when off the scale."""
    spouse: list[int]
    married_name: list[int]
    """The family name a wife bears (her husband's), −1 for her own."""
    poisoner: list[int]
    fortune: list[int]
    generation: list[int]
    """How many courtiers of the family have come to court (picks the given name)."""
    heir: list[int]
    """1 while the family waits to present the heir of a dead courtier."""
    power_used: list[int]
    negotiation_moves_made: list[int]
    """Per seat, the moves (payments, shows, offers) made in this round's negotiation."""
    negotiation_done: list[int]
    """Per seat, 1 once it is done negotiating this round."""
    moved: list[int]
    """Office cards that changed holder this round (§8.4a)."""
    paid: list[int]
    """Office cards whose income was paid this round (§8.4a)."""
    wars: list[int]
    """Countries France is at war with (one entry per declaration)."""
    register: tuple[dict[str, Any], ...]
    """The court register's entries: the steward's fines (§3.0)."""
    faults: tuple[dict[str, Any], ...]
    """Every wrong address said at the table, by id: speaker, courtier, words, the correct
    form, what was wrong, and whether the steward has fined it (§3.0)."""
    known: tuple[tuple[int, int, int], ...]
    """Hand cards other seats know of: (holder, card, mask of knowing seats)."""
    promises: tuple[tuple[int, int, int, int], ...]
    """Favours promised for money in this round's negotiation: (debtor, creditor, favour
    index into FAVOURS, livres paid). Only the two seats heard them (§7.2); they bind nobody
    (V-42) and lapse at the next negotiation. Bots read their own (see ``promises.py``)."""
    # --- helpers the rules use ----------------------------------------------------------

    @property
    def negotiation_moves(self) -> int:
        """Payments or shows each player may make in one negotiation (an option)."""
        return int(self.options.get("negotiation_moves", NEGOTIATION_MOVES))

    def hand(self, seat: int) -> list[int]:
        """The cards in ``seat``'s hand, by id."""
        return [c for c, z in enumerate(self.where) if z == seat]

    def hand_size(self, seat: int) -> int:
        return self.where.count(seat)

    def tableau(self, seat: int) -> list[int]:
        """The cards face up in front of ``seat``'s courtier."""
        zone = TABLEAU + seat
        return [c for c, z in enumerate(self.where) if z == zone]

    def zone(self, zone: int) -> list[int]:
        return [c for c, z in enumerate(self.where) if z == zone]

    def holds(self, seat: int, kind: str) -> list[int]:
        """Cards of ``kind`` (title, office, …) in front of ``seat``."""
        zone = TABLEAU + seat
        where = self.where
        return [c for c in IDS_OF_KIND[kind] if where[c] == zone]

    def own_right(self, seat: int, card: int) -> bool:
        """Whether ``seat``'s courtier bears ``card``, one before him, in his own right: the
        card fits his gender (§9.1b). A widow keeps her husband's Marshal's baton and offices
        for their income only (§10.4, ruling V-35): she is no Marshal, and an office's power
        (§9.5) is not an income. They are the only cards of the other sex a courtier can hold."""
        gender = GENDER_OF[card]
        return not gender or gender == self.gender[seat]

    def is_noble(self, seat: int) -> bool:
        """Holds a title, or bears her husband's (§8.4b: the wife takes his titles)."""
        titled = TITLE_ZONES(self.where)
        if TABLEAU + seat in titled:
            return True
        husband = self.spouse[seat]
        return self.gender[seat] == "f" and husband >= 0 and TABLEAU + husband in titled

    def at_court(self, seat: int) -> bool:
        return self.status[seat] == AT_COURT

    def regency(self) -> bool:
        """True while the Queen rules as Regent."""
        return not self.king and bool(self.queen)

    def crown_standing(self, seat: int) -> int:
        """``seat``'s standing with whoever grants requests: the King, or the Regent."""
        return self.king_standing[seat] if self.king else self.queen_standing[seat]

    def _shape_problem(self) -> str | None:
        if len(self.where) != DECK_SIZE or len(self.fortune) != self.num_players:
            return "cards or seats do not match"
        standings = self.king_standing + self.queen_standing
        if any(v != NO_STANDING and not -2 <= v <= 9 for v in standings):
            return "a standing is off the scale"
        return None
