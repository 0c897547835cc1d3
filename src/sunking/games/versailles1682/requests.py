"""Requests to the King (§8.2), the Queen's intervention (§8.3) and the six audiences (§8.4).

A roll succeeds when the die, less the roller's bonus, is at most his standing with the royal
who decides (ruling V-9): the Favourite takes 2 off every die the King decides, the Queen's
Lover 2 off every die the Queen or Regent decides. The Regent decides with the Queen standing
what the King would decide (§10.1, ruling V-31).

Rulebook: German rulebook (`004_83e97ed5cbbf50d2.txt`), 8.0 "Die Anfragen" (8.2 a request,
8.3 the Queen's intervention, 8.4 the audiences).
"""

from __future__ import annotations

from ...core.events import Emit, say
from .actions import (
    HOUSE,
    FreePrisoner,
    Intervene,
    Marry,
    RecallExile,
    Request,
    WithdrawOffice,
)
from .conditions import crown
from .data import (
    CARDS,
    COUNTRIES,
    FAMILY_NAMES,
    FAVOURITE_BONUS,
    INTERVENTION_EXTRA_FROM,
    INTERVENTION_LARGE,
    INTERVENTION_LARGE_FROM,
    INTERVENTION_SMALL,
    LOVER_BONUS,
)
from .state import AT_COURT, HOUSE_ZONE, V1682State
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
        ok, first = roll(s, seat, "queen", s.qs[seat])
        rolls = [first]
        if not ok:
            shift(s, seat, "queen", -1, emit, "queen_refuses")
        else:
            ok, second = roll(s, seat, "king", s.qs[seat])
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


