"""Import rules that keep the layers of sunking apart, checked by import-linter.

The contracts are in ``pyproject.toml`` (``[tool.importlinter]``) and ``make test`` runs
``lint-imports``; so does this test, so that the suite fails too:

* layers: ``core`` (and ``i18n``) < ``presentation`` < ``games`` < ``bots``, ``testing``,
  ``tables`` < ``coach`` < ``server``, ``tui``, ``envs`` < ``cli``;
* a game imports no other game; no import cycle anywhere (imports under ``TYPE_CHECKING``
  included);
* no module imports the stdlib ``random`` (all randomness goes through the seeded Rng of
  ``sunking.core``); ``core`` and the games import no web, UI or database library; only
  ``envs`` imports the learning libraries (the ``rl`` extra), and ``envs`` builds on core,
  games and bots only.

The skeleton every game follows (its role modules, the rulebook citations) is checked by
``test_skeleton.py``.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LINT_IMPORTS = shutil.which("lint-imports", path=str(Path(os.sys.executable).parent))


def _lint_imports(cwd: Path, pythonpath: Path | None = None) -> subprocess.CompletedProcess[str]:
    assert LINT_IMPORTS is not None, "import-linter is not installed (the dev extra pins it)"
    env = dict(os.environ)
    if pythonpath is not None:
        env["PYTHONPATH"] = str(pythonpath)
    return subprocess.run([LINT_IMPORTS, "--config", str(ROOT / "pyproject.toml"),
                           "--no-cache"], cwd=cwd, env=env, capture_output=True, text=True,
                          timeout=300, check=False)


def test_the_package_keeps_every_import_contract() -> None:
    done = _lint_imports(ROOT)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "0 broken" in done.stdout


FAKE = {
    "core/__init__.py": "",
    "core/game.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
                    "    from ..games.one import rules\n",
    "core/rng.py": "import random\n",
    "i18n/__init__.py": "",
    "presentation/__init__.py": "",
    "games/__init__.py": "",
    "games/one/__init__.py": "",
    "games/one/rules.py": "from ..two import cards\nfrom ...core import rng\nimport fastapi\n",
    "games/two/__init__.py": "",
    "games/two/cards.py": "",
    "bots/__init__.py": "",
    "coach/__init__.py": "",
    "testing/__init__.py": "",
    "tables/__init__.py": "",
    "server/__init__.py": "",
    "tui/__init__.py": "",
    "envs/__init__.py": "from ..server import app\n",
    "cli/__init__.py": "",
    "compiled.py": "",
}


def test_the_contracts_catch_what_they_forbid(tmp_path: Path) -> None:
    """A package breaking each rule once, an import under TYPE_CHECKING among them."""
    for name, text in {"__init__.py": "", **FAKE}.items():
        path = tmp_path / "sunking" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    (tmp_path / "sunking" / "server" / "app.py").write_text("", encoding="utf-8")
    done = _lint_imports(tmp_path, pythonpath=tmp_path)
    out = done.stdout
    assert done.returncode == 1, out + done.stderr
    for broken in ("Layers: core < presentation < games < bots < front ends BROKEN",
                   "A game imports no other game BROKEN",
                   "No import cycle anywhere BROKEN",
                   "All randomness through the seeded Rng of sunking.core BROKEN",
                   "Rules engines stay free of web, UI and database libraries BROKEN",
                   "sunking.envs builds on core, games and bots only BROKEN"):
        assert broken in out, out
    assert "sunking.core.game -> sunking.games.one.rules" in out, out
