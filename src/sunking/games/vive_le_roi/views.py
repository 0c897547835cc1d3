"""What each seat may see, and determinization for search.

Everything in the structures, the middle, the discard pile and an exchange under way is
public, as are hand sizes, the size of the draw pile, the scores and where the King is. A
seat sees its own hand and its own face-down card; it never sees another hand, a face-down
card of another seat (a duel card, a bid, an extorted card) unless it knows it (the victim
of Extortion), the order of the draw pile or the random generator. :func:`determinizer`
resamples exactly what the seat cannot see.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from ...core.actions import JsonValue
from ...core.rng import Rng
from .data import EAR_CARD, EVENT, IS_NUMBER, KIND
from .state import (
    LOC_DECK,
    LOC_EAR,
    LOC_HAND,
    LOC_HIDDEN,
    RULE_ANY,
    RULE_NON_EVENT,
    RULE_NUMBER,
    VlrState,
)


def decision_json(s: VlrState) -> dict[str, JsonValue] | None:
    """The pending decision in public terms: its kind, its seat and its context."""
    d = s.pending
    if d is None:
        return None
    return {"kind": d[0], "seat": d[1], "context": list(d[2:])}


def _player(s: VlrState, p: int) -> dict[str, JsonValue]:
    attach = s.attach
    return {
        "seat": p,
        "score": s.scores[p],
        "hand_size": len(s.hands[p]),
        "face_down": s.hidden[p] >= 0,
        "structure": [[c, attach[c]] for c in s.structs[p]],
        "decrees": s.decrees[p],
    }


def view(s: VlrState, seat: int | None) -> dict[str, JsonValue]:
    """The view of ``seat`` (None for a spectator) as JSON-able data."""
    out: dict[str, JsonValue] = {
        "game": "vive_le_roi",
        "version": s.version,
        "num_players": s.num_players,
        "deal": s.deal,
        "round": s.round,
        "phase": s.phase,
        "start_player": s.start,
        "last_round": s.last_round,
        "king": {"seat": s.king, "captive": s.captive},
        "to_move": s.to_move,
        "decision": decision_json(s),
        "scores": list(s.scores),
        "draw_pile": len(s.deck),
        "discard": list(s.discard),
        "middle": [[c, by] for c, by in zip(s.middle, s.middle_by, strict=True)],
        "kings_ear_in_middle": s.loc[EAR_CARD] == LOC_EAR,
        "exchange": [[c, b] for c, b in zip(s.fight, s.fight_by, strict=True)],
        "resolving": list(s.playing),
        "hits": list(s.hits),
        "decree_failed": s.decree_failed,
        "players": [_player(s, p) for p in range(s.num_players)],
    }
    if seat is not None:
        bit = 1 << seat
        out["you"] = {
            "seat": seat,
            "hand": list(s.hands[seat]),
            "face_down": s.hidden[seat],
            "known_hands": [
                {"seat": holder, "card": card} for holder, card, mask in s.known if mask & bit
            ],
            "known_face_down": [
                {"seat": p, "card": s.hidden[p]} for p in range(s.num_players)
                if s.hidden[p] >= 0 and s.hidden_known[p] & bit
            ],
        }
    if s.final is not None:
        out["result"] = s.final
    return out


S = TypeVar("S", bound=VlrState)

_DEMAND = {RULE_NUMBER: 0, RULE_NON_EVENT: 1, RULE_ANY: 2}


def _fits(card: int, rule: int) -> bool:
    if rule == RULE_NUMBER:
        return IS_NUMBER[card]
    if rule == RULE_NON_EVENT:
        return KIND[card] != EVENT
    return True


def determinizer(s: S, seat: int) -> Callable[[Rng], S]:
    """Deal again, for ``seat``, every card it cannot see: the other hands (but the cards it
    knows there), the other face-down cards (each of the kind its rule allows) and the draw
    pile. The pool of unseen cards is sorted first, so the states dealt depend only on what
    ``seat`` knows."""
    n = s.num_players
    bit = 1 << seat
    others = [p for p in range(n) if p != seat]
    kept: dict[int, list[int]] = {p: [] for p in others}
    for holder, card, mask in s.known:
        if mask & bit and holder != seat:
            kept[holder].append(card)
    known = tuple(k for k in s.known if k[2] & bit or k[0] == seat)
    pool: list[int] = []
    drawn: dict[int, int] = {}
    for p in others:
        free = [c for c in s.hands[p] if c not in kept[p]]
        pool += free
        drawn[p] = len(free)
    slots = [p for p in others if s.hidden[p] >= 0 and not s.hidden_known[p] & bit]
    pool += [s.hidden[p] for p in slots]
    # The most demanding face-down cards are dealt first (a number card before any card).
    slots.sort(key=lambda p: (_DEMAND[s.hidden_rule[p]], p))
    pool += s.deck
    pool.sort()
    deck_size = len(s.deck)

    def deal(rng: Rng) -> S:
        d = s._copy()
        d.quiet = True
        d.rng = rng.fork()
        d.known = known
        cards = pool[:]
        rng.shuffle(cards)
        loc = d.loc
        for p in slots:
            rule = d.hidden_rule[p]
            i = len(cards) - 1
            while not _fits(cards[i], rule):
                i -= 1
            card = cards.pop(i)
            d.hidden[p] = card
            loc[card] = LOC_HIDDEN + p
        for p in others:
            hand = sorted(kept[p] + [cards.pop() for _ in range(drawn[p])])
            d.hands[p] = hand
            for c in hand:
                loc[c] = LOC_HAND + p
        assert len(cards) == deck_size
        d.deck = cards
        for c in cards:
            loc[c] = LOC_DECK
        d._legal = None
        return d

    return deal
