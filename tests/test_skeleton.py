"""One skeleton for every game: no import cycle inside any package, the same module names for
the same roles, a rule-section citation at the top of every rules module.

The import graph is computed statically (with :mod:`ast`; import-linter checks the layers,
see ``test_architecture.py``) for
every package under ``src/sunking``: its nodes are the package's own modules and
subpackages, an edge is an import of one by another, those under ``if TYPE_CHECKING:``
included (a cycle of types is a cycle of meaning all the same).
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from sunking import available_games

SRC_ROOT = Path(__file__).resolve().parents[1] / "src"
PACKAGE = "sunking"


@dataclass(frozen=True)
class ImportRecord:
    """One import statement: the absolute module names it may load, and where it is."""

    names: tuple[str, ...]
    line: int


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



ROLES = (
    "__init__",
    "actions",
    "data",
    "determinization",
    "flow",
    "game",
    "heuristic",
    "invariants",
    "legal",
    "presentation",
    "scenario",
    "state",
    "verbs",
    "views",
)
"""The modules every game has, one per role (``data`` is a package); every other module of a
game holds rules of one section of its rulebook and cites it."""

ON_THE_SKELETON = available_games()
"""Every registered game: the test below checks that no game package is left out."""

GAMES_DIR = SRC_ROOT / PACKAGE / "games"


def import_graph(package_dir: Path, src_root: Path = SRC_ROOT) -> dict[str, set[str]]:
    """The imports between the direct modules and subpackages of a package, those under
    ``if TYPE_CHECKING:`` included."""
    package, _ = module_name(package_dir / "__init__.py", src_root)
    members = {p.stem for p in package_dir.glob("*.py")} | {
        p.name for p in package_dir.iterdir() if (p / "__init__.py").is_file()
    }
    graph: dict[str, set[str]] = {m: set() for m in members}
    for member in members:
        path = package_dir / f"{member}.py"
        files = [path] if path.is_file() else sorted((package_dir / member).rglob("*.py"))
        for file in files:
            module, is_package = module_name(file, src_root)
            source = file.read_text(encoding="utf-8")
            for record in collect_imports(source, module, is_package):
                for name in record.names:
                    if name.startswith(package + "."):
                        target = name[len(package) + 1:].split(".")[0]
                        if target in graph and target != member:
                            graph[member].add(target)
    return graph


def cyclic_members(graph: dict[str, set[str]]) -> set[str]:
    """Every node that lies on a cycle (Tarjan's strongly connected components)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    out: set[str] = set()

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(graph[node]):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            component: list[str] = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                component.append(top)
                if top == node:
                    break
            if len(component) > 1:
                out.update(component)

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return out


PACKAGES = sorted(p.parent for p in (SRC_ROOT / PACKAGE).rglob("__init__.py"))


@pytest.mark.parametrize(
    "package_dir", PACKAGES, ids=[module_name(p / "__init__.py", SRC_ROOT)[0] for p in PACKAGES]
)
def test_no_import_cycle_inside_a_package(package_dir: Path) -> None:
    package, _ = module_name(package_dir / "__init__.py", SRC_ROOT)
    cycle = cyclic_members(import_graph(package_dir))
    assert not cycle, f"{package}: the modules on an import cycle are {sorted(cycle)}"


def test_an_import_under_type_checking_closes_a_cycle(tmp_path: Path) -> None:
    package = tmp_path / PACKAGE / "part"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text("", encoding="utf-8")
    (package / "game.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .texts import T\n",
        encoding="utf-8")
    (package / "texts.py").write_text("from .game import G\n", encoding="utf-8")
    assert cyclic_members(import_graph(package, tmp_path)) == {"game", "texts"}


def test_the_cycle_finder_finds_cycles() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}, "e": set()}
    assert cyclic_members(graph) == {"a", "b", "c"}
    assert cyclic_members({"a": {"b"}, "b": set()}) == set()


def test_every_game_is_on_the_skeleton() -> None:
    games = {p.name for p in GAMES_DIR.iterdir() if (p / "__init__.py").is_file()}
    assert games == set(ON_THE_SKELETON)


@pytest.mark.parametrize("game", ON_THE_SKELETON)
def test_a_game_has_every_role_module(game: str) -> None:
    present = {p.stem for p in (GAMES_DIR / game).glob("*.py")} | {
        p.name for p in (GAMES_DIR / game).iterdir() if (p / "__init__.py").is_file()
    }
    assert set(ROLES) - present == set(), f"{game} lacks {sorted(set(ROLES) - present)}"
    assert (GAMES_DIR / game / "data" / "__init__.py").is_file(), f"{game}: data/ is a package"


@pytest.mark.parametrize("game", ON_THE_SKELETON)
def test_every_rules_module_cites_its_rulebook_section(game: str) -> None:
    uncited = []
    for path in sorted((GAMES_DIR / game).glob("*.py")):
        if path.stem in ROLES:
            continue
        doc = ast.get_docstring(ast.parse(path.read_text(encoding="utf-8"))) or ""
        if "Rulebook:" not in doc:
            uncited.append(path.name)
    assert not uncited, f"{game}: rules modules without a 'Rulebook:' citation: {uncited}"


@pytest.mark.parametrize("game", ON_THE_SKELETON)
def test_the_state_module_imports_no_rules_module(game: str) -> None:
    graph = import_graph(GAMES_DIR / game)
    assert graph["state"] <= {"data"}, f"{game}/state.py imports {sorted(graph['state'])}"
