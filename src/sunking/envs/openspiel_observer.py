"""What a seat observes of an OpenSpiel sunking game, for each observation type OpenSpiel asks.

``private_info``:

- ``NONE``: what a spectator sees, laid out as the seat's observation (the seat's own hidden
  cards and its unfinished choice all zero); the string is the spectator's view.
- ``SINGLE_PLAYER``: the seat's observation of :mod:`.table` and its view with its
  unfinished choice.
- ``ALL_PLAYERS``: every seat's observation one after the other (seat 0 first), and every
  seat's view with the unfinished choice of the seat to move.

``perfect_recall`` is given for ``SINGLE_PLAYER``: the string is the seat's view and a digest
(:class:`Recall`) of every view it had before and every token it chose; the tensor (OpenSpiel's
information-state tensor) is the seat's observation followed by the :data:`RECALL_BITS` bits
of a digest of what every observation it had before showed and every token it chose, so two
histories that differ anywhere in what the seat observed give different tensors, while what a
network can learn from is the observation. Perfect
recall with other private information is refused, as is ``public_info=False``: every
observation holds the public information.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import marshal
from typing import Any, Literal, Protocol

import numpy as np
import pyspiel

from ..core.game import GameState
from ..core.registry import make
from .incremental import SeatObservation
from .table import GameAdapter, adapter, observation_vector, public_vector
from .vector import FloatArray

Kind = Literal["public", "seat", "all"]
RECALL_BITS = 128
"""The bits of a seat's recall digest that end its information-state tensor."""
CHECKPOINT = 8
"""Every this many moves a recall forgets the states before it (:meth:`Recall.after`)."""
KINDS: dict[Any, Kind] = {
    pyspiel.PrivateInfoType.NONE: "public",
    pyspiel.PrivateInfoType.SINGLE_PLAYER: "seat",
    pyspiel.PrivateInfoType.ALL_PLAYERS: "all",
}


def observer_sizes(adapter: GameAdapter, num_players: int) -> dict[Kind, int]:
    """The tensor size of each kind of observation for a player count."""
    state = make(adapter.game_id).new_game(num_players, 0)
    seat = len(observation_vector(adapter, state, 0))
    return {"public": seat, "seat": seat, "all": seat * num_players}


def _bytes(values: Any) -> bytes:
    """Values (tuples, lists, numbers, strings, None) as bytes that depend on the values
    alone: ``marshal``'s version 0 shares no objects and ignores whether a string is
    interned, and is many times faster than ``repr``."""
    return marshal.dumps(values, 0)


def _view_json(state: GameState, seat: int | None) -> str:
    return json.dumps(state.view(seat), sort_keys=True)


class Observed(Protocol):
    """What an observer reads of an OpenSpiel state (``sunking.envs.openspiel.SunKingState``)."""

    @property
    def engine_state(self) -> GameState: ...

    @property
    def adapter(self) -> GameAdapter: ...

    @property
    def prefix(self) -> tuple[int, ...]: ...

    @property
    def recall(self) -> Recall: ...

    def recalled(self, player: int, views: bool) -> Any: ...

    def is_chance_node(self) -> bool: ...

    def history(self) -> list[int]: ...

    def observation(self, player: int, out: FloatArray) -> None: ...

    def prefix_of(self, player: int) -> tuple[int, ...]: ...


class Pruned(LookupError):
    """A recall asked for what only the states it has forgotten could tell: replay the
    history (``SunKingState.recalled`` does)."""


class Observations:
    """Every seat's observation of one OpenSpiel game, kept up to date part by part
    (:class:`.incremental.SeatObservation`) and shared by all the game's states: a cache,
    whatever state it was last brought to (it is pickled empty). Several threads must not
    observe states of one game object at once: load a game per thread."""

    def __init__(self, game_id: str, num_players: int) -> None:
        self.adapter = adapter(game_id)
        self.num_players = num_players
        self._seats: dict[int, SeatObservation] = {}
        self._layout: list[tuple[str, int, int]] = []
        parts = list(enumerate(self.adapter.parts))
        self.public = [(i, part) for i, part in parts if part.public]
        """The parts every seat sees alike, with their places among the parts."""
        self.private = [(i, part) for i, part in parts if not part.public]
        self.bits_wanted = False
        """Set once a seat's recall bits were asked: from then on every checkpoint works
        out every seat's bits before it forgets the states before it."""
        self.views_wanted = False
        """Set once a seat's recall digest of views was asked: from then on the recalls
        keep every state (a digest chains the views of all of them)."""

    def __reduce__(self) -> tuple[Any, ...]:
        return Observations, (self.adapter.game_id, self.num_players)

    def seat(self, seat: int, state: GameState) -> SeatObservation:
        found = self._seats.get(seat)
        if found is None:
            if not self._layout:
                self._layout = observation_vector(self.adapter, state, 0).layout()
            found = self._seats[seat] = SeatObservation(self.adapter.parts, state, seat,
                                                        self._layout)
        return found


class Recall:
    """What each seat has seen up to an engine state, chained from the previous engine
    state's recall and worked out only when a seat's recall is asked: a digest per seat of
    every view it had and every token it chose (:meth:`digest`, for strings), and one of
    what its observations showed and every token it chose (:meth:`bits`, for tensors:
    chained over the parts of its observation each move changed).

    A chain of recalls keeps every engine state of the game alive, which costs Python's
    garbage collector dearly, so every :data:`CHECKPOINT` moves a recall is *cut*: it works
    out every seat's bits (once they have been asked in this game) and forgets the recalls
    before it. What only the forgotten states could tell (a digest of views, or bits
    never asked before) raises :class:`Pruned`, and the OpenSpiel state replays its history
    to work it out; once views have been asked, no recall of the game is cut again. The
    values do not depend on when, or whether, a recall was cut."""

    __slots__ = ("_bits", "_digests", "_public", "_seen", "cut", "depth", "mover",
                 "observations", "previous", "state", "tokens")

    def __init__(self, state: GameState, observations: Observations,
                 previous: Recall | None = None, mover: int | None = None,
                 tokens: tuple[int, ...] = (), digests: dict[int, str] | None = None,
                 bits: dict[int, bytes] | None = None, cut: bool = False) -> None:
        self.state = state
        self.observations = observations
        self.previous = previous
        self.mover = mover
        self.tokens = tokens
        self._digests: dict[int, str] = digests or {}
        self._bits: dict[int, bytes] = bits or {}
        self._public: tuple[list[Any], list[Any], bytes] | None = None
        self._seen: dict[int, tuple[list[Any], list[Any]]] = {}
        """Each seat's keys and values of its own parts here, once its bits are known."""
        self.depth: int = 0 if previous is None else previous.depth + 1
        """Moves since the last cut (or the start)."""
        self.cut = cut
        """Whether the recalls before this one are forgotten."""

    @classmethod
    def start(cls, state: GameState, observations: Observations) -> Recall:
        return cls(state, observations)

    def after(self, state: GameState, mover: int | None, tokens: tuple[int, ...]) -> Recall:
        """The recall once ``mover`` has chosen ``tokens`` and the game is at ``state``: cut
        every :data:`CHECKPOINT` moves unless views have been asked in this game."""
        found = Recall(state, self.observations, self, mover, tokens)
        if found.depth >= CHECKPOINT and not self.observations.views_wanted:
            found._cut()
        return found

    def _cut(self) -> None:
        """Work out what later recalls will ask of the ones before this (the shared parts'
        digest, every seat's bits, once bits are wanted), then forget them."""
        if self.observations.bits_wanted:
            try:
                for seat in range(self.state.num_players):
                    self.bits(seat)
            except Pruned:  # an earlier cut came before bits were wanted
                pass
        self.previous = None
        self.cut = True
        self.depth = 0

    def learn(self, other: Recall, seat: int) -> None:
        """Take ``seat``'s digests and bits from ``other``, a recall of the same history
        (replayed), and the shared parts' values."""
        if seat in other._digests:
            self._digests[seat] = other._digests[seat]
        if seat in other._bits:
            self._bits[seat] = other._bits[seat]
            seen = other._seen.get(seat)
            if seen is not None:
                self._seen[seat] = seen
        if self._public is None and other._public is not None:
            self._public = other._public

    def resampled(self, state: GameState, seat: int, digest: str, bits: bytes) -> Recall:
        """The recall of a determinization for ``seat``, whose digest and bits here are
        given: the seat recalls what it recalls here; the other seats recall only the
        sampled position."""
        return Recall(state, self.observations, digests={seat: digest}, bits={seat: bits})

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled flat, as every seat's digests here (not the chain of earlier states),
        those it can still work out: without one of them it is pickled cut (asked for what
        is missing, it raises :class:`Pruned`, and the OpenSpiel state replays its
        history)."""
        digests: dict[int, str] = {}
        bits: dict[int, bytes] = {}
        for p in range(self.state.num_players):
            with contextlib.suppress(Pruned):
                digests[p] = self._digest(p)
            with contextlib.suppress(Pruned):
                bits[p] = self._recall_bits(p)
        whole = len(digests) == len(bits) == self.state.num_players
        return Recall, (self.state, self.observations, None, self.mover, self.tokens,
                        digests, bits, not whole)

    def _chain(self, seat: int, of_views: bool) -> tuple[list[Recall], Recall | None]:
        """The recalls back from here to the first that knows ``seat``'s digest (of its
        views, or of its observations), newest first, and that one (None: none does).

        Raises:
            Pruned: a cut recall on the way does not know it.
        """
        chain: list[Recall] = []
        node: Recall | None = self
        while node is not None and seat not in (node._digests if of_views else node._bits):
            if node.cut:
                raise Pruned("the recall has forgotten the states before")
            chain.append(node)
            node = node.previous
        return chain, node

    def digest(self, seat: int) -> str:
        """``seat``'s digest of every view it had and every token it chose.

        Raises:
            Pruned: see :meth:`_chain`.
        """
        self.observations.views_wanted = True
        return self._digest(seat)

    def _digest(self, seat: int) -> str:
        chain, node = self._chain(seat, True)
        value = "" if node is None else node._digests[seat]
        for step in reversed(chain):
            h = hashlib.blake2b(value.encode(), digest_size=16)
            if step.mover == seat:
                h.update(repr(step.tokens).encode())
            h.update(_view_json(step.state, seat).encode())
            value = step._digests[seat] = h.hexdigest()
        return value

    def _shared(self) -> tuple[list[Any], list[Any], bytes]:
        """The keys and values of the parts every seat sees alike here (``Part.public``),
        and a digest of those that changed since the previous state (all of them at the
        first): worked out once per state for every seat's :meth:`bits`."""
        todo: list[Recall] = []
        node: Recall | None = self
        while node is not None and node._public is None:
            if node.cut:
                raise Pruned("the recall has forgotten the states before")
            todo.append(node)
            node = node.previous
        parts = self.observations.public
        for step in reversed(todo):
            before = None if step.previous is None else step.previous._public
            keys: list[Any] = []
            values: list[Any] = []
            changes: list[tuple[int, Any]] = []
            for j, (i, part) in enumerate(parts):
                key = part.key(step.state, 0)
                if before is not None and key == before[0][j]:
                    value = before[1][j]
                else:
                    value = part.read(key, step.state)
                    if before is None or value != before[1][j]:
                        changes.append((i, value))
                keys.append(key)
                values.append(value)
            digest = hashlib.blake2b(_bytes(changes), digest_size=16).digest()
            step._public = (keys, values, digest)
        assert self._public is not None
        return self._public

    def values(self, seat: int) -> list[Any] | None:
        """The values of every part of ``seat``'s observation here (in the parts' order),
        where :meth:`bits` has already read them at this state, else None."""
        seen = self._seen.get(seat)
        if seen is None or self._public is None:
            return None
        found: list[Any] = [None] * (len(self.observations.public)
                                     + len(self.observations.private))
        for (i, _), value in zip(self.observations.public, self._public[1], strict=True):
            found[i] = value
        for (i, _), value in zip(self.observations.private, seen[1], strict=True):
            found[i] = value
        return found

    def bits(self, seat: int) -> bytes:
        """16 bytes that tell apart any two histories in which ``seat`` observed different
        things or chose different tokens: a digest chained over the values of the parts of
        its observation (:class:`.incremental.Part`, read from what its view shows) each
        move changed, whether it was to move, and the tokens it chose.

        Raises:
            Pruned: see :meth:`_chain`.
        """
        self.observations.bits_wanted = True
        return self._recall_bits(seat)

    def _recall_bits(self, seat: int) -> bytes:
        chain, node = self._chain(seat, False)
        if not chain and node is not None:
            return node._bits[seat]
        parts = self.observations.private
        start = chain.pop() if node is None else node
        seen = start._seen.get(seat)
        if seen is None:
            keys = [part.key(start.state, seat) for _, part in parts]
            values = [part.read(key, start.state)
                      for (_, part), key in zip(parts, keys, strict=True)]
        else:
            keys, values = list(seen[0]), list(seen[1])
        if node is None:
            h = hashlib.blake2b(start._shared()[2], digest_size=16)
            h.update(_bytes((start.state.to_move == seat, values)))
            start._bits[seat] = h.digest()
        value = start._bits[seat]
        for step in reversed(chain):
            h = hashlib.blake2b(value, digest_size=16)
            if step.mover == seat:
                h.update(_bytes(step.tokens))
            h.update(b"1" if step.state.to_move == seat else b"0")
            h.update(step._shared()[2])
            for j, (i, part) in enumerate(parts):
                key = part.key(step.state, seat)
                if key != keys[j]:
                    keys[j] = key
                    now = part.read(key, step.state)
                    if now != values[j]:
                        values[j] = now
                        h.update(_bytes((i, now)))
            value = step._bits[seat] = h.digest()
        self._seen[seat] = (keys, values)
        return value


class SunKingObserver:
    """OpenSpiel's observer interface for one observation type (see the module).

    Raises (constructor):
        ValueError: the type asks for what the games cannot give.
    """

    def __init__(self, sizes: dict[Kind, int], iig_obs_type: Any = None) -> None:
        if iig_obs_type is None:
            iig_obs_type = pyspiel.IIGObservationType(perfect_recall=False)
        if not iig_obs_type.public_info:
            raise ValueError("every sunking observation holds the public information")
        self.kind: Kind = KINDS[iig_obs_type.private_info]
        self.perfect_recall = bool(iig_obs_type.perfect_recall)
        if self.perfect_recall and self.kind != "seat":
            raise ValueError("perfect recall is given for single-player private info only")
        size = sizes[self.kind]
        self.tensor = np.zeros(size + (RECALL_BITS if self.perfect_recall else 0), np.float32)
        self._observation = self.tensor[:size]
        self.dict = {"observation": self._observation}
        if self.perfect_recall:
            self.dict["recall"] = self.tensor[size:]

    def set_from(self, state: Observed, player: int) -> None:
        """Write ``player``'s observation (and with perfect recall its digest's bits) into
        the tensor."""
        if state.is_chance_node():
            self.tensor.fill(0.0)
            return
        engine = state.engine_state
        tensor = self._observation
        # the recall's bits first: the seat's observation reuses the values they read
        digest = state.recalled(player, False) if self.perfect_recall else b""
        if self.kind == "seat":
            state.observation(player, tensor)
        elif self.kind == "public":
            tensor[:] = public_vector(state.adapter, engine, player).array()
        else:
            size = tensor.size // engine.num_players
            for p in range(engine.num_players):
                state.observation(p, tensor[p * size:(p + 1) * size])
        if self.perfect_recall:
            self.dict["recall"][:] = np.unpackbits(np.frombuffer(digest, np.uint8))

    def string_from(self, state: Observed, player: int) -> str:
        if state.is_chance_node():
            return f"dealing, chance node {len(state.history()) + 1}"
        engine = state.engine_state
        if self.kind == "public":
            return _view_json(engine, None)
        if self.kind == "all":
            views = [engine.view(p) for p in range(engine.num_players)]
            return json.dumps({"views": views, "choosing": list(state.prefix)},
                              sort_keys=True)
        seat = json.dumps({"view": engine.view(player),
                           "choosing": list(state.prefix_of(player))}, sort_keys=True)
        if self.perfect_recall:
            return f"{seat} recall {state.recalled(player, True)}"
        return seat
