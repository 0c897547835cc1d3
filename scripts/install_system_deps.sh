#!/usr/bin/env bash
# Install the system packages the test suite needs, if any is missing, from Debian's archive:
# python3-venv (only where $PYTHON, default python3, cannot make a virtual environment),
# chromium (the browser tests), libatomic1 (Playwright's driver), postgresql (the storage
# tests' throwaway server), tmux (driving terminal programs), fonts-dejavu-core (pages
# render every language's letters), and gcc and python3-dev (a C compiler and Python's headers,
# which compile the rule modules with mypyc: scripts/compile_engine.py).
#
#   scripts/install_system_deps.sh
#
# Quick when everything is there: it only looks. Otherwise it runs apt-get, through sudo when
# not root. Where that cannot be done it names the packages to install and exits 1.
set -euo pipefail

need=()
"${PYTHON:-python3}" -c 'import ensurepip, venv' >/dev/null 2>&1 || need+=(python3-venv)
command -v chromium >/dev/null 2>&1 || need+=(chromium)
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || command -v initdb >/dev/null 2>&1 \
    || need+=(postgresql)
command -v tmux >/dev/null 2>&1 || need+=(tmux)
command -v gcc >/dev/null 2>&1 || need+=(gcc)
"${PYTHON:-python3}" -c 'import pathlib, sys, sysconfig
sys.exit(not (pathlib.Path(sysconfig.get_paths()["include"]) / "Python.h").exists())' \
    >/dev/null 2>&1 || need+=(python3-dev)
# Playwright's driver (a Node.js binary) needs libatomic, which a minimal Debian lacks.
ldconfig="$(command -v ldconfig || echo /sbin/ldconfig)"
"$ldconfig" -p 2>/dev/null | grep -q 'libatomic\.so\.1' || need+=(libatomic1)
fc-list 2>/dev/null | grep -qi dejavu || need+=(fonts-dejavu-core)
[ ${#need[@]} -eq 0 ] && exit 0

cannot() {
    echo "install_system_deps: $1" >&2
    echo "install_system_deps: the tests need these Debian packages: ${need[*]}" >&2
    echo "install_system_deps: install them (sudo apt-get install ${need[*]}) and run again" >&2
    exit 1
}

command -v apt-get >/dev/null 2>&1 || cannot "apt-get is not available on this machine"
sudo=()
if [ "$(id -u)" != 0 ]; then
    command -v sudo >/dev/null 2>&1 || cannot "not root, and sudo is not available"
    sudo=(sudo)
    [ -t 0 ] || sudo+=(-n)   # never wait for a password nobody can type
fi

echo "install_system_deps: installing ${need[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
"${sudo[@]}" apt-get update -qq || cannot "apt-get update failed"
"${sudo[@]}" apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null \
    || cannot "apt-get install failed"
