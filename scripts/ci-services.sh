#!/usr/bin/env bash
# Install and start the services the server tests use in CI: a PostgreSQL server with a test database, and
# Debian's chromium for the browser end-to-end tests (playwright drives it; it never downloads browsers).
# Idempotent; run as root on a bare Debian machine. It exports nothing: the CI job sets
#   FIREBREAK_TEST_POSTGRES_URL=postgresql://firebreak:firebreak@127.0.0.1:5432/firebreak_test
set -euo pipefail

export DEBIAN_FRONTEND=noninteractive
need=()
command -v pg_ctlcluster >/dev/null 2>&1 || need+=(postgresql)
[ -x /usr/bin/chromium ] || need+=(chromium)
if [ ${#need[@]} -gt 0 ]; then
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${need[@]}" fonts-dejavu-core >/dev/null
fi

# Start (or keep) the first installed cluster.
read -r ver cluster _ < <(pg_lsclusters -h | head -n1) || true
if [ -z "${ver:-}" ]; then
  ver=$(ls /usr/lib/postgresql | sort -n | tail -n1)
  pg_createcluster "$ver" main
  cluster=main
fi
if ! pg_lsclusters -h | awk -v v="$ver" -v c="$cluster" '$1==v && $2==c {print $4}' | grep -q online; then
  pg_ctlcluster "$ver" "$cluster" start
fi
for _ in $(seq 1 30); do
  runuser -u postgres -- psql -qtAc "SELECT 1" >/dev/null 2>&1 && break
  sleep 1
done

runuser -u postgres -- psql -v ON_ERROR_STOP=1 -qtA <<'SQL'
DO $$
BEGIN
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'firebreak') THEN
    CREATE ROLE firebreak LOGIN PASSWORD 'firebreak';
  END IF;
END $$;
SQL
if ! runuser -u postgres -- psql -qtAc "SELECT 1 FROM pg_database WHERE datname='firebreak_test'" | grep -q 1; then
  runuser -u postgres -- createdb -O firebreak firebreak_test
fi
echo "PostgreSQL ${ver}/${cluster} ready: postgresql://firebreak:firebreak@127.0.0.1:5432/firebreak_test"
echo "chromium: $(/usr/bin/chromium --version 2>/dev/null || echo missing)"
