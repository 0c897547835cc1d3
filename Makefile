# Build, check and run sunking. Everything runs from a virtual environment in .venv,
# (re)installed only when pyproject.toml changes.

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

# Lint only the directories that exist.
LINT_PATHS := $(wildcard src tests benchmarks scripts examples)

.PHONY: setup compile dist sysdeps lint imports typecheck test run bench ladder golden screenshots clean

# The virtual environment, then the games' rule modules compiled with mypyc where a C compiler
# is found (scripts/compile_engine.py: only what changed; the engines run from source otherwise).
setup: $(STAMP)
	$(BIN)/python scripts/compile_engine.py

compile: setup

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --upgrade pip
	$(BIN)/pip install -e '.[dev,rl]'
	touch $(STAMP)

# The sdist and the platform wheel in dist/ (the wheel carries the compiled rule modules; see
# hatch_build.py), the wheel repaired to a manylinux tag with auditwheel.
dist: setup
	rm -rf dist
	$(BIN)/python -m build --sdist --no-isolation --outdir dist
	$(BIN)/python -m build --wheel --no-isolation --outdir dist/platform
	PATH=$(abspath $(BIN)):$$PATH $(BIN)/auditwheel repair --wheel-dir dist dist/platform/*.whl
	rm -rf dist/platform

lint: $(STAMP)
	$(BIN)/ruff check $(LINT_PATHS)

# The import rules of pyproject.toml's [tool.importlinter] (layers, no cycle, forbidden imports).
imports: $(STAMP)
	$(BIN)/lint-imports

typecheck: $(STAMP)
	$(BIN)/mypy

# The system packages the tests need (chromium, postgresql, tmux, fonts): installed with
# apt-get when missing, else only looked for.
sysdeps:
	PYTHON=$(PYTHON) bash scripts/install_system_deps.sh

# Everything a fresh machine needs, then lint, type-check and every test, with a throwaway
# PostgreSQL server that is always stopped and removed afterwards.
test: sysdeps
	$(MAKE) setup
	$(MAKE) lint
	$(MAKE) imports
	$(MAKE) typecheck
	bash scripts/with_test_postgres.sh $(BIN)/pytest -n 2 --durations=25

# The web platform on SQLite at http://localhost:8000, listening on 127.0.0.1 only (see
# docs/server.md; passkeys need a host name, not an IP address).
run: setup
	$(BIN)/sunking serve

bench: setup
	$(BIN)/python benchmarks/bench_engine.py
	$(BIN)/python benchmarks/bench_bots.py

# The bots' ladder: GAMES matches per game on JOBS processes, at the lowest CPU priority, in
# parts of 25 written as they are played (long: several CPU-hours a game; stopped, the same
# command carries on where it stopped; see benchmarks/ladder.py), then merged into the ladder
# JSONs, the table of docs/bots.md and the plots.
ladder: setup
	$(BIN)/python benchmarks/ladder.py --games $(or $(GAMES),1000) --part 0:$(or $(GAMES),1000) \
		--step 25 --jobs $(or $(JOBS),2)
	$(BIN)/python benchmarks/ladder.py --merge --from-json

golden: $(STAMP)
	$(BIN)/python scripts/regen_golden.py

# PNGs of the web platform's main screens in every language (needs /usr/bin/chromium).
screenshots: $(STAMP)
	$(BIN)/python scripts/screenshots.py --out build/screenshots

clean:
	test ! -x $(BIN)/python || $(BIN)/python scripts/compile_engine.py --clean
	rm -rf $(VENV) .mypy_cache .ruff_cache .pytest_cache .hypothesis .import_linter_cache .grimp_cache dist build
	find . -name __pycache__ -type d -prune -exec rm -rf {} +
	find . -name '*.egg-info' -prune -exec rm -rf {} +
