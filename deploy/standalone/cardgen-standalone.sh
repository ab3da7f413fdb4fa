#!/usr/bin/env bash
# Starts the standalone jar with the runtime defaults of ADR 0010: the newest installed JDK from
# 21 on (virtual threads: a thousand jobs in flight cost no thread each), G1, a bounded heap.
#
#   deploy/standalone/cardgen-standalone.sh [path/to/cardgen-standalone.jar] [app args...]
#
# CARDGEN_JAVA picks the java binary (default: JAVA_HOME's, else the newest JDK 21+ under
# /usr/lib/jvm, else java on the PATH, which may be 17: it works there too, with a platform
# thread per job). CARDGEN_HEAP sets the heap (default 896m, ADR 0031); JAVA_OPTS adds or
# overrides flags.
set -euo pipefail
jar=${1:-$(dirname "$0")/target/cardgen-standalone.jar}
[[ $# -gt 0 ]] && shift

feature() { "$1" -XshowSettings:properties -version 2>&1 | awk -F'= ' '/java.specification.version/{print $2}'; }

pick_java() {
  if [[ -n ${CARDGEN_JAVA:-} ]]; then echo "$CARDGEN_JAVA"; return; fi
  if [[ -n ${JAVA_HOME:-} && -x $JAVA_HOME/bin/java ]]; then echo "$JAVA_HOME/bin/java"; return; fi
  local best="" best_version=0 candidate version
  for candidate in /usr/lib/jvm/*/bin/java; do
    [[ -x $candidate ]] || continue
    version=$(feature "$candidate")
    if [[ ${version:-0} -ge 21 && $version -gt $best_version ]]; then
      best=$candidate best_version=$version
    fi
  done
  echo "${best:-java}"
}

java=$(pick_java)
flags=(-Xmx"${CARDGEN_HEAP:-896m}" -XX:+UseG1GC -XX:+ExitOnOutOfMemoryError)
# Compact object headers (JEP 519) shrink every object by 4 bytes; a product flag from 25 on.
if [[ $(feature "$java") -ge 25 ]]; then
  flags+=(-XX:+UseCompactObjectHeaders)
fi
# shellcheck disable=SC2086 # JAVA_OPTS is a list of flags
exec "$java" "${flags[@]}" ${JAVA_OPTS:-} -jar "$jar" "$@"
