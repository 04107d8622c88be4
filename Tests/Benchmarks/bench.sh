#!/usr/bin/env bash
# `make bench`: builds the Benchmarks executable in release mode, starts nginx on a free loopback
# port with the config beside this script (everything under .build/bench/nginx), runs the
# benchmarks against it and stops nginx by its PID, also when the run fails or is interrupted.
#
#   Tests/Benchmarks/bench.sh [Benchmarks options…]     e.g. --rounds 5 --only sequential,stub
#   Tests/Benchmarks/bench.sh --exec COMMAND…           run COMMAND instead, with BENCH_BASE_URL set
#                                                       (profiling: see README, "Performance")
#
# Writes bench-results.json (and bench-websocket-results.json) in the package root. Installs nginx from Debian when it is missing.
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
PREFIX="$ROOT/.build/bench/nginx"
SWIFT="${SWIFT:-swift}"
cd "$ROOT"

log() { echo "bench.sh: $*" >&2; }

find_nginx() {
    command -v nginx 2>/dev/null || { [[ -x /usr/sbin/nginx ]] && echo /usr/sbin/nginx; } || true
}

NGINX="$(find_nginx)"
if [[ -z "$NGINX" ]]; then
    log "installing nginx from Debian"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends nginx-light </dev/null ||
        apt-get install -y -qq --no-install-recommends nginx </dev/null
    NGINX="$(find_nginx)"
    [[ -n "$NGINX" ]] || { log "error: nginx is still missing"; exit 1; }
fi

log "building Benchmarks (release)"
"$SWIFT" build -c release --product Benchmarks
BIN="$("$SWIFT" build -c release --show-bin-path)/Benchmarks"

# A server left behind by a run that was killed outright.
stop_pid() {
    local pid="$1"
    [[ "$pid" =~ ^[0-9]+$ ]] || return 0
    kill -TERM "$pid" 2>/dev/null || return 0
    for _ in $(seq 50); do
        kill -0 "$pid" 2>/dev/null || return 0
        sleep 0.1
    done
    kill -KILL "$pid" 2>/dev/null || true
}
if [[ -f "$PREFIX/nginx.pid" ]]; then
    old="$(cat "$PREFIX/nginx.pid")"
    if [[ -r "/proc/$old/cmdline" ]] && tr '\0' ' ' <"/proc/$old/cmdline" | grep -q -- "-p $PREFIX"; then
        log "stopping a stale nginx ($old)"
        stop_pid "$old"
    fi
fi

mkdir -p "$PREFIX/conf" "$PREFIX/tmp"
rm -rf "$PREFIX/html"
"$BIN" fixtures "$PREFIX/html"
chmod -R a+rX "$PREFIX/html"

NGINX_PID=
cleanup() {
    if [[ -n "$NGINX_PID" ]]; then
        stop_pid "$NGINX_PID"
        wait "$NGINX_PID" 2>/dev/null || true
        rm -f "$PREFIX/nginx.pid"
    fi
}
trap cleanup EXIT
trap 'exit 130' INT TERM

listening() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

PORT=
for _ in $(seq 20); do
    candidate=$((20000 + RANDOM % 40000))
    listening "$candidate" && continue
    sed "s/@PORT@/$candidate/" "$HERE/nginx.conf.in" >"$PREFIX/conf/nginx.conf"
    "$NGINX" -p "$PREFIX" -c conf/nginx.conf -e "$PREFIX/error.log" &
    NGINX_PID=$!
    for _ in $(seq 50); do
        if listening "$candidate"; then
            PORT="$candidate"
            break
        fi
        kill -0 "$NGINX_PID" 2>/dev/null || break
        sleep 0.1
    done
    [[ -n "$PORT" ]] && break
    stop_pid "$NGINX_PID"
    wait "$NGINX_PID" 2>/dev/null || true
    NGINX_PID=
done
[[ -n "$PORT" ]] || { log "error: nginx did not start (see $PREFIX/error.log)"; exit 1; }
log "nginx $NGINX_PID on 127.0.0.1:$PORT"

export BENCH_BASE_URL="http://127.0.0.1:$PORT"
if [[ "${1:-}" == "--exec" ]]; then
    shift
    "$@"
    exit
fi
BENCH_COMMIT="$(git rev-parse --short HEAD 2>/dev/null || true)" \
    BENCH_SERVER="$("$NGINX" -v 2>&1 | sed 's/.*version: //')" \
    "$BIN" --output "$ROOT/bench-results.json" "$@"

# WebSocket echoes against the `websockets` server (it needs the harness venv, which
# Tests/Harness/httpbin.sh creates), beside that package's own Python client.
if [[ -x "$ROOT/.build/harness-venv/bin/python" ]] && "$ROOT/.build/harness-venv/bin/python" -c 'import websockets' 2>/dev/null; then
    "$BIN" websocket --output "$ROOT/bench-websocket-results.json"
else
    log "skipping the WebSocket benchmark: the harness venv has no websockets package (run Tests/Harness/httpbin.sh start once)"
fi
