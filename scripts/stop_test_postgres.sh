#!/usr/bin/env bash
# Stop and remove the throwaway PostgreSQL servers that start_test_postgres.sh made under a
# directory (its TMPDIR), as their owner:
#
#   scripts/stop_test_postgres.sh /tmp/the-tmpdir-given-to-start_test_postgres
#
# Each cluster's postmaster.opts names the server binary, so the matching pg_ctl is used.
set -euo pipefail

root="${1:?usage: stop_test_postgres.sh DIR (the TMPDIR given to start_test_postgres.sh)}"
for data in "$root"/sunking-pg.*/data; do
    [ -d "$data" ] || continue
    as_owner=()
    if [ "$(id -u)" = 0 ]; then
        as_owner=(runuser -u "$(stat -c %U "$data")" --)
    fi
    if [ -f "$data/postmaster.pid" ] && [ -f "$data/postmaster.opts" ]; then
        bindir="$(dirname "$(cut -d' ' -f1 "$data/postmaster.opts")")"
        "${as_owner[@]}" "$bindir/pg_ctl" -D "$data" -m fast -w stop >/dev/null
    fi
done
rm -rf "$root"
