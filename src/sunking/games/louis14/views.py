"""What each seat may see, and determinization for search.

A seat sees everything public (money, chips, stones, laid missions, tile sides, counts of
cards in hands and decks, played cards) plus its own hand, its own blazon kinds and the deck
cards it knows (a card it put under a pile, the intrigue cards played under theirs). It never
sees another hand, another player's blazon kinds, a deck's order, the money cards put back or
the random generator. :func:`determinize` resamples exactly what the seat cannot see.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from ...core.actions import JsonValue
from ...core.rng import Rng
from .data import BLAZON_KINDS, CHIP_CODES, DECKS, MISSIONS, MONEY_CARDS, TILES
from .state import BLAZON_SLOTS, CHIP_SLOTS, FACES, KINDLESS, Louis14State

_HAND_KINDS = ("influence", "intrigue", "mission")

_CONTEXT: dict[str, tuple[str, ...]] = {
    "income": ("mission",),
    "trade": ("mission",),
    "mission_stone": ("mission", "tile"),
    "end_stone": ("mission",),
    "intrigue": ("tile",),
    "tie": ("tile",),
    "bribe": ("tile", "cost"),
    "swap": ("mission",),
}


def decision_json(s: Louis14State) -> dict[str, JsonValue] | None:
    """The pending decision in public terms: its kind, its seat and its context."""
    d = s.pending
    if d is None:
        return None
    out: dict[str, JsonValue] = {"kind": d[0], "seat": d[1]}
    for name, value in zip(_CONTEXT.get(d[0], ()), d[2:], strict=False):
        out[name] = value
    return out


def _known(deck: list[int], known: list[int], seats: int) -> list[dict[str, int]]:
    """Cards of a pile known to every seat of the bit set ``seats``, by depth from the top
    (0 = top)."""
    top = len(deck) - 1
    return [
        {"depth": top - i, "card": card}
        for i, (card, mask) in enumerate(zip(deck, known, strict=True))
        if mask & seats == seats
    ]


def _player(s: Louis14State, p: int) -> dict[str, JsonValue]:
    c = s.colours
    return {
        "seat": p,
        "money": s.money[p],
        "personal": s.personal[p],
        "general": s.general[p],
        "on_court": sum(s.board[t * c + p] for t in range(1, 13)),
        "chips": {CHIP_CODES[k]: s.chips[p * CHIP_SLOTS + k] for k in range(CHIP_SLOTS)},
        "blazons": s.blazon_count(p),
        "laid_missions": list(s.laid[p]),
        "used_missions": [m for m in s.laid[p] if s.used[p] >> m & 1],
        "influence_cards": s.hand_size(p),
        "intrigue_cards": bin(s.intrigue[p]).count("1"),
        "missions_in_hand": {
            DECKS[d]: sum(1 for m in s.missions[p] if MISSIONS[m].deck == d) for d in range(3)
        },
    }


def _tile(s: Louis14State, t: int) -> dict[str, JsonValue]:
    person = TILES[t]
    cond = person.condition(s.side[t])
    return {
        "tile": t,
        "person": person.name,
        "side": "back" if s.side[t] else "front",
        "condition": {"kind": cond.kind, "value": cond.value},
        "reward": person.reward,
        "stones": s.stones_on(t),
        "louis": s.louis_tile == t,
    }


def view(s: Louis14State, seat: int | None) -> dict[str, JsonValue]:
    """The view of ``seat`` (None for a spectator) as JSON-able data.

    The position only: the seat's choices are ``legal_actions()`` and its log is
    ``events(seat)``, which callers ask for when they need them (a server sends both with
    every view, so carrying them here too would send them twice).
    """
    out: dict[str, JsonValue] = {
        "game": "louis14",
        "version": s.version,
        "num_players": s.num_players,
        "colours": s.colours,
        "round": s.round,
        "phase": s.phase,
        "start_player": s.start,
        "to_move": s.to_move,
        "decision": decision_json(s),
        "louis_tile": s.louis_tile,
        "money_cards": [
            {"tile": MONEY_CARDS[i].tile, "amount": MONEY_CARDS[i].amount}
            for i in s.money_revealed
        ],
        "tiles": [_tile(s, t) for t in range(1, 13)],
        "players": [_player(s, p) for p in range(s.num_players)],
        "neutral_pool": s.neutral_pool,
        "supply": {
            "chips": {CHIP_CODES[k]: max(0, s.chip_supply[k]) for k in range(CHIP_SLOTS)},
            "blazons": sum(s.blazon_pool),
            "influence_deck": len(s.deck),
            "intrigue_deck": len(s.intrigue_deck),
            "mission_decks": {DECKS[d]: len(s.mdecks[d]) for d in range(3)},
            "money_deck": len(s.money_deck),
            "center": sorted(s.center),
        },
        "intrigue_deck_known": _known(s.intrigue_deck, s.intrigue_known,
                                      (1 << s.num_players) - 1),
    }
    if seat is not None:
        base = seat * FACES
        out["you"] = {
            "seat": seat,
            "influence_hand": [f for f in range(FACES) for _ in range(s.hand[base + f])],
            "intrigue_hand": [t for t in range(1, 13) if s.intrigue[seat] >> t & 1],
            "missions": list(s.missions[seat]),
            "blazon_kinds": s.blazons[seat * BLAZON_SLOTS:seat * BLAZON_SLOTS + BLAZON_KINDS],
            "kindless_blazons": s.blazons[seat * BLAZON_SLOTS + KINDLESS],
            "known_influence_deck": _known(s.deck, s.deck_known, 1 << seat),
            "known_mission_decks": {
                DECKS[d]: _known(s.mdecks[d], s.mknown[d], 1 << seat) for d in range(3)
            },
            "known_hands": [
                {"seat": holder, "kind": _HAND_KINDS[kind], "card": card}
                for kind, holder, card, mask in s.known_hands if mask >> seat & 1
            ],
        }
    if s.final is not None:
        out["result"] = s.final
    return out


S = TypeVar("S", bound=Louis14State)


def _dealt(pool: list[int], rng: Rng, last: int | None = None) -> list[int]:
    """A shuffled copy of a sorted pool (``last``: only that many drawn from its end)."""
    out = pool[:]
    rng.shuffle(out, last)
    return out


def determinize(s: S, seat: int, rng: Rng) -> S:
    """A state ``seat`` cannot tell from ``s``: other hands, other blazon kinds, unknown
    deck cards and the money cards still to come are resampled; the generator is new."""
    return determinizer(s, seat)(rng)


def determinizer(s: S, seat: int) -> Callable[[Rng], S]:
    """What :func:`determinize` does, with the seat's information set worked out once.

    Every pool of unseen cards is sorted, so the states dealt depend only on what the seat
    knows, not on where the hidden cards really are.
    """
    n = s.num_players
    others = [p for p in range(n) if p != seat]
    bit = 1 << seat
    fixed: dict[tuple[int, int], list[int]] = {}
    for kind, holder, card, mask in s.known_hands:
        if mask & bit:
            fixed.setdefault((kind, holder), []).append(card)
    # What others know of hands the seat cannot see is itself hidden: forget it.
    known_hands = tuple(f for f in s.known_hands if f[3] & bit or f[1] == seat)

    # Influence cards: other hands and the unknown cards of the pile.
    influence: list[int] = []
    influence_kept: dict[int, list[int]] = {}
    influence_drawn: dict[int, int] = {}
    for p in others:
        base = p * FACES
        free = s.hand[base:base + FACES]
        kept = fixed.get((0, p), [])
        for face in kept:
            free[face] -= 1
        influence += [f for f in range(FACES) for _ in range(free[f])]
        influence_kept[p] = kept
        influence_drawn[p] = s.hand_size(p) - len(kept)
    deck_slots = [i for i, mask in enumerate(s.deck_known) if not mask & bit]
    influence += [s.deck[i] for i in deck_slots]
    influence.sort()

    # Intrigue cards: other hands and the unknown part of the pile.
    intrigue = [
        t for p in others for t in range(1, 13)
        if s.intrigue[p] >> t & 1 and t not in fixed.get((1, p), [])
    ]
    intrigue_kept = {p: 0 for p in others}
    for p in others:
        for t in fixed.get((1, p), []):
            intrigue_kept[p] |= 1 << t
    intrigue_drawn = {
        p: bin(s.intrigue[p]).count("1") - len(fixed.get((1, p), [])) for p in others
    }
    intrigue_slots = [i for i, mask in enumerate(s.intrigue_known) if not mask & bit]
    intrigue += [s.intrigue_deck[i] for i in intrigue_slots]
    intrigue.sort()

    # Mission cards, deck by deck (the backs show which deck a hand card is from).
    missions_kept: dict[int, list[int]] = {}
    missions_drawn: list[dict[int, int]] = []
    missions: list[list[int]] = []
    mission_slots: list[list[int]] = []
    for k in range(3):
        drawn = {}
        pool = []
        for p in others:
            unseen = [
                m for m in s.missions[p]
                if MISSIONS[m].deck == k and m not in fixed.get((2, p), [])
            ]
            drawn[p] = len(unseen)
            pool += unseen
        slots = [i for i, mask in enumerate(s.mknown[k]) if not mask & bit]
        pool += [s.mdecks[k][i] for i in slots]
        pool.sort()
        missions.append(pool)
        missions_drawn.append(drawn)
        mission_slots.append(slots)
    for p in others:
        missions_kept[p] = [m for m in s.missions[p] if m in fixed.get((2, p), [])]

    # Blazon kinds of the others, drawn again from what the seat has not seen.
    blazons = [k for k in range(BLAZON_KINDS) for _ in range(s.blazon_pool[k])]
    blazons_drawn = {}
    for p in others:
        base = p * BLAZON_SLOTS
        blazons += [k for k in range(BLAZON_KINDS) for _ in range(s.blazons[base + k])]
        blazons_drawn[p] = sum(s.blazons[base:base + BLAZON_KINDS])
    blazons.sort()
    blazons_total = sum(blazons_drawn.values())

    # Money cards still to come and the four put back unseen.
    money = sorted(s.money_deck + s.money_removed)
    money_left = len(s.money_deck)

    def deal(rng: Rng) -> S:
        d = s._copy()
        d.quiet = True
        # The piles shared copy-on-write are about to be changed in place: copy them first.
        d.intrigue_deck = d.intrigue_deck[:]
        d.mdecks = [pile[:] for pile in d.mdecks]
        d.rng = rng.fork()
        d.known_hands = known_hands

        pool = _dealt(influence, rng)
        hand = d.hand
        for p in others:
            base = p * FACES
            hand[base:base + FACES] = [0] * FACES
            for face in influence_kept[p]:
                hand[base + face] += 1
            for _ in range(influence_drawn[p]):
                hand[base + pool.pop()] += 1
        for i in deck_slots:
            d.deck[i] = pool.pop()

        pool = _dealt(intrigue, rng)
        for p in others:
            mask = intrigue_kept[p]
            for _ in range(intrigue_drawn[p]):
                mask |= 1 << pool.pop()
            d.intrigue[p] = mask
        for i in intrigue_slots:
            d.intrigue_deck[i] = pool.pop()

        hands = {p: list(missions_kept[p]) for p in others}
        for k in range(3):
            pool = _dealt(missions[k], rng)
            for p in others:
                hands[p] += [pool.pop() for _ in range(missions_drawn[k][p])]
            for i in mission_slots[k]:
                d.mdecks[k][i] = pool.pop()
        for p in others:
            d.missions[p] = tuple(sorted(hands[p]))

        pool = _dealt(blazons, rng, blazons_total)
        for p in others:
            base = p * BLAZON_SLOTS
            d.blazons[base:base + BLAZON_KINDS] = [0] * BLAZON_KINDS
            for _ in range(blazons_drawn[p]):
                d.blazons[base + pool.pop()] += 1
        d.blazon_pool = [0] * BLAZON_KINDS
        for k in pool:
            d.blazon_pool[k] += 1

        pool = _dealt(money, rng)
        d.money_deck = pool[:money_left]
        d.money_removed = sorted(pool[money_left:])
        d._legal = None
        return d

    return deal
