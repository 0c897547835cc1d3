"""The legal actions for the decision a state is waiting for.

Cards of one type are interchangeable, so where a player chooses a card from his hand or
from the House of the King, only one card of each type is offered (the lowest id): the
choice of copy changes nothing in the game. The requests and audiences of a turn are listed
in :mod:`.requests`, the office powers in :mod:`.powers`, beside their rules.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterable, Sequence
from typing import Any

from ...core.actions import Action, Interned
from ...core.agenda import Legal, Pending
from .actions import (
    ACCEPT,
    DECLINE,
    DONE,
    DRAW,
    END_TURN,
    KING,
    PASS,
    QUEEN,
    ChooseCourtier,
    ChooseParty,
    Discard,
    DrawHouse,
    Give,
    GiveTo,
    MoveCourt,
    Offer,
    Pay,
    PlayCard,
    PlayWar,
    Show,
)
from .conditions import (
    SEATS,
    can_request,
    court_mask,
    event_targets,
    queen_may_intervene,
)
from .data import (
    CARD_TYPES,
    CARDS,
    COUNTRIES,
    DECK_SIZE,
    FAMILY_NAMES,
    FAVOURS,
    MAX_PLAYERS,
    OFFER_AMOUNTS,
    PAYMENTS,
    REQUEST_KINDS,
    TYPE_OF,
)
from .etiquette import unfined
from .powers import power_actions
from .requests import audience_actions, request_actions
from .state import (
    ABSENT,
    AT_COURT,
    DISCARD,
    EXILE,
    HOUSE_ZONE,
    V1682State,
)

_CHOOSE_COURTIER = Interned(ChooseCourtier)
_DISCARD = Interned(Discard)
_DRAW_HOUSE = Interned(DrawHouse)
_GIVE = Interned(Give)
_GIVE_TO = Interned(GiveTo)
_OFFER = Interned(Offer)
_PAY = Interned(Pay)
_PLAY_CARD = Interned(PlayCard)
_PLAY_WAR = Interned(PlayWar)
_SHOW = Interned(Show)


_AFTER_TYPE: tuple[int, ...] = tuple(
    TYPE_OF.index(TYPE_OF[c]) + CARD_TYPES[TYPE_OF[c]].count for c in range(DECK_SIZE)
)
"""Card id → the first id past the cards of its type (the cards of one type have
consecutive ids)."""
if list(TYPE_OF) != sorted(TYPE_OF):  # pragma: no cover - a broken deck table
    raise ValueError("the cards of one type must have consecutive ids")


def _distinct_in(places: bytes, zone: int) -> tuple[int, ...]:
    """:func:`distinct` of the cards in ``zone``, in id order, from the card places as bytes
    (``bytes(s.where)``: every zone fits in a byte, and ``bytes.find``, unlike
    ``list.index``, tells a miss without raising): each card is found with ``find``, the
    next search starting past the other cards of its type."""
    out: list[int] = []
    find = places.find
    i = find(zone)
    while i >= 0:
        out.append(i)
        i = find(zone, _AFTER_TYPE[i])
    return tuple(out)


def distinct(cards: Iterable[int]) -> list[int]:
    """One card (the lowest id) of each type among ``cards``."""
    seen: set[int] = set()
    out = []
    for c in sorted(cards):
        t = TYPE_OF[c]
        if t not in seen:
            seen.add(t)
            out.append(c)
    return out


COURT_CHOICES = (MoveCourt("versailles"), MoveCourt("hunt"))
PARTIES = tuple(ChooseParty(c) for c in COUNTRIES)


def _choose(s: V1682State, d: Pending) -> tuple[Action, ...]:
    taken = set(s.name)
    return tuple(
        _CHOOSE_COURTIER[name, g]
        for i, name in enumerate(FAMILY_NAMES) if i not in taken for g in ("m", "f")
    )


def _party(s: V1682State, d: Pending) -> tuple[Action, ...]:
    return PARTIES


def _court(s: V1682State, d: Pending) -> tuple[Action, ...]:
    return COURT_CHOICES


_EVERY_OTHER = {
    (n, seat): tuple(p for p in range(n) if p != seat)
    for n in range(1, MAX_PLAYERS + 1) for seat in range(n)
}
"""(players, seat) → every other seat."""


_GIVINGS: dict[tuple[int, ...], tuple[Action, ...]] = {}
"""Seats → the choice of each of them to receive one's cards."""


def _givings(seats: tuple[int, ...]) -> tuple[Action, ...]:
    givings = _GIVINGS.get(seats)
    if givings is None:
        givings = _GIVINGS[seats] = tuple(_GIVE_TO[to] for to in seats)
    return givings


def _others(s: V1682State, seat: int) -> tuple[int, ...]:
    """The other seats whose courtiers are in the game (not absent)."""
    status = s.status
    if ABSENT not in status:
        return _EVERY_OTHER[s.num_players, seat]
    return tuple([p for p in range(s.num_players) if p != seat and status[p] != ABSENT])


_PAYMENTS: dict[tuple[tuple[int, ...], int], tuple[Action, ...]] = {}
_SHOWS: dict[tuple[tuple[int, ...], int], tuple[Action, ...]] = {}
_OFFERS: dict[tuple[tuple[int, ...], int], tuple[Action, ...]] = {}


def _payments(others: tuple[int, ...], pays: int) -> tuple[Action, ...]:
    """The first ``pays`` payments to each of ``others``."""
    key = (others, pays)
    out = _PAYMENTS.get(key)
    if out is None:
        out = _PAYMENTS[key] = tuple(
            _PAY[to, amount] for to in others for amount in PAYMENTS[:pays])
    return out


def _shows(others: tuple[int, ...], card: int) -> tuple[Action, ...]:
    """Showing ``card`` to each of ``others``."""
    key = (others, card)
    out = _SHOWS.get(key)
    if out is None:
        out = _SHOWS[key] = tuple(_SHOW[to, card] for to in others)
    return out


def _offers(others: tuple[int, ...], offers: int) -> tuple[Action, ...]:
    """The offers of the first ``offers`` amounts, for every favour, to each of ``others``."""
    key = (others, offers)
    out = _OFFERS.get(key)
    if out is None:
        out = _OFFERS[key] = tuple(
            _OFFER[to, amount, favour]
            for to in others for amount in OFFER_AMOUNTS[:offers] for favour in FAVOURS)
    return out


_NEGOTIATIONS: dict[tuple[Any, ...], tuple[Action, ...]] = {}
_NEGOTIATIONS_LIMIT = 100_000


def _negotiate(s: V1682State, d: Pending) -> tuple[Action, ...]:
    """Pay, show a card or make an offer to another courtier, or be done.

    The answer depends only on the other courtiers, how many payments and offers the
    fortune allows and the types of cards in hand, so it is memoised on those; its parts
    (the payments and offers to the others, the shows of a card) are kept apart, so a new
    answer is joined from them.
    """
    seat = d[1]
    if s.negotiation_moves_made[seat] >= s.negotiation_moves:
        return (DONE,)
    money = s.fortune[seat]
    key = (_others(s, seat), bisect_right(PAYMENTS, money),
           bisect_right(OFFER_AMOUNTS, money), _distinct_in(bytes(s.where), seat))
    cached = _NEGOTIATIONS.get(key)
    if cached is not None:
        return cached
    others, pays, offers, cards = key
    out: list[Action] = [DONE]
    out += _payments(others, pays)
    for card in cards:
        out += _shows(others, card)
    out += _offers(others, offers)
    result = tuple(out)
    if len(_NEGOTIATIONS) < _NEGOTIATIONS_LIMIT:
        _NEGOTIATIONS[key] = result
    return result


ANSWERS = (ACCEPT, DECLINE)


def _answer(s: V1682State, d: Pending) -> tuple[Action, ...]:
    return ANSWERS


_GIFTS = tuple(tuple(_GIVE[to, c] for c in range(DECK_SIZE)) for to in range(MAX_PLAYERS))
"""Receiver → card → the gift of that card to him."""


def _give(s: V1682State, d: Pending) -> tuple[Action, ...]:
    gifts = _GIFTS[d[2]]
    cards = tuple([gifts[c] for c in _distinct_in(bytes(s.where), d[1])])
    return (PASS, *cards) if d[3] else cards


def _discard(s: V1682State, d: Pending) -> tuple[Action, ...]:
    return tuple(_DISCARD[c] for c in _distinct_in(bytes(s.where), d[1]))


def _act(s: V1682State, d: Pending) -> tuple[Action, ...]:
    seat = d[1]
    out: list[Action] = []
    if s.actions_left > 0:
        _main_actions(s, seat, out)
    if not s.power_used[seat]:
        out += power_actions(s, seat)
    out.append(END_TURN)
    return tuple(out)


_REQUEST_CARD, _EVENT_CARD, _WAR_AGAINST, _WAR_CARD = range(4)
_ROLE: tuple[int, ...] = tuple(
    _REQUEST_CARD if ct.kind in REQUEST_KINDS else _EVENT_CARD if ct.kind == "event"
    else _WAR_AGAINST if ct.kind == "war_against" else _WAR_CARD
    for ct in CARDS
)
"""Card id → how a turn action uses it: a request, an event, or a war card."""
_PLAYS = {
    card: {(target, royal): _PLAY_CARD[card, target, royal]
           for target in (KING, QUEEN, *range(MAX_PLAYERS)) for royal in ("", "king", "queen")}
    for card in range(DECK_SIZE) if _ROLE[card] == _EVENT_CARD
}
"""Event card → its plays by (target, royal), as :func:`event_targets` names them."""


def _main_actions(s: V1682State, seat: int, out: list[Action]) -> None:
    """Add the two actions of a turn (§8.0) ``seat`` may take now to ``out``."""
    status = s.status[seat]
    where = s.where
    if s.talon or DISCARD in where:
        out.append(DRAW)
    court = court_mask(s.status)
    at_court = SEATS[court]
    requests = can_request(s, seat)
    places = bytes(where)
    if status == AT_COURT:
        out += [_DRAW_HOUSE[c] for c in _distinct_in(places, HOUSE_ZONE)]
    hand = _distinct_in(places, seat)
    queen = requests and queen_may_intervene(s, seat)
    for card in hand:
        role = _ROLE[card]
        if role == _REQUEST_CARD:
            if requests:
                out += request_actions(s, seat, card, court, queen)
        elif role == _EVENT_CARD:
            plays = _PLAYS[card]
            out += [plays[target] for target in event_targets(s, seat, card, at_court)]
        elif status in (AT_COURT, EXILE) and (role == _WAR_AGAINST or s.wars):
            out.append(_PLAY_WAR[card])
    if hand:
        out += _givings(_others(s, seat))
    if requests:
        out += audience_actions(s, seat, court, places)


def _fines_first(legal: Legal) -> Legal:
    """``legal``, but a steward to move who owes fines for faults said at the table must
    impose them first (§3.0): each is then his only choice."""

    def actions(s: V1682State, d: Pending) -> Sequence[Action]:
        if d[1] == s.steward and s.faults:
            fines = unfined(s)
            if fines:
                return fines
        return legal(s, d)

    return actions


LEGAL: dict[str, Legal] = {
    kind: _fines_first(legal) for kind, legal in {
        "choose": _choose,
        "party": _party,
        "negotiate": _negotiate,
        "answer": _answer,
        "court": _court,
        "act": _act,
        "give": _give,
        "discard": _discard,
    }.items()
}
"""The legal actions of every kind of decision."""
