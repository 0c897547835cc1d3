"""Size limits of the house style: functions under 60 lines, modules under 500.

A function longer than :data:`FUNCTION_LIMIT` lines (from its ``def`` to its last line) is
split by step into named helpers, unless it is a data table, which :data:`DATA_TABLES` then
names (an entry no longer needed fails the tests, so that it is dropped). A module longer
than :data:`MODULE_LIMIT` lines is split along its roles. Every package is held to both
limits, the server's included.

The functions are counted with :mod:`ast`, so a module is measured even if it cannot be
imported.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE_ROOT = Path(__file__).resolve().parents[1] / "src" / "sunking"

FUNCTION_LIMIT = 60
"""The most lines a function may take, its ``def`` line and last line included."""

MODULE_LIMIT = 500
"""The most lines a module may have."""

DATA_TABLES: dict[str, str] = {}
"""Functions (``path:qualified name``) allowed over :data:`FUNCTION_LIMIT` because they are
data tables, and what table each is. None is."""


def _functions(tree: ast.AST, prefix: str = "") -> list[tuple[str, int]]:
    """Every function and method in ``tree`` as (qualified name, lines), nested ones too."""
    found: list[tuple[str, int]] = []
    for node in ast.iter_child_nodes(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            name = prefix + node.name
            assert node.end_lineno is not None
            found.append((name, node.end_lineno - node.lineno + 1))
            found += _functions(node, name + ".")
        elif isinstance(node, ast.ClassDef):
            found += _functions(node, prefix + node.name + ".")
        else:
            found += _functions(node, prefix)
    return found


def long_functions(root: Path = PACKAGE_ROOT) -> dict[str, int]:
    """``path:qualified name`` → lines, for every function over the limit under ``root``."""
    long: dict[str, int] = {}
    for path in sorted(root.rglob("*.py")):
        relative = path.relative_to(root).as_posix()
        for name, lines in _functions(ast.parse(path.read_text(encoding="utf-8"))):
            if lines > FUNCTION_LIMIT:
                long[f"{relative}:{name}"] = lines
    return long


def long_modules(root: Path = PACKAGE_ROOT) -> dict[str, int]:
    """Path → lines, for every module over the limit under ``root``."""
    long: dict[str, int] = {}
    for path in sorted(root.rglob("*.py")):
        lines = len(path.read_text(encoding="utf-8").splitlines())
        if lines > MODULE_LIMIT:
            long[path.relative_to(root).as_posix()] = lines
    return long


def test_no_function_is_over_the_limit_unless_it_is_a_data_table() -> None:
    over = {name: lines for name, lines in long_functions().items() if name not in DATA_TABLES}
    assert over == {}, f"split these by step into named helpers (lines each): {over}"


def test_no_module_is_over_the_limit() -> None:
    over = long_modules()
    assert over == {}, f"split these modules along their roles (lines each): {over}"


def test_every_data_table_allowance_is_still_needed() -> None:
    functions = long_functions()
    assert [name for name in DATA_TABLES if name not in functions] == []


def test_the_count_finds_long_functions_and_modules(tmp_path: Path) -> None:
    body = "\n".join(f"    x{i} = {i}" for i in range(FUNCTION_LIMIT - 1))
    (tmp_path / "rules.py").write_text(
        f"class Rules:\n    def long(self) -> None:\n{body.replace('    ', '        ')}\n"
        f"        def inner() -> None:\n            pass\n\n\n"
        f"def short() -> None:\n{body}\n",
        encoding="utf-8",
    )
    assert long_functions(tmp_path) == {"rules.py:Rules.long": FUNCTION_LIMIT + 2}
    (tmp_path / "big.py").write_text("x = 1\n" * (MODULE_LIMIT + 1), encoding="utf-8")
    assert long_modules(tmp_path) == {"big.py": MODULE_LIMIT + 1}


@pytest.mark.parametrize("lines", [FUNCTION_LIMIT, FUNCTION_LIMIT + 1])
def test_the_limit_counts_from_def_to_last_line(tmp_path: Path, lines: int) -> None:
    body = "\n".join(f"    x{i} = {i}" for i in range(lines - 1))
    (tmp_path / "steps.py").write_text(f"@staticmethod\ndef step() -> None:\n{body}\n",
                                       encoding="utf-8")
    expected = {"steps.py:step": lines} if lines > FUNCTION_LIMIT else {}
    assert long_functions(tmp_path) == expected
