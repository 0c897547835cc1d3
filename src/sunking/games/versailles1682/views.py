"""What each seat may see.

Public: the court (royals, place, wars, the War Minister's box, the House of the King, the
discard pile, the Talon's size), every courtier's name, gender, party, place, standings,
marriage, fortune, cards in front of him and hand size, the court register, the faults of
etiquette said at the table and the log. A seat
also sees its own hand and the cards of other hands it knows: those shown to it in a
negotiation, given by it, or taken openly (from the House, a warrant kept). Nobody sees other
hands, the Talon's order or the random generator; :mod:`.determinization` resamples exactly
these. An offer waiting for its answer and the promises of accepted offers (V-42) are seen by
their two sides only.
"""

from __future__ import annotations

from ...core.actions import JsonValue
from ...core.agenda import decision_json
from .data import CARDS, COUNTRIES, FAMILY_NAMES, FAVOURS, NO_STANDING
from .etiquette import courtier, form_of_address, given_name
from .incomes import income_of
from .state import BOX, DISCARD, HOUSE_ZONE, PLACES, STATUS_NAMES, TABLEAU, V1682State

_CONTEXT: dict[str, tuple[str, ...]] = {"give": ("to", "given"), "answer": ("offerer",)}
"""The context of a decision everybody sees (an offer's sum and favour only its two sides
see: ``you.offer``)."""


def card_json(card: int) -> dict[str, JsonValue]:
    ct = CARDS[card]
    return {"id": card, "key": ct.key, "kind": ct.kind}


def _standing(value: int) -> int | None:
    return None if value == NO_STANDING else value


def _offer(s: V1682State) -> dict[str, JsonValue] | None:
    """The offer waiting for an answer, if any."""
    d = s.pending
    if d is None or d[0] != "answer":
        return None
    return {"from": d[2], "to": d[1], "amount": d[3], "favour": FAVOURS[d[4]]}


def _by_zone(where: list[int]) -> dict[int, list[int]]:
    """Zone → the cards in it, by id (one pass over the cards for the whole view)."""
    zones: dict[int, list[int]] = {}
    for c, z in enumerate(where):
        zones.setdefault(z, []).append(c)
    return zones


CRIB_LANGUAGES = ("fr", "de", "en")
"""The languages forms of address are made in (any other reads the French, the court's)."""


def _courtier(s: V1682State, p: int, zones: dict[int, list[int]]) -> dict[str, JsonValue]:
    named = s.name[p] >= 0
    who = courtier(s, p) if named else None
    return {
        "seat": p,
        "family": FAMILY_NAMES[s.name[p]] if named else None,
        "given_name": given_name(s, p) if named else None,
        "gender": s.gender[p] if named else None,
        "party": COUNTRIES[s.party[p]] if s.party[p] >= 0 else None,
        "place": STATUS_NAMES[s.status[p]],
        "awaiting_heir": bool(s.heir[p]),
        "king_standing": _standing(s.king_standing[p]),
        "queen_standing": _standing(s.queen_standing[p]),
        "spouse": s.spouse[p] if s.spouse[p] >= 0 else None,
        "poisoner": bool(s.poisoner[p]),
        "fortune": s.fortune[p],
        "income": income_of(s, p),
        "cards": [card_json(c) for c in zones.get(TABLEAU + p, ())],
        "hand_size": len(zones.get(p, ())),
        "power_used": bool(s.power_used[p]),
        "address": form_of_address(who) if who else None,
        "addresses": {lang: form_of_address(who, lang) for lang in CRIB_LANGUAGES}
        if who else None,
    }


def view(s: V1682State, seat: int | None) -> dict[str, JsonValue]:
    """The view of ``seat`` (None for a spectator) as JSON-able data."""
    zones = _by_zone(s.where)
    out: dict[str, JsonValue] = {
        "game": "versailles1682",
        "version": s.version,
        "num_players": s.num_players,
        "round": s.round,
        "round_limit": s.round_limit,
        "target": s.target,
        "phase": s.phase,
        "steward": s.steward,
        "to_move": s.to_move,
        "turn": s.turn_seat if s.turn_seat >= 0 else None,
        "actions_left": s.actions_left,
        "decision": decision_json(s.pending, _CONTEXT),
        "court": PLACES[s.court],
        "king": "alive" if s.king else "dead",
        "queen": "regent" if (s.queen and not s.king) else ("alive" if s.queen else "dead"),
        "queen_origin": COUNTRIES[s.queen_origin] if s.queen_origin >= 0 else None,
        "regency_until_round": s.regency_until or None,
        "secret_wife": s.secret_wife if s.secret_wife >= 0 else None,
        "favourite": s.favourite if s.favourite >= 0 else None,
        "queens_lover": s.lover if s.lover >= 0 else None,
        "wars": [COUNTRIES[c] for c in s.wars],
        "war_minister_box": [card_json(c) for c in zones.get(BOX, ())],
        "house_of_the_king": [card_json(c) for c in zones.get(HOUSE_ZONE, ())],
        "discard_pile": [card_json(c) for c in zones.get(DISCARD, ())],
        "talon": len(s.talon),
        "courtiers": [_courtier(s, p, zones) for p in range(s.num_players)],
        "negotiation": {
            "moves": list(s.negotiation_moves_made),
            "done": [bool(x) for x in s.negotiation_done],
        },
        "register": [dict(e) for e in s.register],
        "faults": [dict(f) for f in s.faults],
    }
    if seat is not None:
        out["you"] = _own(s, seat, zones)
    if s.final is not None:
        out["result"] = s.final
    return out


def _own(s: V1682State, seat: int, zones: dict[int, list[int]]) -> dict[str, JsonValue]:
    """What only ``seat`` sees: its hand, the cards it knows in other hands and those it has
    shown, the promises it gave or holds, and the offer it makes or is made."""
    bit = 1 << seat
    own: dict[str, JsonValue] = {
        "seat": seat,
        "hand": [card_json(c) for c in zones.get(seat, ())],
        "known_cards": [
            {"seat": holder, "card": card_json(card)}
            for holder, card, mask in s.known if mask & bit and holder != seat
        ],
        "shown": [
            {"card": card, "to": [q for q in range(s.num_players) if mask >> q & 1]}
            for holder, card, mask in s.known if holder == seat
        ],
    }
    own["promises"] = [
        {"debtor": debtor, "creditor": creditor, "favour": FAVOURS[favour], "amount": livres}
        for debtor, creditor, favour, livres in s.promises if seat in (debtor, creditor)
    ]
    offer = _offer(s)
    if offer is not None and seat in (offer["from"], offer["to"]):
        own["offer"] = offer
    return own
