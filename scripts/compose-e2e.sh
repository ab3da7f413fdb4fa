#!/usr/bin/env bash
# End-to-end test of the container stack (docker-compose.yml): builds the images, starts
# PostgreSQL, Kafka, S3, the LLM simulator, Prometheus, the gateway and workers, then
#
#   1. creates a plan and an account through the admin API and generates a few cards;
#   2. scales the workers to 3 and waits until Prometheus scrapes all of them;
#   3. sends E2E_REQUESTS requests (default 300) from E2E_CLIENTS parallel clients while one
#      worker is SIGKILLed and the gateway is restarted;
#   4. retries every request with its own Idempotency-Key until it has its card, replays every
#      card once more (same uid, no new charge), and checks the books: GET /admin/audit clean,
#      reserved 0, charged = cards = requests, the account's balance down by exactly that;
#   5. tears the stack down (volumes included) and prints a summary.
#
# Exits non-zero on any lost request, double charge, audit breach or missing metrics.
# Needs docker (20.10+) and docker-compose 1.29 or the compose plugin; without a registry run
# scripts/offline-images.sh first. Uses free host ports, so it can run beside other stacks.
#
#   scripts/compose-e2e.sh
#   E2E_REQUESTS=500 E2E_KEEP=1 scripts/compose-e2e.sh     # keep the stack up afterwards
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"

requests=${E2E_REQUESTS:-300}
clients=${E2E_CLIENTS:-12}
# Each simulated LLM call takes this long, so the kill and the restart hit jobs in flight.
export CARDGEN_SIMULATOR_LATENCY_MS=${E2E_LLM_LATENCY_MS:-800}
retry_deadline=${E2E_RETRY_SECONDS:-420}

docker=${DOCKER:-$(command -v /usr/bin/docker || command -v docker || true)}
if [ -z "$docker" ] || ! "$docker" info >/dev/null 2>&1; then
  echo "compose-e2e: SKIPPED - no Docker engine answers here (install docker.io and start dockerd)" >&2
  exit "${E2E_SKIP_EXIT:-0}"
fi
# docker-compose 1.29 builds by running `docker` from PATH: make it the client chosen above (a
# newer static client without the buildx plugin cannot build with BuildKit).
PATH=$(dirname "$docker"):$PATH
if command -v docker-compose >/dev/null; then
  compose_cmd=(docker-compose)
elif "$docker" compose version >/dev/null 2>&1; then
  compose_cmd=("$docker" compose)
else
  echo "compose-e2e: SKIPPED - neither docker-compose nor the compose plugin is installed" >&2
  exit "${E2E_SKIP_EXIT:-0}"
fi
for tool in curl jq; do
  command -v "$tool" >/dev/null || { echo "compose-e2e: needs $tool" >&2; exit 2; }
done

export DOCKER_BUILDKIT=1 COMPOSE_DOCKER_CLI_BUILD=1
export COMPOSE_PROJECT_NAME=cardgen-e2e-$$
export COMPOSE_PROFILES=simulator,monitoring
# Port 0 everywhere: Docker picks free host ports, read back with `compose port`.
for port in HTTP ADMIN POSTGRES KAFKA S3 S3_CONSOLE PROMETHEUS GRAFANA; do
  export "CARDGEN_${port}_HOST_PORT=0"
done
export CARDGEN_ADMIN_TOKEN=e2e-$(od -An -N16 -tx1 /dev/urandom | tr -d ' \n')
# Webhook secrets sealed as in production (ADR 0047); the run creates no webhooks, but the apps
# start with the key and seal any secret they write.
export CARDGEN_WEBHOOKS_SEALING_KEY=$(head -c 32 /dev/urandom | base64)
export CARDGEN_LLM_BASE_URL=http://llm-simulator:8090/v1
export CARDGEN_LLM_API_KEY=e2e-simulator
export CARDGEN_LLM_MODEL=cardgen-simulator
export WORKER_REPLICAS=1

work=$(mktemp -d /tmp/cardgen-compose-e2e.XXXXXX)
log() { printf '%s e2e: %s\n' "$(date -u +%H:%M:%S)" "$*"; }
compose() { (COMPOSE_PROFILES=$COMPOSE_PROFILES "${compose_cmd[@]}" --profile simulator --profile monitoring "$@"); }

teardown() {
  local rc=$?
  if [ "$rc" != 0 ]; then
    compose logs --no-color >"$work/compose.log" 2>&1 || true
    log "FAILED (exit $rc); container logs kept in $work/compose.log"
  fi
  if [ -n "${E2E_KEEP:-}" ]; then
    log "stack kept: COMPOSE_PROJECT_NAME=$COMPOSE_PROJECT_NAME ${compose_cmd[*]} ps; files in $work"
  else
    log "tearing the stack down"
    compose down -v --remove-orphans >/dev/null 2>&1 || true
    if [ "$rc" = 0 ]; then rm -rf "$work"; fi
  fi
  exit "$rc"
}
trap teardown EXIT
# A signal ends the run through the EXIT trap, so the stack is torn down too.
trap 'exit 143' TERM INT

host_port() { # <service> <container port> -> host port (first replica)
  compose port "$1" "$2" | tail -n 1 | sed 's/.*://'
}

containers_of() { # <service> -> running container ids (Docker's labels: much faster than compose ps)
  "$docker" ps -q --filter "label=com.docker.compose.project=$COMPOSE_PROJECT_NAME" \
    --filter "label=com.docker.compose.service=$1"
}

wait_healthy() { # <service> <count> <seconds>
  local service=$1 want=$2 deadline=$((SECONDS + $3)) healthy id
  while :; do
    healthy=0
    for id in $(containers_of "$service"); do
      [ "$("$docker" inspect --format '{{.State.Health.Status}}' "$id" 2>/dev/null)" = healthy ] \
        && healthy=$((healthy + 1))
    done
    [ "$healthy" -ge "$want" ] && return 0
    [ "$SECONDS" -lt "$deadline" ] || { log "$service: $healthy of $want healthy after $3 s"; return 1; }
    sleep 2
  done
}

admin() { # <method> <path> [body]
  curl -sS --fail-with-body --max-time 30 -X "$1" "http://127.0.0.1:$(cat "$work/admin-port")$2" \
    -H "Authorization: Bearer $CARDGEN_ADMIN_TOKEN" -H 'Content-Type: application/json' \
    ${3:+--data "$3"}
}

prometheus() { # <query> -> the first value, or empty
  curl -sS --max-time 10 "http://127.0.0.1:$prometheus_port/api/v1/query" \
    --data-urlencode "query=$1" | jq -r '.data.result[0].value[1] // empty'
}

# A 1x1 PNG as a data: URL: no photo host needed, and the worker still decodes and stores it.
photo='data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='

# One attempt of request <key>; writes "<http status> <card uid or error code>" to $work/r/<key>.
# The gateway's port is read on every attempt because a restart may move it.
attempt() { # <key>
  local key=$1 body status
  body=$(jq -nc --arg img "$photo" --arg d "Керамическая кружка ручной работы, 350 мл, номер $key" \
    '{image_url: $img, short_description: $d, style: "standard", length: 300}')
  status=$(curl -sS --max-time 200 -o "$work/r/$key.json" -w '%{http_code}' \
    "http://127.0.0.1:$(cat "$work/http-port")/api/text/product" \
    -H "Authorization: Bearer $(cat "$work/api-key")" -H 'Content-Type: application/json' \
    -H "Idempotency-Key: $key" --data "$body" 2>/dev/null) || status=${status:-000}
  if [ "$status" = 200 ]; then
    echo "200 $(jq -r '.data.uid' "$work/r/$key.json")" >"$work/r/$key"
  else
    echo "$status $(jq -r '.code // .error // "no-body"' "$work/r/$key.json" 2>/dev/null || echo no-body)" >"$work/r/$key"
  fi
}
export -f attempt
export work photo

# ---------------------------------------------------------------------------------------------
log "building images (project $COMPOSE_PROJECT_NAME)"
compose build >"$work/build.log" 2>&1 || { tail -n 40 "$work/build.log"; exit 1; }

log "starting the stack"
compose up -d >"$work/up.log" 2>&1 || { cat "$work/up.log"; exit 1; }
log "data stores healthy, kafka-init done; waiting for the gateway and the worker"
wait_healthy api-gateway 1 300
wait_healthy generation-worker 1 300
host_port api-gateway 8080 >"$work/http-port"
host_port api-gateway 8081 >"$work/admin-port"
prometheus_port=$(host_port prometheus 9090)
log "stack healthy: API on :$(cat "$work/http-port"), admin on :$(cat "$work/admin-port"), Prometheus on :$prometheus_port"

log "creating a plan and an account through the admin API"
admin POST /admin/plans '{"name":"e2e","api_access":true,"max_photos":5,"max_length":3000,
  "features_count":5,"audience":true,"headers_count":3,"slogans_count":3,"creativity":true,
  "keywords":true,"rate_limit_per_minute":100000}' >/dev/null
credits=$((requests + 100))
account=$(admin POST /admin/accounts "{\"name\":\"e2e\",\"plan\":\"e2e\",\"credits\":$credits}")
account_id=$(jq -r .id <<<"$account")
jq -r .api_key <<<"$account" >"$work/api-key"
mkdir -p "$work/r"

log "first cards with one worker"
for i in 1 2 3; do
  attempt "warmup-$i"
  read -r status uid <"$work/r/warmup-$i"
  [ "$status" = 200 ] || { log "warm-up card $i failed: $status $uid"; exit 1; }
done

log "scaling generation-worker to 3"
compose up -d --no-recreate --scale generation-worker=3 >>"$work/up.log" 2>&1
wait_healthy generation-worker 3 300
deadline=$((SECONDS + 120))
until [ "$(prometheus 'count(up{job="cardgen-worker"} == 1)')" = 3 ]; do
  [ "$SECONDS" -lt "$deadline" ] || { log "Prometheus does not scrape 3 workers"; exit 1; }
  sleep 3
done
scraped_workers=3
log "Prometheus scrapes 3 workers and $(prometheus 'count(up{job="cardgen-gateway"} == 1)') gateway"

# ---------------------------------------------------------------------------------------------
log "sending $requests requests from $clients clients; killing a worker, restarting the gateway"
seq -f 'load-%05g' 1 "$requests" >"$work/keys"
xargs -P "$clients" -I{} bash -c 'attempt {}' <"$work/keys" &
load=$!

done_count() { find "$work/r" -maxdepth 1 -name 'load-*' ! -name '*.json' | wc -l; }
until [ "$(done_count)" -ge $((requests / 4)) ]; do sleep 1; done
victim=$(containers_of generation-worker | head -n 1)
"$docker" kill --signal KILL "$victim" >/dev/null
log "SIGKILLed worker ${victim:0:12} after $(done_count) answers"

until [ "$(done_count)" -ge $((requests / 2)) ]; do sleep 1; done
log "restarting the gateway after $(done_count) answers"
compose restart api-gateway >>"$work/up.log" 2>&1
wait_healthy api-gateway 1 300
host_port api-gateway 8080 >"$work/http-port"
host_port api-gateway 8081 >"$work/admin-port"
wait "$load"

first_ok=$(grep -l '^200 ' "$work"/r/load-* 2>/dev/null | wc -l)
log "first attempts: $first_ok of $requests answered with a card"

# ---------------------------------------------------------------------------------------------
log "retrying every request without its card under its own key"
deadline=$((SECONDS + retry_deadline))
while :; do
  pending=$(for key in $(cat "$work/keys"); do
    read -r status _ <"$work/r/$key"
    [ "$status" = 200 ] || echo "$key"
  done)
  [ -z "$pending" ] && break
  [ "$SECONDS" -lt "$deadline" ] || break
  printf '%s\n' $pending | xargs -P "$clients" -I{} bash -c 'attempt {}'
  sleep 2
done
lost=$(printf '%s\n' $pending | grep -c . || true)

log "replaying every card under its key"
cp -R "$work/r" "$work/first"
xargs -P "$clients" -I{} bash -c 'attempt {}' <"$work/keys"
replay_mismatch=0
for key in $(cat "$work/keys"); do
  cmp -s "$work/first/$key" "$work/r/$key" || replay_mismatch=$((replay_mismatch + 1))
done
# The status files only (the *.json bodies beside them hold no trailing newline).
distinct_cards=$(for key in $(cat "$work/keys") warmup-1 warmup-2 warmup-3; do cat "$work/r/$key"; done \
  | awk '$1 == 200 {print $2}' | sort -u | wc -l)

# ---------------------------------------------------------------------------------------------
audit=$(admin GET /admin/audit)
echo "$audit" >"$work/audit.json"
balance=$(admin GET "/admin/accounts/$account_id" | jq -r .balance)
clean=$(jq -r .clean <<<"$audit")
reserved=$(jq -r .reserved <<<"$audit")
charged=$(jq -r .charged <<<"$audit")
cards=$(jq -r .cards <<<"$audit")
expected=$((requests + 3))
double_charged=$((charged - distinct_cards))

# Which workers finished the jobs (every worker process has its own id).
compose exec -T postgres psql -U cardgen -d cardgen -At \
  -c "SELECT finished_by, count(*) FROM jobs GROUP BY 1 ORDER BY 2 DESC" >"$work/finished-by" 2>/dev/null || true
serving=$(grep -c . "$work/finished-by" || true)
up_now=$(prometheus 'count(up{job="cardgen-worker"} == 1)')
seen=$(prometheus 'count(count by (instance) (count_over_time(up{job="cardgen-worker"}[30m])))')

failures=()
[ "$lost" = 0 ] || failures+=("$lost requests never got their card")
[ "$replay_mismatch" = 0 ] || failures+=("$replay_mismatch replays differ from the first card")
[ "$distinct_cards" = "$expected" ] || failures+=("$distinct_cards distinct cards, expected $expected")
[ "$clean" = true ] || failures+=("audit not clean: $(jq -c .breaches <<<"$audit")")
[ "$reserved" = 0 ] || failures+=("$reserved credits still reserved")
[ "$charged" = "$cards" ] || failures+=("charged $charged != cards $cards")
[ "$double_charged" = 0 ] || failures+=("$double_charged credits charged beyond one per card")
[ "$balance" = $((credits - expected)) ] || failures+=("balance $balance, expected $((credits - expected))")
[ "${seen:-0}" -ge 3 ] || failures+=("Prometheus has metrics from ${seen:-0} workers, expected 3+")
[ "$serving" -ge 3 ] || failures+=("only $serving workers finished jobs")

cat <<SUMMARY

==================== compose e2e summary ====================
 workers scaled to       3 (Prometheus scraped $scraped_workers; $seen seen in total, $up_now up now)
 workers serving jobs    $serving
 workers killed          1 (SIGKILL mid-load), gateway restarted 1
 requests                $requests + 3 warm-up; first attempt ok $first_ok
 lost                    $lost
 double-charged          $double_charged
 replays differing       $replay_mismatch
 audit                   clean=$clean reserved=$reserved charged=$charged cards=$cards
 balance                 $balance of $credits
=============================================================
SUMMARY
if [ "${#failures[@]}" -gt 0 ]; then
  printf 'FAIL: %s\n' "${failures[@]}" >&2
  exit 1
fi
echo "PASS"
