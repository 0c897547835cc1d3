"""The set-up that ``make test`` does on a fresh machine: system packages and a throwaway
PostgreSQL that is always stopped and removed (``scripts/install_system_deps.sh``,
``scripts/with_test_postgres.sh``)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SCRIPTS = ROOT / "scripts"


def _postgres_available() -> bool:
    return any(Path("/usr/lib/postgresql").glob("*/bin/initdb")) or bool(shutil.which("initdb"))


def _postmasters_under(directory: Path) -> list[str]:
    """Command lines of running processes that name ``directory`` (a server left behind)."""
    found = []
    for proc in Path("/proc").iterdir():
        if not proc.name.isdigit():
            continue
        try:
            cmdline = (proc / "cmdline").read_bytes().replace(b"\0", b" ").decode()
        except OSError:
            continue
        if str(directory) in cmdline:
            found.append(cmdline)
    return found


@pytest.fixture
def open_tmp() -> Iterator[Path]:
    """A temporary directory the server's user can enter (pytest's own are private to root)."""
    path = Path(tempfile.mkdtemp(prefix="sunking-make-test."))
    path.chmod(0o755)
    yield path
    shutil.rmtree(path, ignore_errors=True)


def test_with_test_postgres_runs_the_command_then_stops_and_removes_the_server(
    open_tmp: Path,
) -> None:
    if not _postgres_available():
        if os.environ.get("CI"):
            pytest.fail("CI is set but no PostgreSQL server binaries are installed")
        pytest.skip("no PostgreSQL server binaries (scripts/install_system_deps.sh installs them)")
    tmp_path = open_tmp
    env = {k: v for k, v in os.environ.items() if k != "SUNKING_TEST_POSTGRES_URL"}
    env["TMPDIR"] = str(tmp_path)
    probe = (
        "import os, sys, sqlalchemy as sa\n"
        "url = os.environ['SUNKING_TEST_POSTGRES_URL']\n"
        "engine = sa.create_engine(url)\n"
        "with engine.connect() as c:\n"
        "    print(c.execute(sa.text('select 40 + 2')).scalar())\n"
        "engine.dispose()\n"
        "sys.exit(3)\n"
    )
    done = subprocess.run(
        ["bash", str(SCRIPTS / "with_test_postgres.sh"), sys.executable, "-c", probe],
        env=env, capture_output=True, text=True, timeout=120,
    )
    # The command's own exit status comes back, and it reached a live server.
    assert done.returncode == 3, done.stderr
    assert done.stdout.strip() == "42"
    # Nothing is left behind: no directory, no server process.
    assert list(tmp_path.iterdir()) == []
    assert _postmasters_under(tmp_path) == []


def test_with_test_postgres_keeps_a_server_already_given(tmp_path: Path) -> None:
    env = dict(os.environ, SUNKING_TEST_POSTGRES_URL="postgresql://given/db", TMPDIR=str(tmp_path))
    done = subprocess.run(
        ["bash", str(SCRIPTS / "with_test_postgres.sh"), "sh", "-c",
         'echo "$SUNKING_TEST_POSTGRES_URL"'],
        env=env, capture_output=True, text=True, timeout=30,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "postgresql://given/db"
    assert list(tmp_path.iterdir()) == []


def _bare_path(tmp_path: Path, tools: list[str]) -> str:
    """A PATH holding only links to ``tools``: the other commands seem not installed."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    for tool in tools:
        found = shutil.which(tool)
        if found:
            (bin_dir / tool).symlink_to(found)
    return str(bin_dir)


def test_install_system_deps_names_what_it_cannot_install(tmp_path: Path) -> None:
    # No chromium, tmux, apt-get or sudo on this PATH: the script must name the missing
    # packages and fail rather than go on.
    path = _bare_path(tmp_path, ["bash", "ls", "id", "grep", "fc-list"])
    done = subprocess.run(
        ["bash", str(SCRIPTS / "install_system_deps.sh")],
        env={"PATH": path, "PYTHON": sys.executable, "HOME": str(tmp_path)},
        capture_output=True, text=True, timeout=30,
    )
    assert done.returncode == 1
    assert "chromium" in done.stderr and "tmux" in done.stderr
    assert "apt-get is not available" in done.stderr


def test_install_system_deps_only_looks_when_all_is_there(tmp_path: Path) -> None:
    # Stand-ins for every needed command: the script must find nothing to do and touch nothing.
    path = _bare_path(tmp_path, ["bash", "ls", "id", "grep"])
    bin_dir = Path(path)
    for name in ("chromium", "tmux", "initdb", "gcc"):
        (bin_dir / name).write_text("#!/bin/sh\n")
        (bin_dir / name).chmod(0o755)
    (bin_dir / "fc-list").write_text("#!/bin/sh\necho '/usr/share/fonts/DejaVuSans.ttf: DejaVu'\n")
    (bin_dir / "fc-list").chmod(0o755)
    (bin_dir / "apt-get").write_text("#!/bin/sh\necho apt-get was called >&2\nexit 9\n")
    (bin_dir / "apt-get").chmod(0o755)
    done = subprocess.run(
        ["bash", str(SCRIPTS / "install_system_deps.sh")],
        env={"PATH": path, "PYTHON": sys.executable, "HOME": str(tmp_path)},
        capture_output=True, text=True, timeout=30,
    )
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
