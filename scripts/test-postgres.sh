#!/usr/bin/env bash
# Starts a local PostgreSQL for the bot's PostgreSQL tests (the store contract and the replicas test) and prints
# the URL to export as STUDIO_TEST_DATABASE_URL. Uses Debian's packages (installed when missing; no Docker here):
# the first cluster pg_lsclusters lists is started, and a role and database `studio_test` are made once.
#   export STUDIO_TEST_DATABASE_URL=$(bash scripts/test-postgres.sh)
set -euo pipefail

SUDO=()
[ "$(id -u)" = 0 ] || SUDO=(sudo)
as_postgres() { "${SUDO[@]}" runuser -u postgres -- "$@"; }

if ! command -v pg_lsclusters >/dev/null 2>&1; then
  export DEBIAN_FRONTEND=noninteractive
  { "${SUDO[@]}" apt-get install -y --no-install-recommends postgresql ||
    { "${SUDO[@]}" apt-get update && "${SUDO[@]}" apt-get install -y --no-install-recommends postgresql; }; } >&2
fi

read -r version cluster port status _ < <(pg_lsclusters --no-header | head -n 1)
if [ -z "${version:-}" ]; then
  echo "no PostgreSQL cluster found (pg_lsclusters lists none); create one with pg_createcluster" >&2
  exit 1
fi
if [ "$status" != "online" ]; then "${SUDO[@]}" pg_ctlcluster "$version" "$cluster" start >&2; fi

# The role may create databases: the replicas test makes one of its own and drops it.
as_postgres psql -p "$port" -qtAc "SELECT 1 FROM pg_roles WHERE rolname = 'studio_test'" | grep -q 1 ||
  as_postgres psql -p "$port" -qc "CREATE ROLE studio_test LOGIN CREATEDB PASSWORD 'studio_test'" >&2
as_postgres psql -p "$port" -qtAc "SELECT 1 FROM pg_database WHERE datname = 'studio_test'" | grep -q 1 ||
  as_postgres createdb -p "$port" -O studio_test studio_test >&2
# The tests create a schema per store in it.
as_postgres psql -p "$port" -qc "ALTER DATABASE studio_test OWNER TO studio_test" >&2

echo "postgres://studio_test:studio_test@127.0.0.1:${port}/studio_test"
