"""A reviewed decision in the game's own words: both moves as the seat's prompt words them,
and what the better move would have changed (the events of playing it, as the seat would
have seen them), from the game's presentation. Also the game record a review reads, from any
of the forms a record is kept in, and the win-chance curve as a PNG.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from ..core.errors import InvalidState
from ..core.record import GameRecord
from ..core.registry import make
from ..presentation import describe, describe_events
from .review import Decision


def read_record(data: Mapping[str, Any]) -> GameRecord:
    """The game record in ``data``: the ``record`` of ``sunking simulate --json``, a bare
    record (``GameRecord.to_json``), or a finished match's replay download, which carries its
    options, seed and actions.

    Raises:
        InvalidState: ``data`` is none of these, or a replay of a match not yet finished.
        RulesVersionMismatch: the record was played under another version of the rules.
        InvalidAction: an action in it is malformed.
    """
    if not isinstance(data, Mapping):
        raise InvalidState("not a game record: the file holds no JSON object")
    if isinstance(data.get("record"), Mapping):
        return GameRecord.from_json(data["record"])
    if "frames" in data:
        if data.get("seed") is None or data.get("actions") is None:
            raise InvalidState("this replay has no seed and actions: only a finished match's "
                               "replay can be reviewed")
        return GameRecord.from_json({
            "game": data.get("game"), "rules_version": data.get("rules_version", 1),
            "num_players": data.get("players"), "seed": data["seed"],
            "options": data.get("options", {}), "actions": data["actions"],
        })
    return GameRecord.from_json(data)


def worded(record: GameRecord, decision: Decision, verdict: Mapping[str, Any], lang: str,
           names: Sequence[str]) -> dict[str, Any]:
    """The moves of ``verdict`` in ``lang`` as ``decision``'s seat was prompted then
    (``chosen_text``, ``best_text``), and the events the better move would have brought, in
    the second person (``changes``: a list of sentences)."""
    game = make(record.game)
    seat = decision.seat
    state = game.state_from_json(decision.state)
    state.quiet = False
    board = describe(record.game, state.view(seat), [verdict["chosen"], verdict["best"]],
                     seat, lang, names, you=seat)
    chosen, best = (str(a["text"]) for a in board["actions"])
    changes: list[str] = []
    if verdict["best"] != verdict["chosen"]:
        after = state.apply(game.parse_action(dict(verdict["best"])))
        events = after.events(seat, since=decision.version)
        changes = [str(line["text"]) for line in describe_events(
            record.game, events, lang, names, record.num_players, you=seat)]
    return {"chosen_text": chosen, "best_text": best, "changes": changes}


def plot_curve(curves: Mapping[str, Sequence[Mapping[str, Any]]], path: Path, title: str,
               axes: tuple[str, str] = ("step", "win chance (%)")) -> None:
    """A PNG of the win chance after each reviewed decision against its step, one line per
    curve (labelled by its key, with a legend when there are several); ``axes`` are the labels
    of the steps and of the chances."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7, 3.5), dpi=110)
    for label, points in curves.items():
        steps = [int(p["step"]) for p in points]
        chances = [100 * float(p["win_chance"]) for p in points]
        ax.plot(steps, chances, marker="o", markersize=3, label=label)
        if len(curves) == 1:
            ax.fill_between(steps, chances, alpha=0.15)
    if len(curves) > 1:
        ax.legend(loc="best", fontsize=8)
    ax.set_ylim(0, 100)
    ax.set_xlabel(axes[0])
    ax.set_ylabel(axes[1])
    ax.set_title(title)
    ax.grid(True, alpha=0.3)
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)
