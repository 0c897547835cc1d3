"""How Louis XIV shows itself to people: its tiles, cards, texts and the reading of its view.

The texts live in this package's catalogs (``locale/<lang>/LC_MESSAGES/louis14.po``) under
keys ``louis14.…``, following the Dutch, French and Czech rulebooks. A dedicated board (the
browser's, the terminal's) reads the same texts: tiles are ``louis14.tile.name.<n>``, log
lines ``louis14.log.<type>``, actions ``louis14.action.<type>``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
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
    final_table,
    log_entries,
    player_row,
    scoring_table,
    variant,
    zone,
)
from .data import BLAZON_KINDS, CHIP_CODES, DECKS, MISSIONS, ROUNDS, TILES
from .flow import FLOW

G = "louis14"

EVENT_TYPES = (
    "setup", "round", "money_card", "neutral", "neutral_joker", "influence_drawn",
    "intrigue_drawn", "place", "retrieve", "pay_to_pass", "swap_influence", "last_card",
    "reshuffle", "mission_stone", "evaluate", "flip", "intrigue", "win_tie", "bribe", "louis",
    "chip", "blazon", "conde_stone", "maintenon", "lay_mission", "draw_mission",
    "convert_chip", "keep_chip", "swap_missions", "income", "stones_back", "game_end",
    "influence_card", "intrigue_card", "mission_card", "blazon_kind", "last_card_face",
    "pass", "end_missions",
)

EVENT_SUBJECTS: Mapping[str, str] = {
    **dict.fromkeys(
        ("influence_drawn", "intrigue_drawn", "blazon", "influence_card", "intrigue_card",
         "blazon_kind", "place", "retrieve", "pay_to_pass", "swap_influence", "last_card",
         "last_card_face", "mission_stone", "conde_stone", "intrigue", "win_tie", "chip",
         "louis", "bribe", "maintenon", "stones_back", "income", "lay_mission", "draw_mission",
         "mission_card", "convert_chip", "keep_chip", "swap_missions", "pass",
         "end_missions"), "seat"),
    "round": "start_player",
}
"""The seat each event is about (see :attr:`Presentation.event_subjects`); its texts name
it ``{player}``."""


def _components() -> dict[str, Component]:
    out: dict[str, Component] = {}
    for n in TILES:
        if not n:
            continue
        out[f"{G}.tile.{n}"] = Component(f"{G}.tile.{n}", f"{G}.kind.tile", (
            Fact(f"{G}.fact.front", f"{G}.tile.front.{n}", translate=True),
            Fact(f"{G}.fact.back", f"{G}.tile.back.{n}", translate=True),
            Fact(f"{G}.court.reward", f"{G}.tile.reward.short.{n}", translate=True),
        ))
        out[f"{G}.card.{n}"] = Component(f"{G}.card.{n}", f"{G}.kind.influence", (
            Fact(f"{G}.fact.tile", f"{G}.tile.{n}", translate=True),))
        out[f"{G}.intrigue.{n}"] = Component(f"{G}.intrigue.{n}", f"{G}.kind.intrigue", (
            Fact(f"{G}.fact.tile", f"{G}.tile.{n}", translate=True),))
    out[f"{G}.card.0"] = Component(f"{G}.card.0", f"{G}.kind.influence")
    for m in MISSIONS:
        out[f"{G}.mission.{m.id}"] = Component(f"{G}.mission.{m.id}", f"{G}.kind.mission", (
            Fact(f"{G}.fact.deck", f"{G}.deck.{DECKS[m.deck]}", translate=True),
            Fact(f"{G}.fact.needs", f"{G}.mission.needs.{m.id}", translate=True),
            Fact(f"{G}.fact.effect", f"{G}.mission.effect.{m.id}", translate=True),
        ))
    for code in CHIP_CODES:
        out[f"{G}.token.{code}"] = Component(f"{G}.token.{code}", f"{G}.kind.chip")
    return out


class Louis14Presentation(Presentation):
    """The words of Louis XIV."""

    event_subjects = EVENT_SUBJECTS
    event_groups: Mapping[str, str] = MappingProxyType({"game_end": "winners"})

    # --- names -------------------------------------------------------------------------

    def tile(self, t: Texts, n: int) -> str:
        return t(f"{G}.tile.{n}")

    def card(self, t: Texts, n: int) -> str:
        return t(f"{G}.card.{n}")

    def chip(self, t: Texts, code: str) -> str:
        return t(f"{G}.chip.{code}")

    def stones(self, t: Texts, stones: Sequence[Sequence[int]]) -> str:
        return ", ".join(
            t(f"{G}.action.stones_on", n=n, tile=self.tile(t, tile)) for tile, n in stones
        )

    def why(self, t: Texts, why: object) -> str:
        if not isinstance(why, str) or not why:
            return ""
        if why.startswith("tile "):
            return t(f"{G}.why.tile", tile=self.tile(t, int(why.split()[1])))
        return t(f"{G}.why.{why}") if t.has(f"{G}.why.{why}") else ""

    # --- the board ---------------------------------------------------------------------

    def board(
        self, view: Mapping[str, Any], legal: Sequence[Mapping[str, Any]], seat: int | None,
        t: Texts, events: Sequence[Mapping[str, Any]],
    ) -> dict[str, JsonValue]:
        decision = view.get("decision")
        out: dict[str, JsonValue] = {
            "phase": t(f"{G}.phase.{view['phase']}") if view["phase"] in FLOW.phases else None,
            "round": t(f"{G}.banner.round", round=view["round"], rounds=ROUNDS),
            "players": self._players(view, seat, t),
            "zones": self._zones(view, t),
            "log": log_entries(t, events, lambda e: self.event_text(e, t, view)),
        }
        you = view.get("you")
        if isinstance(you, dict):
            out["hand"] = (
                [t.component(f"{G}.card.{c}") for c in you["influence_hand"]]
                + [t.component(f"{G}.intrigue.{c}") for c in you["intrigue_hand"]]
                + [t.component(f"{G}.mission.{m}") for m in you["missions"]]
            )
        if decision is not None:
            out.update(decision_fields(t, decision, seat, legal,
                                       lambda: self.prompt(decision, t),
                                       lambda i, a: self.action(i, a, decision, t)))
        elif isinstance(view.get("result"), dict):
            out["result"] = self.result(view["result"], t)
        return out

    def _players(
        self, view: Mapping[str, Any], seat: int | None, t: Texts,
    ) -> list[JsonValue]:
        rows: list[JsonValue] = []
        for p in view["players"]:
            chips = ", ".join(
                f"{self.chip(t, c)} {p['chips'][c]}" for c in CHIP_CODES if p["chips"][c]
            )
            held = p["missions_in_hand"]
            facts: list[tuple[str, object]] = [
                (f"{G}.you.money", p["money"]),
                (f"{G}.fact.stones", f"{p['personal']} / {p['general']} / {p['on_court']}"),
                (f"{G}.you.chips", chips or t(f"{G}.you.none")),
                (f"{G}.you.blazons", p["blazons"]),
                (f"{G}.fact.cards", f"{p['influence_cards']} / {p['intrigue_cards']}"),
                (f"{G}.you.missions", f"{held['light']} + {held['medium']} + {held['dark']}"),
            ]
            if p["seat"] == view.get("start_player"):
                facts.append((f"{G}.players.start_player", t("presentation.yes")))
            rows.append(player_row(t, p["seat"], seat, view.get("to_move"), facts))
        return rows

    def _zones(self, view: Mapping[str, Any], t: Texts) -> list[JsonValue]:
        n = int(view["num_players"])
        court: list[JsonValue] = []
        for tile in view["tiles"]:
            number = int(tile["tile"])
            extra = [Fact(f"{G}.court.condition",
                          f"{G}.tile.{'back' if tile['side'] == 'back' else 'front'}.{number}",
                          translate=True)]
            card = t.component(f"{G}.tile.{number}", *extra)
            stones = [
                t(f"{G}.court.stones_of", player=t.player(c) if c < n
                  else t(f"{G}.player.neutral"), n=k)
                for c, k in enumerate(tile["stones"]) if k
            ]
            facts = card["facts"]
            assert isinstance(facts, list)
            if stones:
                facts.append({"label": t(f"{G}.players.stones"), "value": ", ".join(stones)})
            if tile.get("louis"):
                facts.append({"label": t(f"{G}.court.louis_here"), "value": "♔"})
            court.append(card)
        zones: list[JsonValue] = [
            {"title": t(f"{G}.zone.court"), "owner": None, "cards": court, "facts": []}
        ]
        for p in view["players"]:
            if p["laid_missions"]:
                zones.append(zone(t, t(t.personal(f"{G}.zone.missions", p["seat"]),
                                        player=t.player(p["seat"])),
                                  (f"{G}.mission.{m}" for m in p["laid_missions"]),
                                  owner=p["seat"]))
        supply = view["supply"]
        decks = supply["mission_decks"]
        zones.append(zone(t, t(f"{G}.zone.supply"), (), facts=[
            (f"{G}.fact.cards", f"{supply['influence_deck']} / {supply['intrigue_deck']}"),
            (f"{G}.fact.deck", f"{decks['light']} / {decks['medium']} / {decks['dark']}"),
            (f"{G}.you.blazons", supply["blazons"]),
        ]))
        return zones

    # --- decisions and actions ---------------------------------------------------------

    def prompt(self, decision: Mapping[str, Any], t: Texts) -> str:
        kind = decision["kind"]
        values = self._decision_values(decision, t)
        title = f"{G}.prompt.{kind}.title"
        return t(title if t.has(title) else f"{G}.decision.{kind}", **values)

    def _decision_values(self, decision: Mapping[str, Any], t: Texts) -> dict[str, str]:
        values = {"player": t.player(decision["seat"])}
        if "tile" in decision:
            values["tile"] = self.tile(t, int(decision["tile"]))
        if "cost" in decision:
            values["cost"] = str(decision["cost"])
        if "mission" in decision:
            values["mission"] = t(f"{G}.mission.{decision['mission']}")
        return values

    def action(
        self, index: int, a: Mapping[str, Any], decision: Mapping[str, Any], t: Texts,
    ) -> dict[str, JsonValue]:
        """One legal action as a sentence; placements grouped by the card played."""
        kind = a["type"]
        text = self.action_text(a, decision, t)
        if kind in ("place", "retrieve") and "card" in a:
            group = t(f"{G}.group.place_card", card=self.card(t, int(a["card"])))
        else:
            group = t(f"{G}.group.{kind}")
        return action_entry(index, group, text)

    def action_text(self, a: Mapping[str, Any], decision: Mapping[str, Any], t: Texts) -> str:
        """A Louis XIV action in words."""
        kind = a["type"]
        key = f"{G}.action.{kind}"
        boost = f" {t(f'{G}.action.boosted')}" if a.get("boost") else ""
        if kind == "place":
            return t(key, card=self.card(t, a["card"]), stones=self.stones(t, a["stones"])) + boost
        if kind in ("retrieve", "swap_influence"):
            return t(key, card=self.card(t, a["card"])) + boost
        if kind == "intrigue":
            return t(f"{key}.{a['source']}", n=a["stones"])
        if kind == "income":
            return t(key, louis=t(f"{G}.count.louis", n=a["louis"]),
                     stones=t(f"{G}.count.stones", n=a["stones"]))
        if kind == "place_stone":
            return t(key, tile=self.tile(t, a["tile"]))
        if kind == "maintenon":
            return t(key, n=a["stones"])
        if kind == "lay_mission":
            return t(key, mission=t(f"{G}.mission.{a['mission']}"),
                     chips=" + ".join(self.chip(t, c) for c in a["chips"]))
        if kind == "draw_mission":
            return t(key, deck=t(f"{G}.deck.{a['deck']}"))
        if kind in ("convert_chip", "keep_chip"):
            return t(key, chip=self.chip(t, a["chip"]))
        if kind == "swap_missions":
            return t(key, missions=", ".join(t(f"{G}.mission.{m}") for m in a["missions"]))
        if kind == "bribe" and "cost" in decision:
            return t(f"{G}.prompt.bribe.pay", cost=decision["cost"])
        return t(key)

    # --- the log -----------------------------------------------------------------------

    def event_text(
        self, e: Mapping[str, Any], t: Texts, view: Mapping[str, Any],
    ) -> str | None:
        """One log entry in words (None for an unknown type)."""
        kind = e.get("type")
        if kind not in EVENT_TYPES:
            return None
        # a pass is worded by what was passed on: a bribe, a mission's stone …
        base = variant(t, f"{G}.event.{kind}", *([e["decision"]] if kind == "pass" else []))
        key = self.subject_key(t, base, e)
        player = t.player(e["seat"]) if isinstance(e.get("seat"), int) else ""
        why = self.why(t, e.get("why"))
        tail = f" ({why})" if why else ""
        tile = self.tile(t, int(e["tile"])) if isinstance(e.get("tile"), int) and e["tile"] else ""
        text = self._dealing_text(e, t, key, player, tile, tail)
        if text is None:
            text = self._court_text(e, t, view, key, player, tile, tail)
        if text is None:
            text = self._missions_text(e, t, key, player)
        return text if text is not None else t(key, player=player, tile=tile, louis=e.get("louis"))

    def _dealing_text(self, e: Mapping[str, Any], t: Texts, key: str, player: str, tile: str,
                      tail: str) -> str | None:
        """A round begun, or a card, blazon or money card dealt, drawn or shown."""
        kind = e["type"]
        if kind == "setup":
            return t(key, players=e["players"])
        if kind == "round":
            return t(key, round=e["round"], player=t.player(e["start_player"]))
        if kind == "money_card":
            return t(key, amount=e["amount"], tile=tile)
        if kind in ("influence_drawn", "intrigue_drawn", "blazon"):
            return t(key, player=player) + tail
        if kind == "influence_card" or kind == "last_card_face":
            return t(key, player=player, card=self.card(t, e["card"]))
        if kind == "intrigue_card":
            return t(key, player=player, tile=self.tile(t, e["card"]))
        if kind == "mission_card":
            return t(key, player=player, mission=t(f"{G}.mission.{e['mission']}"))
        if kind == "blazon_kind":
            return t(key, player=player, kind=blazon_kind(t, e["kind"]))
        return None

    def _court_text(self, e: Mapping[str, Any], t: Texts, view: Mapping[str, Any], key: str,
                    player: str, tile: str, tail: str) -> str | None:
        """Stones placed on and taken from the court, a tile evaluated and its rewards."""
        kind = e["type"]
        if kind == "place":
            boost = f" {t(f'{G}.action.boosted')}" if e.get("boost") else ""
            return t(key, player=player, card=self.card(t, e["card"]),
                     stones=self.stones(t, e["stones"])) + boost
        if kind == "retrieve":
            return t(key, player=player, card=self.card(t, e["card"]), n=e["stones"])
        if kind == "swap_influence":
            return t(key, player=player, card=self.card(t, e["card"]))
        if kind == "neutral":
            return t(key, tiles=", ".join(str(x) for x in e["tiles"]))
        if kind == "intrigue":
            general = self.subject_key(t, f"{G}.event.intrigue.general", e)
            return t(general if e["source"] == "general" else key,
                     player=player, tile=tile, n=e["stones"])
        if kind == "evaluate":
            return t(key, tile=tile, outcome="; ".join(self.outcome(e, t, view)))
        if kind == "flip":
            side = "back" if e["side"] else "front"
            return t(key, tile=tile, condition=t(f"{G}.tile.{side}.{e['tile']}"))
        if kind == "chip":
            return t(key, player=player, chip=self.chip(t, e["chip"])) + tail
        if kind == "louis":
            source = t(f"{G}.why.tile", tile=tile) if tile else t(f"{G}.why.mission")
            return t(key, player=player, louis=e["louis"]) + f" ({source})"
        if kind == "bribe":
            return t(key, player=player, tile=tile, louis=e["louis"])
        if kind == "maintenon":
            return t(key, player=player, n=e["stones"], back=e["stones_back"])
        if kind == "stones_back":
            return t(key, player=player, n=e["stones"])
        return None

    def _missions_text(self, e: Mapping[str, Any], t: Texts, key: str,
                       player: str) -> str | None:
        """The mission phase (income, missions laid and drawn, chips) and the game's end."""
        kind = e["type"]
        if kind == "income":
            return t(key, player=player, louis=t(f"{G}.count.louis", n=e["louis"]),
                     stones=t(f"{G}.count.stones", n=e["stones"]))
        if kind == "lay_mission":
            return t(key, player=player, mission=t(f"{G}.mission.{e['mission']}"),
                     chips=" + ".join(self.chip(t, c) for c in e["chips"]))
        if kind == "draw_mission":
            return t(key, player=player, deck=t(f"{G}.deck.{e['deck']}"))
        if kind == "convert_chip":
            return t(key, player=player, chip=self.chip(t, e["chip"]))
        if kind == "keep_chip":
            given = ", ".join(self.chip(t, c) for c in e["given_up"])
            if not given:
                return t(self.subject_key(t, f"{G}.event.keep_chip.none", e), player=player,
                         chip=self.chip(t, e["chip"]))
            return t(key, player=player, chip=self.chip(t, e["chip"]), given=given)
        if kind == "swap_missions":
            return t(key, player=player, n=len(e["decks"]))
        if kind == "end_missions":
            return t(key, player=player, n=e["laid"])
        if kind == "game_end":
            return t(key, players=t.seats(e["winners"]))
        return None

    def outcome(self, e: Mapping[str, Any], t: Texts, view: Mapping[str, Any]) -> list[str]:
        """What an evaluation gave, in sentences (as the browser's evaluation account)."""
        n = int(view["num_players"])

        def name(c: int) -> str:
            return t.player(c) if c < n else t(f"{G}.player.neutral")

        def names(cs: Sequence[int]) -> str:
            return ", ".join(name(c) for c in cs)

        present = [(c, k) for c, k in enumerate(e["stones"]) if k > 0]
        if not present:
            return [t(f"{G}.eval.empty")]
        condition = str(e["condition"])
        value = int(condition.split("(")[1].rstrip(")")) if "(" in condition else 0
        lines: list[str] = []

        def about(outcome: str, seat: int, **values: object) -> str:
            key = t.personal(f"{G}.eval.{outcome}", seat)
            return t(key, player=name(seat), **values)

        if e.get("tie_winner") is not None:
            lines.append(about("tie_won", e["tie_winner"]))
        firsts, seconds = list(e["firsts"]), list(e.get("seconds", []))
        general: list[int] = []
        if condition.startswith("stones"):
            lines.append(t(f"{G}.eval.stones.some", k=value, players=names(e["receivers"]))
                         if e["receivers"] else t(f"{G}.eval.stones.none", k=value))
        elif e.get("louis") and len(firsts) == 1:
            first = general_first = firsts[0]
            general = [general_first]
            lines.append(t(f"{G}.eval.majority.neutral") if first >= n else
                         about("louis.first", first, n=e["stones"][first]))
            if len(seconds) == 1 and seconds[0] < n:
                lines.append(about("louis.second", seconds[0], n=e["stones"][seconds[0]]))
            elif len(seconds) > 1:
                lines.append(t(f"{G}.eval.louis.tied_second", players=names(seconds)))
        elif e.get("louis"):
            general = firsts
            lines.append(t(f"{G}.eval.louis.tie", players=names(firsts)))
        elif len(firsts) == 1:
            general = firsts
            lines.append(t(f"{G}.eval.majority.neutral") if firsts[0] >= n else
                         about("majority", firsts[0], n=e["stones"][firsts[0]]))
        else:
            lines.append(t(f"{G}.eval.tie", players=names(firsts)))
        if e["bribers"]:
            lines.append(t(f"{G}.eval.bribers", players=names(e["bribers"]), cost=value))
        to_general = [c for c, _ in present if c in general]
        to_personal = [c for c, _ in present if c not in general and c < n]
        if to_general:
            lines.append(t(f"{G}.eval.to_general", players=names(to_general)))
        if to_personal:
            lines.append(t(f"{G}.eval.to_personal", players=names(to_personal)))
        if any(c >= n for c, _ in present) and not any(c >= n for c in general):
            lines.append(t(f"{G}.eval.neutral_back"))
        return lines


    def result(self, final: Mapping[str, Any], t: Texts) -> dict[str, JsonValue]:
        """The final table: victory points, the winners first, and the final scoring (§ Game
        end: conversions into blazons, majorities per kind, missions, the tie-break)."""
        winners = list(final.get("winners", ()))
        scores = list(final.get("scores", ()))
        text = t(t.seats_key(f"{G}.result", winners), players=t.seats(winners),
                 points=max(scores) if scores else 0)
        rows = final.get("players") or []
        scoring = [scoring_table(t, t(f"{G}.final.title"), rows, _scoring_lines(t, rows))]
        return final_table(t, scores, winners, text, scoring)


CONVERSIONS = ("influence_cards", "intrigue_cards", "chips", "stones_on_court", "louis")
"""The conversions into blazons at the game's end, in the rulebook's order."""


def _scoring_lines(t: Texts, rows: Sequence[Mapping[str, Any]]) -> list[ScoringLine]:
    """The lines of Louis XIV's final scoring, as the browser's final table shows them."""
    lines = [ScoringLine(t(f"{G}.final.blazons_during"), lambda r: r["blazons_during_game"])]
    lines += [
        ScoringLine(t(f"{G}.final.conversion.{key}"), _conversion(key)) for key in CONVERSIONS
    ]
    kinds = len(rows[0]["blazon_kinds"]) if rows else 0
    lines += [ScoringLine(_capital(t(f"{G}.final.kind", charge=blazon_charge(t, kind))),
                          _of_kind(kind)) for kind in range(kinds)]
    if any(r["kindless_blazons"] for r in rows):
        lines.append(ScoringLine(t(f"{G}.final.kindless"), lambda r: r["kindless_blazons"]))
    lines += [
        ScoringLine(t(f"{G}.final.majorities"), lambda r: f"+{len(r['majorities'])}"),
        ScoringLine(t(f"{G}.final.blazons"), lambda r: r["blazons"]),
        ScoringLine(t(f"{G}.final.missions"), lambda r: t(
            f"{G}.final.missions_cell", n=r["missions"], points=r["mission_points"])),
        ScoringLine(t(f"{G}.final.score"), lambda r: r["score"], total=True),
        ScoringLine(t(f"{G}.final.tiebreak"), lambda r: r["personal_stones"]),
    ]
    return lines


def blazon_charge(t: Texts, kind: int) -> str:
    """What a blazon of ``kind`` (0-based) shows ("lily"): kinds are pictures, not numbers."""
    return t(f"{G}.blazon.charge.{kind + 1}")


def blazon_kind(t: Texts, kind: int) -> str:
    """A blazon of ``kind`` (0-based; past the kinds: drawn from an empty pool) in words."""
    return t(f"{G}.blazon.no_kind") if kind >= BLAZON_KINDS else t(
        f"{G}.blazon.kind", charge=blazon_charge(t, kind))


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _conversion(key: str) -> Callable[[Mapping[str, Any]], str]:
    return lambda row: f"+{row['conversions'][key]}"


def _of_kind(kind: int) -> Callable[[Mapping[str, Any]], str]:
    """A kind's blazons, starred where they won the kind's majority."""
    return lambda row: f"{row['blazon_kinds'][kind]}" + (
        " ★" if kind in row["majorities"] else "")


PRESENTATION = Louis14Presentation(
    G, __package__, _components(), FLOW.decision_kinds, EVENT_TYPES, FLOW.phases,
)
