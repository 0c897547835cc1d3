"""Requests to the King (§8.2), the Queen's intervention (§8.3) and the six audiences (§8.4).

A roll succeeds when the die, less the roller's bonus, is at most his standing with the royal
who decides (ruling V-9): the Favourite takes 2 off every die the King decides, the Queen's
Lover 2 off every die the Queen or Regent decides. The Regent decides with the Queen standing
what the King would decide (§10.1, ruling V-31).

Rulebook: German rulebook (`004_83e97ed5cbbf50d2.txt`), 8.0 "Die Anfragen" (8.2 a request,
8.3 the Queen's intervention, 8.4 the audiences).

The legal requests and audiences of a turn are listed here too, by seat mask: the courtiers
who may receive a card are one integer, and a table per mask holds their actions.
"""

from __future__ import annotations

from collections.abc import Callable
from operator import itemgetter
from typing import Final

from ...core.actions import Action, Interned
from ...core.events import Emit, say
from .actions import (
    HOUSE,
    REMARRY_KING,
    FreePrisoner,
    Intervene,
    Marry,
    RecallExile,
    Request,
    WithdrawOffice,
)
from .conditions import SEATS, audience_royals, crown, gender_mask, marriageable
from .data import (
    CARDS,
    COUNTRIES,
    DECK_SIZE,
    FAMILY_NAMES,
    FAVOURITE_BONUS,
    IDS_OF_KIND,
    INTERVENTION_EXTRA_FROM,
    INTERVENTION_LARGE,
    INTERVENTION_LARGE_FROM,
    INTERVENTION_SMALL,
    LOVER_BONUS,
    MAX_PLAYERS,
    NO_STANDING,
    REQUEST_KINDS,
)
from .state import AT_COURT, BASTILLE, EXILE, HOUSE_ZONE, TABLEAU, V1682State
from .verbs import (
    d10,
    everybody,
    forget,
    imprison,
    install,
    learn,
    offices_moved,
    present,
    release,
    shift,
    standings,
)


def bonus(s: V1682State, seat: int, decider: str) -> int:
    """The die bonus ``seat`` enjoys when ``decider`` (king or queen) decides."""
    if decider == "king":
        return FAVOURITE_BONUS if s.favourite == seat else 0
    return LOVER_BONUS if s.lover == seat else 0


def roll(s: V1682State, seat: int, decider: str, standing: int) -> tuple[bool, int]:
    """Roll for ``seat`` before ``decider`` against ``standing``: (accepted, die)."""
    die = d10(s)
    return die - bonus(s, seat, decider) <= standing, die


# --- requests ----------------------------------------------------------------------------------


def request(s: V1682State, seat: int, action: Request, emit: Emit) -> None:
    """Play a request card: the King (or Regent) grants it or the card goes to the House.

    A refusal costs the requester 1 standing with the royal who refused him; through the
    Queen, a first refusal costs 1 with her and a second 1 with the King (§8.3).
    """
    card, who = action.card, action.beneficiary
    ct = CARDS[card]
    forget(s, card)
    if action.queen:
        ok, first = roll(s, seat, "queen", s.queen_standing[seat])
        rolls = [first]
        if not ok:
            shift(s, seat, "queen", -1, emit, "queen_refuses")
        else:
            ok, second = roll(s, seat, "king", s.queen_standing[seat])
            rolls.append(second)
            if not ok:
                shift(s, seat, "king", -1, emit, "king_refuses")
    else:
        decider = crown(s)
        ok, die = roll(s, seat, decider, standings(s, decider)[seat])
        rolls = [die]
        if not ok:
            shift(s, seat, decider, -1, emit, "request_refused")
    if emit is not None:
        say(emit, "request", seat=seat, card=card, key=ct.key, beneficiary=who,
            queen=action.queen, rolls=rolls, granted=ok)
    if not ok:
        s.where[card] = HOUSE_ZONE
        return
    if ct.kind == "letters_patent":
        # §9.2a: the warrant is kept; everybody saw it go back to the hand (ruling V-5).
        s.where[card] = seat
        learn(s, seat, card, everybody(s))
        imprison(s, who, emit)
        return
    install(s, card, who, emit)


# --- audiences -----------------------------------------------------------------------------------


def audience_roll(s: V1682State, seat: int, royal: str, kind: str, emit: Emit) -> bool:
    """The first roll of an audience; a refusal costs 1 standing with ``royal`` (V-11)."""
    ok, die = roll(s, seat, royal, standings(s, royal)[seat])
    if emit is not None:
        say(emit, "audience", seat=seat, kind=kind, royal=royal, roll=die, accepted=ok)
    if not ok:
        shift(s, seat, royal, -1, emit, "audience_refused")
    return ok


def withdraw_office(s: V1682State, seat: int, action: WithdrawOffice, emit: Emit) -> None:
    """Audience a: take an office from its holder, for oneself, another, or the House."""
    if not audience_roll(s, seat, crown(s), "withdraw_office", emit):
        return
    card = action.office
    if action.to == HOUSE:
        s.where[card] = HOUSE_ZONE
        offices_moved(s, card)
        if emit is not None:
            say(emit, "to_house", seat=-1, card=card)
    else:
        install(s, card, action.to, emit)


def marry(s: V1682State, seat: int, action: Marry, emit: Emit) -> None:
    """Audience b: the King (or Regent) allows the marriage; no consent needed (§8.4b).
    The wife takes her husband's name and, for her form of address, his titles."""
    if not audience_roll(s, seat, crown(s), "marry", emit):
        return
    other = action.spouse
    s.spouse[seat] = other
    s.spouse[other] = seat
    husband, wife = (seat, other) if s.gender[seat] == "m" else (other, seat)
    s.married_name[wife] = s.name[husband]
    if emit is not None:
        say(emit, "marriage", husband=husband, wife=wife,
            name=FAMILY_NAMES[s.name[husband]])


def remarry_king(s: V1682State, seat: int, emit: Emit) -> None:
    """Audience c: a princess of the requester's party becomes Queen; every courtier at
    court presents himself to her, her party adding 2 (§8.4c, ruling V-15)."""
    if not audience_roll(s, seat, "king", "remarry_king", emit):
        return
    s.queen = 1
    s.queen_origin = s.party[seat]
    if emit is not None:
        say(emit, "new_queen", origin=COUNTRIES[s.queen_origin])
    for p in range(s.num_players):
        if s.status[p] == AT_COURT:
            present(s, p, emit, king=False)


def intervene(s: V1682State, seat: int, action: Intervene, emit: Emit) -> None:
    """Audience d: the royal listens, then a second die sets the effect: 1–5 one point,
    6–10 two, one more if the speaker stands at 8 or more with that royal (§8.4d)."""
    royal = action.royal
    if not audience_roll(s, seat, royal, "intervene", emit):
        return
    die = d10(s)
    size = INTERVENTION_LARGE if die >= INTERVENTION_LARGE_FROM else INTERVENTION_SMALL
    if standings(s, royal)[seat] >= INTERVENTION_EXTRA_FROM:
        size += 1
    if emit is not None:
        say(emit, "intervention", seat=seat, target=action.target, royal=royal, roll=die,
            change=size * action.sign)
    shift(s, action.target, royal, size * action.sign, emit, "intervention")


def free_prisoner(s: V1682State, seat: int, action: FreePrisoner, emit: Emit) -> None:
    """Audience e: the prisoner returns to court at once."""
    if audience_roll(s, seat, crown(s), "free_prisoner", emit):
        release(s, action.target, emit, "audience")


def recall_exile(s: V1682State, seat: int, action: RecallExile, emit: Emit) -> None:
    """Audience f: the exile returns at once and reports to court."""
    if audience_roll(s, seat, action.royal, "recall_exile", emit):
        release(s, action.target, emit, "audience")


# --- the legal actions of requests and audiences -----------------------------------------------

OFFICES: Final = IDS_OF_KIND["office"]
_REQUEST = Interned(Request)
_WITHDRAW_OFFICE = Interned(WithdrawOffice)
_MARRY = Interned(Marry)
_INTERVENE = Interned(Intervene)
_RECALL_EXILE = Interned(RecallExile)
_FREE_PRISONER = Interned(FreePrisoner)

_REQUESTS = {
    card: tuple(tuple(_REQUEST[card, b, queen] for b in range(MAX_PLAYERS))
                for queen in (False, True))
    for card in range(DECK_SIZE) if CARDS[card].kind in REQUEST_KINDS
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


def _for_seats(each: Callable[[int], tuple[Action, ...]]) -> tuple[tuple[Action, ...], ...]:
    """Seat mask → the actions ``each`` gives for every seat in it, in seat order: a set of
    seats becomes its actions in one lookup."""
    return tuple(tuple(a for p in seats for a in each(p)) for seats in SEATS)


def _requests_for(card: int, queen: bool) -> tuple[tuple[Action, ...], ...]:
    plain, through_queen = _REQUESTS[card]
    if queen:
        return _for_seats(lambda b: (plain[b], through_queen[b]))
    return _for_seats(lambda b: (plain[b],))


_REQUESTS_FOR = {card: (_requests_for(card, False), _requests_for(card, True))
                 for card in _REQUESTS}
"""Request card → beneficiaries' mask → the requests for them: to the crown (``[0]``), and
to the crown and through the Queen, beneficiary by beneficiary (``[1]``)."""


_LETTERS_PATENT = frozenset(IDS_OF_KIND["letters_patent"])


def _receivers(s: V1682State, card: int, court: int) -> int:
    """The mask of the courtiers of ``court`` (the mask of those at court) who may hold
    request card ``card``: :func:`can_hold` for them all at once."""
    ct = CARDS[card]
    mask = court
    if ct.gender:
        mask &= gender_mask(s.gender, ct.gender)
    if ct.noble:
        for p in SEATS[mask]:
            if not s.is_noble(p):
                mask &= ~(1 << p)
    if card in _MARSHALS:
        batons = _BATONS(s.where)
        for p in SEATS[mask]:
            if TABLEAU + p in batons:
                mask &= ~(1 << p)
    return mask


def _beneficiaries(s: V1682State, seat: int, card: int, court: int) -> int:
    """The mask of whom ``seat`` may request ``card`` for (or, letters patent, against),
    given the mask of the courtiers at court."""
    if card in _LETTERS_PATENT:
        mask = court & ~(1 << seat)
        for p in SEATS[mask]:
            if s.crown_standing(p) > 0:
                mask &= ~(1 << p)
        return mask
    return _receivers(s, card, court)


def request_actions(s: V1682State, seat: int, card: int, court: int,
                    queen: bool) -> tuple[Action, ...]:
    """The requests ``seat`` may make with request card ``card`` (``court``: the mask of the
    courtiers at court), through the Queen as well when ``queen``."""
    return _REQUESTS_FOR[card][queen][_beneficiaries(s, seat, card, court)]


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


def audience_actions(s: V1682State, seat: int, court: int, places: bytes) -> list[Action]:
    """The audiences (§8.4) ``seat`` may ask for now (``court``: the mask of the courtiers
    at court; ``places``: the card places as bytes)."""
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
        partners = court & ~gender_mask(s.gender, s.gender[seat])
        for p in SEATS[partners]:
            if not marriageable(s, p):
                partners &= ~(1 << p)
        out += _MARRIAGES[partners]
    # c. the King's remarriage
    if s.king and not s.queen and s.secret_wife < 0:
        out.append(REMARRY_KING)
    for royal in audience_royals(s):
        values = s.king_standing if royal == "king" else s.queen_standing
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
