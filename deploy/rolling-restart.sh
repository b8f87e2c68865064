#!/bin/sh
# Restarts the shop's processes one at a time without failing a request:
#   deploy/rolling-restart.sh [nginx site file] [port ...]
# (defaults: /etc/nginx/sites-available/shop, the ports of its `upstream shop` block).
# For each process: nginx stops sending it new requests (its line marked `down`, a graceful
# reload: old workers finish what they hold), the process is restarted (it finishes its own
# requests in flight on SIGTERM), and once its readiness answers, nginx sends to it again.
set -eu
site="${1:-/etc/nginx/sites-available/shop}"
[ "$#" -gt 0 ] && shift
ports="$*"
if [ -z "$ports" ]; then
  ports="$(sed -n 's/^ *server 127\.0\.0\.1:\([0-9]*\).*/\1/p' "$site")"
fi

mark() { # mark PORT down|up
  if [ "$2" = down ]; then
    sed -i "s/^\( *server 127\.0\.0\.1:$1\)\([ ;]\)/\1 down\2/" "$site"
  else
    sed -i "s/^\( *server 127\.0\.0\.1:$1\) down/\1/" "$site"
  fi
  nginx -t -q && nginx -s reload
}

for port in $ports; do
  echo "shop@$port: out of rotation"
  mark "$port" down
  # Requests nginx already sent the process finish before it exits (SIGTERM).
  sleep 2
  systemctl restart "shop@$port"
  i=0
  until curl -fsS "http://127.0.0.1:$port/api/health/ready" >/dev/null 2>&1; do
    i=$((i + 1))
    if [ "$i" -gt 120 ]; then
      echo "shop@$port is not ready after 60 s: left out of rotation" >&2
      exit 1
    fi
    sleep 0.5
  done
  mark "$port" up
  echo "shop@$port: back in rotation"
done
