"""Oh Hell, the game that lives outside the sunking package (``tests/external/oh_hell``),
installed for a test as a distribution would install it: its package on the path and an
entry point of the group ``sunking.games`` in a ``*.dist-info`` folder, which is all that
registers it (``sunking.core.registry`` reads the entry points)."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from sunking.core import registry

EXTERNAL = Path(__file__).resolve().parents[1] / "external"
"""The folder that holds the package ``oh_hell``."""
GAME_ID = "oh_hell"
ENTRY_POINTS = f"[{registry.GROUP}]\n{GAME_ID} = oh_hell:GAME\n"
"""The distribution's ``entry_points.txt``: the one registration of the game."""


def write_distribution(root: Path) -> Path:
    """The metadata of an installed distribution ``oh-hell`` in ``root`` (its
    ``oh_hell-1.0.dist-info``, with the entry point); returns ``root``."""
    info = root / "oh_hell-1.0.dist-info"
    info.mkdir(parents=True, exist_ok=True)
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: oh-hell\nVersion: 1.0\n",
                                   encoding="utf-8")
    (info / "entry_points.txt").write_text(ENTRY_POINTS, encoding="utf-8")
    return root


@contextmanager
def installed(root: Path) -> Iterator[list[str]]:
    """Oh Hell installed in this process while the block runs: the distribution's metadata
    written in ``root``, ``root`` and the package's folder put on ``sys.path`` and the
    registry told to read its entry points again; yields those paths (a server started as a
    subprocess gets them in its ``PYTHONPATH``). Afterwards the game is registered no more."""
    paths = [str(write_distribution(root)), str(EXTERNAL)]
    sys.path[:0] = paths
    registry.refresh()
    try:
        yield paths
    finally:
        for path in paths:
            sys.path.remove(path)
        registry.refresh()
