#!/usr/bin/env bash
# `make bench`: builds the Benchmarks executable in release mode, makes a throwaway CA and a
# certificate for 127.0.0.1, starts nginx on free loopback ports with the config beside this
# script, runs the benchmarks against it and stops nginx by its PID and removes the run's files,
# also when the run fails or is interrupted. Each run keeps its nginx, certificates and fixtures
# under a directory of its own (.build/bench/run-PID), so that two runs at once do not collide.
#
#   Tests/Benchmarks/bench.sh [Benchmarks options…]     e.g. --rounds 5 --only sequential,stub,websocket
#   Tests/Benchmarks/bench.sh --exec COMMAND…           run COMMAND instead, with the BENCH_* URLs set
#                                                       (profiling: see docs/Performance.md)
#
# The listeners, passed to Benchmarks in the environment:
#   BENCH_BASE_URL          plain HTTP (the older scenarios)
#   BENCH_HTTP_URL          plain HTTP/1.1          } with the connection log (BENCH_CONNECTION_LOG)
#   BENCH_HTTPS1_URL        HTTPS, HTTP/1.1 only    }
#   BENCH_H2_URL            HTTPS with HTTP/2       }
#   BENCH_CLOSE_HTTP_URL    plain HTTP, and HTTPS: the server closes the connection after every
#   BENCH_CLOSE_HTTPS_URL   response, so each request pays a new connection (and TLS handshake)
#   BENCH_CA_FILE           the CA certificate the HTTPS listeners chain to
#
# URLSession on Linux takes its CA bundle from libcurl's default (/etc/ssl/certs/ca-certificates.crt):
# swift-corelibs-foundation reads URLSessionCertificateAuthorityInfoFile on Android only. So the
# benchmarks run in a private mount namespace (unshare) where that file is the system bundle plus the
# throwaway CA, bind-mounted: nothing outside the benchmark process trusts the CA, and nothing is
# left behind. Without unshare, raw URLSession sits out the HTTPS scenarios (Benchmarks says so).
#
# Writes bench-results.json (and bench-websocket-results.json) in the package root. Installs nginx
# and openssl from Debian when they are missing.
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
RUN_DIR="$ROOT/.build/bench/run-$$"
PREFIX="$RUN_DIR/nginx"
TLS_DIR="$RUN_DIR/tls"
SYSTEM_BUNDLE=/etc/ssl/certs/ca-certificates.crt
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
if ! command -v openssl >/dev/null; then
    log "installing openssl from Debian"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends openssl </dev/null
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
# The nginx of a run that was killed outright (its script no longer runs), and its files.
for stale in "$ROOT"/.build/bench/run-*; do
    [[ -d "$stale" ]] || continue
    owner="${stale##*/run-}"
    kill -0 "$owner" 2>/dev/null && continue
    if [[ -f "$stale/nginx/nginx.pid" ]]; then
        old="$(cat "$stale/nginx/nginx.pid")"
        if [[ -r "/proc/$old/cmdline" ]] && tr '\0' ' ' <"/proc/$old/cmdline" | grep -q -- "-p $stale/nginx"; then
            log "stopping a stale nginx ($old)"
            stop_pid "$old"
        fi
    fi
    rm -rf "$stale"
done

mkdir -p "$PREFIX/conf" "$PREFIX/tmp" "$PREFIX/logs"
"$BIN" fixtures "$PREFIX/html"
chmod -R a+rX "$PREFIX/html"

NGINX_PID=
cleanup() {
    if [[ -n "$NGINX_PID" ]]; then
        stop_pid "$NGINX_PID"
        wait "$NGINX_PID" 2>/dev/null || true
    fi
    rm -rf "$RUN_DIR"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# A CA and a server certificate for 127.0.0.1 and localhost (ECDSA P-256, as most sites serve
# today), valid for two days, made afresh for every run; the keys never leave the run's directory.
make_certificates() {
    rm -rf "$TLS_DIR"
    mkdir -p "$TLS_DIR"
    chmod 700 "$TLS_DIR"
    (
        cd "$TLS_DIR"
        openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 2 \
            -subj "/CN=Networking bench CA" -keyout ca.key -out ca.pem \
            -addext "basicConstraints=critical,CA:TRUE" -addext "keyUsage=critical,keyCertSign,cRLSign"
        openssl req -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes \
            -subj "/CN=127.0.0.1" -keyout server.key -out server.csr
        printf '%s\n' "subjectAltName=IP:127.0.0.1,DNS:localhost" "basicConstraints=critical,CA:FALSE" \
            "keyUsage=critical,digitalSignature" "extendedKeyUsage=serverAuth" >server.ext
        openssl x509 -req -in server.csr -CA ca.pem -CAkey ca.key -CAcreateserial -days 2 \
            -extfile server.ext -out server.pem
        openssl verify -CAfile ca.pem server.pem >/dev/null
        # What URLSession sees as the system bundle inside the benchmark's mount namespace.
        cat "$SYSTEM_BUNDLE" ca.pem >bundle.pem 2>/dev/null || cp ca.pem bundle.pem
    ) 2>"$TLS_DIR/openssl.log" || { cat "$TLS_DIR/openssl.log" >&2; log "error: openssl failed"; exit 1; }
    # nginx's master loads the certificate and key before it starts its worker.
    chmod 600 "$TLS_DIR"/*.key
    chmod 644 "$TLS_DIR/ca.pem" "$TLS_DIR/server.pem" "$TLS_DIR/bundle.pem"
}
make_certificates

listening() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
# True once all six ports from $1 listen: nginx binds them one by one and, when one is taken (a
# client's ephemeral port does not answer a connect), keeps the others a while before it gives up.
all_listening() {
    local offset
    for offset in 0 1 2 3 4 5; do listening $(($1 + offset)) || return 1; done
}

# Six consecutive ports from a random start: the first for the older scenarios, then the
# listeners of nginx.conf.in in order.
PORT=
for _ in $(seq 20); do
    candidate=$((20000 + RANDOM % 40000))
    busy=
    for offset in 0 1 2 3 4 5; do listening $((candidate + offset)) && busy=1; done
    [[ -n "$busy" ]] && continue
    sed -e "s/@PORT@/$candidate/" -e "s/@HTTP_PORT@/$((candidate + 1))/" \
        -e "s/@HTTPS1_PORT@/$((candidate + 2))/" -e "s/@H2_PORT@/$((candidate + 3))/" \
        -e "s/@CLOSE_HTTP_PORT@/$((candidate + 4))/" -e "s/@CLOSE_HTTPS_PORT@/$((candidate + 5))/" \
        -e "s|@TLS_DIR@|$TLS_DIR|" "$HERE/nginx.conf.in" >"$PREFIX/conf/nginx.conf"
    "$NGINX" -p "$PREFIX" -c conf/nginx.conf -e "$PREFIX/error.log" &
    NGINX_PID=$!
    for _ in $(seq 50); do
        if all_listening "$candidate"; then
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
log "nginx $NGINX_PID on 127.0.0.1:$PORT-$((PORT + 5))"

export BENCH_BASE_URL="http://127.0.0.1:$PORT"
export BENCH_HTTP_URL="http://127.0.0.1:$((PORT + 1))"
export BENCH_HTTPS1_URL="https://127.0.0.1:$((PORT + 2))"
export BENCH_H2_URL="https://127.0.0.1:$((PORT + 3))"
export BENCH_CLOSE_HTTP_URL="http://127.0.0.1:$((PORT + 4))"
export BENCH_CLOSE_HTTPS_URL="https://127.0.0.1:$((PORT + 5))"
export BENCH_CA_FILE="$TLS_DIR/ca.pem"
export BENCH_CONNECTION_LOG="$PREFIX/logs/connections.log"

# Runs a command in a private mount namespace where the system CA bundle also holds the bench CA
# (see the top of this file), or as it is where unshare is not allowed.
trusting_ca() {
    local how=()
    if [[ "$(id -u)" == 0 ]]; then how=(unshare --mount --propagation private); else how=(unshare --map-root-user --mount); fi
    if [[ -f "$SYSTEM_BUNDLE" ]] && "${how[@]}" true 2>/dev/null; then
        "${how[@]}" bash -c 'mount --bind "$1" "$2" && shift 2 && exec "$@"' trusting-ca \
            "$TLS_DIR/bundle.pem" "$SYSTEM_BUNDLE" "$@"
    else
        log "unshare is not allowed here: raw URLSession cannot trust the bench CA"
        "$@"
    fi
}

if [[ "${1:-}" == "--exec" ]]; then
    shift
    trusting_ca "$@"
    exit
fi
# `--only` names scenarios of the Benchmarks executable, and `websocket` the WebSocket benchmark
# below; without `--only`, everything runs.
args=()
only=
while (($#)); do
    if [[ "$1" == --only && $# -ge 2 ]]; then
        only="$2"
        shift 2
        continue
    fi
    args+=("$1")
    shift
done
run_scenarios=1
run_websocket=1
if [[ -n "$only" ]]; then
    run_websocket=
    scenarios=()
    IFS=, read -ra names <<<"$only"
    for name in "${names[@]}"; do
        if [[ "$name" == websocket ]]; then run_websocket=1; else scenarios+=("$name"); fi
    done
    if ((${#scenarios[@]})); then args+=(--only "$(IFS=,; echo "${scenarios[*]}")"); else run_scenarios=; fi
fi

if [[ -n "$run_scenarios" ]]; then
    BENCH_COMMIT="$(git rev-parse --short HEAD 2>/dev/null || true)" \
        BENCH_SERVER="$("$NGINX" -v 2>&1 | sed 's/.*version: //')" \
        trusting_ca "$BIN" --output "$ROOT/bench-results.json" ${args[@]+"${args[@]}"}
fi

# WebSocket echoes against the `websockets` server (it needs the harness venv, which
# Tests/Harness/httpbin.sh creates), beside that package's own Python client.
if [[ -z "$run_websocket" ]]; then
    :
elif [[ -x "$ROOT/.build/harness-venv/bin/python" ]] && "$ROOT/.build/harness-venv/bin/python" -c 'import websockets' 2>/dev/null; then
    "$BIN" websocket --output "$ROOT/bench-websocket-results.json"
else
    log "skipping the WebSocket benchmark: the harness venv has no websockets package (run Tests/Harness/httpbin.sh start once)"
fi
