"""The skeleton every game follows, as checks a test can run on any registered game:
the role modules, a rulebook citation atop every rules module, a state module that imports no
rules module, and no import cycle (imports under ``if TYPE_CHECKING:`` included: a cycle of
types is a cycle of meaning all the same). ``tests/test_skeleton.py`` runs them on the games of
the package, a game's own tests on a game from outside it.

The checks take a registered game's id and find its package through the registry. The import
graph is computed statically with :mod:`ast` (import-linter checks the layers,
see ``tests/test_architecture.py``).
"""

from __future__ import annotations

import ast
import importlib.util
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from sunking.core import registry


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


OPTIONAL_ROLES = ("tutorial",)
"""The role modules a game may have: its interactive tutorial (``docs/adding-a-game.md``),
which scripts a guided game and cites no rulebook section."""


def import_graph(package_dir: Path, src_root: Path) -> dict[str, set[str]]:
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


def game_dir(game_id: str) -> Path:
    """The folder of the package of the registered game ``game_id``."""
    spec = importlib.util.find_spec(registry.package(game_id))
    assert spec is not None and spec.origin is not None, f"{game_id}: no package found"
    return Path(spec.origin).parent


def _root(game_id: str) -> Path:
    """The folder the game's top-level package lies in (its ``src``)."""
    return game_dir(game_id).parents[registry.package(game_id).count(".")]


def role_problems(game_id: str) -> list[str]:
    """The role modules the game's package lacks (``data`` must be a package)."""
    folder = game_dir(game_id)
    present = {p.stem for p in folder.glob("*.py")} | {
        p.name for p in folder.iterdir() if (p / "__init__.py").is_file()
    }
    problems = [f"{game_id} lacks {role}" for role in ROLES if role not in present]
    if not (folder / "data" / "__init__.py").is_file():
        problems.append(f"{game_id}: data/ is not a package")
    return problems


def citation_problems(game_id: str) -> list[str]:
    """The rules modules (every module that is not a role) without a ``Rulebook:`` citation
    in their docstring."""
    return [
        f"{game_id}/{path.name} cites no rulebook section ('Rulebook:')"
        for path in sorted(game_dir(game_id).glob("*.py"))
        if path.stem not in ROLES and path.stem not in OPTIONAL_ROLES
        and "Rulebook:" not in (ast.get_docstring(ast.parse(path.read_text(encoding="utf-8")))
                                or "")
    ]


def state_problems(game_id: str) -> list[str]:
    """The modules of the game's package its state module imports beyond ``data``."""
    graph = import_graph(game_dir(game_id), _root(game_id))
    extra = sorted(graph.get("state", set()) - {"data"})
    return [f"{game_id}/state.py imports {extra}"] if extra else []


def cycle_problems(game_id: str) -> list[str]:
    """The modules of the game's package on an import cycle."""
    cycle = cyclic_members(import_graph(game_dir(game_id), _root(game_id)))
    return [f"{game_id}: the modules on an import cycle are {sorted(cycle)}"] if cycle else []


def skeleton_problems(game_id: str) -> list[str]:
    """Everything in the package of the registered game ``game_id`` that breaks the
    skeleton."""
    return [*role_problems(game_id), *citation_problems(game_id), *state_problems(game_id),
            *cycle_problems(game_id)]
