"""Perft-style counts: the legal actions at named positions, kept as a data file per game.

After python-chess's ``examples/perft/*.perft``: a small text format, one record per
position, each line a keyword and its values, records apart by a blank line, a line that
starts with ``#`` a comment::

    id 4p-seed3-after10-round1-influence
    game louis14
    players 4
    seed 3
    random 10
    to_move 2
    decision turn
    legal 79 place=76 retrieve=3
    perft 2 6241

- ``id`` names the record (unique in its file); ``game``, ``players`` and ``seed`` (0 when
  left out) say which game is started;
- the position is reached by ``random <k>``, ``k`` actions of seeded random play
  (:func:`random_play`), or is the game's named position ``scenario <name>`` (the
  ``NAMED_POSITIONS`` of its ``scenario`` module, a function of no argument each, whose
  position must have the record's players); ``play <action JSON>`` lines then apply actions
  from there, in order;
- the counts expected there: ``to_move`` and ``decision`` (the seat deciding and the kind of
  its decision), ``legal <total> <type>=<count> ...`` (the legal actions, in all and by action
  type) and ``perft <depth> <count>`` (the number of sequences of ``depth`` actions from the
  position, each action legal where it is played; the state's own generator draws what
  chance decides, so the count is exact).

:func:`read_perft` reads a file, :func:`check_record` gives every count that differs.
"""

from __future__ import annotations

import dataclasses
import json
from collections import Counter
from collections.abc import Callable, Iterator, Mapping
from typing import Any

from ..core.actions import Action
from ..core.agenda import AgendaState
from ..core.game import GameState
from ..core.registry import game_part, make
from ..core.rng import Rng

__all__ = ["PerftRecord", "check_record", "perft", "position", "random_play", "read_perft"]


@dataclasses.dataclass
class PerftRecord:
    """One position of a perft file and the counts expected there."""

    id: str
    line: int
    """The line of the file the record starts on."""
    game: str = ""
    players: int = 0
    seed: int = 0
    random: int | None = None
    scenario: str | None = None
    play: list[Any] = dataclasses.field(default_factory=list)
    """The actions (JSON) applied after the start, in order."""
    to_move: int | None = None
    decision: str | None = None
    legal: int | None = None
    by_type: dict[str, int] | None = None
    perft: dict[int, int] = dataclasses.field(default_factory=dict)


def _int(value: str, where: str) -> int:
    try:
        return int(value)
    except ValueError:
        raise ValueError(f"{where}: {value!r} is not a whole number") from None


def _legal(record: PerftRecord, values: list[str], where: str) -> None:
    if not values:
        raise ValueError(f"{where}: 'legal' needs the number of legal actions")
    record.legal = _int(values[0], where)
    if len(values) > 1:
        record.by_type = {}
        for item in values[1:]:
            kind, equals, count = item.partition("=")
            if not equals or not kind:
                raise ValueError(f"{where}: {item!r} is not <action type>=<count>")
            record.by_type[kind] = _int(count, where)


def _line(record: PerftRecord, key: str, values: list[str], where: str) -> None:
    """Read one line of a record into it."""
    text = " ".join(values)
    if key in ("game", "scenario", "decision"):
        setattr(record, key, text)
    elif key in ("players", "seed", "random", "to_move"):
        setattr(record, key, _int(text, where))
    elif key == "play":
        try:
            record.play.append(json.loads(text))
        except ValueError:
            raise ValueError(f"{where}: {text!r} is not an action's JSON") from None
    elif key == "legal":
        _legal(record, values, where)
    elif key == "perft" and len(values) == 2:
        record.perft[_int(values[0], where)] = _int(values[1], where)
    else:
        raise ValueError(f"{where}: unknown line {key!r} (or the wrong number of values)")


def read_perft(text: str, source: str = "perft file") -> list[PerftRecord]:
    """The records of a perft file's ``text`` (``source`` names it in errors).

    Raises:
        ValueError: a line is malformed, a record lacks its game, players or start, or two
            records share an id.
    """
    records: list[PerftRecord] = []
    record: PerftRecord | None = None
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        where = f"{source}, line {number}"
        if line.startswith("#"):
            continue
        if not line:
            record = None
            continue
        key, *values = line.split()
        if key == "id":
            record = PerftRecord(" ".join(values), number)
            records.append(record)
        elif record is None:
            raise ValueError(f"{where}: {key!r} outside a record (a record starts with 'id')")
        else:
            _line(record, key, values, where)
    seen: set[str] = set()
    for r in records:
        where = f"{source}, record {r.id!r} (line {r.line})"
        if r.id in seen:
            raise ValueError(f"{where}: the id is used twice")
        seen.add(r.id)
        if not r.game or r.players <= 0:
            raise ValueError(f"{where}: it names no game or no players")
        if (r.random is None) == (r.scenario is None):
            raise ValueError(f"{where}: it needs one start, 'random <k>' or 'scenario <name>'")
    return records


def _canonical(action: Action) -> str:
    """An action's JSON with its non-ASCII letters escaped: the order the ``.perft`` files'
    random games were drawn in (``golden.canonical`` keeps the letters, and sorts names such
    as "de Trémière" differently, so the two are not interchangeable)."""
    return json.dumps(action.to_json(), sort_keys=True, separators=(",", ":"))


def random_play(game_id: str, num_players: int, seed: int) -> Iterator[GameState]:
    """The states of a seeded random game: ``game.new_game(num_players, seed)``, then each
    action drawn with ``Rng(seed)`` among the legal actions sorted by their JSON (so the game
    does not depend on the order the rules list them in)."""
    state = make(game_id).new_game(num_players, seed)
    rng = Rng(seed)
    yield state
    while not state.is_terminal:
        state = state.apply(rng.choice(sorted(state.legal_actions(), key=_canonical)))
        yield state


def _named(game_id: str, name: str) -> GameState:
    module = game_part(game_id, "scenario")
    named: Mapping[str, Callable[[], GameState]] = getattr(module, "NAMED_POSITIONS", {})
    if name not in named:
        raise KeyError(f"{game_id} has no named position {name!r} "
                       f"(its scenario module's NAMED_POSITIONS: {', '.join(named) or 'none'})")
    return named[name]()


def position(record: PerftRecord) -> GameState:
    """The record's position.

    Raises:
        KeyError: the game has no such named position.
        ValueError: the random game ends before the record's number of actions.
        RulesError: an action of its ``play`` lines is not legal there.
    """
    if record.scenario is not None:
        state = _named(record.game, record.scenario)
    else:
        for state in random_play(record.game, record.players, record.seed):
            if state.version == record.random:
                break
        else:
            raise ValueError(f"{record.id}: the game ends before {record.random} actions")
    game = make(record.game)
    for raw in record.play:
        state = state.apply(game.parse_action(raw))
    return state


def perft(state: GameState, depth: int) -> int:
    """The number of sequences of ``depth`` actions from ``state`` (1 for depth 0)."""
    if depth == 0:
        return 1
    legal = state.legal_actions()
    if depth == 1:
        return len(legal)
    return sum(perft(state.apply_unchecked(action), depth - 1) for action in legal)


def check_record(record: PerftRecord) -> list[str]:
    """Every count of ``record`` that differs at its position (empty: all as expected)."""
    state = position(record)
    got: dict[str, Any] = {"players": state.num_players}
    pending = state.pending if isinstance(state, AgendaState) else None
    legal = state.legal_actions()
    got["to_move"] = state.to_move
    got["decision"] = pending[0] if pending else None
    got["legal"] = len(legal)
    got["by_type"] = dict(Counter(a.type for a in legal))
    problems = [f"{record.id}: an action is listed twice"] if len(set(legal)) != len(legal) else []
    expected = {"players": record.players, "to_move": record.to_move,
                "decision": record.decision, "legal": record.legal, "by_type": record.by_type}
    problems += [f"{record.id}: {name} is {got[name]!r}, not {value!r}"
                 for name, value in expected.items() if value is not None and got[name] != value]
    for depth, count in sorted(record.perft.items()):
        found = perft(state, depth)
        if found != count:
            problems.append(f"{record.id}: perft {depth} is {found}, not {count}")
    return problems
