"""Import rules that keep the layers of sunking apart.

* ``sunking.core`` is the foundation: it imports no game and no front end.
* Each game ``sunking.games.X`` builds on ``sunking.core`` only: it imports no other game
  and no front end.
* Neither ``sunking.core`` nor ``sunking.games`` imports UI, web or database libraries.
* No module imports the stdlib ``random``: all randomness goes through the seeded Rng of
  ``sunking.core``, so that every game can be replayed from its seed.
* ``sunking.envs`` (the optional ``rl`` extra) builds on core, games and bots only; it
  alone imports the learning libraries (PettingZoo, Gymnasium, OpenSpiel, Ray), which the
  rest of the package must run without.

The rules are checked statically with :mod:`ast`, so a module is checked even if it cannot
be imported yet.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

SRC_ROOT = Path(__file__).resolve().parents[1] / "src"
PACKAGE = "sunking"

FRONT_ENDS = ("sunking.bots", "sunking.server", "sunking.tui", "sunking.cli", "sunking.envs")
ENVS_FORBIDDEN = ("sunking.server", "sunking.tui", "sunking.cli", "sunking.testing")
LEARNING_LIBRARIES = ("pettingzoo", "gymnasium", "pyspiel", "open_spiel", "ray")
CORE_FORBIDDEN = ("sunking.games", *FRONT_ENDS, "sunking.testing")
GAME_FORBIDDEN = FRONT_ENDS
UI_WEB_DB_LIBRARIES = (
    "fastapi",
    "starlette",
    "sqlalchemy",
    "alembic",
    "textual",
    "rich",
    "typer",
    "uvicorn",
)
STDLIB_RANDOM = "random"


@dataclass(frozen=True)
class ImportRecord:
    """One import statement: the absolute module names it may load, and where it is."""

    names: tuple[str, ...]
    line: int


@dataclass(frozen=True)
class Violation:
    module: str
    line: int
    imported: str
    rule: str

    def __str__(self) -> str:
        return f"{self.module}:{self.line}: imports {self.imported} ({self.rule})"


def within(name: str, prefix: str) -> bool:
    """Whether module ``name`` is ``prefix`` or lies inside package ``prefix``."""
    return name == prefix or name.startswith(prefix + ".")


def module_name(path: Path, src_root: Path) -> tuple[str, bool]:
    """The dotted module name of a source file, and whether it is a package ``__init__``."""
    parts = list(path.relative_to(src_root).with_suffix("").parts)
    is_package = parts[-1] == "__init__"
    if is_package:
        parts.pop()
    return ".".join(parts), is_package


def resolve_relative(module: str, is_package: bool, level: int, target: str | None) -> str:
    """Turn ``from <level dots><target> import ...`` inside ``module`` into an absolute name."""
    package = module.split(".") if is_package else module.split(".")[:-1]
    if level - 1 >= len(package):
        raise ValueError(f"relative import beyond the top-level package in {module}")
    anchor = package[: len(package) - (level - 1)]
    return ".".join([*anchor, target] if target else anchor)


def collect_imports(source: str, module: str, is_package: bool) -> Iterator[ImportRecord]:
    """Every import in ``source``, relative ones resolved against ``module``.

    ``from a.b import c`` may load ``a.b`` or the submodule ``a.b.c``, so both names are
    recorded. Calls to ``importlib.import_module`` / ``__import__`` with a literal absolute
    name count as imports too.
    """
    tree = ast.parse(source)
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield ImportRecord((alias.name,), node.lineno)
        elif isinstance(node, ast.ImportFrom):
            if node.level == 0:
                base = node.module or ""
            else:
                base = resolve_relative(module, is_package, node.level, node.module)
            submodules = tuple(f"{base}.{alias.name}" for alias in node.names if alias.name != "*")
            yield ImportRecord((base, *submodules), node.lineno)
        elif isinstance(node, ast.Call) and _is_dynamic_import(node.func):
            first = node.args[0] if node.args else None
            if (
                isinstance(first, ast.Constant)
                and isinstance(first.value, str)
                and not first.value.startswith(".")
            ):
                yield ImportRecord((first.value,), node.lineno)


def _is_dynamic_import(func: ast.expr) -> bool:
    if isinstance(func, ast.Name):
        return func.id in {"__import__", "import_module"}
    return isinstance(func, ast.Attribute) and func.attr == "import_module"


def game_of(module: str, is_package: bool) -> str | None:
    """The game ``X`` if ``module`` lies inside the game package ``sunking.games.X``."""
    parts = module.split(".")
    if parts[:2] != [PACKAGE, "games"]:
        return None
    if len(parts) >= 4 or (len(parts) == 3 and is_package):
        return parts[2]
    return None


def forbidden_for(module: str, is_package: bool) -> list[tuple[str, str]]:
    """The (forbidden prefix, rule) pairs that apply to ``module``, except other games."""
    rules: list[tuple[str, str]] = [(STDLIB_RANDOM, "use the seeded Rng of sunking.core")]
    if within(module, f"{PACKAGE}.core"):
        rules += [(name, "sunking.core depends on no upper layer") for name in CORE_FORBIDDEN]
    if game_of(module, is_package) is not None:
        rules += [(name, "a game depends on no front end") for name in GAME_FORBIDDEN]
    if within(module, f"{PACKAGE}.envs"):
        rules += [(name, "sunking.envs builds on core, games and bots only")
                  for name in ENVS_FORBIDDEN]
    else:
        rules += [(name, "only sunking.envs imports the learning libraries (the rl extra)")
                  for name in LEARNING_LIBRARIES]
    if within(module, f"{PACKAGE}.core") or within(module, f"{PACKAGE}.games"):
        rules += [
            (name, "rules engines stay free of UI, web and database libraries")
            for name in UI_WEB_DB_LIBRARIES
        ]
    return rules


def check_source(source: str, module: str, is_package: bool = False) -> list[Violation]:
    """All import-rule violations in the source of ``module``."""
    rules = forbidden_for(module, is_package)
    game = game_of(module, is_package)
    violations: list[Violation] = []
    try:
        records = list(collect_imports(source, module, is_package))
    except ValueError as error:
        return [Violation(module, 0, "?", str(error))]
    for record in records:
        for prefix, rule in rules:
            hit = next((name for name in record.names if within(name, prefix)), None)
            if hit is not None:
                violations.append(Violation(module, record.line, hit, rule))
        if game is not None:
            for name in record.names:
                other = game_of(name, is_package=True)
                if other is not None and other != game:
                    violations.append(
                        Violation(module, record.line, name, "a game imports no other game")
                    )
                    break
    return violations


def check_tree(src_root: Path) -> list[Violation]:
    """All import-rule violations in every module of the package under ``src_root``."""
    violations: list[Violation] = []
    for path in sorted((src_root / PACKAGE).rglob("*.py")):
        module, is_package = module_name(path, src_root)
        violations += check_source(path.read_text(encoding="utf-8"), module, is_package)
    return violations


def test_package_respects_import_rules() -> None:
    assert (SRC_ROOT / PACKAGE).is_dir(), f"no package at {SRC_ROOT / PACKAGE}"
    violations = check_tree(SRC_ROOT)
    assert not violations, "import rule violations:\n" + "\n".join(map(str, violations))


@pytest.mark.parametrize(
    ("module", "is_package", "source", "imported"),
    [
        ("sunking.core.dice", False, "import random\n", "random"),
        ("sunking.cli", False, "from random import Random\n", "random"),
        (
            "sunking.core.state",
            False,
            "from sunking.games.louis14 import rules\n",
            "sunking.games.louis14",
        ),
        ("sunking.core.state", False, "from ..testing import fixtures\n", "sunking.testing"),
        ("sunking.core", True, "from .. import bots\n", "sunking.bots"),
        ("sunking.core.view", False, "import rich.console\n", "rich.console"),
        ("sunking.games.louis14.rules", False, "from ..vive import board\n", "sunking.games.vive"),
        (
            "sunking.games.louis14",
            True,
            "import sunking.games.versailles\n",
            "sunking.games.versailles",
        ),
        ("sunking.games.louis14.ui", False, "from sunking import server\n", "sunking.server"),
        ("sunking.games.louis14.ui", False, "from typer import Typer\n", "typer"),
        ("sunking.games.registry", False, "import fastapi\n", "fastapi"),
        ("sunking.games.louis14.rules", False, "from sunking.envs import table\n",
         "sunking.envs"),
        ("sunking.core.game", False, "from ..envs.actions import END\n",
         "sunking.envs.actions"),
        ("sunking.envs.table", False, "from ..server import app\n", "sunking.server"),
        ("sunking.bots.tournament", False, "import ray\n", "ray"),
        ("sunking.cli", False, "from pettingzoo import AECEnv\n", "pettingzoo"),
        (
            "sunking.core.rng",
            False,
            "import importlib\nimportlib.import_module('random')\n",
            "random",
        ),
    ],
)
def test_forbidden_import_is_reported(
    module: str, is_package: bool, source: str, imported: str
) -> None:
    violations = check_source(source, module, is_package)
    assert [v.imported for v in violations] == [imported], violations


def test_relative_import_beyond_package_is_reported() -> None:
    violations = check_source("from .... import x\n", "sunking.core.state")
    assert len(violations) == 1
    assert "beyond the top-level package" in violations[0].rule


@pytest.mark.parametrize(
    ("module", "is_package", "source"),
    [
        ("sunking.core.actions", False, "from pydantic import TypeAdapter\nimport json\n"),
        ("sunking.core", True, "from .rng import Rng\nfrom sunking.core.actions import parse\n"),
        ("sunking.games.louis14.rules", False, "from sunking.core import Rng\n"),
        ("sunking.games.louis14.rules", False, "from .board import Board\nfrom . import cards\n"),
        ("sunking.games.louis14", True, "from .rules import Louis14\n"),
        ("sunking.games", True, "from .louis14 import Louis14\nfrom .vive import Vive\n"),
        ("sunking.cli", False, "import typer\nfrom rich.console import Console\n"),
        ("sunking.bots.greedy", False, "from sunking.games.louis14 import Louis14\n"),
        ("sunking.core.rng", False, "import numpy.random\nfrom . import random\n"),
        ("sunking.envs.openspiel", False, "import pyspiel\nfrom ..bots import make_bot\n"),
        ("sunking.cli_tournament", False, "from .envs.ray_backend import ray_runner\n"),
    ],
)
def test_allowed_import_is_not_reported(module: str, is_package: bool, source: str) -> None:
    assert check_source(source, module, is_package) == []


def test_check_tree_reports_files_by_module_name(tmp_path: Path) -> None:
    game = tmp_path / PACKAGE / "games" / "louis14"
    game.mkdir(parents=True)
    (game / "__init__.py").write_text("from ..vive import Vive\n", encoding="utf-8")
    (game / "rules.py").write_text("from sunking.core import Rng\n", encoding="utf-8")
    (tmp_path / PACKAGE / "core").mkdir()
    (tmp_path / PACKAGE / "core" / "rng.py").write_text("\n\nimport random\n", encoding="utf-8")
    assert sorted(map(str, check_tree(tmp_path))) == [
        "sunking.core.rng:3: imports random (use the seeded Rng of sunking.core)",
        "sunking.games.louis14:1: imports sunking.games.vive (a game imports no other game)",
    ]
