"""What each seat may see: everything on the table (the trump card, the trick, the tricks
played this deal, the bids and scores, how many cards each holds, the suits a seat has shown
it lacks) and its own hand; never another hand, the stock or the generator.
:mod:`.determinization` resamples exactly what the seat cannot see."""

from __future__ import annotations

from sunking.core.actions import JsonValue
from sunking.core.agenda import decision_json

from .data import DEALS, SUITS
from .state import NO_BID, OhHellState

_CONTEXT: dict[str, tuple[str, ...]] = {"bid": (), "play": ()}
"""The names of each decision's context: none (the decision is its kind and seat)."""


def _on_table(cards: list[int], leader: int, n: int) -> list[JsonValue]:
    return [[card, (leader + i) % n] for i, card in enumerate(cards)]


def _player(s: OhHellState, p: int) -> dict[str, JsonValue]:
    return {
        "seat": p,
        "hand_size": len(s.hands[p]),
        "bid": None if s.bids[p] == NO_BID else s.bids[p],
        "tricks": s.tricks[p],
        "score": s.scores[p],
        "made": s.made[p],
        "voids": [name for i, name in enumerate(SUITS) if s.voids[p] >> i & 1],
    }


def view(s: OhHellState, seat: int | None) -> dict[str, JsonValue]:
    """The view of ``seat`` (None for a spectator) as JSON-able data."""
    n = s.num_players
    out: dict[str, JsonValue] = {
        "game": "oh_hell",
        "version": s.version,
        "num_players": n,
        "phase": s.phase,
        "deal": s.deal + 1,
        "deals": len(DEALS),
        "cards_per_hand": DEALS[s.deal],
        "dealer": s.dealer,
        "trump": s.trump,
        "to_move": s.to_move,
        "decision": decision_json(s.pending, _CONTEXT),
        "trick": _on_table(s.trick, s.leader, n),
        "last_trick": {"cards": _on_table(s.last_trick, s.last_leader, n),
                       "winner": s.last_winner},
        "played": list(s.played),
        "stock": len(s.stock),
        "players": [_player(s, p) for p in range(n)],
        "ledger": s.ledger,
    }
    if seat is not None:
        out["you"] = {"seat": seat, "hand": list(s.hands[seat])}
    if s.final is not None:
        out["result"] = s.final
    return out
