#!/usr/bin/env bash
# The scaling benchmark of issue 11 (not part of `./mvnw verify`), with workers as separate
# processes next to the standalone's embedded stack:
#
#   1. one worker vs two: the standalone's own worker and a second worker process, each capped at
#      BENCH_WORKER_SLOTS jobs in flight, so the LLM wait (not CPU) bounds each worker. Two
#      workers on the one share group should give about twice the cards/s of one (the two-worker
#      level gets twice the requests, so both levels last as long). Both are warmed
#      up first (BENCH_WARMUP_ROUNDS rounds of BENCH_WARMUP_CARDS cards whose simulated call
#      returns at once), then two workers are measured, then worker 2 is stopped and one is.
#   2. one worker process with a BENCH_WORKER_HEAP heap (512m) and the default max-in-flight
#      (1 000): BENCH_HELD_REQUESTS requests whose LLM call lasts BENCH_HOLD_MS are sent at once,
#      and the worker's in-flight gauge, heap and RSS are sampled while it holds them.
#
#   scripts/bench-workers.sh
#   BENCH_WORKER_SLOTS=25 BENCH_HELD_REQUESTS=1200 scripts/bench-workers.sh
#
# Settings: BENCH_LATENCY_MS (2000), BENCH_WORKER_SLOTS (25), BENCH_WORKER_HEAP (512m),
# BENCH_WARMUP_ROUNDS (8), BENCH_WARMUP_CARDS (2500 per round),
# BENCH_HELD_REQUESTS (1100), BENCH_HOLD_MS (55000: below the
# worker's 60 s attempt timeout, long enough for the gateway to admit them all), BENCH_ONLY_HELD (1
# skips part 1), BENCH_JAVA (java 21+ for the worker: the
# newest JDK under /usr/lib/jvm), BENCH_START_TIMEOUT (900 s). Needs hey, curl, jq, python3.
# Output: a table on stdout; logs and hey's reports in deploy/standalone/target/bench-workers/.
set -euo pipefail
# The benchmark measures the standalone's simulator: a provider configured in the caller's shell
# must neither take its place nor be billed for it.
unset CARDGEN_LLM_BASE_URL CARDGEN_LLM_API_KEY CARDGEN_LLM_MODEL
cd "$(dirname "$0")/.."

latency=${BENCH_LATENCY_MS:-2000}
slots=${BENCH_WORKER_SLOTS:-25}
heap=${BENCH_WORKER_HEAP:-512m}
held=${BENCH_HELD_REQUESTS:-1100}
hold_ms=${BENCH_HOLD_MS:-55000}
warmup_rounds=${BENCH_WARMUP_ROUNDS:-8}
warmup_cards=${BENCH_WARMUP_CARDS:-2500}
jar=deploy/standalone/target/cardgen-standalone.jar
worker_jar=$(ls generation-worker/target/generation-worker-*-exec.jar 2>/dev/null | head -1 || true)
out=deploy/standalone/target/bench-workers
for tool in hey curl jq python3; do
  command -v "$tool" >/dev/null || { echo "bench: $tool is missing" >&2; exit 2; }
done
if [[ ! -f $jar || -z $worker_jar ]]; then
  ./mvnw -B -q -DskipTests -Dspotless.check.skip=true package -pl deploy/standalone -am
  worker_jar=$(ls generation-worker/target/generation-worker-*-exec.jar | head -1)
fi
java=${BENCH_JAVA:-$(ls -d /usr/lib/jvm/*/bin/java | sort -V | tail -1)}
mkdir -p "$out"
data=$(mktemp -d)

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
public=$(free_port) admin=$(free_port) own=$(free_port) pg=$(free_port) kafka=$(free_port) s3=$(free_port) sim=$(free_port)
token=bench-$(od -An -N16 -tx1 /dev/urandom | tr -d ' \n')

SERVER_PORT=$public CARDGEN_ADMIN_PORT=$admin CARDGEN_WORKER_PORT=$own \
CARDGEN_EMBEDDED_POSTGRES_PORT=$pg CARDGEN_EMBEDDED_KAFKA_PORT=$kafka CARDGEN_EMBEDDED_S3_PORT=$s3 \
CARDGEN_SIMULATOR_PORT=$sim CARDGEN_SIMULATOR_LATENCY_MS=$latency CARDGEN_DATA_DIR=$data \
CARDGEN_ADMIN_TOKEN=$token CARDGEN_WORKER_MAXINFLIGHT=$slots \
  deploy/standalone/cardgen-standalone.sh "$jar" > "$out/standalone.log" 2>&1 &
standalone=$!
workers=()
cleanup() {
  for p in "${workers[@]}" "$standalone"; do kill "$p" 2>/dev/null || true; done
  wait 2>/dev/null || true
  rm -rf "$data"
}
trap cleanup EXIT

await_up() { # url pid what
  local deadline=$(( SECONDS + ${BENCH_START_TIMEOUT:-900} ))
  until curl -fs "$1" 2>/dev/null | grep -q UP; do
    kill -0 "$2" 2>/dev/null || { echo "bench: $3 died, see $out" >&2; exit 1; }
    (( SECONDS < deadline )) || { echo "bench: $3 did not start in time" >&2; exit 1; }
    sleep 1
  done
}
await_up "localhost:$admin/actuator/health" "$standalone" "the standalone"

# A worker process of its own on the standalone's PostgreSQL, Kafka, S3 and simulator.
start_worker() { # name port max_in_flight [more worker arguments]
  local name=$1 port=$2 slots_=$3
  shift 3
  # The passwords go in the environment: a command line is every local user's to read (ps).
  SPRING_DATASOURCE_PASSWORD="$(cat "$data/postgres.password")" \
  CARDGEN_S3_SECRET_KEY="$(cat "$data/s3.password")" \
  SPRING_KAFKA_PROPERTIES_SASL_JAAS_CONFIG="org.apache.kafka.common.security.plain.PlainLoginModule required username=\"cardgen\" password=\"$(cat "$data/kafka.password")\";" \
  "$java" -Xmx"$heap" -XX:+UseG1GC -XX:+ExitOnOutOfMemoryError -jar "$worker_jar" \
    --server.port="$port" --cardgen.worker.max-in-flight="$slots_" "$@" \
    --spring.datasource.url="jdbc:postgresql://localhost:$pg/postgres" \
    --spring.datasource.username=postgres \
    --spring.kafka.bootstrap-servers="127.0.0.1:$kafka" \
    --spring.kafka.security.protocol=SASL_PLAINTEXT --spring.kafka.properties.sasl.mechanism=PLAIN \
    --cardgen.s3.endpoint="http://127.0.0.1:$s3" --cardgen.s3.access-key=cardgen \
    --cardgen.llm.base-url="http://127.0.0.1:$sim/v1" --cardgen.llm.api-key=simulator \
    --cardgen.llm.model=cardgen-simulator > "$out/$name.log" 2>&1 &
  started=$!
  workers+=("$started")
  await_up "localhost:$port/actuator/health" "$started" "$name"
}

admin_call() { curl -fsS -X POST "localhost:$admin$1" -H "Authorization: Bearer $token" -H 'Content-Type: application/json' -d "$2"; }
admin_call /admin/plans '{"name":"bench","api_access":true,"max_photos":5,"max_length":3000,"features_count":5,"audience":true,"headers_count":3,"slogans_count":3,"creativity":true,"keywords":true,"rate_limit_per_minute":10000000}' >/dev/null
key=$(admin_call /admin/accounts '{"name":"bench","plan":"bench","credits":1000000}' | jq -r .api_key)
card=http://127.0.0.1:$public/api/text/product
held_body=$out/held-request.json
jq --arg d "Керамическая кружка ручной работы [sim:slow=$hold_ms]" '.short_description = $d' \
  scripts/bench/card-request.json > "$held_body"

worker_metric() { # port name filter -> sum over the matching series
  curl -fs -m 5 "localhost:$1/actuator/prometheus" | awk -v m="$2" -v f="$3" \
    '$1 ~ "^"m && $0 ~ f {s += $NF} END {printf "%d", s}'
}
cards_by() { worker_metric "$1" cardgen_generation_validation_total 'pass="(first|repaired)"'; }

load() { # name concurrency requests body -> "rps p50 p99 errors"
  hey -n "$3" -c "$2" -t 600 -m POST -T application/json -H "Authorization: Bearer $key" \
    -D "$4" "$card" > "$out/$1.txt"
  awk -v n="$3" '/Requests\/sec:/ {rps=$2} /^  50% in/ {p50=$3} /^  99% in/ {p99=$3}
    /^  \[200\]/ {ok=$2} END {printf "%8.1f %7.3f %7.3f %6d", rps, p50, p99, n-ok}' "$out/$1.txt"
}

echo "commit $(git rev-parse --short HEAD)$(git diff --quiet || echo '+dirty'), latency ${latency} ms, worker java $("$java" -version 2>&1 | head -1), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
if [[ ${BENCH_ONLY_HELD:-0} != 1 ]]; then
echo
echo "1. Scaling: each worker capped at $slots in flight (ceiling $slots / ${latency} ms per worker)"
w2port=$(free_port)
start_worker worker-2 "$w2port" "$slots"
second=$started
# A JVM runs at about half its speed until its JIT has compiled the request path (tens of
# thousands of cards, docs/performance.md, sixth round); at the LLM-bound rate that would take
# a quarter of an hour. So both workers first serve cards whose simulated call returns at once.
fast_body=$out/warm-up-request.json
jq '.short_description += " [sim:latency=0]"' scripts/bench/card-request.json > "$fast_body"
for (( round = 1; round <= warmup_rounds; round++ )); do
  hey -n "$warmup_cards" -c "$(( slots * 4 ))" -t 600 -m POST -T application/json \
    -H "Authorization: Bearer $key" -D "$fast_body" "$card" > "$out/warm-up.txt"
  bar=$(printf '%*s' "$round" '' | tr ' ' '#')$(printf '%*s' "$(( warmup_rounds - round ))" '' | tr ' ' '-')
  awk -v r="$round" -v n="$warmup_rounds" -v bar="$bar" -v c="$warmup_cards" '/Requests\/sec:/ {
    printf "warm-up [%s] round %d/%d: %d cards at %.1f cards/s, both workers\n", bar, r, n, c, $2}' \
    "$out/warm-up.txt" >&2
done
# Both levels last about as long (≈ 24 rounds of the LLM latency): each ends with one latency of
# draining, when fewer requests are left than slots, and with equal numbers of requests that fixed
# drain would weigh twice as much in the two-worker level, which is half as long.
conc=$(( slots * 4 )) n=$(( slots * 24 )) n_two=$(( slots * 48 ))
settle() { # a short load first, so a level starts with its connections made and members settled
  hey -n "$(( slots * 2 ))" -c "$slots" -t 600 -m POST -T application/json -H "Authorization: Bearer $key" \
    -D scripts/bench/card-request.json "$card" > /dev/null
}
printf '%-12s %5s %6s %8s %7s %7s %6s\n' workers conc reqs 'cards/s' p50_s p99_s errors
settle
own1=$(cards_by "$own") w2=$(cards_by "$w2port")
two=$(load two-workers "$conc" "$n_two" scripts/bench/card-request.json)
printf '%-12s %5d %6d %s\n' 2 "$conc" "$n_two" "$two"
split="standalone's worker $(( $(cards_by "$own") - own1 )), worker 2 $(( $(cards_by "$w2port") - w2 ))"
# SIGTERM: the worker finishes its jobs in flight and leaves the share group.
kill "$second"; wait "$second" 2>/dev/null || true
settle
one=$(load one-worker "$conc" "$n" scripts/bench/card-request.json)
printf '%-12s %5d %6d %s\n' 1 "$conc" "$n" "$one"
echo "cards written during the two-worker level: $split"
awk -v a="$(echo "$one" | awk '{print $1}')" -v b="$(echo "$two" | awk '{print $1}')" \
  'BEGIN {printf "two workers / one worker: %.2fx\n", b / a}'
fi

echo
echo "2. One worker process, -Xmx$heap, max-in-flight 1000, no slots kept for synchronous work:"
echo "   one batch of $held items whose LLM call lasts ${hold_ms} ms (batch items reach the worker"
echo "   straight from PostgreSQL, so the gateway's intake rate does not cap the jobs in flight)"
wport=$(free_port)
start_worker worker-held "$wport" 1000 --cardgen.worker.batch.sync-reserve=0
big=$started
metric() { worker_metric "$wport" "$@"; }
python3 - "$held" "$held_body" > "$out/held-items.jsonl" <<'PY'
import json, sys
request = json.load(open(sys.argv[2]))
for i in range(1, int(sys.argv[1]) + 1):
    print(json.dumps({"custom_id": f"held-{i}", "request": request}, ensure_ascii=False))
PY
batch_id=$(curl -fsS "http://127.0.0.1:$public/api/batches" -H "Authorization: Bearer $key" \
  -H 'Content-Type: application/x-ndjson' --data-binary @"$out/held-items.jsonl" | jq -r .data.id)
( until [[ $(curl -fs "http://127.0.0.1:$public/api/batches/$batch_id" -H "Authorization: Bearer $key" \
    | jq -r .data.status) == completed ]]; do sleep 2; done ) &
loader=$!
max_running=0 max_heap=0 max_rss=0
sample_worker() { # keeps the peaks; a sample the busy worker does not answer in 5 s is skipped
  local running heap_used rss
  running=$(metric cardgen_jobs_running '') || return 0
  heap_used=$(metric jvm_memory_used_bytes 'area="heap"') || return 0
  heap_used=$(( ${heap_used:-0} >> 20 ))
  rss=$(awk '/VmRSS/{printf "%d", $2/1024}' "/proc/$big/status" 2>/dev/null) || rss=0
  (( ${running:-0} > max_running )) && max_running=$running
  (( heap_used > max_heap )) && max_heap=$heap_used
  (( ${rss:-0} > max_rss )) && max_rss=$rss
  return 0
}
while kill -0 "$loader" 2>/dev/null; do
  sample_worker
  sleep 1
done
wait "$loader" || true
ok=$(curl -fs "http://127.0.0.1:$public/api/batches/$batch_id" -H "Authorization: Bearer $key" \
  | jq -r .data.counts.succeeded)
committed=$(metric jvm_memory_committed_bytes 'area="heap"' || echo 0)
committed=$(( ${committed:-0} >> 20 ))
printf '%-28s %s\n' 'max jobs in flight (worker)' "$max_running" \
  'max heap used, MB' "$max_heap" 'heap committed at end, MB' "$committed" \
  'max RSS, MB' "$max_rss" 'items succeeded' "${ok:-0} of $held"
kill -0 "$big" 2>/dev/null || echo "the worker process died: see $out/worker-held.log"
