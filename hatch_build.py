"""The wheel's build hook: the games' rule modules compiled with mypyc, in a platform wheel.

hatchling runs this (``[tool.hatch.build.targets.wheel.hooks.custom]`` in ``pyproject.toml``)
before it writes a wheel. It runs ``scripts/compile_engine.py``, which compiles only the rule
modules whose extension is missing or older than its source, so a wheel built from a checkout
after ``make setup`` reuses that checkout's extensions. The wheel then carries the extensions,
mypyc's shared runtime module (``<hash>__mypyc``, beside the package) and the digests of the
sources they were compiled from (``sunking.compiled.SOURCES``), and is tagged for this Python
and platform (``auditwheel repair`` then makes it a manylinux wheel).

Where no C compiler or no Python headers are found, ``compile_engine`` leaves the engines on
their sources and the wheel is the pure-Python one (``py3-none-any``): the same rules, slower.
An editable install compiles nothing (``make setup`` does that).
"""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface


def _load(name: str, path: Path) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class CompiledRulesHook(BuildHookInterface):  # type: ignore[type-arg]
    """Compiles what is out of date and puts the compiled modules into the wheel."""

    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if self.target_name != "wheel" or version == "editable":
            return
        root = Path(self.root)
        engine = _load("_sunking_compile_engine", root / "scripts" / "compile_engine.py")
        if engine.main([]) != 0:
            raise RuntimeError("compile_engine failed: see its message above")
        names = [*engine.modules(), *engine.cython_modules()]
        if not names or engine.outdated(names):
            return  # no C compiler here: the pure-Python wheel
        src = root / "src"
        shared = sorted(src.glob(f"*__mypyc{engine.EXTENSION}"))
        compiled = engine.compiled_module()
        record = root / "build" / "wheel" / compiled.SOURCES
        record.parent.mkdir(parents=True, exist_ok=True)
        record.write_text(compiled.digests(src / "sunking"), encoding="utf-8")
        force_include = build_data["force_include"]
        for path in [*(engine.extension(m) for m in names), *shared]:
            force_include[str(path)] = path.relative_to(src).as_posix()
        force_include[str(record)] = f"sunking/{compiled.SOURCES}"
        build_data["pure_python"] = False
        build_data["infer_tag"] = True
