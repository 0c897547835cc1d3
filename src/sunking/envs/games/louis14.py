"""Louis XIV for learning agents: its action tokens and its observation vector.

Action fields: influence cards 0–12 (0 the joker), tiles 1–12, a stone distribution as one
value (every distribution any card or the boost allows, from the rules' own placement
table), chips by letter, mission cards 0–39, and the missions put back by "swap mission
cards" as a sequence.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import numpy as np

from ...core.agenda import decision_json
from ...games.louis14.actions import ACTION_CLASSES
from ...games.louis14.data import (
    BLAZON_KINDS,
    CHIP_CODES,
    DECKS,
    MISSIONS,
    MONEY_CARDS,
    ROUNDS,
)
from ...games.louis14.data import TILES as TILE_PEOPLE
from ...games.louis14.flow import FLOW
from ...games.louis14.placement import BOOST_STONES, placements
from ...games.louis14.state import BLAZON_SLOTS, CHIP_SLOTS, FACES, Louis14State
from ...games.louis14.views import _CONTEXT as DECISION_CONTEXT
from ..actions import ActionScheme
from ..incremental import Part
from ..vector import Vector

ENV_NAME = "Louis14"
"""The game's name in Gymnasium ids: ``sunking/Louis14-v0``."""

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


def _decision_of(kind: Any, context: Mapping[str, Any]) -> tuple[Any, Any]:
    return kind, context.get("tile")


def _head_of_view(view: Mapping[str, Any], seat: int) -> tuple[Any, ...]:
    decision = view["decision"] or {}
    money = [0] * 13
    for card in view["money_cards"]:
        money[int(card["tile"])] += int(card["amount"])
    return (view["round"], view["phase"], *_decision_of(decision.get("kind"), decision),
            view["start_player"], view["louis_tile"], tuple(money))


def _head_key(s: Louis14State, seat: int) -> tuple[Any, ...]:
    return s.round, s.phase, s.pending, s.start, s.louis_tile, s.money_revealed


def _head_read(key: tuple[Any, ...]) -> tuple[Any, ...]:
    round_, phase, pending, start, louis_tile, revealed = key
    money = [0] * 13
    for i in revealed:
        money[MONEY_CARDS[i].tile] += MONEY_CARDS[i].amount
    decision = decision_json(pending, DECISION_CONTEXT) or {}
    return (round_, phase, *_decision_of(decision.get("kind"), decision), start, louis_tile,
            tuple(money))


def _write_head(values: tuple[Any, ...], seat: int, n: int, out: Vector) -> None:
    round_, phase, kind, tile, start, louis_tile, money = values
    out.one_hot("round", int(round_) - 1, ROUNDS)
    out.category("phase", phase, PHASES)
    out.category("decision", kind, DECISIONS)
    out.one_hot("decision_tile", tile, 13)
    out.one_hot("start_player", (int(start) - seat) % n, n)
    out.one_hot("louis_tile", int(louis_tile), 13)
    out.numbers("money_cards", money, 5.0)


def _tiles_of_view(view: Mapping[str, Any], seat: int) -> tuple[Any, ...]:
    return tuple(
        (tile["side"] == "back", tile["condition"]["kind"], tile["condition"]["value"],
         bool(tile["louis"]), tuple(tile["stones"]))
        for tile in view["tiles"]
    )


def _tiles_key(s: Louis14State, seat: int) -> tuple[Any, ...]:
    return s.side, s.louis_tile, s.board, s.colours


def _tiles_read(key: tuple[Any, ...]) -> tuple[Any, ...]:
    side, louis_tile, board, c = key
    rows = []
    for t in range(1, 13):
        cond = TILE_PEOPLE[t].condition(side[t])
        rows.append((bool(side[t]), cond.kind, cond.value, louis_tile == t,
                     tuple(board[t * c:(t + 1) * c])))
    return tuple(rows)


def _write_tiles(values: tuple[Any, ...], seat: int, n: int, out: Vector) -> None:
    order = list(_seats(seat, n))
    tiles = np.zeros((12, 7 + n), dtype=np.float32)
    for row, (back, kind, value, louis, stones) in zip(tiles, values, strict=True):
        row[0] = back
        row[1 + (CONDITIONS.index(kind) if kind in CONDITIONS else len(CONDITIONS))] = 1.0
        row[5] = int(value) / 3.0
        row[6] = louis
        row[7:] = [stones[p] / 3.0 for p in order]
    out.block("tiles", tiles)


def _players_of_view(view: Mapping[str, Any], seat: int) -> tuple[Any, ...]:
    return tuple(
        ((pl["money"], pl["personal"], pl["general"], pl["on_court"], pl["blazons"],
          pl["influence_cards"], pl["intrigue_cards"]),
         tuple(pl["chips"][c] for c in CHIP_CODES),
         tuple(pl["missions_in_hand"][d] for d in DECKS),
         tuple(pl["laid_missions"]), tuple(pl["used_missions"]))
        for pl in view["players"]
    )


def _players_key(s: Louis14State, seat: int) -> tuple[Any, ...]:
    return (s.num_players, s.colours, s.money, s.personal, s.general, s.board, s.blazons,
            s.hand, s.intrigue, s.chips, s.missions, s.laid, s.used)


def _players_read(key: tuple[Any, ...]) -> tuple[Any, ...]:
    n, c, money, personal, general, board, blazons, hand, intrigue, chips, missions, laid, \
        used = key
    out = []
    for p in range(n):
        supplies = (money[p], personal[p], general[p],
                    sum(board[t * c + p] for t in range(1, 13)),
                    sum(blazons[p * BLAZON_SLOTS:(p + 1) * BLAZON_SLOTS]),
                    sum(hand[p * FACES:(p + 1) * FACES]), bin(intrigue[p]).count("1"))
        in_hand = tuple(sum(1 for m in missions[p] if MISSIONS[m].deck == d)
                        for d in range(len(DECKS)))
        out.append((supplies, tuple(chips[p * CHIP_SLOTS:(p + 1) * CHIP_SLOTS]), in_hand,
                    tuple(laid[p]), tuple(m for m in laid[p] if used[p] >> m & 1)))
    return tuple(out)


def _write_players(values: tuple[Any, ...], seat: int, n: int, out: Vector) -> None:
    players = [values[p] for p in _seats(seat, n)]
    out.block("players.supplies", np.array([pl[0] for pl in players]) / 10.0)
    out.block("players.chips", np.array([pl[1] for pl in players]) / 2.0)
    out.block("players.missions_in_hand", np.array([pl[2] for pl in players]))
    for k, pl in enumerate(players):
        out.counts(f"player{k}.laid_missions", pl[3], len(MISSIONS))
        out.counts(f"player{k}.used_missions", pl[4], len(MISSIONS))


def _supply_of_view(view: Mapping[str, Any], seat: int) -> tuple[Any, ...]:
    supply = view["supply"]
    decks = (supply["blazons"], supply["influence_deck"], supply["intrigue_deck"],
             supply["money_deck"], *(supply["mission_decks"][d] for d in DECKS))
    return (view["neutral_pool"], tuple(supply["chips"][c] for c in CHIP_CODES), decks,
            tuple(supply["center"]), tuple(c["card"] for c in view["intrigue_deck_known"]))


def _supply_key(s: Louis14State, seat: int) -> tuple[Any, ...]:
    return (s.num_players, s.neutral_pool, s.chip_supply, s.blazon_pool, len(s.deck),
            s.intrigue_deck, s.intrigue_known, len(s.money_deck), s.mission_decks, s.center)


def _supply_read(key: tuple[Any, ...]) -> tuple[Any, ...]:
    n, pool, chips, blazons, deck, intrigue, intrigue_known, money, missions, center = key
    decks = (sum(blazons), deck, len(intrigue), money, *(len(d) for d in missions))
    return (pool, tuple(max(0, c) for c in chips), decks, tuple(center),
            _known(intrigue, intrigue_known, (1 << n) - 1))


def _write_supply(values: tuple[Any, ...], seat: int, n: int, out: Vector) -> None:
    pool, chips, decks, center, intrigue_known = values
    out.number("neutral_pool", int(pool), 8.0)
    out.numbers("supply.chips", chips, 6.0)
    out.numbers("supply.decks", decks, 20.0)
    out.counts("supply.center", center, 13)
    out.counts("intrigue_deck_known", intrigue_known, 13)


def _own_of_view(view: Mapping[str, Any], seat: int) -> tuple[Any, ...]:
    you = view["you"]
    return (tuple(you["influence_hand"]), tuple(you["intrigue_hand"]), tuple(you["missions"]),
            (*you["blazon_kinds"], you["kindless_blazons"]),
            tuple(c["card"] for c in you["known_influence_deck"]),
            tuple(c["card"] for d in DECKS for c in you["known_mission_decks"][d]))


def _own_key(s: Louis14State, seat: int) -> tuple[Any, ...]:
    base = seat * FACES
    return (seat, s.hand[base:base + FACES], s.intrigue[seat], s.missions[seat],
            s.blazons[seat * BLAZON_SLOTS:(seat + 1) * BLAZON_SLOTS], s.deck, s.deck_known,
            s.mission_decks, s.mission_known)


def _own_read(key: tuple[Any, ...]) -> tuple[Any, ...]:
    seat, hand, intrigue, missions, blazons, deck, deck_known, mission_decks, known = key
    bit = 1 << seat
    return (tuple(f for f in range(FACES) for _ in range(hand[f])),
            tuple(t for t in range(1, 13) if intrigue >> t & 1), tuple(missions),
            tuple(blazons), _known(deck, deck_known, bit),
            tuple(card for d in range(len(DECKS))
                  for card in _known(mission_decks[d], known[d], bit)))


def _write_own(values: tuple[Any, ...], seat: int, n: int, out: Vector) -> None:
    influence, intrigue, missions, blazons, known_influence, known_missions = values
    out.counts("you.influence_hand", influence, 13)
    out.counts("you.intrigue_hand", intrigue, 13)
    out.counts("you.missions", missions, len(MISSIONS))
    out.numbers("you.blazon_kinds", blazons, 3.0)
    out.counts("you.known_influence_deck", known_influence, 13)
    out.counts("you.known_mission_decks", known_missions, len(MISSIONS))


def _known(deck: Sequence[int], known: Sequence[int], seats: int) -> tuple[int, ...]:
    """The cards of a pile every seat of the bit set ``seats`` knows, bottom first."""
    return tuple(card for card, mask in zip(deck, known, strict=True) if mask & seats == seats)


_WRITERS = (
    (_head_of_view, Part(_head_key, _write_head, _head_read)),
    (_tiles_of_view, Part(_tiles_key, _write_tiles, _tiles_read)),
    (_players_of_view, Part(_players_key, _write_players, _players_read)),
    (_supply_of_view, Part(_supply_key, _write_supply, _supply_read)),
    (_own_of_view, Part(_own_key, _write_own, _own_read)),
)
PARTS = tuple(part for _of_view, part in _WRITERS)
"""The incremental encoder (:mod:`..incremental`): the same segments, keyed on the state."""


def _seats(seat: int, n: int) -> Iterable[int]:
    """Every seat, starting with ``seat`` and going clockwise."""
    return ((seat + k) % n for k in range(n))


def encode(view: Mapping[str, Any], seat: int, out: Vector) -> None:
    """Write ``seat``'s view of Louis XIV into ``out``. Seat-indexed segments start with
    the observing seat and go clockwise."""
    n = int(view["num_players"])
    for of_view, part in _WRITERS:
        part.write(of_view(view, seat), seat, n, out)
