"""How every game shows itself to people, outside the core: the contract each game fills in
its own package, its texts in five languages, and the described boards every client renders.

A game's presentation is found from its id by one rule (:func:`of`): ``PRESENTATION`` in the
``presentation`` module of the game's package. The parts are:

* :mod:`.contract`: :class:`Presentation`, the components and facts, and :class:`Texts`
  (the game's Babel catalogs and the common one, for one language);
* :mod:`.describe`: :func:`describe` (the described board), the log, the final table, the
  game's title and catalog;
* :mod:`.parts`: the pieces a game's reader builds its board from.
"""

from __future__ import annotations

from .contract import Component, Fact, Presentation, Texts, number
from .describe import (
    catalog,
    catalog_plurals,
    describe,
    describe_events,
    describe_result,
    game_title,
    of,
)
from .parts import (
    FieldKinds,
    ScoringLine,
    action_entry,
    decision_fields,
    fill,
    final_table,
    log_entries,
    only_pass,
    player_row,
    scoring_table,
    variant,
    zone,
)

__all__ = [
    "Component",
    "Fact",
    "FieldKinds",
    "Presentation",
    "ScoringLine",
    "Texts",
    "action_entry",
    "catalog",
    "catalog_plurals",
    "decision_fields",
    "describe",
    "describe_events",
    "describe_result",
    "fill",
    "final_table",
    "game_title",
    "log_entries",
    "number",
    "of",
    "only_pass",
    "player_row",
    "scoring_table",
    "variant",
    "zone",
]
