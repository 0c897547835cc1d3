"""The powers of the five great offices (§9.5): free, once per round, on one's own turn.

The holder of the office card uses its power in addition to his two actions (ruling V-17:
once per *round*, which matters only for the steward, who plays twice). The powers a seat
may use now are :func:`power_actions`.

Rulebook: German rulebook (`004_83e97ed5cbbf50d2.txt`), 9.5 "Rechte, die durch Ämter
verliehen werden".
"""

from __future__ import annotations

from operator import itemgetter

from ...core.actions import Action, Interned
from ...core.events import Emit, say
from .actions import (
    MAKE_PEACE,
    DeclareWar,
    Imprison,
    LeadCourt,
    MakePeace,
    Praise,
    SpecialPension,
    TryPrisoner,
)
from .conditions import royal_alive
from .data import CARDS, CHANCELLOR_VERDICTS, COUNTRIES, FINANCE_PENSION_UNIT, GOVERNESS_STANDING
from .state import AT_COURT, BASTILLE, PLACES, TABLEAU, VERSAILLES, WAR, V1682State
from .verbs import banish, d10, declare_war, end_wars, gain, imprison, kill, release, shift

POWER_CARDS: tuple[int, ...] = tuple(c for c, ct in enumerate(CARDS) if ct.power)
"""The five office cards that carry a power."""
_POWER_PLACES = itemgetter(*POWER_CARDS)
"""Where those five cards are, as a tuple."""


def powers_of(s: V1682State, seat: int) -> list[str]:
    """The powers of the offices in front of ``seat``, his own (a widow's offices of her
    husband pay her but give no power, ruling V-35)."""
    zone = TABLEAU + seat
    places = _POWER_PLACES(s.where)
    if zone not in places:  # the commonest answer: no power
        return []
    return [CARDS[c].power for c, z in zip(POWER_CARDS, places, strict=True)
            if z == zone and s.own_right(seat, c)]


_DECLARE_WAR = Interned(DeclareWar)
_IMPRISON = Interned(Imprison)
_LEAD_COURT = Interned(LeadCourt)
_PRAISE = Interned(Praise)
_SPECIAL_PENSION = Interned(SpecialPension)
_TRY_PRISONER = Interned(TryPrisoner)


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


def use_power(s: V1682State, seat: int, action: object, emit: Emit) -> None:
    """Apply an office power (legality already checked) and mark it used this round."""
    s.power_used[seat] = 1
    if isinstance(action, TryPrisoner):
        trial(s, seat, action.target, emit)
    elif isinstance(action, Imprison):
        if emit is not None:
            say(emit, "power", seat=seat, power="chancellor", target=action.target)
        imprison(s, action.target, emit)
    elif isinstance(action, SpecialPension):
        die = d10(s)
        if emit is not None:
            say(emit, "power", seat=seat, power="finance", target=action.beneficiary, roll=die)
        gain(s, action.beneficiary, die * FINANCE_PENSION_UNIT, emit, "special_pension")
    elif isinstance(action, MakePeace):
        if emit is not None:
            say(emit, "power", seat=seat, power="war", peace=True)
        end_wars(s, emit)
    elif isinstance(action, DeclareWar):
        if emit is not None:
            say(emit, "power", seat=seat, power="war", country=action.country)
        declare_war(s, COUNTRIES.index(action.country), emit)
    elif isinstance(action, LeadCourt):
        s.court = PLACES.index(action.place)
        if emit is not None:
            say(emit, "power", seat=seat, power="hunt", place=action.place)
            say(emit, "court_moves", place=action.place)
    elif isinstance(action, Praise):
        if emit is not None:
            say(emit, "power", seat=seat, power="governess", target=action.target,
                royal=action.royal, sign=action.sign)
        shift(s, action.target, action.royal, GOVERNESS_STANDING * action.sign, emit,
              "governess")
    else:  # pragma: no cover - the legal actions offer only the powers above
        raise TypeError(f"not an office power: {action!r}")


def trial(s: V1682State, seat: int, target: int, emit: Emit) -> None:
    """The Chancellor tries a prisoner: 1–3 death, 4–6 exile, 7–9 a fine of half the
    fortune and return, 10 acquittal and return (§9.5a)."""
    die = d10(s)
    verdict = CHANCELLOR_VERDICTS[die]
    if emit is not None:
        say(emit, "power", seat=seat, power="chancellor", target=target, roll=die, verdict=verdict)
    if verdict == "death":
        kill(s, target, emit, "trial")
    elif verdict == "exile":
        banish(s, target, emit)
    else:
        if verdict == "fine" and s.fortune[target] > 0:
            gain(s, target, -(s.fortune[target] // 2), emit, "trial")
        release(s, target, emit, "trial")

