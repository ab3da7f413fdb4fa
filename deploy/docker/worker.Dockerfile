# syntax=docker/dockerfile:1
#
# cardgen generation-worker: no public API; actuator (health, metrics) on 8082.
# Build from the repository root (the context needs every module's pom.xml because the parent
# lists them all, even though only the worker and its dependencies are compiled):
#
#   docker build -f deploy/docker/worker.Dockerfile -t cardgen/worker:dev .

############################ build ############################
# JDK 25 compiles the Java 17 bytecode (maven.compiler.release) the build keeps (ADR 0010).
FROM maven:3.9-eclipse-temurin-25 AS build
WORKDIR /src
COPY . .
# The Maven wrapper pins the Maven version the project is tested with; the cache mount keeps
# ~/.m2 (dependencies and the wrapper's Maven download) between builds without baking it into a
# layer. The jar's file name carries the version, so it is renamed here once.
RUN --mount=type=cache,target=/root/.m2 \
    ./mvnw -B -DskipTests package -pl generation-worker -am \
 && cp generation-worker/target/generation-worker-*-exec.jar /tmp/app.jar

############################ runtime ############################
# Java 25: virtual threads without pinning on synchronized (JEP 491), compact object headers.
FROM eclipse-temurin:25-jre

# curl is for the HEALTHCHECK below; the Temurin image ships it today, install it only if a
# future base image drops it.
RUN command -v curl >/dev/null \
 || (apt-get update \
     && apt-get install -y --no-install-recommends curl \
     && rm -rf /var/lib/apt/lists/*)

# A fixed numeric UID so Kubernetes' runAsNonRoot can verify it without resolving names.
RUN groupadd --system --gid 10001 cardgen \
 && useradd --system --uid 10001 --gid cardgen --home-dir /app --shell /usr/sbin/nologin cardgen
WORKDIR /app
# Owned by root and only readable by the app: a compromised process cannot rewrite its own code.
COPY --from=build /tmp/app.jar /app/app.jar
USER 10001:10001

# The liveness/readiness health groups exist by default only when Spring Boot detects
# Kubernetes; Docker's HEALTHCHECK and compose's depends_on need them everywhere.
ENV CARDGEN_WORKER_PORT=8082 \
    MANAGEMENT_ENDPOINT_HEALTH_PROBES_ENABLED=true
EXPOSE 8082

# Readiness so that "healthy" means "consuming": DOWN while starting and once shutdown begins.
# Start period covers Liquibase at first start.
HEALTHCHECK --interval=10s --timeout=3s --start-period=90s --retries=3 \
  CMD curl -fsS "http://127.0.0.1:${CARDGEN_WORKER_PORT:-8082}/actuator/health/readiness" >/dev/null || exit 1

# Exec form: java is PID 1 and receives SIGTERM directly, which starts Spring's graceful
# shutdown: stop taking jobs, finish the ones in flight within their 120 s lease. Extra JVM
# flags go in JAVA_TOOL_OPTIONS, which the JVM reads on its own.
# Heap sized by the container (75 % of its memory limit); G1 named because the JVM would pick the
# Serial collector in a container with under 2 CPUs or 1792 MB; compact headers (JEP 519) save
# ~10 % of heap; an OutOfMemoryError ends the process so the orchestrator restarts it clean.
ENTRYPOINT ["java", "-XX:MaxRAMPercentage=75", "-XX:+UseG1GC", "-XX:+UseCompactObjectHeaders", \
            "-XX:+ExitOnOutOfMemoryError", "-jar", "/app/app.jar"]
