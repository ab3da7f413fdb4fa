#!/bin/sh
# Initialises an empty PGDATA from POSTGRES_* once, then runs the server as postgres, like the
# official image (without its /docker-entrypoint-initdb.d hooks, which compose does not use).
set -eu

if [ "${1#-}" != "$1" ]; then
  set -- postgres "$@"
fi
[ "$1" = postgres ] || exec "$@"

if [ "$(id -u)" = 0 ]; then
  mkdir -p "$PGDATA"
  chown -R postgres:postgres "$PGDATA" /var/run/postgresql
  chmod 0700 "$PGDATA"
  exec setpriv --reuid=postgres --regid=postgres --init-groups "$0" "$@"
fi

if [ ! -s "$PGDATA/PG_VERSION" ]; then
  : "${POSTGRES_PASSWORD:?POSTGRES_PASSWORD must be set}"
  user=${POSTGRES_USER:-postgres}
  db=${POSTGRES_DB:-$user}
  pwfile=$(mktemp)
  printf '%s\n' "$POSTGRES_PASSWORD" >"$pwfile"
  # Local socket connections are trusted (they need a shell in the container); every network
  # connection authenticates with a password.
  initdb --pgdata="$PGDATA" --username="$user" --pwfile="$pwfile" \
    --auth-local=trust --auth-host=scram-sha-256 --encoding=UTF8 --locale=C.UTF-8
  rm -f "$pwfile"
  cat >>"$PGDATA/postgresql.conf" <<CONF
listen_addresses = '*'
unix_socket_directories = '/var/run/postgresql'
CONF
  cat >>"$PGDATA/pg_hba.conf" <<HBA
host all all 0.0.0.0/0 scram-sha-256
host all all ::/0 scram-sha-256
HBA
  if [ "$db" != postgres ]; then
    # Single-user mode: no server listening yet, so no client sees a half-initialised database.
    printf 'CREATE DATABASE "%s";\n' "$db" | postgres --single -D "$PGDATA" postgres >/dev/null
  fi
fi

exec "$@"
