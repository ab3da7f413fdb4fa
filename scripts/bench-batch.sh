#!/usr/bin/env bash
# The batch benchmark of issue 10 (not part of `./mvnw verify`): one 10 000-item batch against the
# standalone and its LLM simulator. Prints the creation time, the throughput in items/s while the
# batch runs, and the gateway's heap (jvm.memory.used, area=heap) sampled while creating and while
# streaming the results.
#
#   scripts/bench-batch.sh                          # builds the jar unless it exists
#   BENCH_ITEMS=2000 BENCH_LATENCY_MS=200 scripts/bench-batch.sh
#
# Settings: BENCH_ITEMS (10000), BENCH_LATENCY_MS (simulator latency, 500), BENCH_PORT (18080),
# BENCH_ADMIN_PORT (18081). Needs curl and python3. The full log: target/bench-batch/standalone.log.
set -euo pipefail
cd "$(dirname "$0")/.."
items=${BENCH_ITEMS:-10000}
port=${BENCH_PORT:-18080}
admin_port=${BENCH_ADMIN_PORT:-18081}
token=bench-admin-token
dir=target/bench-batch
mkdir -p "$dir"
jar=deploy/standalone/target/cardgen-standalone.jar
[ -f "$jar" ] || ./mvnw -B -q -DskipTests package -pl deploy/standalone -am

data=$(mktemp -d)
CARDGEN_DATA_DIR="$data" CARDGEN_ADMIN_TOKEN=$token SERVER_PORT=$port CARDGEN_ADMIN_PORT=$admin_port \
  CARDGEN_SIMULATOR_LATENCY_MS=${BENCH_LATENCY_MS:-500} CARDGEN_BATCH_MAX_ITEMS=$items \
  java -jar "$jar" > "$dir/standalone.log" 2>&1 &
pid=$!
trap 'kill $pid 2>/dev/null || true; wait $pid 2>/dev/null || true; rm -rf "$data"' EXIT
until curl -sf "localhost:$admin_port/actuator/health" | grep -q UP; do sleep 1; done

admin() { curl -sf -X "$1" "localhost:$admin_port$2" -H "Authorization: Bearer $token" \
  -H 'Content-Type: application/json' ${3:+-d "$3"}; }
heap() { curl -sf "localhost:$admin_port/actuator/metrics/jvm.memory.used?tag=area:heap" \
  | python3 -c 'import json,sys; print(int(json.load(sys.stdin)["measurements"][0]["value"]) >> 20)'; }
field() { python3 -c "import json,sys; d=json.load(sys.stdin); print(eval('d' + sys.argv[1]))" "$1"; }

admin POST /admin/plans '{"name":"bench","api_access":true,"max_photos":3,"max_length":3000,
  "features_count":5,"audience":true,"headers_count":3,"slogans_count":3,"creativity":true,
  "keywords":true,"rate_limit_per_minute":100000}' > /dev/null
key=$(admin POST /admin/accounts "{\"name\":\"bench\",\"plan\":\"bench\",\"credits\":$((items * 2))}" \
  | field '["api_key"]')

python3 - "$items" > "$dir/items.jsonl" <<'PY'
import json, sys
photo = ("data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk"
         "+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==")
for i in range(1, int(sys.argv[1]) + 1):
    print(json.dumps({"custom_id": f"sku-{i}", "request": {"image_url": photo,
        "short_description": f"Керамическая кружка ручной работы номер {i}", "style": "standard",
        "length": 300}}, ensure_ascii=False))
PY

max_heap=0
sample() { local h; h=$(heap); [ "$h" -gt "$max_heap" ] && max_heap=$h; true; }
start=$(date +%s.%N)
curl -sf "localhost:$port/api/batches" -H "Authorization: Bearer $key" \
  -H 'Content-Type: application/x-ndjson' -H 'Idempotency-Key: bench-1' \
  --data-binary @"$dir/items.jsonl" > "$dir/created.json" &
curl_pid=$!
while kill -0 $curl_pid 2>/dev/null; do sample; sleep 0.2; done
wait $curl_pid
created=$(date +%s.%N)
id=$(field '["data"]["id"]' < "$dir/created.json")
echo "BENCH created $items items ($(du -h "$dir/items.jsonl" | cut -f1)) in $(echo "$created - $start" | bc) s; gateway heap peak ${max_heap} MiB"

status=in_progress
while [ "$status" != completed ]; do
  sleep 2
  batch=$(curl -sf "localhost:$port/api/batches/$id" -H "Authorization: Bearer $key")
  status=$(field '["data"]["status"]' <<< "$batch")
done
done_at=$(date +%s.%N)
echo "BENCH ran $items items in $(echo "$done_at - $created" | bc) s:" \
  "$(echo "scale=1; $items / ($done_at - $created)" | bc) items/s; $(field '["data"]["counts"]' <<< "$batch")"

max_heap=0
curl -sf "localhost:$port/api/batches/$id/results" -H "Authorization: Bearer $key" > "$dir/results.jsonl" &
curl_pid=$!
while kill -0 $curl_pid 2>/dev/null; do sample; sleep 0.2; done
wait $curl_pid
echo "BENCH streamed $(wc -l < "$dir/results.jsonl") result lines ($(du -h "$dir/results.jsonl" | cut -f1));" \
  "gateway heap peak ${max_heap} MiB"
