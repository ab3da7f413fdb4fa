#!/bin/sh
# aot-cache.sh <Spring Boot jar>: run once while an image is built (ADR 0044). Extracts the jar
# into /app (app.jar and lib/: classes in nested jars cannot be cached) and, on a JDK with AOT
# caches (25; 24's flag is accepted too), records /app/app.aot from a run of the application that
# stops as soon as its context is refreshed: the classes of the whole start, loaded and linked.
# That run reaches no database, broker or S3 (Liquibase is off for it; nothing else connects
# before the start), so the build needs none. /app/aot.flags gets the flag that uses the cache,
# or nothing: a failed recording leaves an image that starts without one, as before.
set -eu
jar=$1
cd /app
java -Djarmode=tools -jar "$jar" extract --destination /app >/dev/null
rm -f "$jar"
: >/app/aot.flags
if ! java -XX:AOTMode=auto -version >/dev/null 2>&1; then
  echo "aot-cache: $(java -version 2>&1 | head -n 1) has no AOT cache; the image starts without one"
  exit 0
fi
# The flags the entry point starts with (the heap is small here: the build's memory is the host's).
# shellcheck disable=SC2046,SC2086
if java $JAVA_OPTS_DEFAULT $(cat /etc/cardgen-java-flags) -Xmx512m \
     -XX:AOTCacheOutput=/app/app.aot -Dspring.context.exit=onRefresh -Dspring.liquibase.enabled=false \
     -jar /app/app.jar >/tmp/aot-training.log 2>&1 \
   && [ -s /app/app.aot ]; then
  echo "-XX:AOTCache=/app/app.aot" >/app/aot.flags
  echo "aot-cache: recorded $(du -h /app/app.aot | cut -f1) in /app/app.aot"
else
  echo "aot-cache: the training run failed; the image starts without a cache. Its last lines:"
  grep -v '\[aot\]' /tmp/aot-training.log | tail -n 30
  rm -f /app/app.aot
fi
rm -f /tmp/aot-training.log
