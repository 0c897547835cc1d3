"""The terminal renderer of Louis XIV: the court in its diagonal layout, the players, the hand.

Everything is drawn from one seat's view (``state.view(seat)``) and the printed component
tables; the decisions and the compact notation are in :mod:`.moves`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from ....games.louis14.data import CHIP_CODES, POSITIONS, ROUNDS
from ....games.louis14.presentation import PRESENTATION as LOUIS14
from ....games.louis14.presentation import blazon_charge
from ....presentation import Texts
from ...render import Fitted, NotationError, Path, Renderer, Seating, fact_rows
from . import moves

SEAT_STYLES = ("bold red", "bold blue", "bold green", "bold yellow")
NEUTRAL_STYLE = "bold white"
COURT_SIZE = 5
CELL_WIDTH = 17


def _seat_style(seat: int, num_players: int) -> str:
    if seat >= num_players:
        return NEUTRAL_STYLE
    return SEAT_STYLES[seat % len(SEAT_STYLES)]


def stones_line(stones: Sequence[int], num_players: int) -> Text:
    """Stones on a tile by colour: ``0:2 2:1 N:1``."""
    text = Text()
    for colour, count in enumerate(stones):
        if count:
            label = "N" if colour >= num_players else str(colour + 1)
            if text:
                text.append(" ")
            text.append(f"{label}:{count}", style=_seat_style(colour, num_players))
    return text or Text("–", style="dim")


def _fit(text: str, width: int) -> str:
    """``text`` cut or padded to exactly ``width`` cells."""
    return text[:width].ljust(width)


def tile_box(tile: Mapping[str, Any], num_players: int, t: Texts | None = None) -> list[Text]:
    """One person tile as a box of :data:`CELL_WIDTH` × :data:`TILE_LINES` cells: number and
    name in the top border (whole: the border's dashes give way to a long name), condition
    (and side), reward, stones by colour. Louis XIV's tile has a crown in its bottom
    border."""
    number = int(tile["tile"])
    inner = CELL_WIDTH - 2
    louis = bool(tile.get("louis"))
    border = "bold magenta" if louis else "dim"
    condition = tile["condition"]
    cond = moves.condition_text(condition, t)
    if tile["side"] == "back":
        cond += " " + (t or moves.words())("louis14.tui.back")
    title = f"{number} {moves.short(number, t)}"[:inner]
    if len(title) + 3 <= inner:
        top = Text.assemble(("╭─", border), (f" {title} ", "bold"),
                            ("─" * (inner - len(title) - 3) + "╮", border))
    else:
        top = Text.assemble(("╭", border), (title, "bold"),
                            ("─" * (inner - len(title)) + "╮", border))
    stones = stones_line(tile["stones"], num_players)
    stones.truncate(inner, pad=True)
    lines = [top]
    for body in (Text(_fit(cond, inner), style="italic"),
                 Text(_fit(moves.reward_text(number, t), inner)), stones):
        lines.append(Text.assemble(("│", border), body, ("│", border)))
    crown = "─ ♔ " if louis else ""
    lines.append(Text("╰" + crown + "─" * (inner - len(crown)) + "╯", style=border))
    return lines


TILE_LINES = 5


def _cells(p: Mapping[str, Any]) -> tuple[str, ...]:
    """A player's money, stones, chips, blazons and cards, as the players' table shows them."""
    held = p["missions_in_hand"]
    return (str(p["money"]), f"{p['personal']}/{p['general']}/{p['on_court']}",
            " ".join(str(p["chips"][c]) for c in CHIP_CODES), str(p["blazons"]),
            f"{p['influence_cards']}/{p['intrigue_cards']}/"
            f"{held['light']}+{held['medium']}+{held['dark']}")


DRAWN = ("influence_drawn", "intrigue_drawn", "blazon")
"""The events of a card or blazon drawn face down, one each: a run of them is one line."""
SHOWN = ("influence_card", "intrigue_card")
"""The events that show the drawing seat which card it drew."""


def _run(events: Sequence[Mapping[str, Any]], start: int) -> int:
    """Where the run of draws of the same kind, seat and reason that begins at ``start``
    ends (the cards shown to the drawer in between belong to it)."""
    first = events[start]
    end = start + 1
    while end < len(events):
        e = events[end]
        same = (e.get("type"), e.get("seat"), e.get("why")) == (
            first["type"], first.get("seat"), first.get("why"))
        if not same and not (e.get("type") in SHOWN and e.get("seat") == first.get("seat")):
            break
        end += 1
    return end


class Louis14Renderer(Renderer):
    """Louis XIV as seen by one seat."""

    game_id = "louis14"

    def log_lines(self, events: Sequence[Mapping[str, Any]], seating: Seating) -> list[str]:
        """One line per event, except that a run of cards drawn (the dealing: five influence
        cards to each player) is one line: who drew how many, and which when shown."""
        out: list[str] = []
        i = 0
        while i < len(events):
            if events[i].get("type") not in DRAWN:
                out.append(self.event_line(events[i], seating))
                i += 1
                continue
            end = _run(events, i)
            run = events[i:end]
            out += [self._drawn(run, seating)] + [""] * (len(run) - 1)
            i = end
        return out

    def _drawn(self, run: Sequence[Mapping[str, Any]], seating: Seating) -> str:
        first = run[0]
        count = sum(e.get("type") == first["type"] for e in run)
        if count == 1 and len(run) == 1:
            return self.event_line(first, seating)
        t = Texts(LOUIS14, seating.lang, seating.names, seating.you)
        why = LOUIS14.why(t, first.get("why"))
        key = t.personal(f"louis14.log.{first['type']}.many", first["seat"])
        text = t(key, player=seating.name(int(first["seat"])), count=count) + (
            f" ({why})" if why else "")
        shown = [LOUIS14.card(t, e["card"]) if e["type"] == "influence_card"
                 else LOUIS14.tile(t, e["card"]) for e in run if e.get("type") in SHOWN]
        return f"{text}: {t.listing(shown)}" if shown else text

    def help_text(self, lang: str) -> str:
        return moves.words(lang)("louis14.tui.help")

    def input_hint(self, lang: str) -> str:
        return moves.words(lang)("louis14.tui.input_hint")

    def status(self, view: Mapping[str, Any], seating: Seating) -> str:
        t = moves.words(seating.lang)
        to_move = view.get("to_move")
        title = t("louis14.title")
        if to_move is None:
            return f"{title} · {t('prompt.over')}"
        rounds = t("louis14.banner.round", round=view.get("round"), rounds=ROUNDS)
        phase = t(f"louis14.phase.{view.get('phase')}")
        head = f"{title} · {rounds} · {phase}"
        first = int(view.get("start_player", 0))
        start = t("tui.you.named") if first == seating.you else seating.name(first)
        waiting = (t("tui.your_move") if to_move == seating.you
                   else t("generic.waiting", player=seating.name(int(to_move))))
        return f"{head} · {t('louis14.players.start_player')}: {start} · {waiting}"

    def board(self, view: Mapping[str, Any], seating: Seating) -> RenderableType:
        n = int(view["num_players"])
        blank = [Text(" " * CELL_WIDTH)] * TILE_LINES
        cells = [[blank] * COURT_SIZE for _ in range(COURT_SIZE)]
        for tile in view["tiles"]:
            column, row = POSITIONS[int(tile["tile"])]
            cells[row][column] = tile_box(tile, n, moves.words(seating.lang))
        title = moves.words(seating.lang)("louis14.court.title")
        court = Text(title + "\n", style="bold underline", no_wrap=True)
        for cells_row in cells:
            for line in range(TILE_LINES):
                for cell in cells_row:
                    court.append_text(cell[line])
                court.append("\n")
        return Group(Fitted(court, self._court_list(view, seating)),
                     self._supply(view, moves.words(seating.lang)))

    @staticmethod
    def _court_list(view: Mapping[str, Any], seating: Seating) -> Text:
        """The court's narrow form: one line per tile, in number order, with its condition,
        reward and stones (♔: Louis XIV's tile)."""
        t = moves.words(seating.lang)
        n = int(view["num_players"])
        court = Text()
        court.append(t("louis14.court.title") + "\n", style="bold underline")
        for tile in sorted(view["tiles"], key=lambda tile: int(tile["tile"])):
            number = int(tile["tile"])
            cond = moves.condition_text(tile["condition"], t)
            if tile["side"] == "back":
                cond += " " + t("louis14.tui.back")
            court.append(("♔ " if tile.get("louis") else "  ")
                         + f"{number} {moves.short(number, t)}", style="bold")
            court.append(f" · {cond} · {moves.reward_text(number, t)} · ")
            court.append_text(stones_line(tile["stones"], n))
            court.append("\n")
        return court

    def _supply(self, view: Mapping[str, Any], t: Texts) -> Text:
        supply = view["supply"]
        none = t("louis14.you.none")
        money = ", ".join(t("louis14.tui.money_card", tile=c["tile"], amount=c["amount"])
                          for c in view["money_cards"])
        decks = supply["mission_decks"]
        chips = " ".join(f"{k}{v}" for k, v in supply["chips"].items())
        played = ", ".join(moves.card_name(c, t) for c in supply.get("center", [])) or none
        known = ", ".join(
            f"{k['card']}" for k in view.get("intrigue_deck_known", [])
        )
        louis = (t("louis14.tui.louis_on", tile=view["louis_tile"]) if view.get("louis_tile")
                 else t("louis14.tui.louis_off"))
        lines = [
            f"{louis} · {t('louis14.tui.money_cards', cards=money or none)}",
            t("louis14.tui.piles", influence=supply["influence_deck"],
              intrigue=supply["intrigue_deck"])
            + (" " + t("louis14.tui.played_under", cards=known) if known else "")
            + ", " + t("louis14.tui.mission_piles", light=decks["light"],
                       medium=decks["medium"], dark=decks["dark"], money=supply["money_deck"]),
            t("louis14.tui.supply", chips=chips, blazons=supply["blazons"])
            + (" · " + t("louis14.tui.neutral", n=view["neutral_pool"])
               if view.get("neutral_pool") else ""),
            t("louis14.tui.played", cards=played),
        ]
        return Text("\n".join(lines))

    def players(self, view: Mapping[str, Any], seating: Seating) -> RenderableType:
        n = int(view["num_players"])
        t = moves.words(seating.lang)
        table = Table(box=None, pad_edge=False, padding=(0, 1),
                      title=t("louis14.players.title"), title_justify="left",
                      title_style="bold underline")
        columns = ("", t("louis14.players.player"), t("louis14.players.money"),
                   t("louis14.players.stones"), " ".join(CHIP_CODES),
                   t("louis14.tui.blazons_short"), t("louis14.players.cards"))
        for number, column in enumerate(columns):
            table.add_column(column, justify="left" if number < 2 else "right", no_wrap=True)
        to_move = view.get("to_move")
        laid = Text(style="dim")
        narrow: list[tuple[Text, list[tuple[str, str]]]] = []
        for p in view["players"]:
            seat = int(p["seat"])
            marks = ("▶" if seat == to_move else "") + ("★" if seat == view.get("start_player")
                                                       else "")
            name = Text(f"{seat + 1} {seating.name(seat)}", style=_seat_style(seat, n))
            table.add_row(marks, name, *_cells(p))
            narrow.append((Text(f"{marks} ").append_text(name) if marks else name,
                           list(zip(columns[2:], _cells(p), strict=True))))
            for m in p["laid_missions"]:
                used = f" ({t('louis14.you.used')})" if m in p["used_missions"] else ""
                laid.append(f"{seat + 1} {seating.name(seat)}: {moves.mission_text(m, t)}{used}\n")
        legend = Text(t("louis14.tui.legend"), style="dim")
        title = Text(t("louis14.players.title"), style="bold underline")
        shown = Fitted(table, Group(title, fact_rows(narrow)))
        if not laid:
            return Group(shown, legend)
        laid.rstrip()
        return Group(shown, legend, Text(t("louis14.you.laid"), style="bold"), laid)

    def private(self, view: Mapping[str, Any], seating: Seating) -> RenderableType:
        you = view.get("you")
        if seating.viewer is None or not isinstance(you, Mapping):
            return Text("")
        t = moves.words(seating.lang)
        none = t("louis14.you.none")
        influence = ", ".join(moves.card_name(c, t) for c in you["influence_hand"]) or none
        intrigue = ", ".join(moves.card_name(c, t) for c in you["intrigue_hand"]) or none
        lines = Text()
        title = "louis14.you.title" + (".you" if seating.you == seating.viewer else "")
        lines.append(t(title, player=seating.name(seating.viewer)) + "\n",
                     style="bold underline")
        lines.append(f"{t('louis14.you.influence_hand', n=len(you['influence_hand']))}: "
                     f"{influence}\n")
        lines.append(f"{t('louis14.you.intrigue_hand')}: {intrigue}\n")
        lines.append(f"{t('louis14.you.missions')}:" + ("" if you["missions"] else f" {none}")
                     + "\n")
        for m in you["missions"]:
            lines.append(f"  {moves.mission_text(m, t)}\n")
        kinds = ", ".join(f"{blazon_charge(t, i)} {k}" for i, k in enumerate(you["blazon_kinds"]))
        lines.append(f"{t('louis14.you.blazon_kinds')}: {kinds}"
                     + (", " + t("louis14.tui.kindless", n=you["kindless_blazons"])
                        if you["kindless_blazons"] else "") + "\n")
        known = self._known(you, seating, t)
        if known:
            lines.append(t("louis14.tui.known", facts="; ".join(known)) + "\n", style="dim")
        return lines

    def _known(self, you: Mapping[str, Any], seating: Seating, t: Texts) -> list[str]:
        out = [t("louis14.tui.known_influence", depth=k["depth"],
                 card=moves.card_name(k["card"], t))
               for k in you.get("known_influence_deck", [])]
        for deck, cards in you.get("known_mission_decks", {}).items():
            out += [t("louis14.tui.known_mission", deck=t(f"louis14.deck.{deck}"),
                      depth=k["depth"], card=k["card"]) for k in cards]
        for fact in you.get("known_hands", []):
            card, kind = fact["card"], fact["kind"]
            shown = moves.card_name(card, t) if kind == "influence" else f"#{card}" \
                if kind == "mission" else f"{card}"
            out.append(t(f"louis14.tui.known_hand.{kind}",
                         player=seating.name(int(fact["seat"])), card=shown))
        return out

    # --- decisions -------------------------------------------------------------------

    def prompt(self, view: Mapping[str, Any], seating: Seating) -> str:
        return moves.prompt(view, moves.words(seating.lang))

    def describe(
        self, action: Mapping[str, Any], view: Mapping[str, Any], seating: Seating,
    ) -> str:
        return moves.describe(action, view, moves.words(seating.lang))

    def paths(
        self, action: Mapping[str, Any], view: Mapping[str, Any], seating: Seating,
    ) -> list[Path]:
        return moves.paths(action, view, moves.words(seating.lang))

    def menu(
        self, view: Mapping[str, Any], legal: Sequence[Mapping[str, Any]], seating: Seating,
    ) -> list[tuple[int, Path]]:
        """Each placement step by step: the card, the mode, the stones one by one."""
        t = moves.words(seating.lang)
        return [(index, path) for index, action in enumerate(legal)
                for path in moves.paths(action, view, t)]

    def notation(self, action: Mapping[str, Any]) -> str | None:
        return moves.notation(action)

    def parse(
        self, text: str, view: Mapping[str, Any], legal: Sequence[Mapping[str, Any]],
        seating: Seating,
    ) -> dict[str, Any]:
        stripped = text.strip()
        if stripped.startswith("{"):
            return super().parse(stripped, view, legal, seating)
        return moves.parse(stripped, view, moves.words(seating.lang))

    def why_illegal(
        self, action: Mapping[str, Any], view: Mapping[str, Any],
        legal: Sequence[Mapping[str, Any]], seating: Seating,
    ) -> str:
        return moves.why_illegal(action, view, legal, moves.words(seating.lang))


RENDERER = Louis14Renderer()

__all__ = ["RENDERER", "Louis14Renderer", "NotationError"]
