"""Component tables of Louis XIV (rulebooks and ``shared/rules/louis14.md``).

Indices used throughout the engine:

* tiles and persons are numbered 1–12 as printed; influence card face 0 is the joker;
* chips: 0 sceptre (S), 1 letter (L), 2 ring (R), 3 helmet (H), 4 crown (C);
* mission decks: 0 light blue, 1 medium blue, 2 dark blue.
"""

from __future__ import annotations

import dataclasses
from typing import Literal

ROUNDS = 4
STONES_PER_COLOUR = 16
NEUTRAL_STONES = 8
STARTING_LOUIS = 5
JOKER = 0
JOKERS = 6
INFLUENCE_COPIES = 2
BLAZON_KINDS = 6
BLAZONS_PER_KIND = 10
CHIP_CODES = ("S", "L", "R", "H", "C")
CHIP_NAMES = ("sceptre", "letter", "ring", "helmet", "crown")
CROWN = 4
CHIPS_PER_KIND = (6, 6, 6, 6, 10)
DECKS = ("light", "medium", "dark")
MONEY_CARDS_IN_PLAY = 4

SETUP_GENERAL: dict[int, tuple[int, ...]] = {2: (5, 6), 3: (5, 5, 6), 4: (5, 5, 6, 7)}
"""Stones each seat puts into the general supply at setup, from the start player on."""

ConditionKind = Literal["money", "first", "stones"]
RewardKind = Literal[
    "chip", "conde", "louis", "maintenon", "influence_card", "blazons", "louvois"
]


@dataclasses.dataclass(frozen=True, slots=True)
class Condition:
    """What a person tile asks for its reward: money(cost), first, or stones(k)."""

    kind: ConditionKind
    value: int = 0
    """The bribe cost for ``money``, the stone threshold for ``stones``; 0 for ``first``."""
    reconstructed: bool = False

    def label(self) -> str:
        if self.kind == "money":
            return f"money({self.value})"
        if self.kind == "stones":
            return f"stones({self.value})"
        return "first"


@dataclasses.dataclass(frozen=True, slots=True)
class PersonTile:
    """One of the twelve person tiles; the reward is the same on both sides."""

    number: int
    name: str
    reward: RewardKind
    reward_value: int
    """The chip index for ``chip``, the amount for ``louis`` and ``blazons``; else 0."""
    front: Condition
    back: Condition

    def condition(self, side: int) -> Condition:
        return self.back if side else self.front


def _money(cost: int, reconstructed: bool = False) -> Condition:
    return Condition("money", cost, reconstructed)


def _stones(k: int, reconstructed: bool = False) -> Condition:
    return Condition("stones", k, reconstructed)


FIRST = Condition("first")
FIRST_DEDUCED = Condition("first", 0, False)
FIRST_RECONSTRUCTED = Condition("first", 0, True)

TILES: dict[int, PersonTile] = {
    t.number: t
    for t in (
        PersonTile(1, "Anne d'Autriche", "chip", 0, _money(3), FIRST),
        PersonTile(2, "Philippe I d'Orléans", "chip", 1, _money(3, True), FIRST_DEDUCED),
        PersonTile(3, "Marie-Thérèse d'Espagne", "chip", 2, _money(3, True), FIRST_DEDUCED),
        PersonTile(4, "le Grand Dauphin", "chip", 3, _money(3), FIRST),
        PersonTile(5, "Françoise-Athénaïs de Montespan", "chip", CROWN, FIRST, _money(3, True)),
        PersonTile(6, "le Grand Condé", "conde", 0, _stones(2, True), _money(2, True)),
        PersonTile(7, "Jean-Baptiste Colbert", "louis", 5, FIRST, _stones(3, True)),
        PersonTile(8, "Françoise de Maintenon", "maintenon", 0, _money(2, True),
                   FIRST_RECONSTRUCTED),
        PersonTile(9, "Louise de La Vallière", "chip", CROWN, FIRST, _money(3, True)),
        PersonTile(10, "Henri de Turenne", "blazons", 2, _stones(2, True), _money(3, True)),
        PersonTile(11, "Jules Mazarin", "influence_card", 0, FIRST, _stones(2, True)),
        PersonTile(12, "François-Michel de Louvois", "louvois", 0, _money(3, True),
                   FIRST_RECONSTRUCTED),
    )
}

POSITIONS: dict[int, tuple[int, int]] = {
    6: (1, 0), 7: (3, 0),
    5: (0, 1), 1: (2, 1), 8: (4, 1),
    4: (1, 2), 2: (3, 2),
    12: (0, 3), 3: (2, 3), 9: (4, 3),
    11: (1, 4), 10: (3, 4),
}
"""(column, row) of each tile on the 5×5 court, row 0 at the top."""

NEIGHBOURS: dict[int, tuple[int, ...]] = {
    tile: tuple(
        sorted(
            other for other, (other_column, other_row) in POSITIONS.items()
            if abs(other_column - column) == 1 and abs(other_row - row) == 1
        )
    )
    for tile, (column, row) in POSITIONS.items()
}
"""Diagonal neighbours of each tile (tiles touch only at corners)."""


@dataclasses.dataclass(frozen=True, slots=True)
class MoneyCard:
    """A money card: the louis d'or each player receives and the tile Louis XIV goes to."""

    id: int
    tile: int
    amount: int
    reconstructed: bool = True


MONEY_CARDS: tuple[MoneyCard, ...] = (
    MoneyCard(0, 1, 2), MoneyCard(1, 1, 5),
    MoneyCard(2, 2, 3), MoneyCard(3, 2, 4),
    MoneyCard(4, 3, 2), MoneyCard(5, 3, 5),
    MoneyCard(6, 4, 3), MoneyCard(7, 4, 4),
)
"""Each of tiles 1–4 is on two cards (confirmed); the amounts are reconstructed."""

INFLUENCE_CARDS: tuple[int, ...] = tuple(
    [JOKER] * JOKERS + [p for p in range(1, 13) for _ in range(INFLUENCE_COPIES)]
)
INTRIGUE_CARDS: tuple[int, ...] = tuple(range(1, 13))

MissionEffect = Literal[
    "stone", "louis", "tile_stone", "extra_mission", "pay_to_pass", "chip_to_crown",
    "swap_missions", "income", "blazon", "louis_tile_stone", "swap_influence", "stones3",
    "boost", "louis3", "end_stone", "intrigue", "win_tie", "stone_for_card", "cheap_bribe",
]

MISSION_TIMING: dict[str, str] = {
    "stone": "supply", "louis": "supply", "income": "supply", "blazon": "supply",
    "stones3": "supply", "louis3": "supply", "intrigue": "supply", "stone_for_card": "supply",
    "tile_stone": "influence_start", "louis_tile_stone": "influence_start",
    "pay_to_pass": "influence", "swap_influence": "influence", "boost": "influence",
    "end_stone": "influence_end",
    "win_tie": "evaluation", "cheap_bribe": "evaluation",
    "extra_mission": "on_lay", "chip_to_crown": "missions", "swap_missions": "missions_end",
}


@dataclasses.dataclass(frozen=True, slots=True)
class MissionCard:
    """A mission card: the chips it needs, its deck, and its reward."""

    id: int
    deck: int
    needs: tuple[int, int]
    """Chip indices; -1 is "?" (any chip)."""
    effect: MissionEffect
    tile: int = 0
    """The tile for ``tile_stone``."""
    reconstructed: bool = True
    """The pairing of chip needs with rewards is reconstructed (counts are confirmed)."""

    @property
    def timing(self) -> str:
        return MISSION_TIMING[self.effect]


def _missions() -> tuple[MissionCard, ...]:
    cards: list[tuple[int, tuple[int, int], MissionEffect, int]] = []
    light_extra: dict[int, tuple[MissionEffect, MissionEffect]] = {
        0: ("extra_mission", "chip_to_crown"),
        1: ("pay_to_pass", "chip_to_crown"),
        2: ("extra_mission", "swap_missions"),
        3: ("pay_to_pass", "swap_missions"),
    }
    for chip in range(4):
        cards.append((0, (chip, -1), "stone", 0))
        cards.append((0, (chip, -1), "louis", 0))
        cards.append((0, (chip, -1), "tile_stone", chip + 1))
        for effect in light_extra[chip]:
            cards.append((0, (chip, -1), effect, 0))
    medium: list[tuple[tuple[int, int], MissionEffect, int]] = [
        ((0, 1), "income", 0), ((0, 1), "louis_tile_stone", 0),
        ((0, 2), "income", 0), ((0, 2), "swap_influence", 0),
        ((0, 3), "blazon", 0), ((0, 3), "tile_stone", 5),
        ((1, 2), "blazon", 0), ((1, 2), "tile_stone", 9),
        ((1, 3), "income", 0), ((1, 3), "swap_influence", 0),
        ((2, 3), "income", 0), ((2, 3), "louis_tile_stone", 0),
    ]
    cards.extend((1, needs, effect, tile) for needs, effect, tile in medium)
    dark: list[tuple[int, MissionEffect]] = [
        (0, "stones3"), (0, "boost"), (1, "louis3"), (1, "end_stone"),
        (2, "intrigue"), (2, "win_tie"), (3, "stone_for_card"), (3, "cheap_bribe"),
    ]
    cards.extend((2, (chip, chip), effect, 0) for chip, effect in dark)
    return tuple(
        MissionCard(i, deck, needs, effect, tile)
        for i, (deck, needs, effect, tile) in enumerate(cards)
    )


MISSIONS: tuple[MissionCard, ...] = _missions()


def _validate() -> None:
    """Check the tables at import: counts, totals and the court's shape."""
    assert sorted(TILES) == list(range(1, 13))
    for t in (1, 2, 3, 4):
        for cond in (TILES[t].front, TILES[t].back):
            assert cond.kind != "stones", "Louis XIV's tiles 1-4 never ask for stones(k)"
    for tile, neighbours in NEIGHBOURS.items():
        for other in neighbours:
            assert tile in NEIGHBOURS[other]
    assert sum(len(neighbours) for neighbours in NEIGHBOURS.values()) == 32
    assert sorted(c.tile for c in MONEY_CARDS) == [1, 1, 2, 2, 3, 3, 4, 4]
    assert len(INFLUENCE_CARDS) == 30 and len(INTRIGUE_CARDS) == 12
    decks = [sum(1 for m in MISSIONS if m.deck == d) for d in range(3)]
    assert decks == [20, 12, 8], decks
    assert len({(m.needs, m.effect, m.tile) for m in MISSIONS}) == 40
    assert sum(CHIPS_PER_KIND) == 34
    for m in MISSIONS:
        if m.deck == 1:
            assert m.needs[0] != m.needs[1] and -1 not in m.needs
        if m.deck == 2:
            assert m.needs[0] == m.needs[1]


_validate()
