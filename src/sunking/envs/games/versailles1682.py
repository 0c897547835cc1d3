"""Versailles 1682 for learning agents: its action tokens and its observation vector.

Action fields: card ids 0–109, seats 0–5 (with −1 the King and −2 the Queen as card targets,
−1 the House of the King for a withdrawn office), the payments the rules allow, the family
names and genders of the courtiers, the parties, royals and places by name, the favours an
offer asks. What is said at the table out of turn, an address (``address``, free text) and
the steward's fine for a wrong one (``fine``), is not offered to agents: agents never
address anyone, so no fault ever waits for a fine.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...games.versailles1682.actions import ACTION_CLASSES, Address, Fine
from ...games.versailles1682.data import (
    COUNTRIES,
    DECK_SIZE,
    FAMILY_NAMES,
    FAVOURS,
    NO_STANDING,
    PAYMENTS,
)
from ...games.versailles1682.flow import FLOW
from ...games.versailles1682.incomes import income_of
from ...games.versailles1682.state import (
    BOX,
    DISCARD,
    HOUSE_ZONE,
    PLACES,
    STATUS_NAMES,
    TABLEAU,
    TALON,
    V1682State,
)
from ..actions import ActionScheme
from ..incremental import Part, Recent, encode_view
from ..vector import Vector

ENV_NAME = "Versailles1682"
"""The game's name in Gymnasium ids: ``sunking/Versailles1682-v2``."""

CARDS = range(DECK_SIZE)
SEATS = range(6)
ROYALS = ("king", "queen")
PHASES = FLOW.phases
DECISIONS = FLOW.decision_kinds
"""The game's phases and decision kinds, as its flow declares them (one-hot each, with an
'other' slot)."""

NOTHING_HIDDEN: Mapping[str, Any] = {"hand": [], "known_cards": [], "shown": [], "promises": []}
"""The ``you`` of a view that holds no hidden card: what the public observation encodes."""

SCHEME = ActionScheme(
    [cls for cls in ACTION_CLASSES if cls not in (Address, Fine)],
    fields={
        "name": FAMILY_NAMES,
        "gender": ("f", "m"),
        "party": COUNTRIES,
        "country": COUNTRIES,
        "to": SEATS,
        "amount": PAYMENTS,
        "favour": FAVOURS,
        "card": CARDS,
        "office": CARDS,
        "place": ("versailles", "hunt"),
        "beneficiary": SEATS,
        "queen": (False, True),
        "target": SEATS,
        "royal": ROYALS,
        "sign": (-1, 1),
        "spouse": SEATS,
    },
    overrides={
        "play.target": range(-2, 6),
        "play.royal": ("", *ROYALS),
        "withdraw_office.to": range(-1, 6),
    },
)


_ZONE_COUNT = TALON + 1
"""The zones a card can be in: 0 … TALON."""


def _sort_zones(where: list[int]) -> dict[int, tuple[int, ...]]:
    """Zone → its cards by id."""
    buckets: list[list[int]] = [[] for _ in range(_ZONE_COUNT)]
    for card, zone in enumerate(where):
        buckets[zone].append(card)
    return {zone: tuple(cards) for zone, cards in enumerate(buckets) if cards}


_zones = Recent(_sort_zones)
"""The zones of a state's card places, worked out once for all its parts and seats."""


def _rel(p: Any, seat: int, n: int) -> int | None:
    return None if p is None else (int(p) - seat) % n


def _court_of_view(view: Mapping[str, Any], seat: int) -> tuple[Any, ...]:
    decision = view["decision"] or {}
    return (view["round"], view["round_limit"], view["target"], view["phase"],
            decision.get("kind"), view["steward"], view["turn"], view["actions_left"],
            view["court"], view["king"] == "alive", view["queen"], view["queen_origin"],
            view["regency_until_round"], view["secret_wife"], view["favourite"],
            view["queens_lover"], tuple(view["wars"]))


def _court_key(s: V1682State, seat: int) -> tuple[Any, ...]:
    return (s.round, s.round_limit, s.target, s.phase,
            None if s.pending is None else s.pending[0], s.steward, s.turn_seat,
            s.actions_left, s.court, s.king, s.queen, s.queen_origin, s.regency_until,
            s.secret_wife, s.favourite, s.lover, s.wars)


def _court_read(key: tuple[Any, ...], s: V1682State) -> tuple[Any, ...]:
    (round_, limit, target, phase, kind, steward, turn, actions, court, king, queen, origin,
     regency, wife, favourite, lover, wars) = key

    def seat_or_none(p: int) -> int | None:
        return p if p >= 0 else None

    queen_is = "regent" if (queen and not king) else ("alive" if queen else "dead")
    return (round_, limit, target, phase, kind, steward, seat_or_none(turn), actions,
            PLACES[court], bool(king), queen_is, COUNTRIES[origin] if origin >= 0 else None,
            regency or None, seat_or_none(wife), seat_or_none(favourite), seat_or_none(lover),
            tuple(COUNTRIES[c] for c in wars))


def _write_court(values: tuple[Any, ...], seat: int, n: int, out: Vector) -> None:
    (round_, limit, target, phase, kind, steward, turn, actions, court, king_alive, queen,
     origin, regency, wife, favourite, lover, wars) = values
    out.number("round", int(round_), 10.0)
    out.number("rounds_left", int(limit) - int(round_), 10.0)
    out.number("target", int(target), 10000.0)
    out.category("phase", phase, PHASES)
    out.category("decision", kind, DECISIONS)
    out.one_hot("steward", _rel(steward, seat, n), n)
    out.one_hot("turn", _rel(turn, seat, n), n)
    out.number("actions_left", int(actions))
    out.one_hot("court", PLACES.index(court), len(PLACES))
    out.flag("king_alive", king_alive)
    out.one_hot("queen", ("alive", "regent", "dead").index(queen), 3)
    out.one_hot("queen_origin", None if origin is None else COUNTRIES.index(origin), 3)
    out.number("regency_rounds", 0 if regency is None else regency - int(round_), 10.0)
    out.one_hot("secret_wife", _rel(wife, seat, n), n)
    out.one_hot("favourite", _rel(favourite, seat, n), n)
    out.one_hot("queens_lover", _rel(lover, seat, n), n)
    out.counts("wars", [COUNTRIES.index(c) for c in wars], 3)


def _piles_of_view(view: Mapping[str, Any], seat: int) -> tuple[Any, ...]:
    return (tuple(c["id"] for c in view["war_minister_box"]),
            tuple(c["id"] for c in view["house_of_the_king"]),
            tuple(c["id"] for c in view["discard_pile"]), view["talon"])


def _piles_key(s: V1682State, seat: int) -> tuple[Any, ...]:
    return s.where, len(s.talon)


def _piles_read(key: tuple[Any, ...], s: V1682State) -> tuple[Any, ...]:
    where, talon = key
    zones = _zones(where)
    return (*(zones.get(zone, ()) for zone in (BOX, HOUSE_ZONE, DISCARD)), talon)


def _write_piles(values: tuple[Any, ...], seat: int, n: int, out: Vector) -> None:
    box, house, discard, talon = values
    out.counts("war_minister_box", box, DECK_SIZE)
    out.counts("house_of_the_king", house, DECK_SIZE)
    out.counts("discard_pile", discard, DECK_SIZE)
    out.number("talon", int(talon), 50.0)


def _courtiers_of_view(view: Mapping[str, Any], seat: int) -> tuple[Any, ...]:
    negotiation = view["negotiation"]
    return tuple(
        (c["party"], c["place"], bool(c["awaiting_heir"]), c["king_standing"],
         c["queen_standing"], c["spouse"], bool(c["poisoner"]), c["fortune"], c["income"],
         tuple(card["id"] for card in c["cards"]), c["hand_size"], bool(c["power_used"]),
         moves, bool(done))
        for c, moves, done in zip(view["courtiers"], negotiation["moves"],
                                  negotiation["done"], strict=True)
    )


def _courtiers_key(s: V1682State, seat: int) -> tuple[Any, ...]:
    return (s.where, s.paid, s.party, s.status, s.heir, s.king_standing, s.queen_standing,
            s.spouse, s.poisoner, s.fortune, s.power_used, s.negotiation_moves_made,
            s.negotiation_done)


def _courtiers_read(key: tuple[Any, ...], s: V1682State) -> tuple[Any, ...]:
    where, _paid, party, status, heir, king, queen, spouse, poisoner, fortune, power, moves, \
        done = key
    zones = _zones(where)
    out = []
    for p in range(len(party)):
        out.append((
            COUNTRIES[party[p]] if party[p] >= 0 else None, STATUS_NAMES[status[p]],
            bool(heir[p]), None if king[p] == NO_STANDING else king[p],
            None if queen[p] == NO_STANDING else queen[p],
            spouse[p] if spouse[p] >= 0 else None, bool(poisoner[p]), fortune[p],
            income_of(s, p), zones.get(TABLEAU + p, ()), len(zones.get(p, ())),
            bool(power[p]), moves[p], bool(done[p]),
        ))
    return tuple(out)


_COURTIER_NAMES = tuple(
    tuple(f"courtier{k}.{field}" for field in (
        "party", "place", "awaiting_heir", "king_standing_known", "king_standing",
        "queen_standing_known", "queen_standing", "spouse", "poisoner", "fortune", "income",
        "cards", "hand_size", "power_used", "negotiation_moves", "negotiation_done"))
    for k in SEATS
)
"""The segments of the courtier ``k`` seats after the observing one, named once."""


def _courtier_rows(values: tuple[Any, ...], seat: int, n: int) -> tuple[Any, ...]:
    """Each courtier with how many seats after the observing one it sits, the observing
    seat's first."""
    return tuple((k, values[(seat + k) % n]) for k in range(n))


def _write_courtier(row: tuple[int, tuple[Any, ...]], seat: int, n: int, out: Vector) -> None:
    """One courtier as the view shows it, with its negotiation moves and whether it is done
    negotiating."""
    k, c = row
    names = _COURTIER_NAMES[k]
    (party, place, heir, king, queen, spouse, poisoner, fortune, income, cards, hand_size,
     power_used, moves, done) = c
    out.one_hot(names[0], None if party is None else COUNTRIES.index(party), 3)
    out.one_hot(names[1], STATUS_NAMES.index(place), len(STATUS_NAMES))
    out.flag(names[2], heir)
    out.flag(names[3], king is not None)
    out.number(names[4], king or 0, 10.0)
    out.flag(names[5], queen is not None)
    out.number(names[6], queen or 0, 10.0)
    out.one_hot(names[7], _rel(spouse, seat, n), n)
    out.flag(names[8], poisoner)
    out.number(names[9], int(fortune), 10000.0)
    out.number(names[10], int(income), 5000.0)
    out.counts(names[11], cards, DECK_SIZE)
    out.number(names[12], int(hand_size), 5.0)
    out.flag(names[13], power_used)
    out.number(names[14], int(moves))
    out.flag(names[15], done)


def _own_of_view(view: Mapping[str, Any], seat: int) -> tuple[Any, ...]:
    you = view["you"]
    return (tuple(c["id"] for c in you["hand"]),
            tuple((int(item["seat"]), int(item["card"]["id"])) for item in you["known_cards"]),
            tuple((int(to), int(item["card"])) for item in you["shown"] for to in item["to"]))


def _own_key(s: V1682State, seat: int) -> tuple[Any, ...]:
    return seat, s.num_players, s.where, s.known


def _own_read(key: tuple[Any, ...], s: V1682State) -> tuple[Any, ...]:
    seat, n, where, known = key
    bit = 1 << seat
    return (_zones(where).get(seat, ()),
            tuple((holder, card) for holder, card, mask in known
                  if mask & bit and holder != seat),
            tuple((q, card) for holder, card, mask in known if holder == seat
                  for q in range(n) if mask >> q & 1))


def _write_own(values: tuple[Any, ...], seat: int, n: int, out: Vector) -> None:
    """What only the observing seat sees: its hand, the cards it knows in other hands and
    those it has shown, by seat relative to it."""
    hand, known, shown = values
    out.counts("you.hand", hand, DECK_SIZE)
    out.counts("you.known_cards",
               {(holder - seat) % n * DECK_SIZE + card for holder, card in known},
               DECK_SIZE * n)
    out.counts("you.shown", {(to - seat) % n * DECK_SIZE + card for to, card in shown},
               DECK_SIZE * n)


PARTS = (
    Part(_court_of_view, _court_key, _write_court, _court_read, public=True),
    Part(_piles_of_view, _piles_key, _write_piles, _piles_read, public=True),
    Part(_courtiers_of_view, _courtiers_key, _write_courtier, _courtiers_read, public=True,
         rows=_courtier_rows),
    Part(_own_of_view, _own_key, _write_own, _own_read),
)
"""The incremental encoder (:mod:`..incremental`): the same segments, keyed on the state."""


def encode(view: Mapping[str, Any], seat: int, out: Vector) -> None:
    """Write ``seat``'s view of Versailles 1682 into ``out``. Seat-indexed segments start
    with the observing seat and go clockwise."""
    encode_view(PARTS, view, seat, out)
