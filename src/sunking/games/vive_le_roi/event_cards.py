"""Event cards: the "S" cards played at any moment, the events resolved in Phase 2A, and the
sealed contest for a King's Ear lying in the middle.

"S" cards (the King's Ear, Excommunication, Low Birth, the Executioner) are played with one
action that names their target (:func:`anytime_plays`) and resolve at once; laid as the
middle card they resolve at once too, their player choosing the target then (VR-3). Every
other event laid to the middle resolves in Phase 2A in play order; its player then chooses
the target (VR-15). An event whose condition fails, or that has no target, is discarded.

Rulebook: Dutch rulebook (`003_fb5526a901664f8a.txt`), the event cards of the card descriptions
and "Fase 2: het verdelen van de kaarten" (A).
"""

from __future__ import annotations

from ...core.actions import Action
from ...core.agenda import Handler, Legal, Pending, Task
from ...core.events import Emit, say, tell
from .actions import (
    EARS,
    KEEP_IN_HAND,
    LAY_DOWNS,
    PASS,
    PLACES,
    TARGETS,
    Denounce,
    Execute,
    Guard,
    LayDown,
    Place,
    PlayEar,
    Take,
    Target,
)
from .data import (
    BANDITS,
    CARDINAL,
    COURTIER,
    DENOUNCE_POINTS,
    EAR_CARD,
    EAR_POINTS,
    EVENT,
    EXCOMMUNICATION,
    EXECUTIONER,
    EXTORTION,
    GOLD,
    GOSSIP,
    INHERITANCE,
    IS_NUMBER,
    KIND,
    KINGS_EAR,
    LOW_BIRTH,
    LURING_AWAY,
    MUSKETEER,
    OFFICIAL,
    PROVINCE,
    QUEEN,
    REBELLION,
    RIOTS,
    ROLE,
    VALUE,
    distinct,
)
from .state import LOC_EAR, LOC_STRUCT, RULE_ANY, RULE_NUMBER, ViveLeRoiState
from .verbs import (
    free_musketeers,
    has_church,
    has_office,
    hosts,
    learn,
    nobles,
    of_kind,
    person_targets,
    release,
    to_discard,
    to_ear_middle,
    to_hand,
    to_hidden,
    to_play,
    to_structure,
)

STOLEN_KIND = {BANDITS: GOLD, LURING_AWAY: MUSKETEER, INHERITANCE: PROVINCE, GOSSIP: COURTIER}
"""The events that take a card of one kind from an opponent's structure and score it."""


# --- conditions ------------------------------------------------------------------------------


def executioner_allowed(s: ViveLeRoiState, seat: int) -> bool:
    """The King visiting (not captive), the Queen, the King's Ear or the Cardinal in the
    structure (VR-24)."""
    return (
        (s.king == seat and not s.captive)
        or has_office(s, seat, QUEEN)
        or has_office(s, seat, CARDINAL)
        or s.loc[EAR_CARD] == LOC_STRUCT + seat
    )


def victims(s: ViveLeRoiState, seat: int, card: int) -> list[int]:
    """Who ``seat`` may play Excommunication or Low Birth (``card``) against: any other
    player not yet hit by that card this round."""
    hit = s.hits[0 if ROLE[card] == EXCOMMUNICATION else 1]
    return [p for p in range(s.num_players) if p != seat and not hit >> p & 1]


_EVENT_CARDS = frozenset(c for c, kind in enumerate(KIND) if kind == EVENT)
_DENOUNCING = frozenset(c for c in _EVENT_CARDS if ROLE[c] in (EXCOMMUNICATION, LOW_BIRTH))
"""The "S" event cards, and those of them played against a player (set tests: asked of every
hand and structure at every window)."""


def anytime_plays(s: ViveLeRoiState, seat: int) -> list[Action]:
    """Every "S" card ``seat`` can play now, from the hand (or, for Excommunication and Low
    Birth, passed on from the structure), with its target."""
    out: list[Action] = []
    hand = s.hands[seat]
    structure = s.structures[seat]
    in_hand = not _EVENT_CARDS.isdisjoint(hand)
    passed_on = not _DENOUNCING.isdisjoint(structure)
    if not in_hand and not passed_on:
        return out
    church = has_church(s, seat)
    if in_hand:
        for c in hand:
            if KIND[c] != EVENT:
                continue
            role = ROLE[c]
            if role == KINGS_EAR:
                out += [EARS[noble] for noble in nobles(s, seat)]
            elif role in (EXCOMMUNICATION, LOW_BIRTH):
                if church:
                    out += [Denounce(c, v) for v in victims(s, seat, c)]
            elif role == EXECUTIONER and executioner_allowed(s, seat):
                out += [Execute(p) for p in person_targets(s, seat)]
    if church and passed_on:
        for c in structure:
            if c in _DENOUNCING:
                out += [Denounce(c, v) for v in victims(s, seat, c)]
    return out


def play_anytime(s: ViveLeRoiState, seat: int, action: Action, emit: Emit) -> None:
    """Resolve an "S" card from :func:`anytime_plays` at once."""
    if isinstance(action, PlayEar):
        _ear_on(s, emit, seat, action.noble)
    elif isinstance(action, Denounce):
        denounce(s, emit, seat, action.card, action.victim)
    elif isinstance(action, Execute):
        card = next(c for c in s.hands[seat] if KIND[c] == EVENT and ROLE[c] == EXECUTIONER)
        execute(s, emit, seat, card, action.person)
    else:  # pragma: no cover - the legal actions offer nothing else
        raise ValueError(f"not an anytime event: {action}")


def _ear_on(s: ViveLeRoiState, emit: Emit, seat: int, noble: int) -> None:
    to_structure(s, EAR_CARD, seat, noble)
    s.scores[seat] += EAR_POINTS
    say(emit, "kings_ear", seat=seat, noble=noble, points=EAR_POINTS)


def denounce(s: ViveLeRoiState, emit: Emit, seat: int, card: int, victim: int) -> None:
    """Excommunication or Low Birth: +10, and the victim keeps the card (VR-23)."""
    s.scores[seat] += DENOUNCE_POINTS
    s.hits[0 if ROLE[card] == EXCOMMUNICATION else 1] |= 1 << victim
    to_structure(s, card, victim)
    say(emit, "denounce", seat=seat, card=card, victim=victim, points=DENOUNCE_POINTS)


def execute(s: ViveLeRoiState, emit: Emit, seat: int, card: int, person: int) -> None:
    """The Executioner: the person and the gold it carries are discarded (VR-18)."""
    owner = s.owner(person)
    gold = s.attached_to(person)
    for g in gold:
        to_discard(s, g)
    to_discard(s, person)
    to_discard(s, card)
    say(emit, "execute", seat=seat, victim=owner, person=person, gold=gold)


# --- Phase 2A: the events in the middle, in play order -------------------------------------


AT_ONCE = frozenset((KINGS_EAR, EXCOMMUNICATION, LOW_BIRTH, EXECUTIONER))
"""The roles of the "S" cards: laid as the middle card they too resolve at once (VR-3)."""


def _next_event(s: ViveLeRoiState, emit: Emit) -> None:
    i = next((i for i, c in enumerate(s.middle) if KIND[c] == EVENT), -1)
    if i < 0:
        return
    c, seat = s.middle[i], s.middle_by[i]
    s.agenda.append(("next_event",))
    s.agenda.append(("window",))
    resolve_event(s, emit, seat, c)


def resolve_event(s: ViveLeRoiState, emit: Emit, seat: int, c: int) -> None:
    """Carry out the event ``c`` of ``seat``: in Phase 2A, or at once for an "S" card laid as
    the middle card (VR-3); its player picks the target now (VR-15)."""
    to_play(s, c)
    role = ROLE[c]
    if emit is not None:
        say(emit, "event", seat=seat, card=c)
    if role == REBELLION:
        s.agenda.append(("rebellion", seat, c))
    elif role == KINGS_EAR:
        mine = nobles(s, seat)
        if not mine:
            to_ear_middle(s, c)
            say(emit, "ear_to_middle", seat=seat)
        elif len(mine) == 1:
            _ear_on(s, emit, seat, mine[0])
        else:
            s.pending = ("ear_noble", seat, c)
    elif role in (EXCOMMUNICATION, LOW_BIRTH):
        options = victims(s, seat, c) if has_church(s, seat) else []
        _choose_target(s, emit, seat, c, options, "denounce")
    elif role == EXECUTIONER:
        options = person_targets(s, seat) if executioner_allowed(s, seat) else []
        if options:
            s.pending = ("execute", seat, c)
        else:
            _fizzle(s, emit, seat, c)
    elif role == RIOTS:
        options = [p for p in range(s.num_players)
                   if p != seat and of_kind(s, p, PROVINCE)]
        _choose_target(s, emit, seat, c, options, "riots")
    elif role == EXTORTION:
        options = [p for p in range(s.num_players) if p != seat and s.hands[p]]
        _choose_target(s, emit, seat, c, options, "extort")
    else:
        options = _stealable(s, seat, STOLEN_KIND[role])
        if len(options) > 1:
            s.pending = ("steal", seat, c)
        elif options:
            _steal(s, emit, seat, c, options[0])
        else:
            _fizzle(s, emit, seat, c)


def _fizzle(s: ViveLeRoiState, emit: Emit, seat: int, card: int) -> None:
    to_discard(s, card)
    say(emit, "no_effect", seat=seat, card=card)


def _choose_target(s: ViveLeRoiState, emit: Emit, seat: int, card: int, options: list[int],
                   kind: str) -> None:
    if not options:
        _fizzle(s, emit, seat, card)
    elif len(options) == 1:
        _on_target(s, emit, kind, seat, card, options[0])
    else:
        s.pending = ("target", seat, card)


def _target_kind(card: int) -> str:
    role = ROLE[card]
    return {RIOTS: "riots", EXTORTION: "extort"}.get(role, "denounce")


def _target_legal(s: ViveLeRoiState, d: Pending) -> list[Action]:
    seat, card = d[1], d[2]
    kind = _target_kind(card)
    if kind == "denounce":
        return [TARGETS[v] for v in victims(s, seat, card)]
    if kind == "riots":
        return [TARGETS[p] for p in range(s.num_players) if p != seat and of_kind(s, p, PROVINCE)]
    return [TARGETS[p] for p in range(s.num_players) if p != seat and s.hands[p]]


def _target_handle(s: ViveLeRoiState, d: Pending, action: Action, emit: Emit) -> None:
    assert isinstance(action, Target)
    _on_target(s, emit, _target_kind(d[2]), d[1], d[2], action.seat)


def _on_target(s: ViveLeRoiState, emit: Emit, kind: str, seat: int, card: int, victim: int) -> None:
    if kind == "denounce":
        denounce(s, emit, seat, card, victim)
    elif kind == "riots":
        to_discard(s, card)
        say(emit, "riots", seat=seat, victim=victim)
        s.agenda.append(("riot_take", seat, victim))
        s.agenda.append(("guard", victim, seat))
    else:
        to_discard(s, card)
        hand = s.hands[victim]
        taken = hand[s.rng.below(len(hand))]
        to_hidden(s, taken, seat, RULE_ANY, 1 << victim)
        say(emit, "extortion", seat=seat, victim=victim)
        tell(emit, seat, "extorted", seat=seat, victim=victim, card=taken)
        tell(emit, victim, "extorted", seat=seat, victim=victim, card=taken)
        s.pending = ("extorted", seat, victim)


def _execute_legal(s: ViveLeRoiState, d: Pending) -> list[Action]:
    return [Execute(p) for p in person_targets(s, d[1])]


def _execute_handle(s: ViveLeRoiState, d: Pending, action: Action, emit: Emit) -> None:
    assert isinstance(action, Execute)
    execute(s, emit, d[1], d[2], action.person)


def _ear_noble_legal(s: ViveLeRoiState, d: Pending) -> list[Action]:
    return [PLACES[noble] for noble in nobles(s, d[1])]


def _ear_noble_handle(s: ViveLeRoiState, d: Pending, action: Action, emit: Emit) -> None:
    assert isinstance(action, Place)
    _ear_on(s, emit, d[1], action.onto)


# --- taking cards from other structures ---------------------------------------------------------


def _stealable(s: ViveLeRoiState, seat: int, kind: int) -> list[int]:
    return [c for p in range(s.num_players) if p != seat for c in of_kind(s, p, kind)]


def _steal_legal(s: ViveLeRoiState, d: Pending) -> list[Action]:
    return [Take(c) for c in _stealable(s, d[1], STOLEN_KIND[ROLE[d[2]]])]


def _steal_handle(s: ViveLeRoiState, d: Pending, action: Action, emit: Emit) -> None:
    assert isinstance(action, Take)
    _steal(s, emit, d[1], d[2], action.card)


def _steal(s: ViveLeRoiState, emit: Emit, seat: int, card: int, taken: int) -> None:
    """Bandits, Luring away, Inheritance, Gossip: take the card, score its value; what was
    attached to it stays with the victim, free to be placed again (VR-17, VR-27)."""
    victim = s.owner(taken)
    freed = release(s, taken)
    to_structure(s, taken, seat)
    s.scores[seat] += VALUE[taken]
    to_discard(s, card)
    say(emit, "steal", seat=seat, card=card, victim=victim, taken=taken, points=VALUE[taken])
    s.agenda.extend(("place", victim, c) for c in reversed(freed))
    s.agenda.append(("place", seat, taken))


# --- Riots ----------------------------------------------------------------------------------


def unguarded(s: ViveLeRoiState, seat: int) -> list[int]:
    attach = s.attach
    guarded = {attach[c] for c in s.structures[seat] if KIND[c] == MUSKETEER}
    return [c for c in of_kind(s, seat, PROVINCE) if c not in guarded]


def _guard(s: ViveLeRoiState, emit: Emit, seat: int, rioter: int) -> None:
    if unguarded(s, seat):
        s.pending = ("guard", seat, rioter)


def _guard_legal(s: ViveLeRoiState, d: Pending) -> list[Action]:
    seat = d[1]
    guards = distinct([c for c in s.hands[seat] if KIND[c] == MUSKETEER])
    guards += distinct(free_musketeers(s, seat))
    out: list[Action] = [PASS]
    out += [Guard(m, p) for p in unguarded(s, seat) for m in guards]
    return out


def _guard_handle(s: ViveLeRoiState, d: Pending, action: Action, emit: Emit) -> None:
    if not isinstance(action, Guard):
        return
    seat = d[1]
    to_structure(s, action.musketeer, seat, action.province)
    say(emit, "guard", seat=seat, musketeer=action.musketeer, province=action.province)
    if unguarded(s, seat):
        s.pending = d


def _riot_take(s: ViveLeRoiState, emit: Emit, seat: int, victim: int) -> None:
    taken = unguarded(s, victim)
    for c in taken:
        to_structure(s, c, seat)
    say(emit, "riots_take", seat=seat, victim=victim, provinces=taken)


# --- Extortion ------------------------------------------------------------------------------


def _extorted_legal(s: ViveLeRoiState, d: Pending) -> list[Action]:
    seat = d[1]
    card = s.hidden[seat]
    if KIND[card] == EVENT:
        return [KEEP_IN_HAND]
    return [KEEP_IN_HAND, Place(-1), *[PLACES[h] for h in hosts(s, seat, card)]]


def _extorted_handle(s: ViveLeRoiState, d: Pending, action: Action, emit: Emit) -> None:
    seat, victim = d[1], d[2]
    card = s.hidden[seat]
    if isinstance(action, Place):
        to_structure(s, card, seat, action.onto)
        say(emit, "extorted_placed", seat=seat, card=card, onto=action.onto)
        if KIND[card] == OFFICIAL:
            s.agenda.append(("activate", seat, card))
        return
    to_hand(s, card, seat)
    learn(s, seat, card, 1 << victim)
    say(emit, "extorted_kept", seat=seat)


# --- the King's Ear contest (VR-22) -----------------------------------------------------------


def _contest(s: ViveLeRoiState, emit: Emit, mask: int) -> None:
    if s.loc[EAR_CARD] != LOC_EAR:
        return
    bidders = [p for p in s.order() if mask >> p & 1 and nobles(s, p)]
    say(emit, "ear_contest", seats=bidders)
    s.agenda.append(("contest_end",))
    s.agenda.extend(("bid", p) for p in reversed(bidders))


def _bid(s: ViveLeRoiState, emit: Emit, seat: int) -> None:
    if s.hands[seat]:
        s.pending = ("bid", seat)


def _bid_legal(s: ViveLeRoiState, d: Pending) -> list[Action]:
    cards = distinct([c for c in s.hands[d[1]] if IS_NUMBER[c]])
    return [PASS, *[LAY_DOWNS[c] for c in cards]]


def _bid_handle(s: ViveLeRoiState, d: Pending, action: Action, emit: Emit) -> None:
    seat = d[1]
    if isinstance(action, LayDown):
        to_hidden(s, action.card, seat, RULE_NUMBER)
        say(emit, "ear_bid", seat=seat)
        tell(emit, seat, "ear_bid_is", seat=seat, card=action.card)
    else:
        say(emit, "ear_no_bid", seat=seat)


def _contest_end(s: ViveLeRoiState, emit: Emit) -> None:
    bids = [(p, s.hidden[p]) for p in s.order() if s.hidden[p] >= 0]
    say(emit, "ear_bids", bids=[[p, c, VALUE[c]] for p, c in bids])
    for _, c in bids:
        to_discard(s, c)
    if not bids:
        say(emit, "ear_stays")
        return
    top = max(VALUE[c] for _, c in bids)
    best = [p for p, c in bids if VALUE[c] == top]
    if len(best) > 1:
        s.agenda.append(("contest", sum(1 << p for p in best)))
        return
    winner = best[0]
    mine = nobles(s, winner)
    if len(mine) == 1:
        _ear_on(s, emit, winner, mine[0])
    else:
        s.pending = ("ear_noble", winner, EAR_CARD)


TASKS: dict[str, Task] = {
    "next_event": _next_event,
    "guard": _guard,
    "riot_take": _riot_take,
    "contest": _contest,
    "bid": _bid,
    "contest_end": _contest_end,
}
HANDLERS: dict[str, Handler] = {
    "target": _target_handle,
    "execute": _execute_handle,
    "ear_noble": _ear_noble_handle,
    "steal": _steal_handle,
    "guard": _guard_handle,
    "extorted": _extorted_handle,
    "bid": _bid_handle,
}
LEGAL: dict[str, Legal] = {
    "target": _target_legal,
    "execute": _execute_legal,
    "ear_noble": _ear_noble_legal,
    "steal": _steal_legal,
    "guard": _guard_legal,
    "extorted": _extorted_legal,
    "bid": _bid_legal,
}
