"""Louis XIV for learning agents: its action tokens and its observation vector.

Action fields: influence cards 0–12 (0 the joker), tiles 1–12, a stone distribution as one
value (every distribution any card or the boost allows, from the rules' own placement
table), chips by letter, mission cards 0–39, and the missions put back by "swap mission
cards" as a sequence.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

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
from ..incremental import Part, encode_view
from ..vector import Vector

ENV_NAME = "Louis14"
"""The game's name in Gymnasium ids: ``sunking/Louis14-v2``."""

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


def _head_read(key: tuple[Any, ...], s: Louis14State) -> tuple[Any, ...]:
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


def _tile_row(back: bool, kind: str, value: int) -> tuple[float, ...]:
    """A tile's side and condition as floats: back, the condition's kind (one-hot with an
    "other" slot) and its value."""
    found = CONDITIONS.index(kind) if kind in CONDITIONS else len(CONDITIONS)
    return (float(back), *(float(found == k) for k in range(len(CONDITIONS) + 1)),
            int(value) / 3.0)


_SIDES = {
    (t, side): (bool(side), TILE_PEOPLE[t].condition(side).kind,
                TILE_PEOPLE[t].condition(side).value)
    for t in range(1, 13) for side in (0, 1)
}
"""Each tile's side and condition (back, kind, value) on each side."""
_ROWS = {side: _tile_row(*side) for side in _SIDES.values()}


def _tiles_of_view(view: Mapping[str, Any], seat: int) -> tuple[Any, ...]:
    return tuple(
        ((tile["side"] == "back", tile["condition"]["kind"], tile["condition"]["value"]),
         bool(tile["louis"]), tuple(tile["stones"]))
        for tile in view["tiles"]
    )


def _tiles_key(s: Louis14State, seat: int) -> tuple[Any, ...]:
    return s.side, s.louis_tile, s.board, s.colours


def _tiles_read(key: tuple[Any, ...], s: Louis14State) -> tuple[Any, ...]:
    side, louis_tile, board, c = key
    return tuple((_SIDES[t, side[t]], louis_tile == t, tuple(board[t * c:(t + 1) * c]))
                 for t in range(1, 13))


def _tile_rows(values: tuple[Any, ...], seat: int, n: int) -> tuple[Any, ...]:
    return values


def _write_tile(row: tuple[Any, ...], seat: int, n: int, out: Vector) -> None:
    """One tile: its side and condition, whether Louis is on it, and each seat's stones
    (the observing seat's first)."""
    side, louis, stones = row
    flat = list(_ROWS[side] if side in _ROWS else _tile_row(*side))
    flat.append(1.0 if louis else 0.0)
    flat += [stones[p] / 3.0 for p in _seats(seat, n)]
    out.numbers("tiles", flat)


def _supplies_of_view(view: Mapping[str, Any], seat: int) -> tuple[Any, ...]:
    return tuple((pl["money"], pl["personal"], pl["general"], pl["on_court"], pl["blazons"],
                  pl["influence_cards"], pl["intrigue_cards"]) for pl in view["players"])


def _supplies_key(s: Louis14State, seat: int) -> tuple[Any, ...]:
    return (s.num_players, s.colours, s.money, s.personal, s.general, s.board, s.blazons,
            s.hand, s.intrigue)


def _supplies_read(key: tuple[Any, ...], s: Louis14State) -> tuple[Any, ...]:
    n, c, money, personal, general, board, blazons, hand, intrigue = key
    return tuple(
        (money[p], personal[p], general[p], sum(board[c + p:13 * c:c]),
         sum(blazons[p * BLAZON_SLOTS:(p + 1) * BLAZON_SLOTS]),
         sum(hand[p * FACES:(p + 1) * FACES]), bin(intrigue[p]).count("1"))
        for p in range(n)
    )


def _seated(values: tuple[Any, ...], seat: int, n: int) -> tuple[Any, ...]:
    """A part's values of every seat, the observing seat's first and clockwise on."""
    return tuple(values[p] for p in _seats(seat, n))


def _write_supply_row(row: tuple[Any, ...], seat: int, n: int, out: Vector) -> None:
    out.numbers("players.supplies", row, 10.0)


def _chips_of_view(view: Mapping[str, Any], seat: int) -> tuple[Any, ...]:
    return tuple(tuple(pl["chips"][c] for c in CHIP_CODES) for pl in view["players"])


def _chips_key(s: Louis14State, seat: int) -> tuple[Any, ...]:
    return s.num_players, s.chips


def _chips_read(key: tuple[Any, ...], s: Louis14State) -> tuple[Any, ...]:
    n, chips = key
    return tuple(tuple(chips[p * CHIP_SLOTS:(p + 1) * CHIP_SLOTS]) for p in range(n))


def _write_chip_row(row: tuple[Any, ...], seat: int, n: int, out: Vector) -> None:
    out.numbers("players.chips", row, 2.0)


def _missions_of_view(view: Mapping[str, Any], seat: int) -> tuple[Any, ...]:
    return tuple(
        (tuple(pl["missions_in_hand"][d] for d in DECKS), tuple(pl["laid_missions"]),
         tuple(pl["used_missions"]))
        for pl in view["players"]
    )


def _missions_key(s: Louis14State, seat: int) -> tuple[Any, ...]:
    return s.missions, s.laid, s.used


def _missions_read(key: tuple[Any, ...], s: Louis14State) -> tuple[Any, ...]:
    missions, laid, used = key
    return tuple(
        (tuple(sum(1 for m in missions[p] if MISSIONS[m].deck == d)
               for d in range(len(DECKS))),
         tuple(laid[p]), tuple(m for m in laid[p] if used[p] >> m & 1))
        for p in range(len(missions))
    )


def _write_missions(values: tuple[Any, ...], seat: int, n: int, out: Vector) -> None:
    players = [values[p] for p in _seats(seat, n)]
    out.numbers("players.missions_in_hand", (v for pl in players for v in pl[0]))
    for k, (_in_hand, laid, used) in enumerate(players):
        out.counts(f"player{k}.laid_missions", laid, len(MISSIONS))
        out.counts(f"player{k}.used_missions", used, len(MISSIONS))


def _supply_of_view(view: Mapping[str, Any], seat: int) -> tuple[Any, ...]:
    supply = view["supply"]
    decks = (supply["blazons"], supply["influence_deck"], supply["intrigue_deck"],
             supply["money_deck"], *(supply["mission_decks"][d] for d in DECKS))
    return (view["neutral_pool"], tuple(supply["chips"][c] for c in CHIP_CODES), decks,
            tuple(supply["center"]), tuple(c["card"] for c in view["intrigue_deck_known"]))


def _supply_key(s: Louis14State, seat: int) -> tuple[Any, ...]:
    return (s.num_players, s.neutral_pool, s.chip_supply, s.blazon_pool, len(s.deck),
            s.intrigue_deck, s.intrigue_known, len(s.money_deck), s.mission_decks, s.center)


def _supply_read(key: tuple[Any, ...], s: Louis14State) -> tuple[Any, ...]:
    n, pool, chips, blazons, deck, intrigue, intrigue_known, money, missions, center = key
    decks = (sum(blazons), deck, len(intrigue), money, *(len(d) for d in missions))
    return (pool, tuple(max(0, c) for c in chips), decks, tuple(sorted(center)),
            _known(intrigue, intrigue_known, (1 << n) - 1))


def _write_supply(values: tuple[Any, ...], seat: int, n: int, out: Vector) -> None:
    pool, chips, decks, center, intrigue_known = values
    out.number("neutral_pool", int(pool), 8.0)
    out.numbers("supply.chips", chips, 6.0)
    out.numbers("supply.decks", decks, 20.0)
    out.counts("supply.center", center, 13)
    out.counts("intrigue_deck_known", intrigue_known, 13)


def _hand_of_view(view: Mapping[str, Any], seat: int) -> tuple[Any, ...]:
    you = view["you"]
    return (tuple(you["influence_hand"]), tuple(you["intrigue_hand"]), tuple(you["missions"]),
            (*you["blazon_kinds"], you["kindless_blazons"]))


def _hand_key(s: Louis14State, seat: int) -> tuple[Any, ...]:
    base = seat * FACES
    return (s.hand[base:base + FACES], s.intrigue[seat], s.missions[seat],
            s.blazons[seat * BLAZON_SLOTS:(seat + 1) * BLAZON_SLOTS])


def _hand_read(key: tuple[Any, ...], s: Louis14State) -> tuple[Any, ...]:
    hand, intrigue, missions, blazons = key
    return (tuple(f for f in range(FACES) for _ in range(hand[f])),
            tuple(t for t in range(1, 13) if intrigue >> t & 1), tuple(missions),
            tuple(blazons))


def _write_hand(values: tuple[Any, ...], seat: int, n: int, out: Vector) -> None:
    influence, intrigue, missions, blazons = values
    out.counts("you.influence_hand", influence, 13)
    out.counts("you.intrigue_hand", intrigue, 13)
    out.counts("you.missions", missions, len(MISSIONS))
    out.numbers("you.blazon_kinds", blazons, 3.0)


def _decks_of_view(view: Mapping[str, Any], seat: int) -> tuple[Any, ...]:
    you = view["you"]
    return (tuple(c["card"] for c in you["known_influence_deck"]),
            tuple(c["card"] for d in DECKS for c in you["known_mission_decks"][d]))


def _decks_key(s: Louis14State, seat: int) -> tuple[Any, ...]:
    return seat, s.deck, s.deck_known, s.mission_decks, s.mission_known


def _decks_read(key: tuple[Any, ...], s: Louis14State) -> tuple[Any, ...]:
    seat, deck, deck_known, mission_decks, known = key
    bit = 1 << seat
    return (_known(deck, deck_known, bit),
            tuple(card for d in range(len(DECKS))
                  for card in _known(mission_decks[d], known[d], bit)))


def _write_decks(values: tuple[Any, ...], seat: int, n: int, out: Vector) -> None:
    known_influence, known_missions = values
    out.counts("you.known_influence_deck", known_influence, 13)
    out.counts("you.known_mission_decks", known_missions, len(MISSIONS))


def _known(deck: Sequence[int], known: Sequence[int], seats: int) -> tuple[int, ...]:
    """The cards of a pile every seat of the bit set ``seats`` knows, bottom first."""
    return tuple(card for card, mask in zip(deck, known, strict=True) if mask & seats == seats)


PARTS = (
    Part(_head_of_view, _head_key, _write_head, _head_read, public=True),
    Part(_tiles_of_view, _tiles_key, _write_tile, _tiles_read, public=True, rows=_tile_rows),
    Part(_supplies_of_view, _supplies_key, _write_supply_row, _supplies_read, public=True,
         rows=_seated),
    Part(_chips_of_view, _chips_key, _write_chip_row, _chips_read, public=True,
         rows=_seated),
    Part(_missions_of_view, _missions_key, _write_missions, _missions_read, public=True),
    Part(_supply_of_view, _supply_key, _write_supply, _supply_read, public=True),
    Part(_hand_of_view, _hand_key, _write_hand, _hand_read),
    Part(_decks_of_view, _decks_key, _write_decks, _decks_read),
)
"""The incremental encoder (:mod:`..incremental`): the same segments, keyed on the state."""


def _seats(seat: int, n: int) -> Iterable[int]:
    """Every seat, starting with ``seat`` and going clockwise."""
    return ((seat + k) % n for k in range(n))


def encode(view: Mapping[str, Any], seat: int, out: Vector) -> None:
    """Write ``seat``'s view of Louis XIV into ``out``. Seat-indexed segments start with
    the observing seat and go clockwise."""
    encode_view(PARTS, view, seat, out)
