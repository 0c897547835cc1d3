#!/usr/bin/env bash
# Stop and remove throwaway PostgreSQL clusters made by start_test_postgres.sh, as their owner:
#
#   scripts/stop_test_postgres.sh /tmp/sunking-pg.XXXXXX [...]
#
# Each argument is a cluster directory that script printed; anything not named sunking-pg.*
# is refused, and an argument that is no directory is passed over. The server binary is the
# one the cluster's postmaster.opts names.
set -euo pipefail

for dir in "$@"; do
    [ -d "$dir" ] || continue
    case "$(basename "$dir")" in
        sunking-pg.*) ;;
        *) echo "stop_test_postgres: not a cluster of start_test_postgres.sh: $dir" >&2; exit 1 ;;
    esac
    data="$dir/data"
    if [ -f "$data/postmaster.pid" ] && [ -f "$data/postmaster.opts" ]; then
        as_owner=()
        [ "$(id -u)" = 0 ] && as_owner=(runuser -u "$(stat -c %U "$data")" --)
        bindir="$(dirname "$(cut -d' ' -f1 "$data/postmaster.opts")")"
        "${as_owner[@]}" "$bindir/pg_ctl" -D "$data" -m fast -w stop >/dev/null
    fi
    rm -rf "$dir"
done
