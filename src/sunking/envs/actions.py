"""A fixed discrete action space for a game whose actions carry fields: the factored scheme.

Most of the games' actions are small (``pass``, ``draw``), but some carry a combination —
a Vive le Roi batch of cards, a Louis XIV stone distribution, a Versailles 1682 card for a
seat — so one flat enumeration of every possible action would be large or unbounded. Each
action is therefore chosen as a short sequence of *tokens* from one fixed vocabulary:

1. the action's type (``("type", "commit")``);
2. then each field in the order of the action's dataclass, one token per value
   (``("commit", "cards", 17)``), a tuple field declared as a sequence taking one token per
   element and a closing :data:`END` token.

The vocabulary is every type tag, then every value declared for every field, in a fixed
order, so a token's index never changes between runs or player counts. The mask of a
sub-step is the set of tokens that extend the current prefix towards some legal action.
Tokens that every remaining legal action shares are taken at once, and an action is applied
as soon as its sequence is complete — so ``pass`` is one step and a choice between two
cards of the same type two steps. A legal action's sequence is never a prefix of another's
(the type fixes the fields, a sequence ends with :data:`END`), so the decoding is exact.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from typing import TypeAlias

from ..core.actions import Action
from ..core.native import mypyc_attr

Token: TypeAlias = tuple[Hashable, ...]
"""``("type", tag)``, ``(tag, field, value)`` or :data:`END`."""

END: Token = ("end",)
"""Closes the elements of a sequence field."""


_BY_ID = 4096
"""At most this many actions' codes are remembered by identity (:meth:`ActionScheme.encode_all`)."""


class ActionSchemeError(ValueError):
    """An action or a token outside the scheme (a value no field declares)."""


@mypyc_attr(allow_interpreted_subclasses=True)
class ActionScheme:
    """The vocabulary of one game's action tokens and the coding of its actions.

    ``classes`` are the game's action classes; ``fields`` the values of each field by its
    name (``"card"``), ``overrides`` by ``"type.field"`` where one action's field differs;
    ``sequences`` the ``"type.field"`` names of tuple fields chosen element by element.
    """

    def __init__(
        self,
        classes: Sequence[type[Action]],
        fields: Mapping[str, Iterable[Hashable]],
        overrides: Mapping[str, Iterable[Hashable]] | None = None,
        sequences: Iterable[str] = (),
    ) -> None:
        self.sequences = frozenset(sequences)
        overrides = overrides or {}
        tokens: list[Token] = [("type", cls.type) for cls in classes]
        self._fields: dict[str, tuple[str, ...]] = {}
        for cls in classes:
            names = tuple(f.name for f in dataclasses.fields(cls))
            self._fields[cls.type] = names
            for name in names:
                key = f"{cls.type}.{name}"
                domain = overrides.get(key, fields.get(name))
                if domain is None:
                    raise ActionSchemeError(f"no values declared for the field {key}")
                tokens += [(cls.type, name, value) for value in domain]
        tokens.append(END)
        self.tokens: tuple[Token, ...] = tuple(tokens)
        self.index: dict[Token, int] = {t: i for i, t in enumerate(tokens)}
        if len(self.index) != len(tokens):
            raise ActionSchemeError("a field declares the same value twice")
        self._codes: dict[Action, tuple[int, ...]] = {}
        self._by_id: dict[int, tuple[tuple[int, ...], Action]] = {}
        """Codes found by the action object's identity (the games hand out the same action
        objects again and again), each with its action kept alive so an identity is never
        reused while remembered; cleared once it holds :data:`_BY_ID` actions."""
        self.in_c: InC | None = None
        """The same lookups and filters in C (``encoded`` and ``kept`` in
        :mod:`sunking.envs.fast`), given by :func:`sunking.envs.table.adapter` where that
        module is compiled."""

    @property
    def size(self) -> int:
        """The number of tokens: the size of the discrete action space."""
        return len(self.tokens)

    def encode(self, action: Action) -> tuple[int, ...]:
        """The token indices that choose ``action``.

        Raises:
            ActionSchemeError: a field of the action holds a value the scheme does not declare.
        """
        code = self._codes.get(action)
        if code is not None:
            return code
        tag = action.type
        out = [self._lookup(("type", tag), action)]
        for name in self._fields[tag]:
            value = getattr(action, name)
            if f"{tag}.{name}" in self.sequences:
                out += [self._lookup((tag, name, v), action) for v in value]
                out.append(self.index[END])
            else:
                out.append(self._lookup((tag, name, value), action))
        code = self._codes[action] = tuple(out)
        return code

    def encode_all(self, actions: Sequence[Action]) -> list[tuple[tuple[int, ...], Action]]:
        """Each action with its tokens (:meth:`encode`), as a decision starts from."""
        by_id = self._by_id
        if self.in_c is not None:
            known = self.in_c.encoded(by_id, actions)
            if known is not None:  # every action found by identity
                return known
        out: list[tuple[tuple[int, ...], Action]] = []
        for action in actions:
            found = by_id.get(id(action))
            if found is None or found[1] is not action:
                found = (self.encode(action), action)
                if len(by_id) >= _BY_ID:
                    by_id.clear()
                by_id[id(action)] = found
            out.append(found)
        return out

    def _lookup(self, token: Token, action: Action) -> int:
        try:
            return self.index[token]
        except KeyError:
            raise ActionSchemeError(
                f"the action {action} has a value outside the scheme: {token!r}"
            ) from None

    def describe(self, index: int) -> str:
        """A token in words, for logs and OpenSpiel's action strings."""
        token = self.tokens[index]
        return ":".join(str(part) for part in token)


Pair = tuple[tuple[int, ...], Action]
"""An action with its code."""


@dataclasses.dataclass(slots=True)
class InC:
    """An action scheme's lookups and filters in C (see :mod:`sunking.envs.fast`)."""

    encoded: Callable[[dict[int, Pair], Sequence[Action]], list[Pair] | None]
    """Each action with its code where every action is found by identity, else None."""
    kept: Callable[[list[Pair], int, int], list[Pair]]
    """The candidates whose code takes ``token`` at ``depth``."""


@dataclasses.dataclass(slots=True)
class Decision:
    """One engine decision being chosen token by token.

    ``candidates`` are the legal actions still consistent with ``prefix``, each with its
    code. :meth:`choose` adds a token; once one action's code is complete it is returned.
    """

    scheme: ActionScheme
    candidates: list[tuple[tuple[int, ...], Action]]
    prefix: tuple[int, ...] = ()

    @classmethod
    def start(cls, scheme: ActionScheme, legal: Sequence[Action]) -> Decision:
        return cls(scheme, scheme.encode_all(legal))

    def mask(self) -> list[int]:
        """The tokens the next sub-step may choose, sorted."""
        depth = len(self.prefix)
        return sorted({pair[0][depth] for pair in self.candidates})

    def choose(self, token: int) -> Action | None:
        """Take ``token``; return the action once it is fully chosen, else None.

        Raises:
            ActionSchemeError: ``token`` is not in :meth:`mask` (the decision is unchanged).
        """
        depth = len(self.prefix)
        in_c = self.scheme.in_c
        kept = [pair for pair in self.candidates if pair[0][depth] == token] \
            if in_c is None else in_c.kept(self.candidates, depth, token)
        if not kept:
            raise ActionSchemeError(
                f"token {token} ({self._name(token)}) is not allowed here; "
                f"allowed: {self.mask()}"
            )
        self.candidates = kept
        self.prefix += (token,)
        while True:
            depth = len(self.prefix)
            for code, action in self.candidates:
                if len(code) == depth:
                    return action
            following = {pair[0][depth] for pair in self.candidates}
            if len(following) != 1:
                return None
            self.prefix += (following.pop(),)

    def path(self, action: Action) -> list[int]:
        """The tokens an agent chooses for ``action`` from here (forced ones are taken by
        themselves); this decision is unchanged.

        Raises:
            ActionSchemeError: ``action`` is not one of the candidates.
        """
        code = self.scheme.encode(action)
        if code[: len(self.prefix)] != self.prefix or all(c != code for c, _ in self.candidates):
            raise ActionSchemeError(f"the action {action} is not among the choices left")
        probe = Decision(self.scheme, list(self.candidates), self.prefix)
        out: list[int] = []
        while True:
            token = code[len(probe.prefix)]
            out.append(token)
            if probe.choose(token) is not None:
                return out

    def _name(self, token: int) -> str:
        return self.scheme.describe(token) if 0 <= token < self.scheme.size else "unknown"


def decoded_actions(scheme: ActionScheme, legal: Sequence[Action]) -> set[Action]:
    """Every action reachable by following the masks of a fresh decision to the end: the
    action space as an agent sees it (tests compare it with the legal actions)."""
    found: set[Action] = set()

    def walk(decision: Decision) -> None:
        for token in decision.mask():
            branch = Decision(scheme, list(decision.candidates), decision.prefix)
            action = branch.choose(token)
            if action is None:
                walk(branch)
            else:
                found.add(action)

    walk(Decision.start(scheme, legal))
    return found
