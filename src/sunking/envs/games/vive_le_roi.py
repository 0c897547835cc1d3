"""Vive le Roi for learning agents: its action tokens and its observation vector.

Action fields: card ids 0–113 (every card field), seats 0–5, ``place.onto`` −1 (free in
the structure) or a card, and a batch of cards (``commit.cards``) as a sequence in id order.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...games.vive_le_roi.actions import ACTION_CLASSES
from ...games.vive_le_roi.data import DECK_SIZE, EAR_CARD, MAX_DEALS
from ...games.vive_le_roi.flow import FLOW
from ...games.vive_le_roi.state import LOC_EAR, ViveLeRoiState
from ..actions import ActionScheme
from ..incremental import Part, Recent, encode_view
from ..vector import Vector

ENV_NAME = "ViveLeRoi"
"""The game's name in Gymnasium ids: ``sunking/ViveLeRoi-v2``."""

CARDS = range(DECK_SIZE)
SEATS = range(6)
PHASES = FLOW.phases
DECISIONS = FLOW.decision_kinds
"""The game's phases and decision kinds, as its flow declares them (one-hot each, with an
'other' slot)."""
PLACES = ("middle", "discard", "exchange", "resolving", "attached")
"""Where every seat sees a card, before the structures (one slot per seat); the seat's own
hand is a segment of its own (``you.hand``)."""
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


def _head_of_view(view: Mapping[str, Any], seat: int) -> tuple[Any, ...]:
    decision = view["decision"] or {}
    king = view["king"]
    return (view["deal"], view["round"], view["phase"], decision.get("kind"),
            view["last_round"], view["start_player"], king["seat"], king["captive"],
            view["kings_ear_in_middle"], view["draw_pile"], tuple(view["hits"]),
            view["decree_failed"])


def _head_of_state(s: ViveLeRoiState, seat: int) -> tuple[Any, ...]:
    return (s.deal, s.round, s.phase, None if s.pending is None else s.pending[0],
            s.last_round, s.start, s.king, s.captive, s.loc[EAR_CARD] == LOC_EAR, len(s.deck),
            tuple(s.hits), s.decree_failed)


def _write_head(key: tuple[Any, ...], seat: int, n: int, out: Vector) -> None:
    (deal, round_, phase, kind, last_round, start, king, captive, ear, draw_pile, hits,
     decree_failed) = key
    out.one_hot("deal", min(int(deal), MAX_DEALS) - 1, MAX_DEALS)
    out.number("round", int(round_), 10.0)
    out.category("phase", phase, PHASES)
    out.category("decision", kind, DECISIONS)
    out.flag("last_round", bool(last_round))
    out.one_hot("start_player", (int(start) - seat) % n, n)
    out.one_hot("king.seat", None if king is None else (int(king) - seat) % n, n)
    out.flag("king.captive", bool(captive))
    out.flag("kings_ear_in_middle", bool(ear))
    out.number("draw_pile", int(draw_pile), 50.0)
    out.numbers("hits", hits, 5.0)
    out.number("decree_failed", int(decree_failed))


def _players_of_view(view: Mapping[str, Any], seat: int) -> tuple[Any, ...]:
    players = view["players"]
    return (tuple(view["scores"]), tuple(p["hand_size"] for p in players),
            tuple(bool(p["face_down"]) for p in players), tuple(p["decrees"] for p in players))


def _players_key(s: ViveLeRoiState, seat: int) -> tuple[Any, ...]:
    return s.scores, s.hands, s.hidden, s.decrees


def _players_read(key: tuple[Any, ...], s: ViveLeRoiState) -> tuple[Any, ...]:
    scores, hands, hidden, decrees = key
    return (tuple(scores), tuple(len(h) for h in hands), tuple(h >= 0 for h in hidden),
            tuple(decrees))


def _write_players(key: tuple[Any, ...], seat: int, n: int, out: Vector) -> None:
    scores, hand_sizes, face_down, decrees = key
    order = [(seat + k) % n for k in range(n)]
    out.numbers("scores", [scores[p] for p in order], 100.0)
    out.numbers("hand_sizes", [hand_sizes[p] for p in order], 7.0)
    out.numbers("face_down", [face_down[p] for p in order])
    out.numbers("decrees", [decrees[p] for p in order])


def _cards_of_view(view: Mapping[str, Any], seat: int) -> tuple[Any, ...]:
    structures = tuple(
        tuple((card, onto) for card, onto in player["structure"]) for player in view["players"]
    )
    return (tuple(card for card, _by in view["middle"]), tuple(view["discard"]),
            tuple(card for card, _side in view["exchange"]), tuple(view["resolving"]),
            structures)


def _cards_key(s: ViveLeRoiState, seat: int) -> tuple[Any, ...]:
    return s.middle, s.discard, s.fight, s.playing, s.structures, s.attach


def _structures(structures: list[list[int]], attach: list[int]) -> tuple[Any, ...]:
    """Each seat's structure as (card, the card it is attached to)."""
    return tuple(tuple((card, attach[card]) for card in cards) for cards in structures)


_laid = Recent(_structures)
"""The structures of a state, read once for every seat's cards part."""


def _cards_read(key: tuple[Any, ...], s: ViveLeRoiState) -> tuple[Any, ...]:
    middle, discard, fight, playing, structures, attach = key
    return (tuple(middle), tuple(discard), tuple(fight), tuple(playing),
            _laid(structures, attach))


_ATTACHED = 1 << PLACES.index("attached")


def _card_rows(values: tuple[Any, ...], seat: int, n: int) -> list[int]:
    """Each card's columns as the bits of one number: the place it lies in (the middle, the
    discard, the exchange, being resolved, or a seat's structure, the observing seat's
    first) and whether it is attached to another card."""
    middle, discard, exchange, resolving, structures = values
    rows = [0] * DECK_SIZE
    for column, cards in enumerate((middle, discard, exchange, resolving)):
        bit = 1 << column
        for card in cards:
            rows[card] |= bit
    for p, structure in enumerate(structures):
        bit = 1 << (len(PLACES) + (p - seat) % n)
        for card, onto in structure:
            rows[card] |= bit | _ATTACHED if onto >= 0 else bit
    return rows


def _write_card(row: int, seat: int, n: int, out: Vector) -> None:
    width = len(PLACES) + n
    out.counts("cards.place", [c for c in range(width) if row >> c & 1], width)


def _own_of_view(view: Mapping[str, Any], seat: int) -> tuple[Any, ...]:
    you = view["you"]
    known = {int(item["card"]) for item in [*you["known_hands"], *you["known_face_down"]]}
    return tuple(you["hand"]), you["face_down"], tuple(sorted(known))


def _own_key(s: ViveLeRoiState, seat: int) -> tuple[Any, ...]:
    return seat, s.hands[seat], s.known, s.hidden, s.hidden_known


def _own_read(key: tuple[Any, ...], s: ViveLeRoiState) -> tuple[Any, ...]:
    seat, hand, facts, hidden, hidden_known = key
    bit = 1 << seat
    known = {card for _holder, card, mask in facts if mask & bit}
    known.update(card for card, by in zip(hidden, hidden_known, strict=True)
                 if card >= 0 and by & bit)
    return tuple(hand), hidden[seat], tuple(sorted(known))


def _write_own(key: tuple[Any, ...], seat: int, n: int, out: Vector) -> None:
    hand, face_down, known = key
    out.counts("you.hand", hand, DECK_SIZE)
    out.one_hot("you.face_down", face_down if face_down >= 0 else None, DECK_SIZE)
    out.counts("you.known_cards", known, DECK_SIZE)


PARTS = (
    Part(_head_of_view, _head_of_state, _write_head, public=True),
    Part(_players_of_view, _players_key, _write_players, _players_read, public=True),
    Part(_cards_of_view, _cards_key, _write_card, _cards_read, public=True, rows=_card_rows),
    Part(_own_of_view, _own_key, _write_own, _own_read),
)
"""The incremental encoder (:mod:`..incremental`): the same segments, keyed on the state."""


def encode(view: Mapping[str, Any], seat: int, out: Vector) -> None:
    """Write ``seat``'s view of Vive le Roi into ``out``. Seat-indexed segments start with
    the observing seat and go clockwise."""
    encode_view(PARTS, view, seat, out)
