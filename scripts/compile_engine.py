"""Compile the games' rule modules with mypyc, in place beside their sources.

Each game registered in ``pyproject.toml`` (``[project.entry-points."sunking.games"]``)
declares its modules in the ``COMPILED`` tuple of its package (read by
``sunking.compiled.declared``): the rule modules a random playout or a search spends its time
in (flow, legal actions, the rulebook's sections). Each becomes a C extension next to its
``.py``, which Python then imports instead; ``sunking.compiled`` refuses an extension older
than its source, and ``SUNKING_FROM_SOURCE=1`` runs everything from source. ``make setup``
runs this script; it does nothing when every extension is newer than its source, and it
leaves the engines on their sources (exit 0, with a message) where no C compiler or no Python
headers are found.

    .venv/bin/python scripts/compile_engine.py           # compile what changed
    .venv/bin/python scripts/compile_engine.py --clean   # remove every compiled module
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import shutil
import subprocess
import sys
import sysconfig
import tomllib
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent
SRC = ROOT / "src"
BUILD = ROOT / "build" / "mypyc"
EXTENSION = sysconfig.get_config_var("EXT_SUFFIX") or ".so"


def compiled_module() -> ModuleType:
    """``sunking.compiled`` loaded alone, from its file: importing the package would refuse
    the stale extensions this script is about to renew."""
    spec = importlib.util.spec_from_file_location("_sunking_compiled", SRC / "sunking" /
                                                  "compiled.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def modules(pyproject: Path = ROOT / "pyproject.toml") -> list[str]:
    """The modules to compile: the core's (the states' base classes and the flow, which the
    games' state classes extend), those each game of ``pyproject.toml``'s entry points declares
    in its package (games outside this source tree compile their own), and where numpy is
    installed (the rl extra) the observation encoders ``sunking.envs`` declares."""
    with pyproject.open("rb") as f:
        games: dict[str, str] = tomllib.load(f)["project"]["entry-points"]["sunking.games"]
    declared = compiled_module().declared
    out = declared("sunking.core", SRC / "sunking" / "core")
    out += declared("sunking.bots", SRC / "sunking" / "bots")
    for path in sorted(games.values()):
        package = path.partition(":")[0]
        folder = SRC / package.replace(".", "/")
        if folder.is_dir():
            out += declared(package, folder)
    if importlib.util.find_spec("numpy") is not None:  # the rl extra's encoders
        out += declared("sunking.envs", SRC / "sunking" / "envs")
    return sorted(out)


def cython_modules() -> list[str]:
    """The modules written for Cython (``.pyx``) that ``sunking.envs`` declares in its
    ``CYTHON`` tuple: the observation encoders in C, compiled where numpy (the rl extra) and
    Cython (the dev extra, and the wheel's build requirements) are installed."""
    if any(importlib.util.find_spec(m) is None for m in ("numpy", "Cython")):
        return []
    names: list[str] = compiled_module().declared("sunking.envs", SRC / "sunking" / "envs",
                                                  "CYTHON")
    return names


def source(module: str) -> Path:
    """A compiled module's source: its ``.py``, or its ``.pyx`` where it has no ``.py``
    (``sunking.compiled``'s rule)."""
    source_of: Path = compiled_module()._source(extension(module))
    return source_of


def extension(module: str) -> Path:
    return SRC / (module.replace(".", "/") + EXTENSION)


def outdated(names: Sequence[str]) -> list[str]:
    """The modules without an extension, or with one older than what it is built from (its
    source, and for a Cython module the declarations beside it: ``sunking.compiled.inputs``)."""
    built_from = compiled_module().inputs
    return [m for m in names if not extension(m).exists() or extension(m).stat().st_mtime
            < max(p.stat().st_mtime for p in built_from(extension(m)))]


def missing_tools() -> str | None:
    """What this machine lacks to compile C extensions (None: nothing)."""
    compiler = (sysconfig.get_config_var("CC") or "cc").split()[0]
    if shutil.which(compiler) is None:
        return f"no C compiler ({compiler})"
    headers = Path(sysconfig.get_paths()["include"]) / "Python.h"
    if not headers.exists():
        return f"no Python headers ({headers})"
    return None


def clean() -> None:
    """Remove every compiled module of the package and mypyc's shared libraries."""
    for path in [*(SRC / "sunking").rglob(f"*{EXTENSION}"), *SRC.glob(f"*__mypyc{EXTENSION}")]:
        path.unlink()


_BUILD = """
import sys
from setuptools import setup
from mypyc.build import mypycify
paths, target = sys.argv[1:-1], sys.argv[-1]
setup(
    name="sunking-rules",
    ext_modules=mypycify(paths, opt_level="3", target_dir=target),
    script_args=["-q", "build_ext", "--inplace", "--force", "--build-temp", target + "/temp",
                 "--build-lib", target + "/lib"],
)
"""


_CYTHON_BUILD = """
import sys
from setuptools import setup
from Cython.Build import cythonize
paths, target = sys.argv[1:-1], sys.argv[-1]
setup(
    name="sunking-encoders",
    ext_modules=cythonize(paths, build_dir=target, quiet=True,
                          compiler_directives={"language_level": 3}),
    script_args=["-q", "build_ext", "--inplace", "--force", "--build-temp", target + "/temp",
                 "--build-lib", target + "/lib"],
)
"""


def compile_cython(names: Sequence[str]) -> None:
    """Compile the ``.pyx`` modules ``names`` with Cython into extensions beside them."""
    target = BUILD.parent / "cython"
    target.mkdir(parents=True, exist_ok=True)
    paths = [str(source(m).relative_to(SRC)) for m in names]
    env = dict(os.environ)
    env.pop("SUNKING_FROM_SOURCE", None)
    subprocess.run([sys.executable, "-c", _CYTHON_BUILD, *paths, str(target)], cwd=SRC,
                   env=env, check=True)


def compile_modules(names: Sequence[str]) -> None:
    """Compile ``names`` together (one mypyc group) into extensions beside their sources."""
    clean()  # no extension of an older build may outlive it
    BUILD.mkdir(parents=True, exist_ok=True)
    paths = [str(source(m).relative_to(SRC)) for m in names]
    env = dict(os.environ, MYPY_CACHE_DIR=str(BUILD / "cache"))
    env.pop("SUNKING_FROM_SOURCE", None)
    subprocess.run([sys.executable, "-c", _BUILD, *paths, str(BUILD)], cwd=SRC, env=env,
                   check=True)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--clean", action="store_true", help="remove every compiled module")
    args = parser.parse_args(argv)
    if args.clean:
        clean()
        print("compile_engine: removed the compiled modules; the engines run from source")
        return 0
    names, encoders = modules(), cython_modules()
    if not outdated([*names, *encoders]):
        print(f"compile_engine: the {len(names) + len(encoders)} compiled modules are up to "
              "date")
        return 0
    problem = missing_tools()
    if problem:
        clean()
        print(f"compile_engine: {problem}; the engines run from source (slower, the same "
              "rules)")
        return 0
    if outdated(names):  # removes every extension first, the encoders' too
        print(f"compile_engine: compiling {len(names)} rule modules with mypyc (a minute or "
              "two)")
        compile_modules(names)
    if outdated(encoders):
        print(f"compile_engine: compiling {len(encoders)} modules with Cython")
        compile_cython(outdated(encoders))
    left = outdated([*names, *encoders])
    if left:
        print(f"compile_engine: no extension was built for {', '.join(left)}",
              file=sys.stderr)
        return 1
    print(f"compile_engine: compiled {len(names)} rule modules with mypyc and {len(encoders)} "
          "with Cython")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
