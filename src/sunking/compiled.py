"""The games' rule modules compiled with mypyc (and the observation encoders written for
Cython), and how to run without them.

``make setup`` compiles the rule modules each game package declares in its ``COMPILED``
tuple (:func:`declared`) with mypyc (``scripts/compile_engine.py``): each gets a C extension beside
its source, which Python imports in its place. They are the same code, typed as ``mypy
--strict`` checks it, and behave the same (``tests/test_compiled.py`` plays games both ways
and compares every step); how much faster they run is in ``docs/architecture.md``
("Compiled rules"), as ``benchmarks/bench_engine.py`` measures it.

Two guards keep them honest:

- a compiled module older than its source is refused at import (:func:`check`): the rules
  would otherwise silently be the old ones. An installed wheel, whose files all carry the
  time of installation, instead carries the digests of the sources its modules were compiled
  from (:data:`SOURCES`), and a source that differs from its digest is refused the same way;
- ``SUNKING_FROM_SOURCE=1`` in the environment imports every module of the package from its
  source, compiled or not (:func:`from_source`).

This module is imported first by the package and is never compiled itself; it imports
nothing of the package, so that the build script can load it alone.
"""

from __future__ import annotations

import ast
import hashlib
import importlib.machinery
import os
import sys
from collections.abc import Sequence
from importlib.machinery import ModuleSpec
from pathlib import Path
from types import ModuleType

PACKAGE = Path(__file__).resolve().parent
FROM_SOURCE = "SUNKING_FROM_SOURCE"
"""The environment variable that makes the package run from its sources only."""


COMPILED = "COMPILED"
"""The name of the tuple in a game package's ``__init__.py`` that lists its compiled modules."""


def declared(package: str, package_dir: Path, tuple_name: str = COMPILED) -> list[str]:
    """The modules the game package ``package`` (its folder ``package_dir``) declares compiled:
    its ``COMPILED`` tuple of module names (or the tuple ``tuple_name``), read from its
    ``__init__.py`` without importing it (a stale extension must not stop the build that
    renews it).

    Raises:
        ValueError: ``COMPILED`` is not a tuple of module names written out.
    """
    tree = ast.parse((package_dir / "__init__.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if (isinstance(node, ast.Assign) and len(node.targets) == 1
                and isinstance(node.targets[0], ast.Name) and node.targets[0].id == tuple_name):
            names = ast.literal_eval(node.value)
            if not isinstance(names, tuple) or not all(isinstance(n, str) for n in names):
                raise ValueError(f"{package}.{tuple_name} is not a tuple of module names")
            return [f"{package}.{name}" for name in names]
    return []


SOURCES = "compiled-sources.sha256"
"""The file in a wheel's package that holds the SHA-256 of each compiled module's source at
build time, one ``digest  path`` line each (path relative to the package's parent)."""


def digests(root: Path = PACKAGE) -> str:
    """The :data:`SOURCES` record of the compiled modules inside ``root``, as text."""
    return "".join(f"{_digest(ext, root)}\n" for ext in extensions(root))


def _source(ext: Path) -> Path:
    """The source of a compiled module: its ``.py`` (mypyc), or its ``.pyx`` (Cython) where it
    has no ``.py``."""
    stem = ext.name.split(".", 1)[0]
    cython = ext.with_name(stem + ".pyx")
    return cython if cython.exists() and not ext.with_name(stem + ".py").exists() \
        else ext.with_name(stem + ".py")


def _digest(ext: Path, root: Path) -> str:
    """The line of :data:`SOURCES` for the compiled module ``ext`` (its source as it is now)."""
    source = _source(ext)
    digest = hashlib.sha256(source.read_bytes()).hexdigest() if source.exists() else "-"
    return f"{digest}  {source.relative_to(root.parent).as_posix()}"


def extensions(root: Path = PACKAGE) -> list[Path]:
    """Every compiled module (a C extension) inside the package."""
    suffixes = tuple(importlib.machinery.EXTENSION_SUFFIXES)
    return sorted(p for p in root.rglob("*.so") if p.name.endswith(suffixes))


def stale(root: Path = PACKAGE) -> list[Path]:
    """The compiled modules whose source changed after they were compiled: by the record of
    :data:`SOURCES` where there is one (an installed wheel), else by modification time."""
    record = root / SOURCES
    if record.exists():
        built = set(record.read_text(encoding="utf-8").splitlines())
        return [ext for ext in extensions(root) if _digest(ext, root) not in built]
    out = []
    for ext in extensions(root):
        sources = [p for p in inputs(ext) if p.exists()]
        if sources and max(p.stat().st_mtime for p in sources) > ext.stat().st_mtime:
            out.append(ext)
    return out


def inputs(ext: Path) -> list[Path]:
    """What a compiled module is built from: its source, and for a Cython module the
    declarations (``.pxd``) beside it, which it may ``cimport``."""
    source = _source(ext)
    if source.suffix != ".pyx":
        return [source]
    return [source, *sorted(source.parent.glob("*.pxd"))]


def check(root: Path = PACKAGE) -> None:
    """Refuse to run compiled modules older than their sources.

    Raises:
        ImportError: a compiled module is stale; the message says how to go on.
    """
    old = stale(root)
    if old:
        names = ", ".join(str(p.relative_to(root.parent)) for p in old)
        if (root / SOURCES).exists():  # an installed wheel whose sources were edited
            raise ImportError(
                f"compiled rules whose sources changed after the wheel was built: {names}. "
                f"Install the wheel again, or set {FROM_SOURCE}=1 to run from the sources")
        raise ImportError(
            f"compiled rules older than their sources: {names}. Run `make compile` to "
            f"compile them again, or set {FROM_SOURCE}=1 to run from the sources"
        )


class _SourceFinder:
    """Finds the package's modules as source files only (see :func:`from_source`)."""

    def find_spec(self, name: str, path: Sequence[str] | None,
                  target: ModuleType | None = None) -> ModuleSpec | None:
        if not name.startswith("sunking.") or path is None:
            return None
        details = (importlib.machinery.SourceFileLoader, importlib.machinery.SOURCE_SUFFIXES)
        for entry in path:
            spec = importlib.machinery.FileFinder(entry, details).find_spec(name)
            if spec is not None:
                return spec
        return None


def from_source() -> bool:
    """Whether the package runs from its sources (``SUNKING_FROM_SOURCE`` set); if so, make
    every later import of one of its modules load the source."""
    if not os.environ.get(FROM_SOURCE):
        return False
    if not any(isinstance(f, _SourceFinder) for f in sys.meta_path):
        sys.meta_path.insert(0, _SourceFinder())
    return True


def running_compiled() -> list[str]:
    """The package's modules now imported from compiled code."""
    return sorted(
        name for name, module in sys.modules.items()
        if name.startswith("sunking.")
        and str(getattr(module, "__file__", "") or "").endswith(
            tuple(importlib.machinery.EXTENSION_SUFFIXES))
    )
