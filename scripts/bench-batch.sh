#!/usr/bin/env bash
# The batch benchmark of issue 10 (not part of `./mvnw verify`): one BENCH_ITEMS-item batch
# (10 000) against the standalone and its LLM simulator, side by side with the synchronous path
# measured in the same run. Prints:
#   - the synchronous ceiling: BENCH_SYNC_REQUESTS cards at BENCH_SYNC_CONCURRENCY through
#     POST /api/text/product (hey), in cards/s;
#   - the batch: creation time (NDJSON body streamed in), throughput in items/s while it runs
#     (with a progress line every BENCH_PROGRESS_S seconds), time to stream all results;
#   - the JVM's heap (jvm.memory.used, area=heap: gateway, worker and embedded stack share one
#     JVM) sampled while creating, while running and while streaming.
#
#   scripts/bench-batch.sh
#   BENCH_ITEMS=2000 BENCH_LATENCY_MS=500 scripts/bench-batch.sh
#
# Settings: BENCH_ITEMS (10000), BENCH_LATENCY_MS (2000), BENCH_SYNC_CONCURRENCY (1000),
# BENCH_SYNC_REQUESTS (3000), BENCH_PROGRESS_S (10), BENCH_START_TIMEOUT (900 s), BENCH_JAVA.
# Needs hey, curl, jq, python3. Logs and raw outputs: deploy/standalone/target/bench-batch/.
set -euo pipefail
cd "$(dirname "$0")/.."
items=${BENCH_ITEMS:-10000}
latency=${BENCH_LATENCY_MS:-2000}
sync_c=${BENCH_SYNC_CONCURRENCY:-1000}
sync_n=${BENCH_SYNC_REQUESTS:-3000}
every=${BENCH_PROGRESS_S:-10}
jar=deploy/standalone/target/cardgen-standalone.jar
dir=deploy/standalone/target/bench-batch
for tool in hey curl jq python3; do
  command -v "$tool" >/dev/null || { echo "bench: $tool is missing" >&2; exit 2; }
done
[[ -f $jar ]] || ./mvnw -B -q -DskipTests -Dspotless.check.skip=true package -pl deploy/standalone -am
mkdir -p "$dir"
data=$(mktemp -d)

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
port=$(free_port) admin_port=$(free_port) token=bench-$RANDOM$RANDOM
SERVER_PORT=$port CARDGEN_ADMIN_PORT=$admin_port CARDGEN_WORKER_PORT=$(free_port) \
CARDGEN_EMBEDDED_POSTGRES_PORT=$(free_port) CARDGEN_EMBEDDED_KAFKA_PORT=$(free_port) \
CARDGEN_EMBEDDED_S3_PORT=$(free_port) CARDGEN_SIMULATOR_PORT=$(free_port) \
CARDGEN_SIMULATOR_LATENCY_MS=$latency CARDGEN_DATA_DIR=$data CARDGEN_ADMIN_TOKEN=$token \
CARDGEN_BATCH_MAX_ITEMS=$items CARDGEN_JAVA=${BENCH_JAVA:-} \
  deploy/standalone/cardgen-standalone.sh "$jar" > "$dir/standalone.log" 2>&1 &
pid=$!
trap 'kill $pid 2>/dev/null || true; wait $pid 2>/dev/null || true; rm -rf "$data"' EXIT
deadline=$(( SECONDS + ${BENCH_START_TIMEOUT:-900} ))
until curl -fs "localhost:$admin_port/actuator/health" 2>/dev/null | grep -q UP; do
  kill -0 $pid 2>/dev/null || { echo "bench: the standalone died, see $dir/standalone.log" >&2; exit 1; }
  (( SECONDS < deadline )) || { echo "bench: the standalone did not start in time" >&2; exit 1; }
  sleep 1
done

admin() { curl -fsS -X POST "localhost:$admin_port$1" -H "Authorization: Bearer $token" \
  -H 'Content-Type: application/json' -d "$2"; }
heap_mb() { curl -fs "localhost:$admin_port/actuator/metrics/jvm.memory.used?tag=area:heap" \
  | jq '.measurements[0].value / 1048576 | floor'; }
now() { date +%s.%N; }
secs() { python3 -c "print(f'{$2 - $1:.1f}')"; }

admin /admin/plans '{"name":"bench","api_access":true,"max_photos":3,"max_length":3000,
  "features_count":5,"audience":true,"headers_count":3,"slogans_count":3,"creativity":true,
  "keywords":true,"rate_limit_per_minute":10000000}' > /dev/null
key=$(admin /admin/accounts "{\"name\":\"bench\",\"plan\":\"bench\",\"credits\":$(( items + sync_n + 1000 ))}" \
  | jq -r .api_key)

python3 - "$items" > "$dir/items.jsonl" <<'PY'
import json, sys
photo = ("data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk"
         "+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==")
for i in range(1, int(sys.argv[1]) + 1):
    print(json.dumps({"custom_id": f"sku-{i}", "request": {"image_url": photo,
        "short_description": f"Керамическая кружка ручной работы номер {i}", "style": "standard",
        "length": 300}}, ensure_ascii=False))
PY

echo "commit $(git rev-parse --short HEAD)$(git diff --quiet || echo '+dirty'), latency ${latency} ms, $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"

# The synchronous ceiling on this box, warmed up first, in the same run.
card=http://127.0.0.1:$port/api/text/product
hey -n 200 -c 50 -t 600 -m POST -T application/json -H "Authorization: Bearer $key" \
  -D scripts/bench/card-request.json "$card" > /dev/null
hey -n "$sync_n" -c "$sync_c" -t 600 -m POST -T application/json -H "Authorization: Bearer $key" \
  -D scripts/bench/card-request.json "$card" > "$dir/sync.txt"
sync_rps=$(awk '/Requests\/sec:/ {print $2}' "$dir/sync.txt")
sync_ok=$(awk '/^  \[200\]/ {print $2}' "$dir/sync.txt")
echo "sync      $sync_n cards at concurrency $sync_c: $sync_rps cards/s (${sync_ok:-0} answered 200)"

max_heap=0
sample() { local h; h=$(heap_mb) || return 0; (( h > max_heap )) && max_heap=$h; true; }
start=$(now)
curl -fsS "localhost:$port/api/batches" -H "Authorization: Bearer $key" \
  -H 'Content-Type: application/x-ndjson' -H 'Idempotency-Key: bench-1' \
  --data-binary @"$dir/items.jsonl" > "$dir/created.json" &
curl_pid=$!
while kill -0 $curl_pid 2>/dev/null; do sample; sleep 0.2; done
wait $curl_pid
created=$(now)
id=$(jq -r .data.id "$dir/created.json")
echo "create    $items items ($(du -h "$dir/items.jsonl" | cut -f1) NDJSON) in $(secs "$start" "$created") s; heap peak ${max_heap} MiB"

max_heap=0 status=in_progress last=$SECONDS
while [[ $status == in_progress ]]; do
  sample
  sleep 1
  batch=$(curl -fs "localhost:$port/api/batches/$id" -H "Authorization: Bearer $key") || continue
  status=$(jq -r .data.status <<< "$batch")
  if (( SECONDS - last >= every )); then
    last=$SECONDS
    done_items=$(jq '.data.counts | .succeeded + .failed + .cancelled' <<< "$batch")
    python3 -c "d=$done_items; n=$items; w=30; f=d*w//n; print(f'  [{\"#\"*f}{\".\"*(w-f)}] {d}/{n} {100*d/n:5.1f}%  {d/($(now)-$created):.1f} items/s', flush=True)"
  fi
done
ran=$(now)
batch_rps=$(python3 -c "print(f'{$items / ($ran - $created):.1f}')")
echo "run       $items items in $(secs "$created" "$ran") s: $batch_rps items/s ($(python3 -c "print(f'{100 * $batch_rps / $sync_rps:.0f}')") % of the synchronous path); $(jq -c .data.counts <<< "$batch"); heap peak ${max_heap} MiB"

max_heap=0
start=$(now)
curl -fsS "localhost:$port/api/batches/$id/results" -H "Authorization: Bearer $key" > "$dir/results.jsonl" &
curl_pid=$!
while kill -0 $curl_pid 2>/dev/null; do sample; sleep 0.2; done
wait $curl_pid
echo "results   $(wc -l < "$dir/results.jsonl") lines ($(du -h "$dir/results.jsonl" | cut -f1)) streamed in $(secs "$start" "$(now)") s; heap peak ${max_heap} MiB"
echo "heap: jvm.memory.used (area=heap) of the one standalone JVM, sampled every 0.2-1 s; its limit: $(tr '\0' ' ' < /proc/$pid/cmdline | grep -o -- '-Xmx[^ ]*')"
