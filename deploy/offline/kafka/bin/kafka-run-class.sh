#!/bin/sh
# Runs one Kafka class with the image's jars; the tool scripts beside it use it. Tools log only
# warnings (to stderr), so their output stays parseable.
exec java ${KAFKA_TOOLS_HEAP_OPTS:--Xmx256m} -XX:TieredStopAtLevel=1 -XX:+UseSerialGC \
  -Djava.awt.headless=true -Dlog4j2.configurationFile=/opt/kafka/config/log4j2-tools.properties \
  -cp '/opt/kafka/libs/*' "$@"
