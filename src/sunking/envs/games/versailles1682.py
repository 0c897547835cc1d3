"""Versailles 1682 for learning agents: its action tokens and its observation vector.

Action fields: card ids 0–109, seats 0–5 (with −1 the King and −2 the Queen as card targets,
−1 the House of the King for a withdrawn office), the payments the rules allow, the family
names and genders of the courtiers, the parties, royals and places by name, the favours an
offer asks. What is said at the table out of turn, an address (``address``, free text) and
the steward's fine for a wrong one (``fine``), is not offered to agents: agents never
address anyone, so no fault ever waits for a fine.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...games.versailles1682.actions import ACTION_CLASSES, Address, Fine
from ...games.versailles1682.data import COUNTRIES, DECK_SIZE, FAMILY_NAMES, FAVOURS, PAYMENTS
from ...games.versailles1682.flow import FLOW
from ...games.versailles1682.state import PLACES, STATUS_NAMES
from ..actions import ActionScheme
from ..vector import Vector

ENV_NAME = "Versailles1682"
"""The game's name in Gymnasium ids: ``sunking/Versailles1682-v1``."""

CARDS = range(DECK_SIZE)
SEATS = range(6)
ROYALS = ("king", "queen")
PHASES = FLOW.phases
DECISIONS = FLOW.decision_kinds
"""The game's phases and decision kinds, as its flow declares them (one-hot each, with an
'other' slot)."""

NOTHING_HIDDEN: Mapping[str, Any] = {"hand": [], "known_cards": [], "shown": [], "promises": []}
"""The ``you`` of a view that holds no hidden card: what the public observation encodes."""

SCHEME = ActionScheme(
    [cls for cls in ACTION_CLASSES if cls not in (Address, Fine)],
    fields={
        "name": FAMILY_NAMES,
        "gender": ("f", "m"),
        "party": COUNTRIES,
        "country": COUNTRIES,
        "to": SEATS,
        "amount": PAYMENTS,
        "favour": FAVOURS,
        "card": CARDS,
        "office": CARDS,
        "place": ("versailles", "hunt"),
        "beneficiary": SEATS,
        "queen": (False, True),
        "target": SEATS,
        "royal": ROYALS,
        "sign": (-1, 1),
        "spouse": SEATS,
    },
    overrides={
        "play.target": range(-2, 6),
        "play.royal": ("", *ROYALS),
        "withdraw_office.to": range(-1, 6),
    },
)


def encode(view: Mapping[str, Any], seat: int, out: Vector) -> None:
    """Write ``seat``'s view of Versailles 1682 into ``out``. Seat-indexed segments start
    with the observing seat and go clockwise."""
    n = int(view["num_players"])

    def rel(p: Any) -> int | None:
        return None if p is None else (int(p) - seat) % n

    out.number("round", int(view["round"]), 10.0)
    out.number("rounds_left", int(view["round_limit"]) - int(view["round"]), 10.0)
    out.number("target", int(view["target"]), 10000.0)
    out.category("phase", view["phase"], PHASES)
    decision = view["decision"] or {}
    out.category("decision", decision.get("kind"), DECISIONS)
    out.one_hot("steward", rel(view["steward"]), n)
    out.one_hot("turn", rel(view["turn"]), n)
    out.number("actions_left", int(view["actions_left"]))
    out.one_hot("court", PLACES.index(view["court"]), len(PLACES))
    out.flag("king_alive", view["king"] == "alive")
    out.one_hot("queen", ("alive", "regent", "dead").index(view["queen"]), 3)
    origin = view["queen_origin"]
    out.one_hot("queen_origin", None if origin is None else COUNTRIES.index(origin), 3)
    regency = view["regency_until_round"]
    out.number("regency_rounds", 0 if regency is None else regency - int(view["round"]), 10.0)
    out.one_hot("secret_wife", rel(view["secret_wife"]), n)
    out.one_hot("favourite", rel(view["favourite"]), n)
    out.one_hot("queens_lover", rel(view["queens_lover"]), n)
    out.counts("wars", [COUNTRIES.index(c) for c in view["wars"]], 3)
    out.counts("war_minister_box", [c["id"] for c in view["war_minister_box"]], DECK_SIZE)
    out.counts("house_of_the_king", [c["id"] for c in view["house_of_the_king"]], DECK_SIZE)
    out.counts("discard_pile", [c["id"] for c in view["discard_pile"]], DECK_SIZE)
    out.number("talon", int(view["talon"]), 50.0)
    negotiation = view["negotiation"]
    for k in range(n):
        p = (seat + k) % n
        courtier = view["courtiers"][p]
        _encode_courtier(courtier, f"courtier{k}", rel(courtier["spouse"]),
                         negotiation["moves"][p], negotiation["done"][p], n, out)
    _encode_own(view["you"], seat, n, out)


def _encode_courtier(c: Mapping[str, Any], prefix: str, spouse: int | None, moves: Any,
                     done: Any, n: int, out: Vector) -> None:
    """One courtier as the view shows it (``spouse`` already relative to the observing
    seat), with its negotiation moves and whether it is done negotiating."""
    party = c["party"]
    out.one_hot(f"{prefix}.party", None if party is None else COUNTRIES.index(party), 3)
    out.one_hot(f"{prefix}.place", STATUS_NAMES.index(c["place"]), len(STATUS_NAMES))
    out.flag(f"{prefix}.awaiting_heir", bool(c["awaiting_heir"]))
    for royal in ROYALS:
        standing = c[f"{royal}_standing"]
        out.flag(f"{prefix}.{royal}_standing_known", standing is not None)
        out.number(f"{prefix}.{royal}_standing", standing or 0, 10.0)
    out.one_hot(f"{prefix}.spouse", spouse, n)
    out.flag(f"{prefix}.poisoner", bool(c["poisoner"]))
    out.number(f"{prefix}.fortune", int(c["fortune"]), 10000.0)
    out.number(f"{prefix}.income", int(c["income"]), 5000.0)
    out.counts(f"{prefix}.cards", [card["id"] for card in c["cards"]], DECK_SIZE)
    out.number(f"{prefix}.hand_size", int(c["hand_size"]), 5.0)
    out.flag(f"{prefix}.power_used", bool(c["power_used"]))
    out.number(f"{prefix}.negotiation_moves", int(moves))
    out.flag(f"{prefix}.negotiation_done", bool(done))


def _encode_own(you: Mapping[str, Any], seat: int, n: int, out: Vector) -> None:
    """What only the observing seat sees: its hand, the cards it knows in other hands and
    those it has shown, by seat relative to it."""
    out.counts("you.hand", [c["id"] for c in you["hand"]], DECK_SIZE)
    out.counts(
        "you.known_cards",
        {(int(item["seat"]) - seat) % n * DECK_SIZE + int(item["card"]["id"])
         for item in you["known_cards"]},
        DECK_SIZE * n,
    )
    out.counts(
        "you.shown",
        {(int(to) - seat) % n * DECK_SIZE + int(item["card"]) for item in you["shown"]
         for to in item["to"]},
        DECK_SIZE * n,
    )
