#!/usr/bin/env bash
# Starts the standalone jar with the runtime defaults of ADR 0010: the newest installed JDK from
# 21 on (virtual threads: a thousand jobs in flight cost no thread each), G1, a bounded heap, and
# on JDK 25 an AOT cache of the jar's classes and method profiles (ADR 0041).
#
#   deploy/standalone/cardgen-standalone.sh [path/to/cardgen-standalone.jar] [app args...]
#
# CARDGEN_JAVA picks the java binary (default: JAVA_HOME's, else the newest JDK 21+ under
# /usr/lib/jvm, else java on the PATH, which may be 17: it works there too, with a platform
# thread per job). CARDGEN_HEAP sets the heap (default 896m, ADR 0031); JAVA_OPTS adds or
# overrides flags. CARDGEN_AOT=off runs the jar as it is; CARDGEN_AOT_DIR says where the
# extracted jar and its cache live (default: aot/ beside the jar).
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

# The AOT cache (JEP 483/514/515) holds the classes loaded, linked and profiled by an earlier run,
# so a new JVM starts in half the time and runs its first minutes faster. It needs the jar in
# extracted form, and it is valid only for the same jar, JDK and flags: all three name its
# directory. The first run of a jar records the cache, which the JVM writes when it stops; later
# runs use it. Sets aot_jar and aot_flags; leaves them empty when there is no extracted jar.
aot_jar="" aot_flags=()
prepare_aot() {
  local root key dir name
  root=${CARDGEN_AOT_DIR:-$(dirname "$jar")/aot}
  name=$(basename "$jar")
  key=$({
    stat -c '%s %Y' "$jar"; readlink -f "$jar"; "$java" -version 2>&1; echo "${flags[*]} ${JAVA_OPTS:-}"
  } | sha256sum | cut -c1-16)
  dir=$root/$key
  if [[ ! -f $dir/app/$name ]]; then
    local tmp
    if ! mkdir -p "$dir" 2>/dev/null || ! tmp=$(mktemp -d "$root/.extract.XXXXXX" 2>/dev/null); then
      echo "cardgen: cannot write to $root, starting without the AOT cache" >&2
      return
    fi
    if ! "$java" -Djarmode=tools -jar "$jar" extract --destination "$tmp/app" >/dev/null; then
      echo "cardgen: could not extract $jar, starting without the AOT cache" >&2
      rm -rf "$tmp"
      return
    fi
    # Another launcher may have finished first; either copy is the same.
    mv -T "$tmp/app" "$dir/app" 2>/dev/null || true
    rm -rf "$tmp"
    [[ -f $dir/app/$name ]] || return 0
    # Caches of other jars, JDKs or flags not started for a day are dead weight (~350 MB each).
    find "$root" -mindepth 1 -maxdepth 1 -type d -name '????????????????' ! -name "$key" -mtime +0 \
      -exec rm -rf {} + 2>/dev/null || true
  fi
  touch "$dir" 2>/dev/null || true
  aot_jar=$dir/app/$name
  # A recording JVM is alive until its cache is complete: until then nobody reads the file.
  local recorder
  recorder=$(cat "$dir/recording.pid" 2>/dev/null || true)
  if [[ -n $recorder ]] && kill -0 "$recorder" 2>/dev/null; then
    return
  fi
  rm -f "$dir/recording.pid" 2>/dev/null || true
  if [[ -f $dir/cardgen.aot ]]; then
    aot_flags=(-XX:AOTCache="$dir/cardgen.aot")
  elif (set -C; echo $$ > "$dir/recording.pid") 2>/dev/null; then
    # exec below keeps this shell's pid for the JVM, so the pid file names the recorder.
    echo "cardgen: this run records the AOT cache $dir/cardgen.aot; it is written when the service stops" >&2
    aot_flags=(-XX:AOTCacheOutput="$dir/cardgen.aot" -Xlog:aot*=error -Xlog:cds*=error)
  fi
}

java=$(pick_java)
version=$(feature "$java")
flags=(-Xmx"${CARDGEN_HEAP:-896m}" -XX:+UseG1GC -XX:+ExitOnOutOfMemoryError)
# Compact object headers (JEP 519) shrink every object by 4 bytes; a product flag from 25 on.
if [[ ${version:-0} -ge 25 ]]; then
  flags+=(-XX:+UseCompactObjectHeaders)
  [[ ${CARDGEN_AOT:-on} == off ]] || prepare_aot
fi
# shellcheck disable=SC2086 # JAVA_OPTS is a list of flags
exec "$java" "${flags[@]}" ${aot_flags[@]+"${aot_flags[@]}"} ${JAVA_OPTS:-} -jar "${aot_jar:-$jar}" "$@"
