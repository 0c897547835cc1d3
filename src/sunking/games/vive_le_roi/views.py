"""What each seat may see.

Everything in the structures, the middle, the discard pile and an exchange under way is
public, as are hand sizes, the size of the draw pile, the scores and where the King is. A
seat sees its own hand and its own face-down card; it never sees another hand, a face-down
card of another seat (a duel card, a bid, an extorted card) unless it knows it (the victim
of Extortion), the order of the draw pile or the random generator. :mod:`.determinization`
resamples exactly what the seat cannot see.
"""

from __future__ import annotations

from ...core.actions import JsonValue
from ...core.agenda import decision_json
from .data import EAR_CARD
from .state import (
    LOC_EAR,
    ViveLeRoiState,
)

_CONTEXT: dict[str, tuple[str, ...]] = {
    "duel_card": ("challenger", "defender", "noble", "target"),
    "duel_again": ("challenger", "defender", "noble", "target"),
    "batch": ("fight", "attacker", "defender", "target", "batch"),
    "ear_noble": ("card",), "execute": ("card",), "steal": ("card",), "target": ("card",),
    "extorted": ("victim",), "guard": ("rioter",), "give": ("receiver", "what"),
    "place": ("card",), "receive": ("card",), "church": ("decreer",), "react": ("mover",),
    "activate_order": ("officials",),
}
"""The names of each decision's context, in order; all of it is public. ``fight`` is 0 for an
attack, 1 for a bribery; ``batch`` counts the batches laid, the defender's odd; ``what`` is
the kind of card to give; ``mover`` is the seat whose turn just ended (-1: the end of the
phase); ``officials`` is a bit set of the officials still to activate (bit ``i``: card
``OFFICIAL_IDS + i``)."""


def _player(s: ViveLeRoiState, p: int) -> dict[str, JsonValue]:
    attach = s.attach
    return {
        "seat": p,
        "score": s.scores[p],
        "hand_size": len(s.hands[p]),
        "face_down": s.hidden[p] >= 0,
        "structure": [[c, attach[c]] for c in s.structures[p]],
        "decrees": s.decrees[p],
    }


def view(s: ViveLeRoiState, seat: int | None) -> dict[str, JsonValue]:
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
        "decision": decision_json(s.pending, _CONTEXT),
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
