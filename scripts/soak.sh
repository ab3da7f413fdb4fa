#!/usr/bin/env bash
# The soak run of issue 4 (not part of `./mvnw verify`): the standalone stack in this JVM, worker
# processes SIGKILLed every minute, many requests with random keys, repeats, conflicts and
# simulator faults; ends with every job settled once, a clean /admin/audit and the figures.
#
#   scripts/soak.sh                       # 10 000 requests
#   SOAK_REQUESTS=2000 scripts/soak.sh    # shorter
#
# Settings: SOAK_REQUESTS (10000), SOAK_CLIENTS (16), SOAK_WORKERS (2), SOAK_KILL_EVERY (60s),
# SOAK_SEED (random). Output: the SOAK lines; the full log in deploy/standalone/target/soak.log.
set -euo pipefail
cd "$(dirname "$0")/.."
log=deploy/standalone/target/soak.log
mkdir -p deploy/standalone/target
./mvnw -B verify -pl deploy/standalone -am \
  -Dspotless.check.skip=true \
  -Dtest=NONE -Dsurefire.failIfNoSpecifiedTests=false \
  -Dit.test=SoakRun -Dfailsafe.failIfNoSpecifiedTests=false \
  -Dcardgen.soak=true \
  -Dsoak.requests="${SOAK_REQUESTS:-10000}" \
  -Dsoak.clients="${SOAK_CLIENTS:-16}" \
  -Dsoak.workers="${SOAK_WORKERS:-2}" \
  -Dsoak.kill-every="${SOAK_KILL_EVERY:-60s}" \
  ${SOAK_SEED:+-Dsoak.seed="$SOAK_SEED"} \
  > "$log" 2>&1 && status=0 || status=$?
grep -E '^SOAK|Tests run:|BUILD' "$log" || true
exit $status
