"""The terminal renderer of Versailles 1682: the court, the families and the hand.

It draws one seat's view (``state.view(seat)``): the King and the Queen (alive, dead, the
Regent), where the court is, the wars and the War Minister's box, the Talon and the House of
the King; each family's courtier with the form of address (§3.0), standings, the Bastille or
exile, the fortune toward the target and the cards in front of it; then the hand. Moves are
worded by the game's presentation and chosen card first, then what to do with it; moves
without a card by kind; a payment by whom to pay, then how much; an offer by whom, then the
favour, then the sum. The dice and what they decided are in the log's lines.

Etiquette (§3.0) is on the board too: the faults said at the table and not yet fined (the
words said and the correct address), a hint to the steward who is to fine them, and the
court register of fines; the crib lists every courtier's correct address in the reader's
language (the view's ``addresses``; French for a language the court has no forms in).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from ... import presentation
from ...presentation import Texts, number
from ..render import MENU_GROUPING, Fitted, Path, Renderer, Seating, Step, fact_rows

G = "versailles1682"
SEAT_STYLES = ("bold red", "bold blue", "bold yellow", "bold green", "bold magenta")
BAR = 12
"""Cells of a fortune's progress bar toward the target."""


def words(seating: Seating) -> Texts:
    """Versailles 1682's texts in the seating's language, the seats named."""
    return Texts(presentation.of(G), seating.lang, seating.names, seating.you)


def livres(t: Texts, amount: int) -> str:
    return t(f"{G}.livres", amount=number(t, amount))


def acting(decision: Mapping[str, Any] | None) -> bool:
    """Whether the turn's player is choosing his next action (the only time the actions he
    has left are told: a card still to give or discard is told by its decision, never as
    "0 actions left")."""
    return decision is not None and decision.get("kind") == "act"


def card(t: Texts, c: Mapping[str, Any]) -> str:
    return t(f"{G}.card.{c['id']}")


def bar(fortune: int, target: int) -> str:
    """The fortune toward the target: ``████░░░░ 40%``."""
    share = max(0.0, min(1.0, fortune / max(1, target)))
    full = round(share * BAR)
    return "█" * full + "░" * (BAR - full) + f" {round(share * 100)}%"


def _standing(value: int | None) -> str:
    if value is None:
        return "–"
    return f"+{value}" if value > 0 else str(value)


def _key(action: Mapping[str, Any]) -> str:
    return ",".join(f"{k}={action[k]}" for k in sorted(action))


def address_in(c: Mapping[str, Any], lang: str) -> str:
    """The courtier's correct form of address in ``lang`` (French where the court has no
    forms in that language); '' for a seat without a courtier."""
    forms = c.get("addresses") or {}
    return str(forms.get(lang) or c.get("address") or "")


def etiquette(view: Mapping[str, Any], seating: Seating) -> Text:
    """The faults said at the table and not yet fined, and the court register of fines."""
    t = words(seating)
    out = Text()
    waiting = [f for f in view["faults"] if not f["fined"]]
    if waiting:
        out.append(t(f"{G}.tui.faults") + "\n", style="bold underline")
        for f in waiting:
            out.append(t(f"{G}.tui.fault_line", fault=number(t, int(f["id"]) + 1),
                         speaker=t.player(f["speaker"]), courtier=t.player(f["courtier"]),
                         words=f["words"], address=f["address"]) + "\n")
        if seating.viewer == view["steward"]:
            out.append(t(f"{G}.tui.fine_hint") + "\n", style="bold")
    if view["register"]:
        out.append(t(f"{G}.board.register") + "\n", style="bold underline")
        for e in view["register"]:
            out.append(t(f"{G}.tui.register_line", round=e["round"],
                         steward=t.player(e["steward"]), offender=t.player(e["offender"]),
                         addressed=t.player(e["addressed"]), text=e["text"],
                         amount=livres(t, e["amount"])) + "\n")
    out.rstrip()
    return out


class VersaillesRenderer(Renderer):
    """Versailles 1682 as seen by one seat."""

    game_id = G

    def help_text(self, lang: str) -> str:
        return Texts(presentation.of(G), lang, ())(f"{G}.tui.help")

    def status(self, view: Mapping[str, Any], seating: Seating) -> str:
        t = words(seating)
        parts = [t(f"{G}.title"),
                 t(f"{G}.round", round=view["round"], steward=t.player(view["steward"])),
                 t(f"{G}.phase.{view['phase']}")]
        decision = view.get("decision")
        if view["phase"] == "turns" and view.get("turn") is not None and acting(decision):
            parts.append(t(f"{G}.board.actions_left", n=view["actions_left"]))
        if decision is not None:
            parts.append(t(f"{G}.tui.to_move", player=t.player(decision["seat"])))
        return " · ".join(parts)

    def board(self, view: Mapping[str, Any], seating: Seating) -> RenderableType:
        t = words(seating)
        court = Text()
        court.append(t(f"{G}.board.court") + "\n", style="bold underline")
        queen = t(f"{G}.royal_state.{view['queen']}")
        if view.get("regency_until_round"):
            queen += " " + t(f"{G}.tui.regency", round=view["regency_until_round"])
        court.append(f"♔ {t(f'{G}.fact.king')}: {t(f'{G}.royal_state.' + view['king'])}   "
                     f"♕ {t(f'{G}.fact.queen')}: {queen}\n")
        wars = ", ".join(t(f"{G}.word.{w}") for w in view["wars"]) or t(f"{G}.board.peace")
        court.append(f"{t(f'{G}.fact.court')} {t(f'{G}.place.' + view['court'])} · "
                     f"{t(f'{G}.board.wars')}: {wars}\n")
        court.append(t(f"{G}.board.talon", n=view["talon"]) + " · "
                     + t(f"{G}.board.target", amount=livres(t, view["target"])) + "\n")
        none = t(f"{G}.board.none")
        house = ", ".join(card(t, c) for c in view["house_of_the_king"]) or none
        court.append(f"{t(f'{G}.zone.house')}: {house}\n")
        if view["war_minister_box"]:
            box = ", ".join(card(t, c) for c in view["war_minister_box"])
            court.append(f"{t(f'{G}.zone.box')}: {box}\n")
        court.rstrip()
        talk = etiquette(view, seating)
        return Group(court, Text(""), talk) if talk else court

    def players(self, view: Mapping[str, Any], seating: Seating) -> RenderableType:
        t = words(seating)
        table = Table(box=None, pad_edge=False, padding=(0, 1), title=t(f"{G}.tui.families"),
                      title_justify="left", title_style="bold underline")
        table.add_column("", no_wrap=True)
        table.add_column(t(f"{G}.fact.courtier"), overflow="fold")
        table.add_column(t(f"{G}.tui.standings"), no_wrap=True)
        table.add_column(t(f"{G}.tui.fortune"), overflow="fold")
        table.add_column(t(f"{G}.fact.place"), overflow="fold")
        decision = view.get("decision")
        mover = decision["seat"] if decision else None
        cards = Text()
        narrow: list[tuple[Text, list[tuple[str, str]]]] = []
        for c in view["courtiers"]:
            seat = int(c["seat"])
            style = SEAT_STYLES[seat % len(SEAT_STYLES)]
            marks = ("▶" if seat == mover else "") + ("♜" if seat == view["steward"] else "")
            who = Text(seating.name(seat), style=style)
            if c["address"]:
                who.append(f"\n{address_in(c, seating.lang)}", style="italic")
            badges = [t(f"{G}.status.{c['place']}")]
            for field, key in (("favourite", "favourite"), ("queens_lover", "lover"),
                               ("secret_wife", "secret_wife")):
                if view.get(field) == seat:
                    badges.append(t(f"{G}.board.{key}"))
            if c["spouse"] is not None:
                badges.append(f"{t(f'{G}.board.spouse')}: {seating.name(int(c['spouse']))}")
            standing = f"♔{_standing(c['king_standing'])} ♕{_standing(c['queen_standing'])}"
            table.add_row(
                marks, who, standing,
                f"{livres(t, c['fortune'])}\n{bar(c['fortune'], view['target'])}",
                ", ".join(badges))
            narrow.append((Text(f"{marks} " if marks else "").append_text(who),
                           [("", standing), ("", livres(t, c["fortune"])),
                            ("", ", ".join(badges))]))
            if c["cards"]:
                cards.append(f"{seating.name(seat)}: ", style=style)
                cards.append(", ".join(card(t, x) for x in c["cards"]) + "\n")
        legend = Text(t(f"{G}.tui.legend"), style="dim")
        title = Text(t(f"{G}.tui.families"), style="bold underline")
        shown = Fitted(table, Group(title, fact_rows(narrow)))
        if not cards:
            return Group(shown, legend)
        cards.rstrip()
        return Group(shown, legend, Text(t(f"{G}.tui.tableaux"), style="bold"), cards)

    def private(self, view: Mapping[str, Any], seating: Seating) -> RenderableType:
        you = view.get("you")
        if seating.viewer is None or not isinstance(you, Mapping):
            return Text("")
        t = words(seating)
        lines = Text()
        lines.append(t(f"{G}.board.hand") + "\n", style="bold underline")
        for c in you["hand"]:
            lines.append(f"  {card(t, c)}", style="bold")
            lines.append(f"  {t(f'{G}.kind.' + c['kind'])}\n", style="italic")
        if not you["hand"]:
            lines.append(f"  {t(f'{G}.board.none')}\n")
        if you["known_cards"]:
            known = ", ".join(f"{card(t, k['card'])} ({seating.name(int(k['seat']))})"
                              for k in you["known_cards"])
            lines.append(t(f"{G}.board.known", cards=known) + "\n", style="dim")
        lines.rstrip()
        return lines

    def prompt(self, view: Mapping[str, Any], seating: Seating) -> str:
        """What the seat to move is asked; an offer to answer with its terms."""
        asked = super().prompt(view, seating)
        you = view.get("you")
        offer = you.get("offer") if isinstance(you, Mapping) else None
        if not isinstance(offer, Mapping) or offer["to"] != seating.viewer:
            return asked
        t = words(seating)
        return asked + " " + t(f"{G}.tui.offer_terms", player=t.player(offer["from"]),
                               amount=livres(t, offer["amount"]),
                               favour=t(f"{G}.favour.{offer['favour']}"))

    # --- talk at the table ---------------------------------------------------------------

    table_talk = True

    def key_label(self, action: str, lang: str) -> str | None:
        if action in ("crib", "duty"):
            return Texts(presentation.of(G), lang, ())(f"{G}.tui.key.{action}")
        return None

    def addressees(
        self, view: Mapping[str, Any], seating: Seating,
    ) -> list[tuple[int, str]]:
        """The courtiers at the table the shown seat may address, with their correct form
        (the words may still be wrong: the steward fines what is)."""
        return [(int(c["seat"]), f"{seating.name(int(c['seat']))} — "
                 f"{address_in(c, seating.lang)}")
                for c in view["courtiers"]
                if c["address"] and c["place"] != "absent" and c["seat"] != seating.viewer]

    def crib(self, view: Mapping[str, Any], seating: Seating) -> RenderableType:
        """Every courtier's correct form of address in the reader's language (§3.0)."""
        t = words(seating)
        table = Table(box=None, pad_edge=False, padding=(0, 1), title=t(f"{G}.board.crib"),
                      title_justify="left", title_style="bold underline")
        table.add_column("", no_wrap=True)
        table.add_column("", overflow="fold")
        for c in view["courtiers"]:
            if c["address"]:
                table.add_row(Text(seating.name(int(c["seat"])),
                                   style=SEAT_STYLES[int(c["seat"]) % len(SEAT_STYLES)]),
                              address_in(c, seating.lang))
        if not table.row_count:
            table.add_row("", t(f"{G}.board.none"))
        return Group(table, Text(""), Text(t(f"{G}.board.crib_hint"), style="dim"))

    # --- decisions -------------------------------------------------------------------

    def menu(
        self, view: Mapping[str, Any], legal: Sequence[Mapping[str, Any]], seating: Seating,
    ) -> list[tuple[int, Path]]:
        """Few moves as they are; many by card first (then what to do with it), payments
        and offers by whom (then the favour, then the sum), the rest by kind."""
        actions = seating.board(view, legal)["actions"]
        if len(actions) <= MENU_GROUPING:
            return [(int(a["index"]), (Step(_key(legal[int(a["index"])]), str(a["text"])),))
                    for a in actions]
        t = words(seating)
        sizes: dict[str, int] = {}
        for a in actions:
            sizes[str(a["group"])] = sizes.get(str(a["group"]), 0) + 1
        out: list[tuple[int, Path]] = []
        for a in actions:
            index = int(a["index"])
            action = legal[index]
            step = Step(_key(action), str(a["text"]))
            held = action.get("card")
            if isinstance(held, int):
                name = t(f"{G}.card.{held}")
                out.append((index, (Step(f"card:{held}", t(f"{G}.tui.card_step", card=name)),
                                    step)))
            elif action["type"] in ("pay", "offer") and sizes[str(a["group"])] > 1:
                out.append((index, _bargain(t, action, str(a["group"]), step)))
            elif sizes[str(a["group"])] > 1:
                out.append((index, (Step(f"group:{a['group']}", f"{a['group']} …"), step)))
            else:
                out.append((index, (step,)))
        return out


def _bargain(t: Texts, action: Mapping[str, Any], group: str, step: Step) -> Path:
    """A payment or an offer step by step: the kind, to whom, (the favour,) the sum."""
    kind, to = action["type"], int(action["to"])
    path = [Step(f"group:{group}", f"{group} …"),
            Step(f"{kind}:to:{to}", t(f"{G}.tui.to_step", player=t.player(to)))]
    if kind == "offer":
        favour = t(f"{G}.favour.{action['favour']}")
        path.append(Step(f"offer:to:{to}:{action['favour']}",
                         t(f"{G}.tui.favour_step", favour=favour)))
    return (*path, step)


RENDERER = VersaillesRenderer()

__all__ = ["RENDERER", "VersaillesRenderer"]
