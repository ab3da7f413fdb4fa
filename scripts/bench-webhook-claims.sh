#!/usr/bin/env bash
# The webhook claim's cost (ADR 0055; not part of `./mvnw verify`): the claim before it (oldest due
# first, whatever the account) against the fair one of WebhookClaims, on one PostgreSQL, in the same
# run. Creates the database webhook_claims_bench (dropped first if there), applies the project's
# changelog with psql and measures three backlogs:
#   A. one account with 200 000 due deliveries, 100 accounts with 1-3 each, 100 000 delivered;
#   B. as A, with the big account's 4 oldest rows leased (at its share of 4, a dead receiver);
#   C. as B, with 900 more accounts with one due row each (1 001 accounts with pending rows).
# For each: EXPLAIN (ANALYZE, BUFFERS) of one claim of 8 (the second run), then pgbench's average
# latency of BENCH_CLAIMS (2000) claims of 8 as prepared statements (generic plans after the
# fifth, as the JDBC driver's), each in a transaction rolled back, so every claim sees the same rows.
#
#   PGHOST=/tmp/pg PGPORT=55432 PGUSER=postgres scripts/bench-webhook-claims.sh
#
# Needs psql, pgbench (PGBENCH, default on the PATH) and python3; PostgreSQL 13 or later.
set -euo pipefail
cd "$(dirname "$0")/.."
DB=webhook_claims_bench
CLAIMS=${BENCH_CLAIMS:-2000}
PGBENCH=${PGBENCH:-pgbench}
CHANGELOG=common/src/main/resources/db/changelog
OUT=$(mktemp -d)
trap 'rm -rf "$OUT"' EXIT
psql() { command psql -X -q -v ON_ERROR_STOP=1 "$@"; }

# The claims with the deliverer's parameters: now() for :now, a pgbench variable for the numbers.
cat > "$OUT/old.sql" <<'SQL'
UPDATE webhook_deliveries
SET lease_owner = :owner, lease_until = :leaseUntil, attempts = attempts + 1
WHERE id IN (
    SELECT id FROM webhook_deliveries
    WHERE state = 'PENDING' AND next_attempt_at <= :now
      AND (lease_until IS NULL OR lease_until < :now)
    ORDER BY next_attempt_at
    LIMIT :limit
    FOR UPDATE SKIP LOCKED)
RETURNING id, account_id, url, payload, attempts, created_at
SQL
python3 - "$OUT" <<'PY'
import sys
out = sys.argv[1]
java = open('generation-worker/src/main/java/io/cardgen/worker/webhook/WebhookClaims.java').read()
start = java.index('"""\n', java.index('String CLAIM =')) + 4
block = java[start:java.index('"""', start)]
open(out + '/new.sql', 'w').write('\n'.join(line[6:] for line in block.splitlines()) + '\n')
for name in ('old', 'new'):
    sql = open(f'{out}/{name}.sql').read().strip()
    for param, value in ((':now', 'now()'), (':leaseUntil', "now() + interval '60 s'"),
                         (':owner', "'bench'")):
        sql = sql.replace(param, value)
    open(f'{out}/{name}.pgbench', 'w').write(f'BEGIN;\n{sql};\nROLLBACK;\n')
    explain = sql.replace(':limit', '8').replace(':perAccount', '4').replace(':candidates', '16')
    open(f'{out}/{name}.explain', 'w').write(
        f'BEGIN;\nEXPLAIN (ANALYZE, BUFFERS, COSTS OFF)\n{explain};\nROLLBACK;\n')
PY

psql -d postgres -c "DROP DATABASE IF EXISTS $DB" -c "CREATE DATABASE $DB"
for change in $(awk '/file:/ {print $2}' "$CHANGELOG/db.changelog-master.yaml"); do
  psql -d $DB -f "$CHANGELOG/$change"
done
psql -d $DB <<'SQL'
CREATE TEMP TABLE shops AS
SELECT gen_random_uuid() AS id, n FROM generate_series(1, 101) n;
INSERT INTO accounts (id, name, api_key_hash, balance) SELECT id, 'shop' || n, 'hash' || n, 0 FROM shops;
INSERT INTO webhook_deliveries (id, account_id, event_key, event_type, url, payload, state,
                                next_attempt_at, created_at)
SELECT gen_random_uuid(), (SELECT id FROM shops WHERE n = 1), 'big:' || g, 'batch.completed',
       'https://hooks.big.test/h', repeat('x', 300), 'PENDING',
       now() - interval '2 hours' + g * interval '10 ms', now() - interval '2 hours'
FROM generate_series(1, 200000) g;
INSERT INTO webhook_deliveries (id, account_id, event_key, event_type, url, payload, state,
                                next_attempt_at, created_at)
SELECT gen_random_uuid(), s.id, 'small:' || s.n || ':' || g, 'batch.completed',
       'https://hooks.small.test/h', repeat('x', 300), 'PENDING',
       now() - interval '30 minutes' + (s.n * 3 + g) * interval '1 s', now() - interval '30 minutes'
FROM shops s, generate_series(1, 3) g WHERE s.n > 1 AND g <= 1 + s.n % 3;
INSERT INTO webhook_deliveries (id, account_id, event_key, event_type, url, payload, state,
                                next_attempt_at, created_at, finished_at, attempts, last_status)
SELECT gen_random_uuid(), (SELECT id FROM shops WHERE n = 1 + g % 101), 'done:' || g,
       'batch.completed', 'https://hooks.done.test/h', repeat('x', 300), 'DELIVERED',
       now() - interval '3 days', now() - interval '3 days', now() - interval '3 days', 1, 200
FROM generate_series(1, 100000) g;
VACUUM ANALYZE webhook_deliveries;
SQL

measure() {
  echo "=== $1"
  psql -d $DB -c "SELECT state, count(*) AS rows, count(DISTINCT account_id) AS accounts,
                         count(lease_until) AS leased
                  FROM webhook_deliveries GROUP BY state ORDER BY state"
  for claim in old new; do
    echo "--- $claim claim: EXPLAIN (ANALYZE, BUFFERS)"
    psql -d $DB -f "$OUT/$claim.explain" > /dev/null
    psql -d $DB -f "$OUT/$claim.explain"
  done
  for claim in old new; do
    echo "--- $claim claim: $CLAIMS claims of 8, prepared"
    "$PGBENCH" -n -M prepared -t "$CLAIMS" -D limit=8 -D perAccount=4 -D candidates=16 \
      -f "$OUT/$claim.pgbench" $DB 2>&1 | grep 'latency average'
    psql -d $DB -c "VACUUM webhook_deliveries"
  done
}

measure "A: one account's 200 000 due deliveries, 100 accounts with 1-3"
psql -d $DB -c "UPDATE webhook_deliveries
                SET lease_owner = 'dead', lease_until = now() + interval '1 hour', attempts = 1
                WHERE id IN (SELECT id FROM webhook_deliveries WHERE event_key LIKE 'big:%'
                             ORDER BY next_attempt_at LIMIT 4)" \
  -c "VACUUM ANALYZE webhook_deliveries"
measure "B: as A, the big account at its share (4 leased)"
psql -d $DB -c "CREATE TEMP TABLE extra AS SELECT gen_random_uuid() AS id, n FROM generate_series(1, 900) n;
                INSERT INTO accounts (id, name, api_key_hash, balance)
                SELECT id, 'extra' || n, 'extra-hash' || n, 0 FROM extra;
                INSERT INTO webhook_deliveries (id, account_id, event_key, event_type, url, payload,
                                                state, next_attempt_at, created_at)
                SELECT gen_random_uuid(), id, 'extra:' || n, 'batch.completed',
                       'https://hooks.extra.test/h', repeat('x', 300), 'PENDING',
                       now() - interval '20 minutes', now() - interval '20 minutes'
                FROM extra" \
  -c "VACUUM ANALYZE webhook_deliveries"
measure "C: as B, and 900 more accounts with one due delivery each"
