#!/usr/bin/env bash
# Run a command with a throwaway PostgreSQL server for the storage tests:
#
#   scripts/with_test_postgres.sh .venv/bin/pytest -n 2
#
# Unless SUNKING_TEST_POSTGRES_URL is set already, it starts a cluster with
# start_test_postgres.sh in a temporary directory of its own, exports its URL, runs the command
# and then stops the server and removes the directory, however the command ends. It exits
# with the command's status.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"

if [ -n "${SUNKING_TEST_POSTGRES_URL:-}" ]; then
    exec "$@"
fi

# A directory of its own (readable by the server's user when run as root), so that stopping
# removes only what this run made.
pgroot="$(mktemp -d "${TMPDIR:-/tmp}/sunking-tests.XXXXXX")"
chmod 755 "$pgroot"
cleanup() {
    bash "$here/stop_test_postgres.sh" "$pgroot"/sunking-pg.* || true
    rm -rf "$pgroot"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

SUNKING_TEST_POSTGRES_URL="$(TMPDIR="$pgroot" bash "$here/start_test_postgres.sh")"
export SUNKING_TEST_POSTGRES_URL
status=0
"$@" || status=$?
exit "$status"
