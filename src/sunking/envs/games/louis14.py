"""Louis XIV for learning agents: its action tokens and its observation vector.

Action fields: influence cards 0–12 (0 the joker), tiles 1–12, a stone distribution as one
value (every distribution any card or the boost allows, from the rules' own placement
table), chips by letter, mission cards 0–39, and the missions put back by "swap mission
cards" as a sequence.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

import numpy as np

from ...games.louis14.actions import ACTION_CLASSES
from ...games.louis14.data import BLAZON_KINDS, CHIP_CODES, DECKS, MISSIONS, ROUNDS
from ...games.louis14.flow import FLOW
from ...games.louis14.placement import BOOST_STONES, placements
from ..actions import ActionScheme
from ..vector import Vector

ENV_NAME = "Louis14"
"""The game's name in Gymnasium ids: ``sunking/Louis14-v1``."""

CARDS = range(13)
TILES = range(1, 13)
MISSION_IDS = range(len(MISSIONS))
PHASES = FLOW.phases
DECISIONS = FLOW.decision_kinds
"""The game's phases and decision kinds, as its flow declares them (one-hot each, with an
'other' slot)."""
CONDITIONS = ("first", "money", "stones")
NOTHING_HIDDEN: Mapping[str, Any] = {
    "influence_hand": [], "intrigue_hand": [], "missions": [], "blazon_kinds": [0] * BLAZON_KINDS,
    "kindless_blazons": 0, "known_influence_deck": [],
    "known_mission_decks": {deck: [] for deck in DECKS},
}
"""The ``you`` of a view that holds no hidden card: what the public observation encodes."""


def _distributions() -> list[tuple[tuple[int, int], ...]]:
    found = {
        place.stones
        for card in CARDS
        for personal in range(1, BOOST_STONES + 1)
        for boost in (False, True)
        for place in placements(card, personal, boost)
    }
    return sorted(found)


SCHEME = ActionScheme(
    ACTION_CLASSES,
    fields={
        "card": CARDS,
        "boost": (False, True),
        "louis": range(3),
        "tile": TILES,
        "source": ("general", "personal"),
        "mission": MISSION_IDS,
        "missions": MISSION_IDS,
        "deck": DECKS,
        "chip": CHIP_CODES,
        "chips": [(a, b) for a in CHIP_CODES for b in CHIP_CODES],
    },
    overrides={
        "place.stones": _distributions(),
        "income.stones": range(3),
        "intrigue.stones": range(1, 3),
        "maintenon.stones": range(3),
    },
    sequences=("swap_missions.missions",),
)


def _seats(seat: int, n: int) -> Iterable[int]:
    """Every seat, starting with ``seat`` and going clockwise."""
    return ((seat + k) % n for k in range(n))


def encode(view: Mapping[str, Any], seat: int, out: Vector) -> None:
    """Write ``seat``'s view of Louis XIV into ``out``. Seat-indexed segments start with
    the observing seat and go clockwise."""
    n = int(view["num_players"])
    out.one_hot("round", int(view["round"]) - 1, ROUNDS)
    out.category("phase", view["phase"], PHASES)
    decision = view["decision"] or {}
    out.category("decision", decision.get("kind"), DECISIONS)
    out.one_hot("decision_tile", decision.get("tile"), 13)
    out.one_hot("start_player", (int(view["start_player"]) - seat) % n, n)
    out.one_hot("louis_tile", int(view["louis_tile"]), 13)
    money = [0] * 13
    for card in view["money_cards"]:
        money[int(card["tile"])] += int(card["amount"])
    out.numbers("money_cards", money, 5.0)
    order = list(_seats(seat, n))
    tiles = np.zeros((12, 7 + n), dtype=np.float32)
    for row, tile in zip(tiles, view["tiles"], strict=True):
        cond = tile["condition"]
        kind = cond["kind"]
        row[0] = tile["side"] == "back"
        row[1 + (CONDITIONS.index(kind) if kind in CONDITIONS else len(CONDITIONS))] = 1.0
        row[5] = int(cond["value"]) / 3.0
        row[6] = bool(tile["louis"])
        row[7:] = [tile["stones"][p] / 3.0 for p in order]
    out.block("tiles", tiles)
    players = [view["players"][p] for p in order]
    out.block("players.supplies", np.array(
        [[pl["money"], pl["personal"], pl["general"], pl["on_court"], pl["blazons"],
          pl["influence_cards"], pl["intrigue_cards"]] for pl in players]) / 10.0)
    out.block("players.chips",
              np.array([[pl["chips"][c] for c in CHIP_CODES] for pl in players]) / 2.0)
    out.block("players.missions_in_hand",
              np.array([[pl["missions_in_hand"][d] for d in DECKS] for pl in players]))
    for k, pl in enumerate(players):
        out.counts(f"player{k}.laid_missions", pl["laid_missions"], len(MISSIONS))
        out.counts(f"player{k}.used_missions", pl["used_missions"], len(MISSIONS))
    supply = view["supply"]
    out.number("neutral_pool", int(view["neutral_pool"]), 8.0)
    out.numbers("supply.chips", [supply["chips"][c] for c in CHIP_CODES], 6.0)
    out.numbers(
        "supply.decks",
        [supply["blazons"], supply["influence_deck"], supply["intrigue_deck"],
         supply["money_deck"], *(supply["mission_decks"][d] for d in DECKS)],
        20.0,
    )
    out.counts("supply.center", supply["center"], 13)
    out.counts("intrigue_deck_known", [c["card"] for c in view["intrigue_deck_known"]], 13)
    you = view["you"]
    out.counts("you.influence_hand", you["influence_hand"], 13)
    out.counts("you.intrigue_hand", you["intrigue_hand"], 13)
    out.counts("you.missions", you["missions"], len(MISSIONS))
    out.numbers("you.blazon_kinds", [*you["blazon_kinds"], you["kindless_blazons"]], 3.0)
    out.counts("you.known_influence_deck",
               [c["card"] for c in you["known_influence_deck"]], 13)
    out.counts(
        "you.known_mission_decks",
        [c["card"] for d in DECKS for c in you["known_mission_decks"][d]], len(MISSIONS),
    )
