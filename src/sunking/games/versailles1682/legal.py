"""The legal actions for the decision a state is waiting for.

Cards of one type are interchangeable, so where a player chooses a card from his hand or
from the House of the King, only one card of each type is offered (the lowest id): the
choice of copy changes nothing in the game.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable, Iterable, Sequence
from operator import itemgetter
from typing import Any

from ...core.actions import Action, Interned
from ...core.agenda import Legal, Pending
from .actions import (
    ACCEPT,
    DECLINE,
    DONE,
    DRAW,
    END_TURN,
    HOUSE,
    KING,
    MAKE_PEACE,
    PASS,
    QUEEN,
    REMARRY_KING,
    ChooseCourtier,
    ChooseParty,
    DeclareWar,
    Discard,
    DrawHouse,
    FreePrisoner,
    Give,
    GiveTo,
    Imprison,
    Intervene,
    LeadCourt,
    Marry,
    MoveCourt,
    Offer,
    Pay,
    PlayCard,
    PlayWar,
    Praise,
    RecallExile,
    Request,
    Show,
    SpecialPension,
    TryPrisoner,
    WithdrawOffice,
)
from .conditions import (
    audience_royals,
    can_request,
    event_targets,
    marriageable,
    queen_may_intervene,
    royal_alive,
)
from .data import (
    CARD_TYPES,
    CARDS,
    COUNTRIES,
    DECK_SIZE,
    FAMILY_NAMES,
    FAVOURS,
    IDS_OF_KIND,
    MAX_PLAYERS,
    NO_STANDING,
    OFFER_AMOUNTS,
    PAYMENTS,
    REQUEST_KINDS,
    TYPE_OF,
)
from .etiquette import unfined
from .powers import powers_of
from .state import (
    ABSENT,
    AT_COURT,
    BASTILLE,
    DISCARD,
    EXILE,
    HOUSE_ZONE,
    TABLEAU,
    VERSAILLES,
    WAR,
    V1682State,
)

OFFICES = IDS_OF_KIND["office"]


_CHOOSE_COURTIER = Interned(ChooseCourtier)
_DECLARE_WAR = Interned(DeclareWar)
_DISCARD = Interned(Discard)
_DRAW_HOUSE = Interned(DrawHouse)
_FREE_PRISONER = Interned(FreePrisoner)
_GIVE = Interned(Give)
_GIVE_TO = Interned(GiveTo)
_IMPRISON = Interned(Imprison)
_INTERVENE = Interned(Intervene)
_LEAD_COURT = Interned(LeadCourt)
_MARRY = Interned(Marry)
_OFFER = Interned(Offer)
_PAY = Interned(Pay)
_PLAY_CARD = Interned(PlayCard)
_PLAY_WAR = Interned(PlayWar)
_PRAISE = Interned(Praise)
_RECALL_EXILE = Interned(RecallExile)
_REQUEST = Interned(Request)
_SHOW = Interned(Show)
_SPECIAL_PENSION = Interned(SpecialPension)
_TRY_PRISONER = Interned(TryPrisoner)
_WITHDRAW_OFFICE = Interned(WithdrawOffice)


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
    if s.neg_moves[seat] >= s.negotiation_moves:
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


def power_actions(s: V1682State, seat: int) -> list[Action]:
    """The office powers ``seat`` may use now (§9.5): once a round, on its own turn."""
    if s.power_used[seat] or s.status[seat] != AT_COURT or s.turn_seat != seat:
        return []
    out: list[Action] = []
    n = s.num_players
    for power in powers_of(s, seat):
        if power == "chancellor":
            out += [_TRY_PRISONER[p] for p in range(n) if s.status[p] == BASTILLE]
            if s.king or s.queen:
                out += [_IMPRISON[p] for p in range(n)
                        if p != seat and s.status[p] == AT_COURT and s.crown_standing(p) <= 0]
        elif power == "finance":
            # §11.0, §12.0: exiles and prisoners receive no pension.
            out += [_SPECIAL_PENSION[p] for p in range(n) if s.status[p] == AT_COURT]
        elif power == "war":
            if s.wars:
                out.append(MAKE_PEACE)
            out += [_DECLARE_WAR[c] for c in COUNTRIES]
        elif power == "hunt":
            if s.court != WAR:
                out.append(_LEAD_COURT["hunt" if s.court == VERSAILLES else "versailles"])
        elif power == "governess":
            for royal in ("king", "queen"):
                if royal_alive(s, royal):
                    for p in range(n):
                        if p != seat and s.status[p] == AT_COURT:
                            out += [_PRAISE[p, royal, 1], _PRAISE[p, royal, -1]]
    return out


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
_REQUESTS = {
    card: tuple(tuple(_REQUEST[card, b, queen] for b in range(MAX_PLAYERS))
                for queen in (False, True))
    for card in range(DECK_SIZE) if _ROLE[card] == _REQUEST_CARD
}
"""Request card → its requests for each beneficiary, to the crown and through the Queen."""
_MARSHALS = IDS_OF_KIND["marshal"]
_BATONS = itemgetter(*_MARSHALS)
"""The places of the Marshal's batons, as a tuple."""
_INTERVENTIONS = {
    (p, royal): (_INTERVENE[p, royal, 1], _INTERVENE[p, royal, -1])
    for p in range(MAX_PLAYERS) for royal in ("king", "queen")
}
"""An intervention for and one against each courtier with each royal."""
_ALL_INTERVENTIONS = {
    (n, seat, royal): tuple(a for p in range(n) if p != seat for a in _INTERVENTIONS[p, royal])
    for n in range(1, MAX_PLAYERS + 1) for seat in range(n) for royal in ("king", "queen")
}
"""(players, seat, royal) → the interventions of ``seat`` when every other courtier stands
with ``royal``."""

_SEATS: tuple[tuple[int, ...], ...] = tuple(
    tuple(p for p in range(MAX_PLAYERS) if mask >> p & 1) for mask in range(1 << MAX_PLAYERS))
"""Seat mask (bit ``p`` for seat ``p``) → its seats, in seat order."""


def _for_seats(each: Callable[[int], tuple[Action, ...]]) -> tuple[tuple[Action, ...], ...]:
    """Seat mask → the actions ``each`` gives for every seat in it, in seat order: a set of
    seats becomes its actions in one lookup."""
    return tuple(tuple(a for p in seats for a in each(p)) for seats in _SEATS)


def _requests_for(card: int, queen: bool) -> tuple[tuple[Action, ...], ...]:
    plain, through_queen = _REQUESTS[card]
    if queen:
        return _for_seats(lambda b: (plain[b], through_queen[b]))
    return _for_seats(lambda b: (plain[b],))


_REQUESTS_FOR = {card: (_requests_for(card, False), _requests_for(card, True))
                 for card in _REQUESTS}
"""Request card → beneficiaries' mask → the requests for them: to the crown (``[0]``), and
to the crown and through the Queen, beneficiary by beneficiary (``[1]``)."""


_PLAYS = {
    card: {(target, royal): _PLAY_CARD[card, target, royal]
           for target in (KING, QUEEN, *range(MAX_PLAYERS)) for royal in ("", "king", "queen")}
    for card in range(DECK_SIZE) if _ROLE[card] == _EVENT_CARD
}
"""Event card → its plays by (target, royal), as :func:`event_targets` names them."""
_LETTERS_PATENT = frozenset(IDS_OF_KIND["letters_patent"])
_COURT_MASKS: dict[bytes, int] = {}
"""The statuses of the seats (as bytes) → the mask of those at court."""


def _court_mask(statuses: list[int]) -> int:
    """The mask of the seats whose courtiers are at court."""
    key = bytes(statuses)
    mask = _COURT_MASKS.get(key)
    if mask is None:
        mask = _COURT_MASKS[key] = sum(1 << p for p, v in enumerate(statuses) if v == AT_COURT)
    return mask


_GENDER_MASKS: dict[tuple[str, str], int] = {}
"""(the genders of the seats joined, a gender) → the mask of the seats of that gender."""


def _gender_mask(gender: list[str], wanted: str) -> int:
    """The mask of the seats whose figures are of gender ``wanted``."""
    key = ("".join(gender), wanted)
    mask = _GENDER_MASKS.get(key)
    if mask is None:
        mask = _GENDER_MASKS[key] = sum(1 << p for p, v in enumerate(gender) if v == wanted)
    return mask


def _main_actions(s: V1682State, seat: int, out: list[Action]) -> None:
    """Add the two actions of a turn (§8.0) ``seat`` may take now to ``out``."""
    status = s.status[seat]
    where = s.where
    if s.talon or DISCARD in where:
        out.append(DRAW)
    court = _court_mask(s.status)
    at_court = _SEATS[court]
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
                out += _REQUESTS_FOR[card][queen][_beneficiaries(s, seat, card, court)]
        elif role == _EVENT_CARD:
            plays = _PLAYS[card]
            out += [plays[target] for target in event_targets(s, seat, card, at_court)]
        elif status in (AT_COURT, EXILE) and (role == _WAR_AGAINST or s.wars):
            out.append(_PLAY_WAR[card])
    if hand:
        out += _givings(_others(s, seat))
    if requests:
        out += _audiences(s, seat, court, places)


def _receivers(s: V1682State, card: int, court: int) -> int:
    """The mask of the courtiers of ``court`` (the mask of those at court) who may hold
    request card ``card``: :func:`can_hold` for them all at once."""
    ct = CARDS[card]
    mask = court
    if ct.gender:
        mask &= _gender_mask(s.gender, ct.gender)
    if ct.noble:
        for p in _SEATS[mask]:
            if not s.is_noble(p):
                mask &= ~(1 << p)
    if card in _MARSHALS:
        batons = _BATONS(s.where)
        for p in _SEATS[mask]:
            if TABLEAU + p in batons:
                mask &= ~(1 << p)
    return mask


def _beneficiaries(s: V1682State, seat: int, card: int, court: int) -> int:
    """The mask of whom ``seat`` may request ``card`` for (or, letters patent, against),
    given the mask of the courtiers at court."""
    if card in _LETTERS_PATENT:
        mask = court & ~(1 << seat)
        for p in _SEATS[mask]:
            if s.crown_standing(p) > 0:
                mask &= ~(1 << p)
        return mask
    return _receivers(s, card, court)


def _withdrawals(office: int) -> tuple[tuple[Action, ...], ...]:
    return _for_seats(lambda p: (_WITHDRAW_OFFICE[office, p],))


_WITHDRAWALS = {c: _withdrawals(c) for c in OFFICES}
"""Office → the mask of the courtiers it may go to → its withdrawals to them."""


_HELD: dict[bytes, tuple[tuple[int, int], ...]] = {}
"""The places of the offices (a slice of the card places as bytes) → (office, seat) for each
office in front of a courtier, in office order."""
_HELD_LIMIT = 100_000


def _held_offices(places: bytes) -> tuple[tuple[int, int], ...]:
    """(office, seat) for each office in front of a courtier, from the card places."""
    key = places[OFFICES[0]:OFFICES[-1] + 1]
    held = _HELD.get(key)
    if held is None:
        held = tuple((c, place - TABLEAU) for c, place in zip(OFFICES, key, strict=True)
                     if TABLEAU <= place < TABLEAU + MAX_PLAYERS)
        if len(_HELD) < _HELD_LIMIT:
            _HELD[key] = held
    return held


if tuple(OFFICES) != tuple(range(OFFICES[0], OFFICES[-1] + 1)):  # pragma: no cover
    raise ValueError("the offices must have consecutive ids")
_MARRIAGES = _for_seats(lambda p: (_MARRY[p],))
"""The mask of the courtiers one may marry → the marriages."""


def _audiences(s: V1682State, seat: int, court: int, places: bytes) -> list[Action]:
    n = s.num_players
    moved = s.moved
    statuses = s.status
    out: list[Action] = []
    # a. withdraw an office from another courtier
    for c, holder in _held_offices(places):
        if holder >= n or holder == seat or c in moved:
            continue
        out += _WITHDRAWALS[c][_receivers(s, c, court) & ~(1 << holder)]
        out.append(_WITHDRAW_OFFICE[c, HOUSE])
    # b. marriage
    if s.spouse[seat] < 0 and s.secret_wife != seat:  # marriageable: at court already
        partners = court & ~_gender_mask(s.gender, s.gender[seat])
        for p in _SEATS[partners]:
            if not marriageable(s, p):
                partners &= ~(1 << p)
        out += _MARRIAGES[partners]
    # c. the King's remarriage
    if s.king and not s.queen and s.secret_wife < 0:
        out.append(REMARRY_KING)
    for royal in audience_royals(s):
        values = s.ks if royal == "king" else s.qs
        if values[seat] == NO_STANDING:
            continue
        # d. intervene for or against a courtier
        if NO_STANDING in values:
            for p in range(n):
                if p != seat and values[p] != NO_STANDING:
                    out += _INTERVENTIONS[p, royal]
        else:
            out += _ALL_INTERVENTIONS[n, seat, royal]
        # f. recall an exile
        if EXILE in statuses:
            out += [_RECALL_EXILE[p, royal] for p in range(n) if statuses[p] == EXILE]
    # e. free a prisoner (King or Regent)
    if BASTILLE in statuses:
        out += [_FREE_PRISONER[p] for p in range(n) if statuses[p] == BASTILLE]
    return out


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
