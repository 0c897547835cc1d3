"""How Vive le Roi shows itself to people: its cards, texts and the reading of its view.

The texts live in this package's catalogs (``locale/<lang>/LC_MESSAGES/vive_le_roi.po``) under
keys ``vive_le_roi.…``; the card names follow the Dutch rulebook's vocabulary (edele, hoveling,
ambtsdrager, machtsstructuur) and its German card titles.
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
    player_row,
    scoring_table,
    variant,
    zone,
)
from .data import ARMS, CARDS, EVENT, KIND_NAMES, NO_ARMS, NOBLE, OFFICIAL
from .flow import FLOW

G = "vive_le_roi"

EVENT_TYPES = (
    "activate", "arrest", "attack", "bribe", "challenge", "church_decree", "commit", "deal",
    "deck_empty", "decree_ignored", "decree_refused", "denounce", "distribution", "drawn",
    "duel_again", "duel_agree", "duel_card", "duel_card_is", "duel_off", "duel_reveal",
    "ear_bid", "ear_bid_is", "ear_bids", "ear_contest", "ear_no_bid", "ear_stays",
    "ear_to_middle", "event", "execute", "extorted", "extorted_kept", "extorted_placed",
    "extortion", "fight_void", "fight_won", "final_scoring", "game_end", "give", "group_tied",
    "group_won", "guard", "hand", "king_moves", "king_released", "kings_ear", "last_round",
    "lets_pass", "limit_reached", "no_card", "no_effect", "nobility_decree", "noble_dies",
    "place", "play", "province_scoring", "rebellion", "riots", "riots_take", "round",
    "sits_out", "steal", "take_back", "to_hand",
)
EVENT_SUBJECTS: Mapping[str, str] = {
    **dict.fromkeys(
        ("activate", "arrest", "attack", "bribe", "challenge", "church_decree", "commit",
         "decree_ignored", "decree_refused", "denounce", "drawn", "duel_again", "duel_agree",
         "duel_card", "duel_card_is", "duel_off", "ear_bid", "ear_bid_is", "ear_no_bid",
         "ear_to_middle", "event", "execute", "extorted", "extorted_kept", "extorted_placed",
         "extortion", "give", "group_won", "guard", "hand", "king_moves", "king_released",
         "kings_ear", "lets_pass", "no_card", "no_effect", "nobility_decree", "noble_dies",
         "place", "play", "rebellion", "riots", "sits_out", "steal", "take_back", "to_hand"),
        "seat"),
    "duel_reveal": "challenger", "fight_won": "winner", "riots_take": "victim",
    "round": "start_player",
}
"""The seat each event is about (see :attr:`Presentation.event_subjects`)."""
EVENT_OBJECTS: Mapping[str, str] = {
    **dict.fromkeys(("arrest", "denounce", "execute", "extorted", "extortion", "riots", "steal"),
                    "victim"),
    **dict.fromkeys(("attack", "bribe", "challenge", "duel_again", "duel_agree", "duel_off",
                     "duel_reveal"), "defender"),
    **dict.fromkeys(("decree_refused", "decree_ignored", "king_released"), "decreer"),
    "church_decree": "captor", "rebellion": "captor", "give": "receiver", "lets_pass": "mover",
}
"""The other seat each event names (see :attr:`Presentation.event_objects`)."""

FIELDS: Mapping[str, str] = {
    **dict.fromkeys(
        ("seat", "victim", "defender", "receiver", "captor", "decreer", "challenger",
         "attacker", "winner", "king", "start_player", "rioter", "mover"), "seat"),
    **dict.fromkeys(("seats", "rebels", "paid", "winners"), "seats"),
    **dict.fromkeys(
        ("card", "noble", "person", "province", "musketeer", "courtier", "office",
         "defender_card", "target", "onto"), "card"),
    **dict.fromkeys(("cards", "kept", "gold", "provinces", "taken"), "cards"),
    **dict.fromkeys(
        ("value", "defender_value", "points", "round", "deal", "players", "rebellions",
         "attacker_total", "defender_total", "kept_value", "rank", "limit"), "number"),
    "kind": "word",
    "bids": "seat_cards",
}
"""How the fields of actions, events and decisions read."""
PER_SEAT: Mapping[str, Mapping[str, str]] = {
    "province_scoring": {"points": "per_seat", "scores": "per_seat"},
    "final_scoring": {"scores": "per_seat"},
    "game_end": {"scores": "per_seat"},
    "limit_reached": {"scores": "per_seat"},
}
"""Events whose numbers come one per seat."""
EVENT_FIELDS: Mapping[str, Mapping[str, str]] = {
    kind: {**FIELDS, **fields} for kind, fields in PER_SEAT.items()
}
"""The fields of those events, merged once."""


def card_key(card: int) -> str | None:
    """The component key of card ``card`` (None for -1, no card)."""
    return f"{G}.card.{card}" if 0 <= card < len(CARDS) else None


def _components() -> dict[str, Component]:
    out: dict[str, Component] = {}
    for c in CARDS:
        facts: list[Fact] = []
        if c.value:
            facts.append(Fact(f"{G}.fact.value", c.value))
        if c.arms != NO_ARMS and c.kind != NOBLE:
            facts.append(Fact(f"{G}.fact.arms", f"{G}.arms.{ARMS[c.arms]}", translate=True))
        if c.kind in (OFFICIAL, EVENT):
            facts.append(Fact(f"{G}.fact.effect", f"{G}.effect.{c.kind}.{c.role}",
                              translate=True))
        key = f"{G}.card.{c.id}"
        out[key] = Component(key, f"{G}.kind.{KIND_NAMES[c.kind]}", tuple(facts))
    return out


FACES: list[JsonValue] = [
    [KIND_NAMES[c.kind], c.value, ARMS[c.arms] if c.arms != NO_ARMS else ""] for c in CARDS
]
"""What is printed on each card, by id, for a client that draws the cards itself: the name
of its kind, its value and its coat of arms ("" for none); its name is the card's text."""


def _owners(view: Mapping[str, Any]) -> dict[int, int]:
    owners: dict[int, int] = {}
    for p in view["players"]:
        for card, _ in p["structure"]:
            owners[card] = p["seat"]
    return owners


class ViveLeRoiPresentation(Presentation):
    """The words of Vive le Roi."""

    event_subjects = EVENT_SUBJECTS
    event_objects = EVENT_OBJECTS
    event_groups: Mapping[str, str] = MappingProxyType({"game_end": "winners"})
    settings = ("points_limit",)

    def board(
        self, view: Mapping[str, Any], legal: Sequence[Mapping[str, Any]], seat: int | None,
        t: Texts, events: Sequence[Mapping[str, Any]],
    ) -> dict[str, JsonValue]:
        decision = view.get("decision")
        to_move = view.get("to_move")
        owners = _owners(view)
        out: dict[str, JsonValue] = {
            "phase": t(f"{G}.phase.{view['phase']}"),
            "round": t(f"{G}.round", round=view["round"], deal=view["deal"]),
            "players": self._players(view, seat, t),
            "zones": self._zones(view, t),
            "log": log_entries(t, events, lambda e: self.event_text(e, t, view)),
            "faces": FACES,
        }
        you = view.get("you")
        if isinstance(you, dict):
            out["hand"] = [t.component(f"{G}.card.{c}") for c in you["hand"]]
        if decision is not None:
            context = self.decision_values(decision, t)
            out.update(decision_fields(
                t, decision, seat, legal,
                lambda: t(self._prompt_key(decision, t), **context),
                lambda i, a: self.action(i, a, decision, owners, t)))
        elif to_move is None and "result" in view:
            out["result"] = self.result(view["result"], t)
        return out

    def _players(
        self, view: Mapping[str, Any], seat: int | None, t: Texts,
    ) -> list[JsonValue]:
        king = view["king"]
        rows: list[JsonValue] = []
        for p in view["players"]:
            facts: list[tuple[str, object]] = [(f"{G}.fact.hand", p["hand_size"])]
            if p["face_down"]:
                facts.append((f"{G}.fact.face_down", t("presentation.yes")))
            if king["seat"] == p["seat"]:
                facts.append((f"{G}.fact.king",
                              t(f"{G}.word.captive" if king["captive"] else f"{G}.word.visit")))
            rows.append(player_row(t, p["seat"], seat, view.get("to_move"), facts, p["score"]))
        return rows

    def _zones(self, view: Mapping[str, Any], t: Texts) -> list[JsonValue]:
        zones: list[JsonValue] = []
        for p in view["players"]:
            cards = []
            for card, onto in p["structure"]:
                extra = (Fact(f"{G}.fact.on", f"{G}.card.{onto}", translate=True),)
                cards.append(t.component(f"{G}.card.{card}", *extra[: 1 if onto >= 0 else 0]))
            zones.append({
                "title": t(t.personal(f"{G}.zone.structure", p["seat"]),
                           player=t.player(p["seat"])),
                "owner": p["seat"], "cards": cards, "facts": [],
            })
        zones.append(zone(t, t(f"{G}.zone.middle"), (f"{G}.card.{c}" for c, _ in view["middle"])))
        if view["exchange"]:
            zones.append(zone(t, t(f"{G}.zone.exchange"),
                              (f"{G}.card.{c}" for c, _ in view["exchange"])))
        discard = view["discard"]
        zones.append(zone(t, t(f"{G}.zone.discard"), (f"{G}.card.{c}" for c in discard[-6:]),
                          facts=[(f"{G}.fact.cards", len(discard)),
                                 (f"{G}.fact.draw_pile", view["draw_pile"])]))
        return zones

    @staticmethod
    def _prompt_key(decision: Mapping[str, Any], t: Texts) -> str:
        """The prompt of a decision; a window after a player's turn names that player."""
        kind = decision["kind"]
        if kind == "react" and decision.get("mover", -1) >= 0:
            return variant(t, f"{G}.decision.react", "turn")
        return f"{G}.decision.{kind}"

    def decision_values(self, decision: Mapping[str, Any], t: Texts) -> dict[str, str]:
        """The placeholders of a decision: its seat and its context in words."""
        raw = {name: value for name, value in decision.items() if name not in ("kind", "seat")}
        values = fill(t, raw, FIELDS, card_key)
        if "fight" in raw:
            values["fight"] = t(f"{G}.word.{'attack' if raw['fight'] == 0 else 'bribery'}")
        values["player"] = t.player(decision["seat"])
        return values

    def action(
        self, index: int, action: Mapping[str, Any], decision: Mapping[str, Any],
        owners: Mapping[int, int], t: Texts,
    ) -> dict[str, JsonValue]:
        """One legal action as a sentence in its group."""
        kind = action["type"]
        values = self.decision_values(decision, t)
        values.update(fill(t, action, FIELDS, card_key))
        values.setdefault("card", t(f"{G}.word.this_card"))
        for name in ("target", "province", "person", "card"):
            card = action.get(name)
            if isinstance(card, int) and card in owners:
                values["owner"] = t.player(owners[card])
        suffix: list[object] = [decision["kind"]]
        if kind == "place" and action.get("onto", -1) < 0:
            suffix = ["free"]
        key = variant(t, f"{G}.action.{kind}", *suffix)
        return action_entry(index, t(f"{G}.group.{kind}"), t(key, **values))

    def event_text(
        self, event: Mapping[str, Any], t: Texts, view: Mapping[str, Any],
    ) -> str | None:
        """One log entry in words (None for an entry that says nothing to people)."""
        kind = event.get("type")
        if kind not in EVENT_TYPES:
            return None
        values = fill(t, event, EVENT_FIELDS.get(str(kind), FIELDS), card_key)
        if kind == "hand":
            values["count"] = str(len(event.get("cards", ())))
        suffix: tuple[object, ...] = ()
        if "effect" in event:
            suffix = (event["effect"].replace(":", "").replace(" ", "_"),)
        elif "why" in event:
            suffix = (event["why"].replace(",", "").replace(" ", "_"),)
        elif "during" in event:
            suffix = (event["during"],)
        elif kind in ("place", "extorted_placed") and event.get("onto", -1) < 0:
            suffix = ("free",)
        return t(self.subject_key(t, variant(t, f"{G}.event.{kind}", *suffix), event), **values)

    def result(self, final: Mapping[str, Any], t: Texts) -> dict[str, JsonValue]:
        """The final table: who won, with how many points, and the final scoring of each deal
        (persons at their value, provinces with their arms, 10 for the King)."""
        winners = list(final.get("winners", ()))
        scores = list(final.get("scores", ()))
        best = max(scores) if scores else 0
        text = t(t.seats_key(f"{G}.result", winners), winners=t.seats(winners), points=best)
        lines = [
            ScoringLine(t(f"{G}.final.before"), lambda r: r["before"]),
            ScoringLine(t(f"{G}.final.persons"), lambda r: r["persons"]),
            ScoringLine(t(f"{G}.final.provinces"), lambda r: r["provinces"]),
            ScoringLine(t(f"{G}.final.king"), lambda r: r["king"]),
            ScoringLine(t(f"{G}.final.final_scoring"), lambda r: r["final_scoring"]),
            ScoringLine(t(f"{G}.final.score"), lambda r: r["before"] + r["final_scoring"],
                        total=True),
        ]
        limit = final.get("limit")
        deals = final.get("deals")
        if deals is None:
            deals = [final.get("players") or []]
        scoring = [
            scoring_table(t, t(f"{G}.final.title") if len(deals) == 1 and not limit
                          else t(f"{G}.final.deal", n=n), rows, lines)
            for n, rows in enumerate(deals, start=1)
        ]
        notes = [t(f"{G}.final.tie")]
        if limit:
            notes.append(t(f"{G}.final.limit", limit=limit))
        reached = final.get("reached")
        if isinstance(reached, Mapping):
            notes.append(t(f"{G}.final.reached", deal=reached["deal"], round=reached["round"]))
        return final_table(t, scores, winners, text, scoring, notes)


PRESENTATION = ViveLeRoiPresentation(
    G, __package__, _components(), FLOW.decision_kinds, EVENT_TYPES, FLOW.phases,
)
