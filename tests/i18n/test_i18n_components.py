"""The browser client's copy of the Louis XIV component tables matches the engine's.

The client shows mission cards and tiles from ``web/js/games/louis14/components.js``; the
engine's tables in ``sunking.games.louis14.data`` are the authority. Run this file as a script
(``python tests/i18n/test_i18n_components.py --write``) to regenerate the client's copy after
the engine's tables change.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from sunking.games.louis14.data import CHIP_CODES, DECKS, MISSIONS, POSITIONS, TILES

CLIENT_TABLES = (
    Path(__file__).resolve().parents[2] / "src/sunking/web/js/games/louis14/components.js"
)
PREFIX = (
    "// The Louis XIV component tables the client needs (mission cards, tiles, the court).\n"
    "// Generated from sunking.games.louis14.data by tests/i18n/test_i18n_components.py\n"
    "// (run it with --write); the test fails when this copy drifts from the engine.\n"
    "export const COMPONENTS = "
)


def engine_tables() -> dict[str, Any]:
    """The tables as the client needs them, from the engine's data."""
    return {
        "chips": list(CHIP_CODES),
        "decks": list(DECKS),
        "positions": {str(t): list(p) for t, p in sorted(POSITIONS.items())},
        "tiles": {
            str(t): {
                "reward": p.reward,
                "reward_value": p.reward_value,
                "front": {"kind": p.front.kind, "value": p.front.value},
                "back": {"kind": p.back.kind, "value": p.back.value},
            }
            for t, p in sorted(TILES.items())
        },
        "missions": [
            {
                "id": m.id,
                "deck": DECKS[m.deck],
                "needs": ["?" if n < 0 else CHIP_CODES[n] for n in m.needs],
                "effect": m.effect,
                "tile": m.tile,
            }
            for m in MISSIONS
        ],
    }


def render() -> str:
    """The text of the client's file: one line per tile and per mission card."""
    lines = []
    for key, value in engine_tables().items():
        if isinstance(value, dict) and key != "positions":
            inner = ",\n".join(
                f"  {json.dumps(k)}: {json.dumps(v, ensure_ascii=False)}" for k, v in value.items()
            )
            lines.append(f" {json.dumps(key)}: {{\n{inner}\n }}")
        elif isinstance(value, list) and value and isinstance(value[0], dict):
            inner = ",\n".join(f"  {json.dumps(v, ensure_ascii=False)}" for v in value)
            lines.append(f" {json.dumps(key)}: [\n{inner}\n ]")
        else:
            lines.append(f" {json.dumps(key)}: {json.dumps(value, ensure_ascii=False)}")
    return PREFIX + "{\n" + ",\n".join(lines) + "\n};\n"


def client_tables() -> dict[str, Any]:
    text = CLIENT_TABLES.read_text(encoding="utf-8")
    assert text.startswith(PREFIX), f"{CLIENT_TABLES} does not start with the generated header"
    body = text[len(PREFIX):].rstrip()
    assert body.endswith(";"), f"{CLIENT_TABLES} must end with ';'"
    data: dict[str, Any] = json.loads(body[:-1])
    return data


def test_client_component_tables_match_the_engine() -> None:
    assert client_tables() == engine_tables(), (
        "the client's Louis XIV tables drifted from the engine; regenerate them with "
        "`python tests/i18n/test_i18n_components.py --write`"
    )


def test_client_component_tables_are_the_generated_text() -> None:
    assert CLIENT_TABLES.read_text(encoding="utf-8") == render()


if __name__ == "__main__":
    if "--write" in sys.argv[1:]:
        CLIENT_TABLES.write_text(render(), encoding="utf-8")
        print(f"wrote {CLIENT_TABLES}")
    else:
        print(render())
