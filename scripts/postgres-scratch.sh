#!/usr/bin/env bash
# A PostgreSQL server of its own for the state store's tests, in a temporary folder on a loopback
# port (Debian's packages: initdb and pg_ctl, installed when missing), so a test may stop and
# start it without touching any other cluster on the machine.
#
#   eval "$(scripts/postgres-scratch.sh start DIR)"   # exports CTXLAKE_TEST_POSTGRES{,_CTL}
#   scripts/postgres-scratch.sh stop DIR              # stops it; rm -rf DIR to forget it
#
# CTXLAKE_TEST_POSTGRES is a URL whose role may create databases (each test makes its own);
# CTXLAKE_TEST_POSTGRES_CTL is the pg_ctl command for this server, to which the fault tests add
# `stop` and `start`. As root (CI's containers), the server runs as the `postgres` user.
set -euo pipefail
action=${1:?start or stop}
dir=${2:?a folder for the cluster}

bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1 || true)
if [ -z "$bin" ] || [ ! -x "$bin/initdb" ]; then
  export DEBIAN_FRONTEND=noninteractive
  apt-get install -y -qq postgresql >/dev/null 2>&1 || (apt-get update -qq && apt-get install -y -qq postgresql >/dev/null)
  bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
fi
as_owner=()
[ "$(id -u)" = 0 ] && as_owner=(runuser -u postgres --)
ctl="${as_owner[*]} $bin/pg_ctl -D $dir/data -l $dir/server.log -w"

case "$action" in
  stop)
    $ctl stop -m fast >/dev/null
    exit 0
    ;;
  start) ;;
  *) echo "usage: $0 start|stop DIR" >&2; exit 64 ;;
esac

mkdir -p "$dir"
[ "$(id -u)" = 0 ] && chown postgres "$dir"
if [ ! -f "$dir/data/PG_VERSION" ]; then
  password=$(od -An -tx1 -N12 /dev/urandom | tr -d ' \n')
  port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
  printf '%s\n' "$password" > "$dir/password"
  [ "$(id -u)" = 0 ] && chown postgres "$dir/password"
  chmod 600 "$dir/password"
  "${as_owner[@]}" "$bin/initdb" -D "$dir/data" -U ctxlake_test --pwfile="$dir/password" \
    --auth=scram-sha-256 -E UTF8 --no-instructions >/dev/null
  cat >> "$dir/data/postgresql.conf" <<CONF
listen_addresses = '127.0.0.1'
port = $port
unix_socket_directories = '$dir'
fsync = off
CONF
fi
$ctl status >/dev/null 2>&1 || $ctl start >/dev/null
port=$(awk -F' = ' '$1 == "port" {print $2}' "$dir/data/postgresql.conf" | tail -1)
echo "export CTXLAKE_TEST_POSTGRES='postgres://ctxlake_test:$(cat "$dir/password")@127.0.0.1:$port/postgres'"
echo "export CTXLAKE_TEST_POSTGRES_CTL='$ctl'"
