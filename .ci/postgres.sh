#!/usr/bin/env bash
# A throwaway PostgreSQL cluster for the server's storage tests.
#   pg_env=$(bash .ci/postgres.sh start) && eval "$pg_env"   # sets TEST_DATABASE_URL, PG_TEST_DIR
#   bash .ci/postgres.sh stop "$PG_TEST_DIR"
#   bash .ci/postgres.sh halt DIR / resume DIR   # stops the server (clients are cut off) and starts it
#                                                 # again on the same port and data (outage tests)
#   bash .ci/postgres.sh restart DIR              # `pg_ctl restart -m fast`, as a managed database's maintenance
# Installs Debian's postgresql when no initdb is found. The cluster runs as a non-root user
# (the package's `postgres` user when run as root), in a fresh folder, on a free port, listening
# on 127.0.0.1 only; stop removes the folder.
set -euo pipefail

find_bin() {
  local dir
  dir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
  if [ -n "$dir" ] && [ -x "$dir/initdb" ]; then echo "$dir"; fi
}

as_owner() {
  if [ "$(id -u)" = "0" ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

start() {
  local bin
  bin=$(find_bin)
  if [ -z "$bin" ]; then
    local sudo_cmd=""
    if [ "$(id -u)" != "0" ]; then sudo_cmd="sudo"; fi
    export DEBIAN_FRONTEND=noninteractive
    $sudo_cmd apt-get update -q >&2
    $sudo_cmd apt-get install -y -q --no-install-recommends postgresql >&2
    bin=$(find_bin)
  fi
  [ -n "$bin" ] || { echo "postgresql installed, but no initdb found" >&2; exit 1; }

  local dir port
  dir=$(mktemp -d /tmp/dfw-pg-XXXXXX)
  chmod 755 "$dir"
  if [ "$(id -u)" = "0" ]; then chown postgres: "$dir"; fi
  port=$(node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
  as_owner "$bin/initdb" -D "$dir/data" -U dfw -A trust -E UTF8 --no-locale >/dev/null
  echo "$port" >"$dir/port"
  run_server "$bin" "$dir"
  echo "export PG_TEST_DIR='$dir' PG_TEST_BIN='$bin'"
  echo "export TEST_DATABASE_URL='postgres://dfw@127.0.0.1:$port/postgres'"
}

run_server() {
  local bin="$1" dir="$2" port
  port=$(cat "$dir/port")
  as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 \
    -o "-c listen_addresses=127.0.0.1 -p $port -k $dir -c fsync=off" start >&2
}

halt() {
  local dir="${1:?usage: postgres.sh halt DIR}"
  as_owner "$(find_bin)/pg_ctl" -D "$dir/data" -m fast -w stop >&2
}

restart() {
  local dir="${1:?usage: postgres.sh restart DIR}"
  # pg_ctl restart starts the server again with the options of its last start (postmaster.opts).
  as_owner "$(find_bin)/pg_ctl" -D "$dir/data" -l "$dir/server.log" -m fast -w -t 60 restart >&2
}

resume() {
  local dir="${1:?usage: postgres.sh resume DIR}"
  run_server "$(find_bin)" "$dir"
}

stop() {
  local dir="${1:?usage: postgres.sh stop DIR}" bin
  bin=$(find_bin)
  if [ -n "$bin" ] && [ -d "$dir/data" ]; then as_owner "$bin/pg_ctl" -D "$dir/data" -m fast -w stop >&2 || true; fi
  rm -rf "$dir"
}

case "${1:-}" in
  start) start ;;
  stop) stop "${2:-}" ;;
  halt) halt "${2:-}" ;;
  resume) resume "${2:-}" ;;
  restart) restart "${2:-}" ;;
  *) echo "usage: $0 start | stop DIR | halt DIR | resume DIR | restart DIR" >&2; exit 2 ;;
esac
