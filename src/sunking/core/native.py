"""mypyc's class attributes, for the core's classes that compiled modules define.

``mypyc_attr`` comes from ``mypy_extensions``, which mypyc needs to compile the engine but an
installed engine does not: without it the decorator does nothing (the classes are then
interpreted ones anyway).
"""

from __future__ import annotations

import abc
from typing import Any

try:
    from mypy_extensions import mypyc_attr
except ImportError:  # an installed engine without mypy: nothing to mark
    def mypyc_attr(*_: Any, **__: Any) -> Any:  # type: ignore[misc]
        return lambda cls: cls



def own_abc_cache(cls: type) -> None:
    """Give the abstract class ``cls`` its own cache of ``isinstance`` answers. A native class
    does not get one from ``ABCMeta`` as a class from source does: it would share
    :class:`abc.ABC`'s with every other native one, and once ``isinstance(game, Game)`` had
    answered True so would ``isinstance(game, GameState)``. Called on the core's abstract
    classes and on the games' state classes (from ``AgendaState.__init_subclass__``)."""
    if "_abc_impl" not in vars(cls):
        abc._abc_init(cls)  # type: ignore[attr-defined]


__all__ = ["mypyc_attr", "own_abc_cache"]
