"""What each seat may see, and determinization for search.

A seat sees everything public (money, chips, stones, laid missions, tile sides, counts of
cards in hands and decks, played cards) plus its own hand, its own blazon kinds and the deck
cards it knows (a card it put under a pile, the intrigue cards played under theirs). It never
sees another hand, another player's blazon kinds, a deck's order, the money cards put back or
the random generator. :func:`determinize` resamples exactly what the seat cannot see.
"""

from __future__ import annotations

from ...core.actions import JsonValue
from ...core.agenda import decision_json
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
        "decision": decision_json(s.pending, _CONTEXT),
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
            "mission_decks": {DECKS[d]: len(s.mission_decks[d]) for d in range(3)},
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
                DECKS[d]: _known(s.mission_decks[d], s.mission_known[d], 1 << seat)
                for d in range(3)
            },
            "known_hands": [
                {"seat": holder, "kind": _HAND_KINDS[kind], "card": card}
                for kind, holder, card, mask in s.known_hands if mask >> seat & 1
            ],
        }
    if s.final is not None:
        out["result"] = s.final
    return out
