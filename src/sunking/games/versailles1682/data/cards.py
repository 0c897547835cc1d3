"""The 110 cards of Versailles 1682 as a typed, validated table.

The rules name the cards but print no list (``shared/rules/versailles1682.md`` §1), so the list
is the reconstruction of its §3. Each card type says which of its values a source confirms;
every other value is flagged ``reconstructed=True`` and lives here only, so a look at the real
cards can correct it without touching the rules code.

Card ids are 0–109, grouped by type in the order of :data:`CARD_TYPES`.
"""

from __future__ import annotations

import dataclasses
from typing import Final, Literal

Kind = Literal[
    "title", "marshal", "pension", "office", "letters_patent",
    "war_against", "war_won", "war_lost", "event",
]
Icon = Literal["", "versailles", "hunt", "war"]
"""Where the court must be for the card to be played: castle, hunting horn, cannon, anywhere."""
Gender = Literal["", "m", "f"]
Royal = Literal["", "king", "queen", "choice"]

COUNTRIES: Final = ("england", "spain", "holland")
"""The three powers (§5.0); a party and the Queen's origin are indices into this tuple."""

REQUEST_KINDS: Final = frozenset({"title", "marshal", "pension", "office", "letters_patent"})
"""Cards that need a request to the King (§8.1)."""
TABLEAU_KINDS: Final = frozenset({"title", "marshal", "pension", "office"})
"""Request cards that lie face up in front of a courtier and pay income."""


@dataclasses.dataclass(frozen=True, slots=True)
class CardType:
    """One kind of card and everything the rules need to know about it."""

    key: str
    """Its stable key; its name in every language is in the game's catalogs
    (``versailles1682.type.<key>``, and per card ``versailles1682.card.<id>``)."""
    kind: Kind
    count: int
    income: int = 0
    """Livres per own turn while it lies in front of a courtier (request cards)."""
    gender: Gender = ""
    """The gender the receiving figure must have (§9.1b)."""
    noble: bool = False
    """The receiving figure must hold a title (§9.1d "Adlig")."""
    icon: Icon = ""
    min_royal: Literal["", "king", "queen"] = ""
    min_standing: int = 0
    """Minimum standing of the receiver with ``min_royal`` (§9.1c)."""
    rank: int = 0
    """Titles: 4 Duc, 3 Marquis, 2 Comte, 1 Baron (a courtier is addressed by the highest)."""
    power: str = ""
    """Offices with a power (§9.5): chancellor, finance, war, hunt, governess."""
    governor: bool = False
    """Provincial governorships accumulate with each other (§9.2c)."""
    effect: str = ""
    """Events: what happens to the receiver (see ``event_cards.py``)."""
    royal: Royal = ""
    """Standing events: whose standing changes (``choice``: the player chooses)."""
    amount: int = 0
    """Standing events: the change of standing; wealth events: the change of fortune."""
    threshold: int = 0
    """Disgrace: the highest King standing the receiver may have."""
    country: int = -1
    """War against …: the index of the enemy in :data:`COUNTRIES`."""
    female_player: bool = False
    """Only a player whose figure is a woman may play it (poison, love potion)."""
    confirmed: str = ""
    """What a source confirms about this card (empty: nothing beyond its existence)."""
    reconstructed: bool = True
    """True when a value above (count, income, icon, minimum, effect) is a reconstruction."""


CARD_TYPES: Final[tuple[CardType, ...]] = (
    # --- request cards (§9.2): 39 ---------------------------------------------------------
    CardType("duc", "title", 2, income=7000, rank=4),
    CardType("marquis", "title", 3, income=5000, rank=3,
             confirmed="income 5,000 (§7.4.1f)"),
    CardType("comte", "title", 4, income=3000, rank=2),
    CardType("baron", "title", 5, income=2000, rank=1),
    CardType("marshal", "marshal", 2,
             income=2000, gender="m", noble=True,
             confirmed="two cards, income 2,000 (§9.2d, §7.4.1f)"),
    CardType("pension_2000", "pension", 6, income=2000,
             confirmed="value 2,000 (§9.2e)"),
    CardType("pension_4000", "pension", 3, income=4000,
             confirmed="value 4,000 (§9.2e)"),
    CardType("chancellor", "office", 1, income=3000, gender="m", noble=True, power="chancellor",
             confirmed="power (§9.5a)"),
    CardType("finance_minister", "office", 1,
             income=2000, gender="m", power="finance", confirmed="power (§9.5b)"),
    CardType("war_minister", "office", 1,
             income=2000, gender="m", noble=True, power="war", confirmed="power (§9.5c)"),
    CardType("master_of_hunt", "office", 1,
             income=3000, gender="m", noble=True, power="hunt", confirmed="power (§9.5d)"),
    CardType("governess", "office", 1,
             income=3000, gender="f", noble=True, power="governess",
             confirmed="power (§9.5e)"),
    CardType("first_lady", "office", 1,
             income=4000, gender="f", noble=True),
    CardType("lady_in_waiting", "office", 1,
             income=2000, gender="f"),
    CardType("governor_gascogne", "office", 1,
             income=2000, gender="m", governor=True),
    CardType("governor_normandie", "office", 1,
             income=2000, gender="m", governor=True),
    CardType("governor_bourbonnais", "office", 1,
             income=2000, gender="m", governor=True),
    CardType("letters_patent", "letters_patent", 4,
             confirmed="effect (§9.2a)"),
    # --- war cards (§9.3): 12 --------------------------------------------------------------
    CardType("war_england", "war_against", 2,
             country=0),
    CardType("war_spain", "war_against", 2,
             country=1),
    CardType("war_holland", "war_against", 2,
             country=2),
    CardType("war_won", "war_won", 3,
             icon="war"),
    CardType("war_lost", "war_lost", 3,
             icon="war"),
    # --- events (§9.4): privileged status, 5 ------------------------------------------------
    CardType("favourite", "event", 2, icon="versailles", gender="f", min_royal="king",
             min_standing=6, effect="favourite", confirmed="−2 on requests to the King (§9.4d)"),
    CardType("queens_lover", "event", 2,
             icon="versailles", gender="m", min_royal="queen", min_standing=6,
             effect="lover"),
    CardType("secret_marriage", "event", 1,
             gender="f",
             effect="secret_marriage", confirmed="effect (§10.2)"),
    # --- events: intrigue, removal and return, 19 ------------------------------------------
    CardType("poison", "event", 2, icon="versailles",
             effect="death", female_player=True),
    CardType("love_potion", "event", 2,
             icon="versailles",
             effect="love_potion", amount=3, female_player=True),
    CardType("chambre_ardente", "event", 1,
             effect="poison_trial"),
    CardType("hunting_accident", "event", 2,
             icon="hunt",
             effect="death", confirmed="name, horn icon, may target the Queen (§7.4.1b)"),
    CardType("war_wound", "event", 2,
             icon="war", gender="m",
             effect="death", confirmed="name, cannon icon, may target the King (§7.4.1b)"),
    CardType("disgrace", "event", 3, icon="versailles", effect="exile", threshold=2),
    CardType("scandal", "event", 2, effect="scandal", amount=-3),
    CardType("justice", "event", 3, effect="justice",
             confirmed="only on a Bastille prisoner (§9.1d, §12.0)"),
    CardType("glory", "event", 2,
             effect="glory", royal="king", amount=2,
             confirmed="only on an exile, who returns (§9.1d, §11.0)"),
    # --- events: standing, 26 ---------------------------------------------------------------
    CardType("bon_mot", "event", 3, icon="versailles", effect="standing", royal="king", amount=2),
    CardType("grace_at_ball", "event", 3,
             icon="versailles",
             effect="standing", royal="queen", amount=2),
    CardType("hallali", "event", 3, icon="hunt",
             effect="standing", royal="king", amount=2),
    CardType("bravery", "event", 3,
             icon="war",
             gender="m", effect="standing", royal="king", amount=3),
    CardType("piety", "event", 2, effect="standing", royal="queen", amount=2),
    CardType("faux_pas", "event", 3, icon="versailles", effect="standing", royal="king", amount=-2),
    CardType("slander", "event", 3, effect="standing", royal="choice", amount=-2),
    CardType("cowardice", "event", 2, icon="war",
             gender="m", effect="standing", royal="king", amount=-3),
    CardType("fall_from_horse", "event", 2,
             icon="hunt",
             effect="standing", royal="king", amount=-2),
    CardType("impertinence", "event", 2,
             icon="versailles",
             effect="standing", royal="queen", amount=-2),
    # --- events: wealth, 9 ------------------------------------------------------------------
    CardType("gambling_debts", "event", 3,
             icon="versailles",
             effect="wealth", amount=-5000),
    CardType("luck_at_table", "event", 2,
             icon="versailles", min_royal="king", min_standing=4,
             effect="wealth", amount=4000),
    CardType("inheritance", "event", 2, effect="wealth", amount=6000),
    CardType("spoils_of_war", "event", 1, icon="war", gender="m", effect="wealth", amount=4000),
    CardType("royal_gift", "event", 1,
             min_royal="king",
             min_standing=7, effect="wealth", amount=5000),
)
"""Every card type; their counts add up to the 110 cards of §2.0."""

DECK_SIZE: Final = 110
"""The number of cards (§2.0, confirmed)."""

TYPE_OF: Final[tuple[int, ...]] = tuple(
    t for t, ct in enumerate(CARD_TYPES) for _ in range(ct.count)
)
"""Card id → index into :data:`CARD_TYPES`."""

CARDS: Final[tuple[CardType, ...]] = tuple(CARD_TYPES[t] for t in TYPE_OF)
"""Card id → its type."""

TYPE_INDEX: Final[dict[str, int]] = {ct.key: i for i, ct in enumerate(CARD_TYPES)}


def cards_of(key: str) -> tuple[int, ...]:
    """The ids of every card of the type ``key``.

    Raises:
        KeyError: no card type has that key.
    """
    t = TYPE_INDEX[key]
    return tuple(c for c, ct in enumerate(TYPE_OF) if ct == t)


WAR_ENDINGS: Final[dict[str, dict[str, int]]] = {
    "war_won": {"marshal_king": 2, "marshal_money": 3000, "minister_king": 1},
    "war_lost": {"marshal_king": -2, "marshal_money": 0, "minister_king": -2},
}
"""What ending a war by card does to each Marshal and to the War Minister (reconstructed)."""


def _validate() -> None:
    if sum(ct.count for ct in CARD_TYPES) != DECK_SIZE or len(TYPE_OF) != DECK_SIZE:
        raise ValueError("the card types do not add up to 110 cards")
    if len(TYPE_INDEX) != len(CARD_TYPES):
        raise ValueError("two card types share a key")
    for ct in CARD_TYPES:
        if ct.count < 1:
            raise ValueError(f"card type {ct.key} has no cards")
        if (ct.kind in TABLEAU_KINDS) != (ct.income > 0):
            raise ValueError(f"card type {ct.key}: only tableau cards pay income")
        if (ct.kind == "title") != (ct.rank > 0):
            raise ValueError(f"card type {ct.key}: only titles have a rank")
        if ct.kind == "event" and not ct.effect:
            raise ValueError(f"event {ct.key} has no effect")
        if (ct.kind == "war_against") != (ct.country >= 0):
            raise ValueError(f"card type {ct.key}: only war declarations name a country")
        if ct.governor and (ct.kind != "office" or ct.power):
            raise ValueError(f"card type {ct.key}: governors are offices without power")
    counts: dict[str, int] = {ct.kind: 0 for ct in CARD_TYPES}
    for ct in CARD_TYPES:
        counts[ct.kind] += ct.count
    request = sum(counts[k] for k in REQUEST_KINDS)
    war = counts["war_against"] + counts["war_won"] + counts["war_lost"]
    if (request, war, counts["event"]) != (39, 12, 59):
        raise ValueError(f"deck shape {request}/{war}/{counts['event']}, not 39/12/59")
    if sum(1 for ct in CARD_TYPES if ct.power) != 5:
        raise ValueError("exactly five offices carry a power (§9.5)")


_validate()

KIND_OF: Final[tuple[str, ...]] = tuple(ct.kind for ct in CARDS)
"""Card id → its kind (flat tables for the rules' hot loops)."""
INCOME_OF: Final[tuple[int, ...]] = tuple(ct.income for ct in CARDS)
EFFECT_OF: Final[tuple[str, ...]] = tuple(ct.effect for ct in CARDS)
GENDER_OF: Final[tuple[str, ...]] = tuple(ct.gender for ct in CARDS)
"""Card id → the gender its holder must have ('' for either)."""
IDS_OF_KIND: Final[dict[str, tuple[int, ...]]] = {
    kind: tuple(c for c, k in enumerate(KIND_OF) if k == kind)
    for kind in dict.fromkeys(KIND_OF)
}
"""Kind → the ids of its cards."""
INCOME_CARDS: Final[tuple[int, ...]] = tuple(c for c, i in enumerate(INCOME_OF) if i)
"""The cards that pay income in front of a courtier."""
