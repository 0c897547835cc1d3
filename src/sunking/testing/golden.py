"""Golden playthroughs: seeded random games recorded as JSONL, to pin a game's behaviour.

:func:`playthrough` plays one game with a uniform random policy driven by a seeded
:class:`~sunking.core.Rng` and returns JSON-ready records:

* a header ``{"kind": "header", "format", "game", "num_players", "seed", "policy_seed",
  "spec"}``;
* one ``{"kind": "step", ...}`` record per action: the state ``version``, ``to_move``, the
  public ``decision``, the number and a sha256 of the sorted legal actions, the ``action``
  taken, and a sha256 of every seat's view and of the spectator view (each without its
  ``"log"``); every :data:`FULL_VIEW_EVERY` steps the whole spectator view as well;
* in a game where talk at the table is an action (``Game.remarks``), every
  :data:`TALK_EVERY` steps a ``{"kind": "talk", "step", "seat", "action"}`` record per
  action said out of turn: the seat after the one to move addresses the next seat's
  courtier as "Monsieur" (right for a plain man, a fault for a woman), then every duty owed
  (``Game.duties``: the steward's fine) is done;
* a final ``{"kind": "final", ...}`` record with the full result and the public log.

The policy picks uniformly among the legal actions sorted by their canonical JSON, so a
change in the *order* a game lists its actions does not change the game played; a change in
the *set* of legal actions, in any view or in the log does, and :func:`diff_playthrough`
says where.

Everything is game-agnostic: only the :mod:`sunking.core` protocol is used.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from ..core import Action, GameState, JsonValue, Rng, RulesError, make
from .diff import first_difference

FORMAT = 1
"""The version of the golden record format; bump it when the records change shape."""

FULL_VIEW_EVERY = 25
"""Store the whole spectator view on every step whose index is a multiple of this."""
TALK_EVERY = 37
"""Steps between two remarks at the table (in games where talk is an action)."""

Record = dict[str, JsonValue]


def canonical(value: JsonValue) -> str:
    """The canonical JSON text of ``value``: sorted keys, no spaces, UTF-8 kept."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def digest(value: JsonValue) -> str:
    """The sha256 (hex) of the canonical JSON of ``value``."""
    return hashlib.sha256(canonical(value).encode("utf-8")).hexdigest()


def _without_log(view: Mapping[str, JsonValue]) -> dict[str, JsonValue]:
    return {k: v for k, v in view.items() if k != "log"}


def _views(state: GameState) -> dict[str, dict[str, JsonValue]]:
    views: dict[str, dict[str, JsonValue]] = {
        str(seat): _without_log(state.view(seat)) for seat in range(state.num_players)
    }
    views["spectator"] = _without_log(state.view(None))
    return views


def _sorted_legal(state: GameState) -> list[tuple[str, Action]]:
    return sorted(
        ((canonical(a.to_json()), a) for a in state.legal_actions()), key=lambda t: t[0]
    )


def playthrough(game_id: str, num_players: int, seed: int, policy_seed: int) -> list[Record]:
    """Play one seeded random game of ``game_id`` and return its golden records.

    The game starts from ``new_game(num_players, seed)`` with default options; each action
    is drawn uniformly from the legal actions (sorted by canonical JSON) with
    ``Rng(policy_seed)``.

    Raises:
        RuntimeError: the game runs past its spec's ``max_actions`` or a non-terminal state
            has no legal action.
    """
    game = make(game_id)
    spec = game.spec
    state = game.new_game(num_players, seed)
    rng = Rng(policy_seed)
    records: list[Record] = [_header(state, seed, policy_seed)]
    step = 0
    while not state.is_terminal:
        if step >= spec.max_actions:
            raise RuntimeError(f"{game_id}: no end after {spec.max_actions} actions")
        legal = _sorted_legal(state)
        if not legal:
            raise RuntimeError(f"{game_id}: no legal action at version {state.version}")
        views = _views(state)
        _, action = rng.choice(legal)
        records.append(_step(state, step, legal, views, action))
        state = state.apply(action)
        step += 1
        if step % TALK_EVERY == 0 and not state.is_terminal:
            state = _talk(state, step, records)
    views = _views(state)
    records.append(
        {
            "kind": "final",
            "steps": step,
            "version": state.version,
            "views_sha256": {who: digest(v) for who, v in views.items()},
            "result": state.result().to_json(),
            "log": state.events(None),
        }
    )
    return records


def _header(state: GameState, seed: int, policy_seed: int) -> Record:
    """The header record: the game, its seeds and its spec with the options played."""
    spec = state.game.spec
    return {
        "kind": "header",
        "format": FORMAT,
        "game": spec.id,
        "num_players": state.num_players,
        "seed": seed,
        "policy_seed": policy_seed,
        "spec": {
            "id": spec.id,
            "name": spec.name,
            "min_players": spec.min_players,
            "max_players": spec.max_players,
            "max_actions": spec.max_actions,
            "options": dict(state.options),
        },
    }


def _step(state: GameState, step: int, legal: list[tuple[str, Action]],
          views: dict[str, dict[str, JsonValue]], action: Action) -> Record:
    """The record of one step: the position, its legal actions' digest, the action taken
    and the digests of every view (the whole spectator view every FULL_VIEW_EVERY steps)."""
    record: Record = {
        "kind": "step",
        "step": step,
        "version": state.version,
        "to_move": state.to_move,
        "decision": views["spectator"].get("decision"),
        "legal_count": len(legal),
        "legal_sha256": digest([text for text, _ in legal]),
        "action": action.to_json(),
        "views_sha256": {who: digest(v) for who, v in views.items()},
    }
    if step % FULL_VIEW_EVERY == 0:
        record["spectator_view"] = views["spectator"]
    return record


def _talk(state: GameState, step: int, records: list[Record]) -> GameState:
    """Say the golden remark at the table and do every duty it brings (see the module)."""
    game = state.game
    n = state.num_players
    seat = state.to_move or 0
    speaker, addressed = (seat + 1) % n, (seat + 2) % n
    said: list[tuple[int, Action]] = [
        (speaker, a) for a in game.remarks(state, speaker, "Monsieur", addressed)]
    for who, action in said:
        try:
            state = state.apply(action, seat=who)
        except RulesError:
            return state  # nobody to address yet (no courtier named), or not any more
        records.append({"kind": "talk", "step": step, "seat": who, "action": action.to_json()})
    for who, duty in game.duties(state):
        state = state.apply(duty, seat=who)
        records.append({"kind": "talk", "step": step, "seat": who, "action": duty.to_json()})
    return state


def to_lines(records: Iterable[Mapping[str, JsonValue]]) -> list[str]:
    """The JSONL lines (without newlines) of ``records``."""
    return [canonical(dict(r)) for r in records]


def read_jsonl(path: Path) -> list[str]:
    """The non-empty lines of the JSONL file at ``path``."""
    return [line for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


# --- diffs ------------------------------------------------------------------------------


_WHOLE_FIELD = 200
"""Show a differing top-level field whole when both sides are at most this long."""


def _short(value: Any, limit: int = 300) -> str:
    text = value if isinstance(value, str) else canonical(value)
    return text if len(text) <= limit else text[:limit] + f"… ({len(text)} chars)"


def _label(record: Any, index: int) -> str:
    if isinstance(record, dict):
        kind = record.get("kind")
        if kind == "step":
            return f"step {record.get('step')} (line {index + 1}, version {record.get('version')})"
        if kind in ("header", "final"):
            return f"{kind} record (line {index + 1})"
    return f"line {index + 1}"


def _parse(line: str) -> Any:
    try:
        return json.loads(line)
    except ValueError:
        return line


def diff_playthrough(expected_lines: Sequence[str], actual_lines: Sequence[str]) -> str | None:
    """Describe the first difference between two golden JSONL files, or None if they agree.

    The description names the step (or the header / final record), the field path and the
    expected and actual values, e.g.::

        step 12 (line 14, version 12): field action (at action.stones[0][1]):
          expected {"boost":false,"card":4,"stones":[[4,1]],"type":"place"}
          actual   {"boost":false,"card":4,"stones":[[4,2]],"type":"place"}

    Lines are compared as JSON data, so key order and spacing do not matter.
    """
    for index, (exp_line, act_line) in enumerate(zip(expected_lines, actual_lines, strict=False)):
        if exp_line == act_line:
            continue
        expected, actual = _parse(exp_line), _parse(act_line)
        found = first_difference(expected, actual)
        if found is None:  # same data, different text (key order, spacing)
            continue
        where, exp_value, act_value = found
        top = where.split(".", 1)[0].split("[", 1)[0].split(" ", 1)[0]
        if (
            top != where
            and isinstance(expected, dict)
            and isinstance(actual, dict)
            and len(canonical(expected.get(top))) <= _WHOLE_FIELD
            and len(canonical(actual.get(top))) <= _WHOLE_FIELD
        ):
            # A small field (an action, a decision): show it whole, it reads better.
            where = f"{top} (at {where})"
            exp_value = expected.get(top, "<missing>")
            act_value = actual.get(top, "<missing>")
        hint = ""
        if "sha256" in where and isinstance(expected, dict) and expected.get("kind") == "step":
            hint = (
                "\n  (only a digest is stored: regenerate both sides and compare the views "
                "or legal actions at this version to see what changed)"
            )
        return (
            f"{_label(expected, index)}: field {where}:\n"
            f"  expected {_short(exp_value)}\n"
            f"  actual   {_short(act_value)}{hint}"
        )
    if len(expected_lines) != len(actual_lines):
        n = min(len(expected_lines), len(actual_lines))
        longer, which = (
            (expected_lines, "expected") if len(expected_lines) > n else (actual_lines, "actual")
        )
        return (
            f"length: expected {len(expected_lines)} lines, actual {len(actual_lines)}; "
            f"first extra line ({which}, line {n + 1}): {_short(longer[n])}"
        )
    return None
