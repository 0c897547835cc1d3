"""How a game looks and is played in the terminal: the renderer interface and its registry.

A renderer works from JSON only: a seat's view (``state.view(seat)``), the seat's event log
and its legal actions as ``Action.to_json()``. It never sees a game state. Each game may
register its own renderer in :data:`RENDERERS` (``RENDERERS["louis14"]``); a game without
one is shown by the generic :class:`Renderer`: the view as a tree and a menu of its legal
actions.

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

from rich.console import Group, RenderableType
from rich.pretty import Pretty
from rich.table import Table
from rich.text import Text

from ..cli_render import event_message, generic_message, plain

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
    """Who sits at the table, for renderers: the seats' names and the seat being shown."""

    names: tuple[str, ...]
    viewer: int | None
    """The seat whose view is shown (None: a spectator's view)."""

    def name(self, seat: int) -> str:
        if 0 <= seat < len(self.names):
            return self.names[seat]
        return f"seat {seat}"



class Renderer:
    """The generic renderer, and the base every game's renderer derives from.

    Every method takes JSON (views, events, actions) and returns text or Rich renderables.
    """

    game_id = "*"
    help_text = (
        "Choose a move from the menu (arrows and Enter, or click), or type it in the input "
        "box as the action's JSON, e.g. {\"type\": \"pass\"}, or as its type alone when that "
        "is unique. #N picks the N-th menu entry."
    )
    """Markdown shown by the in-app help."""
    input_hint = "type a move as JSON or its type alone, #N for a menu entry, or help"
    """The placeholder of the move box."""

    # --- the position ----------------------------------------------------------------

    def status(self, view: View, seating: Seating) -> str:
        """One line: where the game stands and whose decision it is."""
        to_move = view.get("to_move")
        who = "game over" if to_move is None else f"{seating.name(int(to_move))} to decide"
        return f"move {view.get('version', '?')} — {who}"

    def board(self, view: View, seating: Seating) -> RenderableType:
        """The public part of the position."""
        public = {
            k: v for k, v in view.items() if k not in {"log", "legal_actions", "you", "result"}
        }
        return Pretty(public, expand_all=False)

    def players(self, view: View, seating: Seating) -> RenderableType:
        """The players' public state."""
        table = Table(box=None, pad_edge=False)
        table.add_column("seat")
        table.add_column("player")
        for seat, name in enumerate(seating.names):
            table.add_row(str(seat), name)
        return table

    def private(self, view: View, seating: Seating) -> RenderableType:
        """What only the shown seat may see (its hand ...)."""
        you = view.get("you")
        if seating.viewer is None or you is None:
            return Text("")
        return Group(Text(f"Hand of {seating.name(seating.viewer)}", style="bold"), Pretty(you))

    def result(self, result: Mapping[str, Any], seating: Seating) -> RenderableType:
        """The game's account of the final scoring (shown where the hand was)."""
        details = result.get("details") or {}
        return Group(Text("Scoring", style="bold underline"), Pretty(details))

    def final_scores(self, result: Mapping[str, Any], seating: Seating) -> RenderableType:
        """The final scores: one row per seat, winners starred."""
        table = Table(title="Final scores")
        table.add_column("seat", justify="right")
        table.add_column("player")
        table.add_column("score", justify="right")
        table.add_column("winner", justify="center")
        winners = set(result.get("winners", ()))
        for seat, score in enumerate(result.get("scores", ())):
            table.add_row(
                str(seat), seating.name(seat), str(score), "★" if seat in winners else "",
                style="bold" if seat in winners else None,
            )
        return table

    def event_line(self, event: Mapping[str, Any]) -> str:
        """One log line for an event."""
        return event_message(self.game_id, event)

    # --- decisions -------------------------------------------------------------------

    def prompt(self, view: View, seating: Seating) -> str:
        """What the seat to move is asked."""
        decision = view.get("decision")
        if isinstance(decision, Mapping) and "kind" in decision:
            return f"Decide: {decision['kind']}"
        return "Choose an action"

    def describe(self, action: ActionJson, view: View) -> str:
        """The action in words."""
        return generic_message(action)

    def paths(self, action: ActionJson, view: View) -> list[Path]:
        """The ways to reach ``action`` step by step (one step: the action itself)."""
        return [(Step(json.dumps(dict(action), sort_keys=True), self.describe(action, view)),)]

    def notation(self, action: ActionJson) -> str | None:
        """The compact notation of ``action``, shown beside its menu entry (None: none)."""
        return None

    def parse(self, text: str, view: View, legal: Sequence[ActionJson]) -> dict[str, Any]:
        """Turn typed text into an action's JSON (not yet checked for legality).

        Raises:
            NotationError: the text is malformed.
        """
        text = text.strip()
        if text.startswith("{"):
            try:
                data = json.loads(text)
            except ValueError as error:
                raise NotationError(f"not valid JSON: {error}") from None
            if not isinstance(data, dict):
                raise NotationError("an action is a JSON object")
            return data
        same = [a for a in legal if a.get("type") == text]
        if len(same) == 1:
            return dict(same[0])
        if same:
            raise NotationError(f"{len(same)} legal actions are of type {text!r}: give its JSON")
        types = sorted({str(a.get("type")) for a in legal})
        raise NotationError(f"{text!r} is no action type offered now ({', '.join(types)})")

    def why_illegal(self, action: ActionJson, view: View, legal: Sequence[ActionJson]) -> str:
        """Why a well-formed action is not among the legal ones."""
        return f"{self.describe(action, view)} is not a legal move now"


def resolve(
    renderer: Renderer, text: str, view: View, legal: Sequence[ActionJson]
) -> int:
    """The index in ``legal`` of the action typed as ``text``.

    Raises:
        NotationError: the text is empty, malformed, or names an action that is not legal.
    """
    if not text.strip():
        raise NotationError("type a move (see the help: F1)")
    action = renderer.parse(text, view, legal)
    for index, candidate in enumerate(legal):
        if _same_action(candidate, action):
            return index
    raise NotationError(renderer.why_illegal(action, view, legal))


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
        self, paths: Sequence[tuple[int, Path]], done_label: Mapping[int, str]
    ) -> None:
        if not paths:
            raise ValueError("a decision needs at least one legal action")
        self._paths = [(index, tuple(path)) for index, path in paths]
        self._done_label = done_label
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
            out.append(Option("back", "← back"))
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


def chooser_for(renderer: Renderer, view: View, legal: Sequence[ActionJson]) -> Chooser:
    """The menu of the decision whose legal actions are ``legal``."""
    paths = [
        (index, path) for index, action in enumerate(legal)
        for path in renderer.paths(action, view)
    ]
    labels = {}
    for index, action in enumerate(legal):
        code = renderer.notation(action)
        labels[index] = "✔ " + renderer.describe(action, view) + (f"   [{code}]" if code else "")
    return Chooser(paths, labels)


RENDERERS: dict[str, Renderer] = {}
"""The renderer of each game that has its own, by game id."""

GENERIC = Renderer()


def register_renderer(renderer: Renderer) -> Renderer:
    """Register a game's renderer under its ``game_id``; return it."""
    RENDERERS[renderer.game_id] = renderer
    return renderer


def renderer_for(game_id: str) -> Renderer:
    """The game's own renderer, or the generic one."""
    return RENDERERS.get(game_id, GENERIC)


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
    "chooser_for",
    "plain",
    "register_renderer",
    "renderer_for",
    "resolve",
]
