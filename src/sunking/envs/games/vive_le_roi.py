"""Vive le Roi for learning agents: its action tokens and its observation vector.

Action fields: card ids 0–113 (every card field), seats 0–5, ``place.onto`` −1 (free in
the structure) or a card, and a batch of cards (``commit.cards``) as a sequence in id order.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from ...games.vive_le_roi.actions import ACTION_CLASSES
from ...games.vive_le_roi.data import DECK_SIZE, MAX_DEALS
from ...games.vive_le_roi.flow import FLOW
from ..actions import ActionScheme
from ..vector import Vector

ENV_NAME = "ViveLeRoi"
"""The game's name in Gymnasium ids: ``sunking/ViveLeRoi-v1``."""

CARDS = range(DECK_SIZE)
SEATS = range(6)
PHASES = FLOW.phases
DECISIONS = FLOW.decision_kinds
"""The game's phases and decision kinds, as its flow declares them (one-hot each, with an
'other' slot)."""
PLACES = ("hand", "middle", "discard", "exchange", "resolving", "attached")
"""Where the seat sees a card, before the structures (one slot per seat)."""
NOTHING_HIDDEN: Mapping[str, Any] = {
    "hand": [], "face_down": -1, "known_hands": [], "known_face_down": [],
}
"""The ``you`` of a view that holds no hidden card: what the public observation encodes."""

SCHEME = ActionScheme(
    ACTION_CLASSES,
    fields={
        "noble": CARDS, "target": CARDS, "province": CARDS, "person": CARDS, "card": CARDS,
        "cards": CARDS, "musketeer": CARDS, "courtier": CARDS, "victim": CARDS,
        "seat": SEATS,
    },
    overrides={"place.onto": range(-1, DECK_SIZE)},
    sequences=("commit.cards",),
)


def encode(view: Mapping[str, Any], seat: int, out: Vector) -> None:
    """Write ``seat``'s view of Vive le Roi into ``out``. Seat-indexed segments start with
    the observing seat and go clockwise."""
    n = int(view["num_players"])

    def rel(p: int) -> int:
        return (p - seat) % n

    out.one_hot("deal", min(int(view["deal"]), MAX_DEALS) - 1, MAX_DEALS)
    out.number("round", int(view["round"]), 10.0)
    out.category("phase", view["phase"], PHASES)
    decision = view["decision"] or {}
    out.category("decision", decision.get("kind"), DECISIONS)
    out.flag("last_round", bool(view["last_round"]))
    out.one_hot("start_player", rel(int(view["start_player"])), n)
    king = view["king"]
    out.one_hot("king.seat", None if king["seat"] is None else rel(int(king["seat"])), n)
    out.flag("king.captive", bool(king["captive"]))
    out.flag("kings_ear_in_middle", bool(view["kings_ear_in_middle"]))
    out.number("draw_pile", int(view["draw_pile"]), 50.0)
    out.numbers("hits", view["hits"], 5.0)
    out.number("decree_failed", int(view["decree_failed"]))
    players = view["players"]
    out.numbers("scores", [view["scores"][(seat + k) % n] for k in range(n)], 100.0)
    out.numbers("hand_sizes", [players[(seat + k) % n]["hand_size"] for k in range(n)], 7.0)
    out.numbers("face_down", [players[(seat + k) % n]["face_down"] for k in range(n)])
    out.numbers("decrees", [players[(seat + k) % n]["decrees"] for k in range(n)])
    you = view["you"]
    where = np.zeros((DECK_SIZE, len(PLACES) + n), dtype=np.float32)
    where[you["hand"], 0] = 1.0
    where[[card for card, _by in view["middle"]], 1] = 1.0
    where[view["discard"], 2] = 1.0
    where[[card for card, _side in view["exchange"]], 3] = 1.0
    where[view["resolving"], 4] = 1.0
    for p, player in enumerate(players):
        for card, onto in player["structure"]:
            where[card, len(PLACES) + rel(p)] = 1.0
            if onto >= 0:
                where[card, 5] = 1.0
    out.block("cards.place", where)
    out.one_hot("you.face_down", you["face_down"] if you["face_down"] >= 0 else None,
                DECK_SIZE)
    known = {int(item["card"]) for item in [*you["known_hands"], *you["known_face_down"]]}
    out.counts("you.known_cards", known, DECK_SIZE)
