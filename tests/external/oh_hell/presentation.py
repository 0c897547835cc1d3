"""How Oh Hell shows itself to people: its cards, its texts (English only: ``languages``) and
the reading of its view into the described board every client draws."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from sunking.core.actions import JsonValue
from sunking.presentation import (
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
    zone,
)

from .data import DECK_SIZE, RANKS, SUITS, rank, suit
from .flow import FLOW

G = "oh_hell"
EVENT_TYPES = ("deal", "hand", "bid", "play", "trick", "deal_scored", "game_end")
FIELDS: Mapping[str, str] = {
    "seat": "seat", "dealer": "seat", "winners": "seats", "card": "card", "trump": "card",
    "cards": "cards", "tricks": "number", "deal": "number", "size": "number",
    "points": "per_seat",
    "scores": "per_seat",
}
"""How the fields of actions and events read."""


def card_key(card: int) -> str | None:
    """The component key of ``card`` (None for none)."""
    return f"{G}.card.{card}" if 0 <= card < DECK_SIZE else None


def _components() -> dict[str, Component]:
    return {
        f"{G}.card.{c}": Component(f"{G}.card.{c}", f"{G}.kind.{SUITS[suit(c)]}", (
            Fact(f"{G}.fact.rank", f"{G}.rank.{RANKS[rank(c)]}", translate=True),))
        for c in range(DECK_SIZE)
    }


def _deal_line(t: Texts, n: int) -> ScoringLine:
    """The line of the final table for deal ``n``: each seat's bid, tricks and points."""

    def cell(row: Mapping[str, Any]) -> str:
        bid, tricks, points = row["deals"][n]
        return t(f"{G}.final.cell", bid=bid, tricks=tricks, points=points)

    return ScoringLine(t(f"{G}.final.deal", deal=n + 1), cell)


class OhHellPresentation(Presentation):
    """The words of Oh Hell."""

    languages = ("en",)

    def board(
        self, view: Mapping[str, Any], legal: Sequence[Mapping[str, Any]], seat: int | None,
        t: Texts, events: Sequence[Mapping[str, Any]],
    ) -> dict[str, JsonValue]:
        trumps = t(f"{G}.kind.{SUITS[suit(view['trump'])]}")
        out: dict[str, JsonValue] = {
            "phase": t(f"{G}.phase.{view['phase']}"),
            "round": t(f"{G}.round", deal=view["deal"], deals=view["deals"],
                       cards=view["cards_per_hand"], trumps=trumps),
            "players": [self._player(p, view, seat, t) for p in view["players"]],
            "zones": self._zones(view, t),
            "log": log_entries(t, events, lambda e: self.event_text(e, t, view)),
        }
        you = view.get("you")
        if isinstance(you, Mapping):
            out["hand"] = [t.component(f"{G}.card.{c}") for c in you["hand"]]
        decision = view.get("decision")
        if decision is not None:
            out.update(decision_fields(
                t, decision, seat, legal,
                lambda: t(f"{G}.decision.{decision['kind']}", cards=view["cards_per_hand"]),
                lambda i, a: self._action(i, a, t)))
        elif "result" in view:
            out["result"] = self.result(view["result"], t)
        return out

    @staticmethod
    def _player(p: Mapping[str, Any], view: Mapping[str, Any], seat: int | None,
                t: Texts) -> JsonValue:
        bid = t(f"{G}.word.no_bid") if p["bid"] is None else p["bid"]
        facts: list[tuple[str, object]] = [
            (f"{G}.fact.cards", p["hand_size"]), (f"{G}.fact.bid", bid),
            (f"{G}.fact.tricks", p["tricks"])]
        if p["seat"] == view["dealer"]:
            facts.append((f"{G}.fact.dealer", t("presentation.yes")))
        return player_row(t, p["seat"], seat, view.get("to_move"), facts, p["score"])

    @staticmethod
    def _zones(view: Mapping[str, Any], t: Texts) -> list[JsonValue]:
        last = view["last_trick"]
        zones: list[JsonValue] = [
            zone(t, t(f"{G}.zone.trump"), [f"{G}.card.{view['trump']}"]),
            zone(t, t(f"{G}.zone.trick"), (f"{G}.card.{c}" for c, _ in view["trick"])),
        ]
        if last["cards"]:
            zones.append(zone(t, t(f"{G}.zone.last_trick", player=t.player(last["winner"])),
                              (f"{G}.card.{c}" for c, _ in last["cards"])))
        return zones

    @staticmethod
    def _action(index: int, action: Mapping[str, Any], t: Texts) -> dict[str, JsonValue]:
        kind = action["type"]
        tricks = action.get("tricks")
        key = f"{G}.action.{kind}" + {0: ".none", 1: ".one"}.get(tricks, "") if isinstance(
            tricks, int) else f"{G}.action.{kind}"
        text = t(key, **fill(t, action, FIELDS, card_key))
        return action_entry(index, t(f"{G}.group.{kind}"), text)

    def event_text(
        self, event: Mapping[str, Any], t: Texts, view: Mapping[str, Any],
    ) -> str | None:
        kind = event.get("type")
        if kind not in EVENT_TYPES:
            return None
        return t(f"{G}.event.{kind}", **fill(t, event, FIELDS, card_key))

    def result(self, final: Mapping[str, Any], t: Texts) -> dict[str, JsonValue]:
        """The final table: who won, and per deal each seat's bid, tricks and points."""
        scores = list(final["scores"])
        winners = list(final["winners"])
        text = t(f"{G}.result", winners=t.listing(t.player(w) for w in winners),
                 points=max(scores))
        deals = final["deals"]
        rows = [{"seat": p, "deals": [d[p] for d in deals], "score": scores[p],
                 "made": final["tiebreak"][p]} for p in range(len(scores))]
        lines = [_deal_line(t, n) for n in range(len(deals))]
        lines += [ScoringLine(t(f"{G}.final.made"), lambda r: r["made"]),
                  ScoringLine(t(f"{G}.final.score"), lambda r: r["score"], total=True)]
        table = scoring_table(t, t(f"{G}.final.title"), rows, lines)
        return final_table(t, scores, winners, text, [table], [t(f"{G}.final.tie")])


PRESENTATION = OhHellPresentation(
    G, __package__, _components(), FLOW.decision_kinds, EVENT_TYPES, FLOW.phases,
)
