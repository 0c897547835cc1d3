"""The Vive le Roi deck as data: 114 cards, their kinds, values and coats of arms.

The counts follow the component list of the Vosters translation (114 playing cards); the
rulebook gives no printed value for gold, musketeers or officials, nor which event cards are
doubled. Those values are reconstructions, kept here (never in the rules code) and flagged in
:data:`RECONSTRUCTED` with the gap they fill (see ``docs/vive_le_roi.md``).

Card ids are fixed: nobles 0–5 (rank 1–6), the King 6, provinces 7–27, gold 28–46,
musketeers 47–65, courtiers 66–86, officials 87–94, events 95–113.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Final

# Kinds of card.
NOBLE: Final = 0
KING: Final = 1
PROVINCE: Final = 2
GOLD: Final = 3
MUSKETEER: Final = 4
COURTIER: Final = 5
OFFICIAL: Final = 6
EVENT: Final = 7
KIND_NAMES: Final = (
    "noble", "king", "province", "gold", "musketeer", "courtier", "official", "event",
)

# Officials (ambtsdragers).
BISHOP: Final = 0
CARDINAL: Final = 1
QUEEN: Final = 2
GENERAL: Final = 3
CAPTAIN: Final = 4
CARTOGRAPHER: Final = 5
TREASURER: Final = 6
OFFICE_NAMES: Final = (
    "bishop", "cardinal", "queen", "general", "captain_of_the_guard", "cartographer",
    "treasurer",
)

# Event cards (gebeurteniskaarten).
(
    REBELLION, KINGS_EAR, EXCOMMUNICATION, LOW_BIRTH, EXECUTIONER, RIOTS, BANDITS,
    LURING_AWAY, INHERITANCE, EXTORTION, GOSSIP,
) = range(11)
EVENT_NAMES: Final = (
    "rebellion", "kings_ear", "excommunication", "low_birth", "executioner", "riots",
    "bandits", "luring_away", "inheritance", "extortion", "gossip",
)
ANYTIME_EVENTS: Final = frozenset({KINGS_EAR, EXCOMMUNICATION, LOW_BIRTH, EXECUTIONER})
"""The "S" cards (red hexagon): they may also be played at special moments of a round."""

ARMS: Final = ("lion", "eagle", "tower", "stag", "star", "sword", "fleur_de_lis")
"""The seven coats of arms: one per noble (rank 1–6), the seventh the Queen's. The names are
placeholders (reconstructed, cosmetic)."""
QUEEN_ARMS: Final = 6
NO_ARMS: Final = -1

PROVINCE_NAMES: Final = (
    ("Normandie", "Bretagne", "Anjou"),
    ("Champagne", "Lorraine", "Alsace"),
    ("Languedoc", "Provence", "Dauphiné"),
    ("Guyenne", "Gascogne", "Béarn"),
    ("Bourgogne", "Franche-Comté", "Lyonnais"),
    ("Picardie", "Artois", "Flandre"),
    ("Île-de-France", "Orléanais", "Touraine"),
)
"""Three provinces per coat of arms (names cosmetic)."""


@dataclasses.dataclass(frozen=True, slots=True)
class Card:
    """One card of the deck."""

    id: int
    kind: int
    name: str
    value: int
    """The printed number (a noble's rank; 0 for the King and the events)."""
    arms: int = NO_ARMS
    role: int = -1
    """The office of an official or the kind of an event card, else -1."""

    @property
    def is_number(self) -> bool:
        """Property and person cards: the cards with a number (rulebook, the King's Ear)."""
        return self.kind in (PROVINCE, GOLD, MUSKETEER, COURTIER, OFFICIAL)

    @property
    def is_person(self) -> bool:
        """Musketeers, courtiers and officials (nobles and the King are not persons)."""
        return self.kind in (MUSKETEER, COURTIER, OFFICIAL)


# --- the composition (counts and values) -------------------------------------------------

NOBLE_RANKS: Final = (1, 2, 3, 4, 5, 6)
PROVINCES_PER_ARMS: Final = 3
PROVINCE_VALUE: Final = 3
GOLD_VALUES: Final[Mapping[int, int]] = {1: 7, 2: 6, 3: 6}
MUSKETEER_VALUES: Final[Mapping[int, int]] = {1: 3, 2: 3, 3: 3, 4: 3, 5: 3, 6: 2, 7: 2}
COURTIER_VALUES: Final = (4, 5, 6)
"""One courtier of each value per coat of arms."""
OFFICIALS: Final[tuple[tuple[int, int], ...]] = (
    (BISHOP, 2), (CARDINAL, 1), (QUEEN, 1), (GENERAL, 1), (CAPTAIN, 1), (CARTOGRAPHER, 1),
    (TREASURER, 1),
)
OFFICIAL_VALUE: Final[Mapping[int, int]] = {office: 3 for office, _ in OFFICIALS}
EVENTS: Final[tuple[tuple[int, int], ...]] = (
    (REBELLION, 6), (KINGS_EAR, 1), (EXCOMMUNICATION, 1), (LOW_BIRTH, 1), (EXECUTIONER, 1),
    (RIOTS, 1), (BANDITS, 2), (LURING_AWAY, 2), (INHERITANCE, 1), (EXTORTION, 2), (GOSSIP, 1),
)

RECONSTRUCTED: Final[Mapping[str, str]] = {
    "gold values": "guessed: 7 × 1, 6 × 2, 6 × 3 (rulings §2.3)",
    "musketeer values": "guessed: 3 × each of 1–5, 2 × 6, 2 × 7 (rulings §2.4)",
    "courtier values": "deduced: one 4, 5 and 6 per coat of arms (rulings §2.4)",
    "official values": "guessed: 3 each (rulings §2.4)",
    "second bishop": "guessed: the eighth official is a second Bishop (rulings §2.4)",
    "event doubles": "guessed: Bandits, Luring away and Extortion twice (rulings §2.6)",
    "arms names": "cosmetic placeholders (rulings §2.2)",
    "province names": "cosmetic placeholders (rulings §2.3)",
}
"""Every value the sources do not state, with how it was reconstructed."""

# --- points ---------------------------------------------------------------------------

HAND_SIZE: Final = 7
KING_POINTS: Final = 10
"""For the player who has the King (captive or visiting) at the end."""
EAR_POINTS: Final = 10
DENOUNCE_POINTS: Final = 10
"""Playing (or passing on) Excommunication or Low Birth."""
FREEING_POINTS: Final = 5
REFUSAL_PENALTY: Final = 15
ARMS_FACTOR: Final = 2
POINTS_LIMITS: Final = (0, *range(250, 301))
"""The points-limit variant (several deals), "puntengrenzen van 250 tot 300 punten": any
whole number from 250 to 300; 0 plays a single deal."""
MAX_DEALS: Final = 12
"""A safety cap on the deals of the points-limit variant (the rulebook sets none)."""


def _build() -> tuple[Card, ...]:
    cards: list[Card] = []

    def add(kind: int, name: str, value: int, arms: int = NO_ARMS, role: int = -1) -> None:
        cards.append(Card(len(cards), kind, name, value, arms, role))

    for rank in NOBLE_RANKS:
        add(NOBLE, f"noble {rank} ({ARMS[rank - 1]})", rank, rank - 1)
    add(KING, "the King", 0)
    for arms, names in enumerate(PROVINCE_NAMES):
        assert len(names) == PROVINCES_PER_ARMS
        for name in names:
            add(PROVINCE, name, PROVINCE_VALUE, arms)
    for value, count in GOLD_VALUES.items():
        for _ in range(count):
            add(GOLD, f"gold {value}", value)
    for value, count in MUSKETEER_VALUES.items():
        for _ in range(count):
            add(MUSKETEER, f"musketeer {value}", value)
    for arms in range(len(ARMS)):
        for value in COURTIER_VALUES:
            add(COURTIER, f"courtier {value} ({ARMS[arms]})", value, arms)
    for office, count in OFFICIALS:
        for _ in range(count):
            arms = QUEEN_ARMS if office == QUEEN else NO_ARMS
            add(OFFICIAL, OFFICE_NAMES[office], OFFICIAL_VALUE[office], arms, office)
    for event, count in EVENTS:
        for _ in range(count):
            add(EVENT, EVENT_NAMES[event], 0, NO_ARMS, event)
    return tuple(cards)


CARDS: Final[tuple[Card, ...]] = _build()
DECK_SIZE: Final = len(CARDS)
KING_CARD: Final = 6
NOBLES: Final = tuple(c.id for c in CARDS if c.kind == NOBLE)
SETUP_PROVINCES: Final = tuple(
    next(c.id for c in CARDS if c.kind == PROVINCE and c.arms == a) for a in range(len(ARMS))
)
"""The province of each coat of arms taken out at setup (one per arms)."""
EAR_CARD: Final = next(c.id for c in CARDS if c.role == KINGS_EAR and c.kind == EVENT)

# Flat tables for the rules' inner loops.
KIND: Final[tuple[int, ...]] = tuple(c.kind for c in CARDS)
VALUE: Final[tuple[int, ...]] = tuple(c.value for c in CARDS)
CARD_ARMS: Final[tuple[int, ...]] = tuple(c.arms for c in CARDS)
ROLE: Final[tuple[int, ...]] = tuple(c.role for c in CARDS)
IS_NUMBER: Final[tuple[bool, ...]] = tuple(c.is_number for c in CARDS)
IS_PERSON: Final[tuple[bool, ...]] = tuple(c.is_person for c in CARDS)
IS_CHURCH: Final[tuple[bool, ...]] = tuple(
    c.kind == OFFICIAL and c.role in (BISHOP, CARDINAL) for c in CARDS
)
CHURCH_CARDS: Final[frozenset[int]] = frozenset(c.id for c in CARDS if IS_CHURCH[c.id])
"""The Bishops and the Cardinal, as a set (``isdisjoint`` asks a structure at C speed)."""
OFFICE_CARDS: Final[Mapping[int, frozenset[int]]] = {
    role: frozenset(c.id for c in CARDS if c.kind == OFFICIAL and c.role == role)
    for role in {c.role for c in CARDS if c.kind == OFFICIAL}
}
"""The official cards of each office."""


def _validate() -> None:
    counts = {k: sum(1 for c in CARDS if c.kind == k) for k in range(len(KIND_NAMES))}
    expected = {NOBLE: 6, KING: 1, PROVINCE: 21, GOLD: 19, MUSKETEER: 19, COURTIER: 21,
                OFFICIAL: 8, EVENT: 19}
    if counts != expected or DECK_SIZE != 114:
        raise ValueError(f"the Vive le Roi deck is wrong: {counts}")
    if any(c.id != i for i, c in enumerate(CARDS)) or CARDS[KING_CARD].kind != KING:
        raise ValueError("the Vive le Roi card ids are not in order")
    if sum(1 for c in CARDS if c.role == REBELLION and c.kind == EVENT) != 6:
        raise ValueError("Vive le Roi has six Rebellion cards")


_validate()


def card_name(card: int) -> str:
    """The printed name of ``card``."""
    return CARDS[card].name


def _classes() -> tuple[int, ...]:
    first: dict[tuple[int, int, int, int], int] = {}
    out = []
    for c in CARDS:
        key = (c.kind, c.value, c.arms, c.role)
        out.append(first.setdefault(key, c.id))
    return tuple(out)


TWIN: Final[tuple[int, ...]] = _classes()
"""Per card, the lowest id of the cards identical to it (same kind, value, arms and role):
two gold 2s in a hand are the same choice."""


def distinct(cards: list[int]) -> list[int]:
    """``cards`` with identical cards kept once (the lowest id of each)."""
    seen: set[int] = set()
    out = []
    for c in sorted(cards):
        twin = TWIN[c]
        if twin not in seen:
            seen.add(twin)
            out.append(c)
    return out
