"""How a game looks and is played in the terminal: the renderer interface and its registry.

A renderer works from JSON only: a seat's view (``state.view(seat)``), the seat's event log
and its legal actions as ``Action.to_json()``. It never sees a game state. A game's own
renderer is found from its id by one rule (:func:`renderer_for`: ``RENDERER`` in
``sunking.tui.games.<id>``); a game without one is shown by the generic :class:`Renderer`, in
words from the game's presentation.

Input is built step by step: a renderer gives every legal action one or more *paths*, each a
sequence of :class:`Step` (choose a card, then a mode, then tiles ...). The menu offers the
distinct next steps among the actions whose path starts with what was chosen so far, so only
legal continuations are ever offered (:class:`Chooser`). Typed moves go through
:meth:`Renderer.parse`, which turns text into an action's JSON, matched against the legal
actions by :func:`resolve`.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Mapping, Sequence
from typing import Any

from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.measure import Measurement
from rich.table import Table
from rich.text import Text

from ..core.registry import optional_module
from ..i18n import DEFAULT_LANGUAGE, translate
from ..presentation import describe, describe_events, describe_result
from ..tables import ranking_table, scoring

View = Mapping[str, Any]
ActionJson = Mapping[str, Any]


class NotationError(ValueError):
    """Typed input that is malformed or names no legal action; the message says why."""


@dataclasses.dataclass(frozen=True, slots=True)
class Step:
    """One step of building a decision: ``key`` identifies it, ``label`` is what the menu
    shows. Two actions share a step when their paths have the same key there."""

    key: str
    label: str


Path = tuple[Step, ...]


@dataclasses.dataclass(frozen=True, slots=True)
class Seating:
    """Who sits at the table, for renderers: the game, the seats' names, the seat being
    shown and the language the players read."""

    names: tuple[str, ...]
    viewer: int | None
    """The seat whose view is shown (None: a spectator's view)."""
    game: str = ""
    lang: str = DEFAULT_LANGUAGE
    you: int | None = None
    """The seat spoken to in the second person ("You draw"): the viewer when he plays under
    no name of his own; None names every seat."""

    def name(self, seat: int) -> str:
        if 0 <= seat < len(self.names):
            return self.names[seat]
        return translate(self.lang, "tui.seat", seat=seat)

    def t(self, key: str, **values: object) -> str:
        """The common catalog's text ``key`` in the players' language."""
        return translate(self.lang, key, **values)

    def board(
        self, view: View, legal: Sequence[ActionJson] = (),
        events: Sequence[Mapping[str, Any]] = (),
    ) -> dict[str, Any]:
        """The described board of ``view`` (see :func:`sunking.presentation.describe`)."""
        return describe(self.game, view, list(legal), self.viewer, self.lang, self.names,
                        events, self.you)

    def final(self, result: Mapping[str, Any]) -> dict[str, Any]:
        """The final table of a finished game (``Result.to_json()``) in words (see
        :func:`sunking.presentation.describe_result`)."""
        return describe_result(self.game, result["details"], self.lang, self.names,
                               self.you)


class Fitted:
    """``wide`` where its whole width fits, else ``narrow``: a narrow terminal (100 columns)
    shows a part's narrower form rather than cutting the names in it."""

    def __init__(self, wide: RenderableType, narrow: RenderableType) -> None:
        self.wide = wide
        self.narrow = narrow

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        need = Measurement.get(console, options.update_width(10_000), self.wide).maximum
        yield self.wide if need <= options.max_width else self.narrow


def fact_rows(rows: Sequence[tuple[Text, Sequence[tuple[str, str]]]]) -> Text:
    """The narrow form of a players' table: each player's name on a line of its own, then
    his facts as ``label value`` pairs that wrap between pairs, never inside a name."""
    out = Text()
    for name, facts in rows:
        out.append_text(name)
        out.append("\n  " + " · ".join(f"{label} {value}".strip() for label, value in facts)
                   + "\n")
    out.rstrip()
    return out


MENU_GROUPING = 8
"""Above this many legal actions, the menu offers their groups first, then the actions."""


class Renderer:
    """The generic renderer, and the base every game's renderer derives from.

    Every method takes JSON (views, events, actions) and returns text or Rich renderables.
    This base shows any registered game in words, from the game's presentation
    (:mod:`sunking.presentation`): the players table, the hand by name with the facts
    printed on each card, the public zones, the log and every legal action as a sentence,
    grouped when there are many.
    """

    game_id = "*"
    def help_text(self, lang: str) -> str:
        """Markdown shown by the in-app help, in ``lang``."""
        return translate(lang, "tui.help.menu")

    def input_hint(self, lang: str) -> str:
        """The placeholder of the move box, in ``lang``."""
        return translate(lang, "tui.input_hint")

    # --- the position ----------------------------------------------------------------

    def status(self, view: View, seating: Seating) -> str:
        """One line: the game, where it stands and whose decision it is."""
        board = seating.board(view)
        parts = [str(board["title"])]
        parts += [str(board[k]) for k in ("round", "phase") if board.get(k)]
        if board.get("waiting_for"):
            parts.append(f"{board['waiting_for']} …")
        return " · ".join(parts)

    def board(self, view: View, seating: Seating) -> RenderableType:
        """The public zones: each a title, its facts and its cards by name."""
        parts: list[RenderableType] = []
        for zone in seating.board(view)["zones"]:
            parts.append(Text(str(zone["title"]), style="bold underline"))
            for fact in zone["facts"]:
                parts.append(Text(f"  {fact['label']}: {fact['value']}", style="dim"))
            for card in zone["cards"]:
                parts.append(card_line(card))
        return Group(*parts)

    def players(self, view: View, seating: Seating) -> RenderableType:
        """The players table: one column per player (▶ to move, ● you), one row per fact
        everybody sees, the score last."""
        rows = seating.board(view)["players"]
        labels: list[str] = []
        for row in rows:
            labels += [f["label"] for f in row["facts"] if f["label"] not in labels]
        table = Table(box=None, pad_edge=False, padding=(0, 1))
        table.add_column("", overflow="fold")
        for row in rows:
            mark = ("▶ " if row["to_move"] else "") + str(row["name"]) + (" ●" if row["you"]
                                                                          else "")
            table.add_column(mark, justify="right", overflow="fold",
                             style="bold" if row["you"] else None)
        for label in labels:
            values = [{f["label"]: f["value"] for f in row["facts"]}.get(label, "")
                      for row in rows]
            table.add_row(label, *values)
        if any(row["score"] for row in rows):
            table.add_row("★", *(row["score"] or "" for row in rows))
        narrow = fact_rows([
            (Text(("▶ " if row["to_move"] else "") + str(row["name"])
                  + (" ●" if row["you"] else ""), style="bold" if row["you"] else ""),
             [(str(f["label"]), str(f["value"])) for f in row["facts"]]
             + ([("★", str(row["score"]))] if row["score"] else []))
            for row in rows])
        return Fitted(table, narrow)

    def private(self, view: View, seating: Seating) -> RenderableType:
        """The shown seat's hand: every card by name, with its printed facts."""
        if seating.viewer is None:
            return Text("")
        hand = seating.board(view)["hand"]
        lines: list[RenderableType] = [
            Text(seating.t("tui.hand_of.you" if seating.you == seating.viewer else "tui.hand_of",
                           player=seating.name(seating.viewer), n=len(hand)),
                 style="bold")
        ]
        lines += [card_line(card) for card in hand]
        return Group(*lines)

    def result(self, result: Mapping[str, Any], seating: Seating) -> RenderableType:
        """The game's account of the final scoring, in words (shown where the hand was)."""
        return scoring(seating.final(result))

    def final_scores(self, result: Mapping[str, Any], seating: Seating) -> RenderableType:
        """The final ranking: one row per player, winners starred."""
        return ranking_table(seating.final(result), seating.lang)

    def event_line(self, event: Mapping[str, Any], seating: Seating) -> str:
        """One log line for an event ("" for one that tells people nothing)."""
        entries = describe_events(seating.game, [event], seating.lang, seating.names,
                                  you=seating.you)
        return str(entries[0]["text"]) if entries else ""

    def log_lines(self, events: Sequence[Mapping[str, Any]], seating: Seating) -> list[str]:
        """The log lines of new ``events``, one per event ("" for none). A game may fold a
        run of events into the line of the run's first event (its others "")."""
        return [self.event_line(event, seating) for event in events]

    # --- decisions -------------------------------------------------------------------

    def prompt(self, view: View, seating: Seating) -> str:
        """What the seat to move is asked."""
        board = seating.board(view)
        if board["prompt"]:
            return str(board["prompt"])
        if board["waiting_for"]:  # another seat decides: say so, not only his name
            return seating.t("generic.waiting", player=board["waiting_for"])
        return ""

    def describe(self, action: ActionJson, view: View, seating: Seating) -> str:
        """The action in words."""
        return str(seating.board(view, [action])["actions"][0]["text"])

    def paths(self, action: ActionJson, view: View, seating: Seating) -> list[Path]:
        """The ways to reach ``action`` step by step (one step: the action in words)."""
        return [(Step(_key(action), self.describe(action, view, seating)),)]

    def menu(
        self, view: View, legal: Sequence[ActionJson], seating: Seating,
    ) -> list[tuple[int, Path]]:
        """Every legal action's paths. This base words them all at once and, above
        :data:`MENU_GROUPING` actions, puts each group with more than one action first."""
        actions = seating.board(view, legal)["actions"]
        sizes: dict[str, int] = {}
        for a in actions:
            sizes[a["group"]] = sizes.get(a["group"], 0) + 1
        out: list[tuple[int, Path]] = []
        for a in actions:
            index, group, text = int(a["index"]), str(a["group"]), str(a["text"])
            step = Step(_key(legal[index]), text)
            if len(actions) > MENU_GROUPING and sizes[group] > 1:
                out.append((index, (Step(f"group:{group}", f"{group} ({sizes[group]}) …"),
                                    step)))
            else:
                out.append((index, (step,)))
        return out

    def forced_pass(self, view: View, legal: Sequence[ActionJson], seating: Seating) -> bool:
        """Whether the only legal action passes (the client may pass by itself)."""
        return bool(seating.board(view, legal)["forced_pass"])

    def notation(self, action: ActionJson) -> str | None:
        """The compact notation of ``action``, shown beside its menu entry (None: none)."""
        return None

    def parse(
        self, text: str, view: View, legal: Sequence[ActionJson], seating: Seating,
    ) -> dict[str, Any]:
        """Turn typed text into an action's JSON (not yet checked for legality). This base
        knows no notation: moves are chosen from the menu (``#N``).

        Raises:
            NotationError: always, saying how to choose.
        """
        raise NotationError(seating.t("tui.choose_from_menu"))

    def why_illegal(
        self, action: ActionJson, view: View, legal: Sequence[ActionJson], seating: Seating,
    ) -> str:
        """Why a well-formed action is not among the legal ones."""
        return seating.t("tui.not_legal")

    # --- talk at the table (games whose rules judge what is said) ---------------------

    table_talk = False
    """Whether remarks said at the table are part of the game (the talk key and pane)."""

    def key_label(self, action: str, lang: str) -> str | None:
        """The game's own label of the key that runs ``action`` (None: the common catalog's
        ``tui.key.<action>``)."""
        return None

    def addressees(self, view: View, seating: Seating) -> list[tuple[int, str]]:
        """Whom the shown seat may speak to by name, as (seat, label); empty when the words
        alone tell."""
        return []

    def crib(self, view: View, seating: Seating) -> RenderableType | None:
        """What a player may look up while speaking (None: the game has nothing)."""
        return None


def card_line(card: Mapping[str, Any]) -> Text:
    """A card in one line: its name in bold, its kind, then its facts."""
    line = Text("  ")
    line.append(str(card["name"]), style="bold")
    line.append(f"  {card['kind']}", style="italic")
    for fact in card["facts"]:
        line.append(f" · {fact['label']}: {fact['value']}", style="dim")
    return line


def _key(action: ActionJson) -> str:
    return json.dumps(dict(action), sort_keys=True)


def resolve(
    renderer: Renderer, text: str, view: View, legal: Sequence[ActionJson], seating: Seating,
) -> int:
    """The index in ``legal`` of the action typed as ``text``.

    Raises:
        NotationError: the text is empty, malformed, or names an action that is not legal.
    """
    if not text.strip():
        raise NotationError(seating.t("tui.type_a_move"))
    action = renderer.parse(text, view, legal, seating)
    for index, candidate in enumerate(legal):
        if _same_action(candidate, action):
            return index
    raise NotationError(renderer.why_illegal(action, view, legal, seating))


def _same_action(a: ActionJson, b: ActionJson) -> bool:
    return json.dumps(dict(a), sort_keys=True) == json.dumps(dict(b), sort_keys=True)


# --- step-by-step choice -----------------------------------------------------------------


@dataclasses.dataclass(frozen=True, slots=True)
class Option:
    """A menu entry: a further step, finishing with an action, or going back one step."""

    kind: str
    """``step``, ``done`` or ``back``."""
    label: str
    step: Step | None = None
    action: int | None = None
    """For ``done``: the index of the action it finishes with."""


class Chooser:
    """The menu of one decision, built from the paths of its legal actions.

    ``paths`` pairs each legal action's index with one of its paths. At any point the menu
    offers: finishing with the action whose path is exactly what has been chosen (if any),
    then the distinct next steps of the paths that start with it, then going back.

    Raises (from the constructor):
        ValueError: two different actions have the same path (the renderer is ambiguous),
            or there are no paths.
    """

    def __init__(
        self, paths: Sequence[tuple[int, Path]], done_label: Mapping[int, str],
        back_label: str = "← back",
    ) -> None:
        if not paths:
            raise ValueError("a decision needs at least one legal action")
        self._paths = [(index, tuple(path)) for index, path in paths]
        self._done_label = done_label
        self._back_label = back_label
        ends: dict[tuple[str, ...], int] = {}
        for index, path in self._paths:
            keys = tuple(step.key for step in path)
            if ends.setdefault(keys, index) != index:
                raise ValueError(f"two actions share the path {' / '.join(keys)}")
        self._ends = ends
        self.chosen: list[Step] = []

    def _matching(self) -> list[tuple[int, Path]]:
        keys = [step.key for step in self.chosen]
        depth = len(keys)
        return [
            (index, path) for index, path in self._paths
            if len(path) >= depth and [s.key for s in path[:depth]] == keys
        ]

    def options(self) -> list[Option]:
        """The menu entries now."""
        depth = len(self.chosen)
        out: list[Option] = []
        done = self._ends.get(tuple(step.key for step in self.chosen))
        if done is not None and depth:
            out.append(Option("done", self._done_label.get(done, "done"), action=done))
        seen: set[str] = set()
        for _, path in self._matching():
            if len(path) > depth and path[depth].key not in seen:
                seen.add(path[depth].key)
                out.append(Option("step", path[depth].label, step=path[depth]))
        if depth:
            out.append(Option("back", self._back_label))
        return out

    def choose(self, option: Option) -> int | None:
        """Take a menu entry; return the action index once the decision is complete.

        A step that completes a path with no longer continuation finishes at once.

        Raises:
            ValueError: ``option`` is not on the menu now.
        """
        if option not in self.options():
            raise ValueError(f"{option.label!r} is not on the menu")
        if option.kind == "done":
            return option.action
        if option.kind == "back":
            self.chosen.pop()
            return None
        assert option.step is not None
        self.chosen.append(option.step)
        keys = tuple(step.key for step in self.chosen)
        done = self._ends.get(keys)
        longer = any(len(path) > len(keys) for _, path in self._matching())
        if done is not None and not longer:
            return done
        return None

    def back(self) -> bool:
        """Go back one step; False if nothing was chosen."""
        if not self.chosen:
            return False
        self.chosen.pop()
        return True


def chooser_for(
    renderer: Renderer, view: View, legal: Sequence[ActionJson], seating: Seating,
) -> Chooser:
    """The menu of the decision whose legal actions are ``legal``."""
    paths = renderer.menu(view, legal, seating)
    labels = {}
    for index, path in paths:
        code = renderer.notation(legal[index])
        labels[index] = "✔ " + path[-1].label + (f"   [{code}]" if code else "")
    return Chooser(paths, labels, "← " + seating.t("tui.back"))


RENDERERS: dict[str, Renderer] = {}
"""The renderers found so far, by game id (see :func:`renderer_for`)."""

GENERIC = Renderer()


def renderer_for(game_id: str) -> Renderer:
    """The game's own renderer — ``RENDERER`` in the module or package
    ``sunking.tui.games.<game_id>`` — or the generic one for a game without it."""
    found = RENDERERS.get(game_id)
    if found is None:
        module = optional_module(f"{__package__}.games.{game_id}")
        found = GENERIC if module is None else module.RENDERER
        if not isinstance(found, Renderer):
            raise TypeError(f"{game_id}'s RENDERER is not a terminal renderer")
        RENDERERS[game_id] = found
    return found


__all__ = [
    "GENERIC",
    "RENDERERS",
    "Chooser",
    "NotationError",
    "Option",
    "Path",
    "Renderer",
    "Seating",
    "Step",
    "card_line",
    "chooser_for",
    "renderer_for",
    "resolve",
]
