#!/usr/bin/env bash
# Start a throwaway PostgreSQL server for the storage tests and print its URL on stdout.
#
#   export SUNKING_TEST_POSTGRES_URL="$(scripts/start_test_postgres.sh)"
#
# The cluster lives in a fresh temporary directory, listens on 127.0.0.1 at a free port (and
# on a Unix socket in that directory only), trusts local connections, and holds one database,
# sunking_test. Run as root, it runs PostgreSQL as the user "postgres". The command that stops
# and removes it is printed on stderr. Needs Debian's postgresql package (or initdb and
# pg_ctl on PATH).
set -euo pipefail

bindir=""
if command -v pg_config >/dev/null 2>&1 && [ -x "$(pg_config --bindir)/initdb" ]; then
    bindir="$(pg_config --bindir)"
fi
if [ -z "$bindir" ]; then
    bindir="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)"
fi
if [ -z "$bindir" ] && command -v initdb >/dev/null 2>&1; then
    bindir="$(dirname "$(command -v initdb)")"
fi
if [ -z "$bindir" ] || [ ! -x "$bindir/initdb" ]; then
    echo "start_test_postgres: no PostgreSQL server binaries (install postgresql)" >&2
    exit 1
fi

dir="$(mktemp -d "${TMPDIR:-/tmp}/sunking-pg.XXXXXX")"
port="$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"

as_owner=()
if [ "$(id -u)" = 0 ]; then
    if ! id postgres >/dev/null 2>&1; then
        echo "start_test_postgres: running as root needs the user 'postgres'" >&2
        exit 1
    fi
    chown postgres: "$dir"
    as_owner=(runuser -u postgres --)
fi

"${as_owner[@]}" "$bindir/initdb" -D "$dir/data" -U sunking --auth=trust -E UTF8 \
    --no-instructions >"$dir/initdb.log" 2>&1 \
    || { cat "$dir/initdb.log" >&2; exit 1; }
"${as_owner[@]}" "$bindir/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 \
    -o "-h 127.0.0.1 -p $port -k $dir -c fsync=off -c max_connections=100" start >/dev/null \
    || { cat "$dir/server.log" >&2; exit 1; }
"${as_owner[@]}" "$bindir/createdb" -h 127.0.0.1 -p "$port" -U sunking sunking_test

echo "start_test_postgres: stop with: scripts/stop_test_postgres.sh $dir" >&2
echo "postgresql+psycopg://sunking@127.0.0.1:$port/sunking_test"
