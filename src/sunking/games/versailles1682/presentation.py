"""How Versailles 1682 shows itself to people: its cards, texts and the reading of its view.

The texts live in this package's catalogs (``locale/<lang>/LC_MESSAGES/versailles1682.po``)
under keys ``versailles1682.…``; the German ones follow the rulebook (Haushofmeister, Anfrage,
Audienz, Ansehen, Hofregister). Card names are found under ``versailles1682.card.<id>``; the
rules know cards by id and type key only.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Any

from ...core.actions import JsonValue
from ...presentation import (
    Component,
    Fact,
    Presentation,
    ScoringLine,
    Texts,
    action_entry,
    decision_fields,
    fill,
    final_table,
    log_entries,
    number,
    player_row,
    scoring_table,
    variant,
    zone,
)
from .data import CARDS
from .flow import FLOW

G = "versailles1682"

EVENT_TYPES = (
    "address", "audience", "bastille", "card_given", "court_moves", "court_stays", "courtier",
    "death", "discard", "done", "draw", "draw_house", "drawn", "end_turn", "exile", "fault",
    "favourite", "fine", "fortune", "game_over", "give", "given", "granted", "heir",
    "intervention", "king_dies", "lover", "marriage", "negotiation", "negotiation_ends",
    "new_queen", "new_royals", "no_income", "no_second_card", "no_turn", "offer",
    "offer_accepted", "offer_declined", "offer_lapses", "offered", "party", "payment", "peace",
    "play", "play_war", "power", "presented", "privilege_lost", "promised", "queen_dies",
    "queen_origin", "received", "regency", "regency_ends", "request", "reshuffle", "returns",
    "round", "round_ends_at_once", "secret_marriage", "setup", "shown", "shows", "standing",
    "to_house", "turn", "war", "widow_inherits",
)
COUNTRIES = ("england", "spain", "holland")
ROYALS = ("king", "queen")

EVENT_SUBJECTS: Mapping[str, str] = {
    **dict.fromkeys(
        ("address", "audience", "bastille", "card_given", "court_moves", "courtier", "death",
         "discard", "done", "draw", "draw_house", "drawn", "end_turn", "exile", "fault",
         "favourite", "fortune", "give", "given", "granted", "heir", "intervention", "lover",
         "no_income", "no_second_card", "no_turn", "offer", "offer_accepted", "offer_declined",
         "offer_lapses", "offered", "party", "payment", "play", "play_war", "power", "presented",
         "privilege_lost", "promised", "request", "returns", "secret_marriage", "shows",
         "standing", "to_house", "turn", "widow_inherits"), "seat"),
    "fine": "offender", "received": "to", "round": "steward", "setup": "steward",
    "marriage": "husband",
}
"""The seat each event is about (see :attr:`Presentation.event_subjects`)."""

EVENT_OBJECTS: Mapping[str, str] = {
    **dict.fromkeys(
        ("card_given", "give", "given", "no_second_card", "offer", "offered", "offer_accepted",
         "offer_declined", "offer_lapses", "payment", "promised", "shows"), "to"),
    **dict.fromkeys(("intervention", "play", "power"), "target"),
    **dict.fromkeys(("address", "fault"), "courtier"),
    "received": "seat", "request": "beneficiary", "marriage": "wife",
}
"""The other seat each event names (see :attr:`Presentation.event_objects`)."""

FIELDS: Mapping[str, str] = {
    **dict.fromkeys(
        ("seat", "to", "beneficiary", "target", "husband", "wife", "steward", "spouse",
         "offender", "addressed", "speaker", "courtier", "offerer"), "seat"),
    "winners": "seats",
    **dict.fromkeys(("card", "office"), "card"),
    **dict.fromkeys(
        ("amount", "fortune", "roll", "change", "standing", "round", "players", "king", "queen",
         "until_round", "rolls", "given", "left", "fault"), "number"),
    **dict.fromkeys(
        ("royal", "place", "country", "origin", "party", "power", "kind", "gender", "reason",
         "verdict", "why"), "word"),
    **dict.fromkeys(("name", "words", "address"), "text"),
}
"""How the fields of actions, events and decisions read."""

DICE_SHOWN = 4
"""How many of the last rolls the board shows."""
NEGOTIATION_EVENTS = frozenset({
    "payment", "shows", "shown", "offer", "offered", "offer_accepted", "offer_declined",
    "offer_lapses", "negotiation_ends",
})
"""The events the negotiation panel tells (who is done is in the view)."""


def dice_of(event: Mapping[str, Any]) -> tuple[int, ...]:
    """The dice an event rolled (none for an event without dice)."""
    rolls = event.get("rolls", event.get("roll"))
    if isinstance(rolls, list):
        return tuple(n for n in rolls if isinstance(n, int))
    return (rolls,) if isinstance(rolls, int) and not isinstance(rolls, bool) else ()


def rolled(event: Mapping[str, Any]) -> bool:
    """Whether the dice panel tells ``event``: a roll, or a courtier presented at court."""
    return bool(dice_of(event)) or event.get("type") == "presented"


def negotiation_start(events: Sequence[Mapping[str, Any]]) -> int:
    """Where the last negotiation begins in ``events`` (their length: none in them)."""
    return max((i for i, e in enumerate(events) if e.get("type") == "negotiation"),
               default=len(events))


SPECIAL_SEATS = {-1: "king", -2: "queen"}
"""A card's target or a ``to`` below zero: the King, the Queen (or the House of the King)."""


def card_key(card: int) -> str | None:
    """The component key of card ``card`` (None for none)."""
    return f"{G}.card.{card}" if 0 <= card < len(CARDS) else None


def _components() -> dict[str, Component]:
    out: dict[str, Component] = {}
    for c, ct in enumerate(CARDS):
        facts: list[Fact] = []
        if ct.income:
            facts.append(Fact(f"{G}.fact.income", ct.income))
        if ct.icon:
            facts.append(Fact(f"{G}.fact.where", f"{G}.icon.{ct.icon}", translate=True))
        if ct.gender:
            facts.append(Fact(f"{G}.fact.for", f"{G}.word.{ct.gender}", translate=True))
        if ct.min_royal:
            facts.append(Fact(f"{G}.fact.min_{ct.min_royal}", ct.min_standing))
        facts.append(Fact(f"{G}.fact.effect", f"{G}.effect.{ct.key}", translate=True))
        key = f"{G}.card.{c}"
        out[key] = Component(key, f"{G}.kind.{ct.kind}", tuple(facts))
    return out


def _seat_word(t: Texts, value: object, vacant: str = "king") -> str | None:
    if isinstance(value, int) and value < 0:
        return t(f"{G}.word.{vacant if value == -1 else SPECIAL_SEATS.get(value, 'king')}")
    return None


FIELDS_BY_TYPE: Mapping[str, Mapping[str, str]] = {
    kind: {**FIELDS, **fields} for kind, fields in (
        ("setup", {"target": "number"}), ("reshuffle", {"cards": "number"}),
        ("game_over", {"fortunes": "per_seat"}))
}
"""The fields of the payloads that read a field otherwise than :data:`FIELDS`, merged once."""


class VersaillesPresentation(Presentation):
    """The words of Versailles 1682."""

    event_subjects = EVENT_SUBJECTS
    event_objects = EVENT_OBJECTS
    event_groups: Mapping[str, str] = MappingProxyType({"game_over": "winners"})
    settings = ("target",)

    recent_versions = 80
    """The dice and the negotiation are read from the newest events (a round's negotiation
    and the last rolls lie well within them)."""

    def board_events(
        self, events: Sequence[Mapping[str, Any]],
    ) -> Sequence[Mapping[str, Any]]:
        """The last negotiation's events and the last rolls, in order."""
        start = negotiation_start(events)
        rolls = [i for i, e in enumerate(events) if rolled(e)][-DICE_SHOWN:]
        keep = set(rolls) | {i for i in range(start, len(events))
                             if i == start or events[i].get("type") in NEGOTIATION_EVENTS}
        return [events[i] for i in sorted(keep)]

    def values(self, t: Texts, payload: Mapping[str, Any]) -> dict[str, str]:
        """The placeholders of an action, event or decision in words."""
        kinds = FIELDS_BY_TYPE.get(str(payload.get("type")), FIELDS)
        values = fill(t, payload, kinds, card_key)
        if payload.get("type") == "standing" and isinstance(payload.get("change"), int):
            values["change"] = number(t, abs(payload["change"]))
        for name in ("target", "to"):
            special = _seat_word(t, payload.get(name), "house" if name == "to" else "king")
            if special is not None and kinds.get(name) == "seat":
                values[name] = special
        fault = payload.get("fault")
        if isinstance(fault, int):
            values["fault"] = number(t, fault + 1)  # people count faults from one
        favour = payload.get("favour")
        if isinstance(favour, str):
            values["favour"] = t(f"{G}.favour.{favour}")
        why = payload.get("why")
        if isinstance(why, str) and not t.has(f"{G}.word.{why}"):
            values["why"] = t(f"{G}.type.{why}" if t.has(f"{G}.type.{why}") else f"{G}.word.other")
        return values

    def board(
        self, view: Mapping[str, Any], legal: Sequence[Mapping[str, Any]], seat: int | None,
        t: Texts, events: Sequence[Mapping[str, Any]],
    ) -> dict[str, JsonValue]:
        decision = view.get("decision")
        out: dict[str, JsonValue] = {
            "phase": t(f"{G}.phase.{view['phase']}"),
            "round": t(f"{G}.round", round=view["round"], steward=t.player(view["steward"])),
            "players": self._players(view, seat, t),
            "zones": self._zones(view, t),
            "log": log_entries(t, events, lambda e: self.event_text(e, t, view)),
            "dice": self._dice(events, t, view),
            "negotiation": self._negotiation(events, t, view),
        }
        you = view.get("you")
        if isinstance(you, dict):
            out["hand"] = [t.component(f"{G}.card.{c['id']}") for c in you["hand"]]
            out["promises"] = self._promises(you, t)
        if decision is not None:
            context = self.values(t, decision)
            context["player"] = t.player(decision["seat"])
            context["left"] = str(view.get("actions_left", 0))
            out.update(decision_fields(
                t, decision, seat, legal,
                lambda: t(f"{G}.decision.{decision['kind']}", **context),
                lambda i, a: self.action(i, a, decision, t)))
        elif "result" in view:
            out["result"] = self.result(view["result"], t)
        return out

    def _players(
        self, view: Mapping[str, Any], seat: int | None, t: Texts,
    ) -> list[JsonValue]:
        rows: list[JsonValue] = []
        for c in view["courtiers"]:
            facts: list[tuple[str, object]] = []
            if c["family"]:
                facts.append((f"{G}.fact.courtier",
                              f"{c['given_name'] or ''} {c['family']}".strip()))
            if c["party"]:
                facts.append((f"{G}.fact.party", t(f"{G}.word.{c['party']}")))
            facts.append((f"{G}.fact.place", t(f"{G}.status.{c['place']}")))
            for royal in ROYALS:
                standing = c[f"{royal}_standing"]
                if standing is not None:
                    facts.append((f"{G}.fact.standing_{royal}", standing))
            facts.append((f"{G}.fact.income", t(f"{G}.livres", amount=number(t, c["income"]))))
            facts.append((f"{G}.fact.hand", c["hand_size"]))
            score = t(f"{G}.livres", amount=number(t, c["fortune"]))
            rows.append(player_row(t, c["seat"], seat, view.get("to_move"), facts, score))
        return rows

    def _zones(self, view: Mapping[str, Any], t: Texts) -> list[JsonValue]:
        zones: list[JsonValue] = [
            zone(t, t(t.personal(f"{G}.zone.tableau", c["seat"]), player=t.player(c["seat"])),
                 (f"{G}.card.{card['id']}" for card in c["cards"]), owner=c["seat"])
            for c in view["courtiers"]
        ]
        court = [(f"{G}.fact.court", t(f"{G}.place.{view['court']}")),
                 (f"{G}.fact.king", t(f"{G}.royal_state.{view['king']}")),
                 (f"{G}.fact.queen", t(f"{G}.royal_state.{view['queen']}"))]
        if view["wars"]:
            court.append((f"{G}.fact.wars",
                          t.listing(t(f"{G}.word.{w}") for w in view["wars"])))
        court.append((f"{G}.fact.target", t(f"{G}.livres", amount=number(t, view["target"]))))
        zones.append(zone(t, t(f"{G}.zone.house"),
                          (f"{G}.card.{c['id']}" for c in view["house_of_the_king"]),
                          facts=court))
        if view["war_minister_box"]:
            zones.append(zone(t, t(f"{G}.zone.box"),
                              (f"{G}.card.{c['id']}" for c in view["war_minister_box"])))
        pile = view["discard_pile"]
        zones.append(zone(t, t(f"{G}.zone.discard"),
                          (f"{G}.card.{c['id']}" for c in pile[-6:]),
                          facts=[(f"{G}.fact.cards", len(pile)),
                                 (f"{G}.fact.talon", view["talon"])]))
        return zones

    def action(
        self, index: int, action: Mapping[str, Any], decision: Mapping[str, Any], t: Texts,
    ) -> dict[str, JsonValue]:
        """One legal action as a sentence in its group (grouped by card where it has one)."""
        kind = action["type"]
        values = self.values(t, action)
        suffix: list[object] = []
        if kind == "request" and action.get("queen"):
            suffix = ["queen"]
        elif kind in ("intervene", "governess"):
            suffix = ["up" if action.get("sign", 1) > 0 else "down"]
        elif kind == "withdraw_office" and action.get("to", 0) < 0:
            suffix = ["vacant"]
        elif kind == "play" and action.get("royal"):
            suffix = ["royal"]
        elif kind == "pass":
            suffix = [decision["kind"]]
        group = t(f"{G}.group.{kind}", **values)
        return action_entry(index, group, t(variant(t, f"{G}.action.{kind}", *suffix), **values))

    def event_text(
        self, event: Mapping[str, Any], t: Texts, view: Mapping[str, Any],
    ) -> str | None:
        """One log entry in words (None for one that says nothing to people)."""
        kind = event.get("type")
        if kind not in EVENT_TYPES:
            return None
        values = self.values(t, event)
        suffix: tuple[object, ...] = ()
        if kind == "request":
            suffix = ("granted" if event.get("granted") else "refused",)
        elif kind == "audience":
            suffix = ("accepted" if event.get("accepted") else "refused",)
        elif kind == "power":
            suffix = (event.get("power", ""), "peace" if event.get("peace") else "")
        elif kind == "standing":
            change = event.get("change", 0)
            suffix = ("up" if change > 0 else "down" if change < 0 else "same",)
        elif kind == "fortune":
            suffix = ("loss" if event.get("amount", 0) < 0 else "gain",)
        elif kind == "court_moves" and "seat" not in event:
            suffix = ("alone",)
        return t(self.subject_key(t, variant(t, f"{G}.event.{kind}", *suffix), event), **values)

    def _dice(
        self, events: Sequence[Mapping[str, Any]], t: Texts, view: Mapping[str, Any],
    ) -> list[JsonValue]:
        """The last rolls, newest first: the dice, the line of the log, and what they decided
        in a word (granted, refused, a change of standing)."""
        shown: list[JsonValue] = []
        for event in reversed(events):
            if len(shown) == DICE_SHOWN:
                break
            if not rolled(event):
                continue
            text = self.event_text(event, t, view)
            if text is not None:
                shown.append({"dice": list(dice_of(event)), "text": text,
                               "verdict": self._verdict(event, t)})
        return shown

    @staticmethod
    def _verdict(event: Mapping[str, Any], t: Texts) -> str:
        kind, change = event.get("type"), event.get("change")
        if kind == "request":
            return t(f"{G}.board.{'granted' if event.get('granted') else 'refused'}")
        if kind == "audience":
            return t(f"{G}.board.{'granted' if event.get('accepted') else 'refused'}")
        if kind == "intervention" and isinstance(change, int):
            return t(f"{G}.board.change", change=f"+{change}" if change > 0 else str(change))
        return ""

    def _negotiation(
        self, events: Sequence[Mapping[str, Any]], t: Texts, view: Mapping[str, Any],
    ) -> list[JsonValue]:
        """What this round's negotiation said so far: payments, shown cards, offers and their
        answers, its end (who is done is in the view)."""
        start = negotiation_start(events)
        lines: list[JsonValue] = []
        for event in events[start:]:
            if event.get("type") in NEGOTIATION_EVENTS:
                text = self.event_text(event, t, view)
                if text is not None:
                    lines.append(text)
        return lines

    def _promises(self, you: Mapping[str, Any], t: Texts) -> list[JsonValue]:
        """The open promises of the reader's family, made or received (V-42), in words."""
        lines: list[JsonValue] = []
        for p in you.get("promises", ()):
            favour = t(f"{G}.favour.{p['favour']}")
            amount = self.livres(t, p["amount"])
            if p["debtor"] == you["seat"]:
                lines.append(t(f"{G}.board.promise_made", to=t.player(p["creditor"]),
                               favour=favour, amount=amount))
            else:
                lines.append(t(f"{G}.board.promise_received", seat=t.player(p["debtor"]),
                               favour=favour, amount=amount))
        return lines

    def result(self, final: Mapping[str, Any], t: Texts) -> dict[str, JsonValue]:
        """The final table: the richest families first (§1.0), each family's standing at the
        end, and why the game ended."""
        winners = list(final.get("winners", ()))
        scores = list(final.get("scores", ()))
        text = t(t.seats_key(f"{G}.result", winners), winners=t.seats(winners),
                 amount=self.livres(t, max(scores) if scores else 0))
        rows = final.get("players") or []
        lines = [
            ScoringLine(t(f"{G}.final.family"), lambda r: r["family"] or t(f"{G}.final.none")),
            ScoringLine(t(f"{G}.final.party"),
                        lambda r: t(f"{G}.word.{r['party']}") if r["party"]
                        else t(f"{G}.final.none")),
            ScoringLine(t(f"{G}.final.place"), lambda r: t(f"{G}.final.place.{r['place']}")),
            ScoringLine(t(f"{G}.final.income"), lambda r: self.livres(t, r["income"])),
            ScoringLine(t(f"{G}.final.fortune"), lambda r: self.livres(t, r["fortune"]),
                        total=True),
        ]
        ending = t(f"{G}.final.ended.{final.get('reason', 'target')}",
                   round=final.get("round", 0), target=self.livres(t, final.get("target", 0)))
        table = final_table(t, scores, winners, text,
                            [scoring_table(t, t(f"{G}.final.title"), rows, lines)], [ending])
        for row in table["rows"]:
            row["score"] = self.livres(t, scores[row["seat"]])
        return table

    @staticmethod
    def livres(t: Texts, amount: int) -> str:
        """An amount of money in words (``12.000 Livre``)."""
        return t(f"{G}.livres", amount=number(t, amount))


PRESENTATION = VersaillesPresentation(
    G, __package__, _components(), FLOW.decision_kinds, EVENT_TYPES, FLOW.phases,
)
