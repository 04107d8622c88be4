#!/usr/bin/env bash
# Local proxies (loopback only) for the tests of proxy settings: Debian's tinyproxy twice (an open
# HTTP proxy, and one that asks for Basic credentials) and microsocks (SOCKS5 with a user name and
# password), each on a free port, each logging what it forwards.
#
#   Tests/Harness/proxies.sh start   # start them; prints the export lines below
#   Tests/Harness/proxies.sh stop    # stop them by their process ids (idempotent)
#
# Exports: PROXY_HTTP_URL, PROXY_HTTP_LOG (the open tinyproxy and its log), PROXY_AUTH_URL,
# PROXY_AUTH_LOG (tinyproxy with Basic credentials), PROXY_SOCKS_URL, PROXY_SOCKS_LOG (microsocks),
# PROXY_USER and PROXY_PASSWORD (the credentials both of the latter accept). URLs carry no
# credentials.
#
# Only the export lines go to stdout. State lives in HTTPBIN_STATE_DIR (default .build/harness),
# so a with-httpbin.sh run keeps its own. When tinyproxy or microsocks is missing, start fails
# (on Debian: apt-get install tinyproxy microsocks).
set -euo pipefail

HARNESS_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$HARNESS_DIR/../.." && pwd)"
STATE_DIR="${HTTPBIN_STATE_DIR:-$ROOT/.build/harness}"
USER_NAME=proxyuser
PASSWORD=proxy-secret-7

log() { echo "proxies.sh: $*" >&2; }

free_port() {
    python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()'
}

# Waits until 127.0.0.1:$1 accepts connections while pid $2 lives.
wait_port() {
    local i
    for ((i = 0; i < 100; i++)); do
        kill -0 "$2" 2>/dev/null || return 1
        if python3 -c 'import socket, sys; socket.create_connection(("127.0.0.1", int(sys.argv[1])), 1)' "$1" \
            2>/dev/null; then return 0; fi
        sleep 0.05
    done
    return 1
}

# start_tinyproxy NAME PORT [basic-auth]
start_tinyproxy() {
    local name=$1 port=$2 conf="$STATE_DIR/$1.conf" pid
    {
        echo "Port $port"
        echo "Listen 127.0.0.1"
        echo "Timeout 30"
        echo "LogFile \"$STATE_DIR/$name.log\""
        echo "LogLevel Info"
        echo "MaxClients 200"
        echo "Allow 127.0.0.1"
        [[ ${3:-} == basic-auth ]] && echo "BasicAuth $USER_NAME $PASSWORD"
    } >"$conf"
    : >"$STATE_DIR/$name.log"
    setsid tinyproxy -d -c "$conf" >>"$STATE_DIR/$name.out" 2>&1 </dev/null &
    pid=$!
    echo "$pid" >"$STATE_DIR/$name.pid"
    wait_port "$port" "$pid" || { cat "$STATE_DIR/$name.out" >&2; log "error: tinyproxy ($name) did not start"; exit 1; }
}

cmd_start() {
    command -v tinyproxy >/dev/null || { log "error: tinyproxy is not installed"; exit 1; }
    command -v microsocks >/dev/null || { log "error: microsocks is not installed"; exit 1; }
    mkdir -p "$STATE_DIR"
    cmd_stop 2>/dev/null
    local http_port auth_port socks_port pid
    http_port="$(free_port)"
    start_tinyproxy tinyproxy-open "$http_port"
    auth_port="$(free_port)"
    start_tinyproxy tinyproxy-auth "$auth_port" basic-auth
    socks_port="$(free_port)"
    setsid microsocks -i 127.0.0.1 -p "$socks_port" -u "$USER_NAME" -P "$PASSWORD" \
        >"$STATE_DIR/microsocks.log" 2>&1 </dev/null &
    pid=$!
    echo "$pid" >"$STATE_DIR/microsocks.pid"
    wait_port "$socks_port" "$pid" || { log "error: microsocks did not start"; exit 1; }
    log "started tinyproxy on $http_port and $auth_port (Basic), microsocks on $socks_port"
    echo "export PROXY_HTTP_URL=http://127.0.0.1:$http_port PROXY_HTTP_LOG=$STATE_DIR/tinyproxy-open.log"
    echo "export PROXY_AUTH_URL=http://127.0.0.1:$auth_port PROXY_AUTH_LOG=$STATE_DIR/tinyproxy-auth.log"
    echo "export PROXY_SOCKS_URL=socks5://127.0.0.1:$socks_port PROXY_SOCKS_LOG=$STATE_DIR/microsocks.log"
    echo "export PROXY_USER=$USER_NAME PROXY_PASSWORD=$PASSWORD"
}

cmd_stop() {
    local name pid i
    for name in tinyproxy-open tinyproxy-auth microsocks; do
        [[ -f "$STATE_DIR/$name.pid" ]] || continue
        pid="$(cat "$STATE_DIR/$name.pid")"
        rm -f "$STATE_DIR/$name.pid"
        [[ "$pid" =~ ^[0-9]+$ ]] && kill -0 "$pid" 2>/dev/null || continue
        kill "$pid" 2>/dev/null || true
        for ((i = 0; i < 50; i++)); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
        kill -KILL "$pid" 2>/dev/null || true
        log "stopped $name (pid $pid)"
    done
}

case "${1:-}" in
start) cmd_start ;;
stop) cmd_stop ;;
*)
    echo "usage: $0 start|stop" >&2
    exit 2
    ;;
esac
