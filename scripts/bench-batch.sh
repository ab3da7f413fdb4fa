#!/usr/bin/env bash
# The batch benchmark of issue 10 (not part of `./mvnw verify`): one BENCH_ITEMS-item batch
# (10 000) against the standalone and its LLM simulator, side by side with the synchronous path
# measured in the same run on the same warm JVM. Prints:
#   - the synchronous ceiling: BENCH_SYNC_REQUESTS cards at BENCH_SYNC_CONCURRENCY through
#     POST /api/text/product (hey), in cards/s, with JVM and PostgreSQL CPU per card;
#   - the batch: creation time (NDJSON body streamed in), throughput in items/s while it runs
#     (with a progress line every BENCH_PROGRESS_S seconds), its steady rate (from 10 % to 90 % of
#     the items done, without the first slots' 2-s fill and the last items' drain) with the batch
#     slots the worker kept busy meanwhile (its cardgen.jobs.running gauge), JVM and
#     PostgreSQL CPU per item, time to stream all results;
#   - the JVM's heap (jvm.memory.used, area=heap: gateway, worker and embedded stack share one
#     JVM) sampled while creating, while running and while streaming.
#
#   scripts/bench-batch.sh
#   BENCH_ITEMS=2000 BENCH_LATENCY_MS=500 scripts/bench-batch.sh
#
# Settings: BENCH_ITEMS (10000), BENCH_LATENCY_MS (2000), BENCH_SYNC_CONCURRENCY (1000),
# BENCH_SYNC_REQUESTS (3000), BENCH_PROGRESS_S (10), BENCH_START_TIMEOUT (900 s), BENCH_JAVA,
# BENCH_JAVA_OPTS, BENCH_JAR; BENCH_WARMUP: "jit" (default) sends rounds of 3 000 cards at 1 000
# concurrent until the JIT's compiler threads take under BENCH_WARMUP_JIT_PCT (10) % of the JVM's
# CPU, at most BENCH_WARMUP_ROUNDS (12), as scripts/bench.sh does; "short" sends 200 cards, so both
# paths are measured on a JVM still compiling them. BENCH_STATEMENTS (1: the batch's PostgreSQL
# statements per item, needs psql) and BENCH_THREADS (1: the JVM's CPU per item by thread group
# while the batch runs). Needs hey, curl, jq, python3. Logs and raw outputs:
# deploy/standalone/target/bench-batch/.
set -euo pipefail
# The benchmark measures the standalone's simulator: a provider configured in the caller's shell
# must neither take its place nor be billed for it.
unset CARDGEN_LLM_BASE_URL CARDGEN_LLM_API_KEY CARDGEN_LLM_MODEL
# One block that ends in exit: bash reads a script as it runs it (see scripts/bench.sh).
{
cd "$(dirname "$0")/.."
items=${BENCH_ITEMS:-10000}
latency=${BENCH_LATENCY_MS:-2000}
sync_c=${BENCH_SYNC_CONCURRENCY:-1000}
sync_n=${BENCH_SYNC_REQUESTS:-3000}
every=${BENCH_PROGRESS_S:-10}
warmup=${BENCH_WARMUP:-jit}
warmup_c=1000
warmup_rounds=${BENCH_WARMUP_ROUNDS:-12}
warmup_jit_pct=${BENCH_WARMUP_JIT_PCT:-10}
[[ $warmup == jit || $warmup == short ]] || { echo "bench: BENCH_WARMUP is jit or short" >&2; exit 2; }
jar=${BENCH_JAR:-deploy/standalone/target/cardgen-standalone.jar}
out=deploy/standalone/target/bench-batch
card_body=scripts/bench/card-request.json
for tool in hey curl jq python3; do
  command -v "$tool" >/dev/null || { echo "bench: $tool is missing" >&2; exit 2; }
done
if [[ ${BENCH_STATEMENTS:-0} == 1 ]]; then
  command -v psql >/dev/null || { echo "bench: BENCH_STATEMENTS needs psql (apt-get install -y postgresql-client)" >&2; exit 2; }
fi
[[ -f $jar ]] || ./mvnw -B -q -DskipTests -Dspotless.check.skip=true package -pl deploy/standalone -am
mkdir -p "$out"
data=$(mktemp -d)

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
public=$(free_port) admin_port=$(free_port) worker_port=$(free_port) pg=$(free_port) token=bench-$(od -An -N16 -tx1 /dev/urandom | tr -d ' \n')
java_opts=${BENCH_JAVA_OPTS:-}
if [[ ${BENCH_STATEMENTS:-0} == 1 ]]; then
  java_opts="$java_opts -Dcardgen.embedded-postgres.shared_preload_libraries=pg_stat_statements"
fi
SERVER_PORT=$public CARDGEN_ADMIN_PORT=$admin_port CARDGEN_WORKER_PORT=$worker_port \
CARDGEN_EMBEDDED_POSTGRES_PORT=$pg CARDGEN_EMBEDDED_KAFKA_PORT=$(free_port) \
CARDGEN_EMBEDDED_S3_PORT=$(free_port) CARDGEN_SIMULATOR_PORT=$(free_port) \
CARDGEN_SIMULATOR_LATENCY_MS=$latency CARDGEN_DATA_DIR=$data CARDGEN_ADMIN_TOKEN=$token \
CARDGEN_BATCH_MAX_ITEMS=$items CARDGEN_JAVA=${BENCH_JAVA:-} JAVA_OPTS=$java_opts \
  deploy/standalone/cardgen-standalone.sh "$jar" > "$out/standalone.log" 2>&1 &
pid=$!
trap 'kill $pid 2>/dev/null || true; wait $pid 2>/dev/null || true; rm -rf "$data"' EXIT
deadline=$(( SECONDS + ${BENCH_START_TIMEOUT:-900} ))
until curl -fs "localhost:$admin_port/actuator/health" 2>/dev/null | grep -q UP; do
  kill -0 $pid 2>/dev/null || { echo "bench: the standalone died, see $out/standalone.log" >&2; exit 1; }
  (( SECONDS < deadline )) || { echo "bench: the standalone did not start in time" >&2; exit 1; }
  sleep 1
done
source scripts/bench/proc.sh

admin() { curl -fsS -X POST "localhost:$admin_port$1" -H "Authorization: Bearer $token" \
  -H 'Content-Type: application/json' -d "$2"; }
# The actuator's metrics endpoint needs the admin token (ADR 0048), on the worker too.
heap_mb() { curl -fs -H "Authorization: Bearer $token" \
    "localhost:$admin_port/actuator/metrics/jvm.memory.used?tag=area:heap" \
  | jq '.measurements[0].value / 1048576 | floor'; }
now() { date +%s.%N; }
# Batch items running in the worker now (its cardgen.jobs.running gauge, class batch).
busy_slots() { curl -fs -H "Authorization: Bearer $token" \
    "localhost:$worker_port/actuator/metrics/cardgen.jobs.running?tag=class:batch" \
  | jq '.measurements[0].value | floor' 2>/dev/null || echo -1; }
secs() { python3 -c "print(f'{$2 - $1:.1f}')"; }
# "JVM_ms PG_ms" of CPU per unit between two "jvm_ticks pg_ticks" snapshots.
cpu_per() { awk -v clk="$clk" -v n="$3" '{split($0, a, " ")} NR==1 {j=a[1]; g=a[2]}
  NR==2 {printf "%.1f %.1f", (a[1]-j)*1000/clk/n, (a[2]-g)*1000/clk/n}' <(echo "$1") <(echo "$2"); }

admin /admin/plans '{"name":"bench","api_access":true,"max_photos":3,"max_length":3000,
  "features_count":5,"audience":true,"headers_count":3,"slogans_count":3,"creativity":true,
  "keywords":true,"rate_limit_per_minute":10000000}' > /dev/null
credits=$(( items + sync_n + 1000 ))
[[ $warmup == jit ]] && credits=$(( credits + warmup_rounds * warmup_c * 3 ))
key=$(admin /admin/accounts "{\"name\":\"bench\",\"plan\":\"bench\",\"credits\":$credits}" | jq -r .api_key)

python3 - "$items" > "$out/items.jsonl" <<'PY'
import json, sys
photo = ("data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk"
         "+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==")
for i in range(1, int(sys.argv[1]) + 1):
    print(json.dumps({"custom_id": f"sku-{i}", "request": {"image_url": photo,
        "short_description": f"Керамическая кружка ручной работы номер {i}", "style": "standard",
        "length": 300}}, ensure_ascii=False))
PY

[[ ${BENCH_STATEMENTS:-0} == 1 ]] && psql_bench -c "CREATE EXTENSION IF NOT EXISTS pg_stat_statements" >/dev/null
card=http://127.0.0.1:$public/api/text/product
hey -n 200 -c 50 -t 600 -m POST -T application/json -H "Authorization: Bearer $key" \
  -D "$card_body" "$card" > /dev/null
warmed=$SECONDS
[[ $warmup == jit ]] && warm_up_jit
echo "commit $(git rev-parse --short HEAD)$(git diff --quiet || echo '+dirty'), latency ${latency} ms, $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
echo "JVM flags: $(tr '\0' ' ' < /proc/$pid/cmdline | sed 's/ -jar .*//' | cut -d' ' -f2-); warm-up $warmup ($(( SECONDS - warmed )) s)"

# The synchronous ceiling on this box, on the same warm JVM.
s0="$(ticks "$pid") $(pg_ticks)"
hey -n "$sync_n" -c "$sync_c" -t 600 -m POST -T application/json -H "Authorization: Bearer $key" \
  -D "$card_body" "$card" > "$out/sync.txt"
s1="$(ticks "$pid") $(pg_ticks)"
sync_rps=$(awk '/Requests\/sec:/ {print $2}' "$out/sync.txt")
sync_ok=$(awk '/^  \[200\]/ {print $2}' "$out/sync.txt")
read -r sync_jvm sync_pg <<< "$(cpu_per "$s0" "$s1" "$sync_n")"
echo "sync      $sync_n cards at concurrency $sync_c: $sync_rps cards/s (${sync_ok:-0} answered 200); CPU per card: JVM $sync_jvm ms, PostgreSQL $sync_pg ms"

max_heap=0
sample() { local h; h=$(heap_mb) || return 0; (( h > max_heap )) && max_heap=$h; true; }
start=$(now)
curl -fsS "localhost:$public/api/batches" -H "Authorization: Bearer $key" \
  -H 'Content-Type: application/x-ndjson' -H 'Idempotency-Key: bench-1' \
  --data-binary @"$out/items.jsonl" > "$out/created.json" &
curl_pid=$!
while kill -0 $curl_pid 2>/dev/null; do sample; sleep 0.2; done
wait $curl_pid
created=$(now)
id=$(jq -r .data.id "$out/created.json")
echo "create    $items items ($(du -h "$out/items.jsonl" | cut -f1) NDJSON) in $(secs "$start" "$created") s; heap peak ${max_heap} MiB"

# The run: CPU and statements from here to the last item's end. The items are claimed from the
# moment the batch exists, so the first seconds of the run overlap the end of its creation.
[[ ${BENCH_THREADS:-0} == 1 ]] && thread_ticks > "$out/threads-before"
if [[ ${BENCH_STATEMENTS:-0} == 1 ]]; then
  psql_bench -c "SELECT pg_stat_statements_reset()" >/dev/null
  transactions > "$out/transactions-before"
fi
b0="$(ticks "$pid") $(pg_ticks)"
max_heap=0 status=in_progress last=$SECONDS
: > "$out/progress.txt"
while [[ $status == in_progress ]]; do
  sample
  sleep 1
  batch=$(curl -fs "localhost:$public/api/batches/$id" -H "Authorization: Bearer $key") || continue
  status=$(jq -r .data.status <<< "$batch")
  done_items=$(jq '.data.counts | .succeeded + .failed + .cancelled' <<< "$batch")
  echo "$(now) $done_items $(busy_slots)" >> "$out/progress.txt"
  if (( SECONDS - last >= every )); then
    last=$SECONDS
    python3 -c "d=$done_items; n=$items; w=30; f=d*w//n; print(f'  [{\"#\"*f}{\".\"*(w-f)}] {d}/{n} {100*d/n:5.1f}%  {d/($(now)-$created):.1f} items/s', flush=True)"
  fi
done
ran=$(now)
b1="$(ticks "$pid") $(pg_ticks)"
[[ ${BENCH_THREADS:-0} == 1 ]] && thread_ticks > "$out/threads-after"
batch_rps=$(python3 -c "print(f'{$items / ($ran - $created):.1f}')")
# The steady rate: items ended per second between the samples at 10 % and at 90 % done.
steady_rps=$(awk -v n="$items" '!t1 && $2 >= 0.1 * n {t1=$1; d1=$2} !t9 && $2 >= 0.9 * n {t9=$1; d9=$2}
  END {if (t9 > t1) printf "%.1f", (d9 - d1) / (t9 - t1); else print "n/a"}' "$out/progress.txt")
# The batch slots the worker kept busy over the same part: below its batch slots (max-in-flight
# less sync-reserve, 800 by default) means the feeder did not keep them full.
steady_busy=$(awk -v n="$items" '$2 >= 0.1 * n && $2 < 0.9 * n && $3 >= 0 {s += $3; c++}
  END {if (c) printf "%.0f", s / c; else print "n/a"}' "$out/progress.txt")
read -r batch_jvm batch_pg <<< "$(cpu_per "$b0" "$b1" "$items")"
echo "run       $items items in $(secs "$created" "$ran") s: $batch_rps items/s ($(python3 -c "print(f'{100 * $batch_rps / $sync_rps:.0f}')") % of the synchronous path), steady $steady_rps items/s with $steady_busy batch slots busy on average; CPU per item: JVM $batch_jvm ms, PostgreSQL $batch_pg ms; $(jq -c .data.counts <<< "$batch"); heap peak ${max_heap} MiB"

max_heap=0
start=$(now)
curl -fsS "localhost:$public/api/batches/$id/results" -H "Authorization: Bearer $key" > "$out/results.jsonl" &
curl_pid=$!
while kill -0 $curl_pid 2>/dev/null; do sample; sleep 0.2; done
wait $curl_pid
echo "results   $(wc -l < "$out/results.jsonl") lines ($(du -h "$out/results.jsonl" | cut -f1)) streamed in $(secs "$start" "$(now)") s; heap peak ${max_heap} MiB"
echo
printf '| path | rate | JVM CPU ms per card | PostgreSQL CPU ms per card |\n|---|---|---|---|\n'
printf '| synchronous, %s at %s concurrent | %s cards/s | %s | %s |\n' "$sync_n" "$sync_c" "$sync_rps" "$sync_jvm" "$sync_pg"
printf '| batch of %s | %s items/s (steady %s) | %s | %s |\n' "$items" "$batch_rps" "$steady_rps" "$batch_jvm" "$batch_pg"
if [[ ${BENCH_THREADS:-0} == 1 ]]; then
  echo "batch, $items items: JVM CPU per item by thread group"
  python3 scripts/bench/threads.py "$out/threads-before" "$out/threads-after" "$clk" "$items"
fi
if [[ ${BENCH_STATEMENTS:-0} == 1 ]]; then
  echo "batch, $items items: PostgreSQL statements (execution time only, not parse, plan or commit)"
  sleep 11
  echo "transactions per item (a pool's connection checks included): $(
    awk -v n="$items" -v before="$(cat "$out/transactions-before")" '{printf "%.2f", ($1 - before) / n}' \
      <<< "$(transactions)")"
  printf '%9s %10s %9s  %s\n' calls/item ms/item ms/call statement
  statements_per_card "$items"
fi
echo "heap: jvm.memory.used (area=heap) of the one standalone JVM, sampled every 0.2-1 s; its limit: $(tr '\0' ' ' < /proc/$pid/cmdline | grep -o -- '-Xmx[^ ]*')"
exit
}
