#!/usr/bin/env bash
# Local httpbin server (gunicorn, loopback only) for the integration tests and demos.
#
#   Tests/Harness/httpbin.sh start   # start (or reuse) a server; prints `export HTTPBIN_BASE_URL=...`
#   Tests/Harness/httpbin.sh env     # print the export line of the running server (exit 1 if none)
#   Tests/Harness/httpbin.sh stop    # stop it (idempotent)
#
#   eval "$(Tests/Harness/httpbin.sh start)"
#
# Only the export line goes to stdout; progress and errors go to stderr.
# On first use a venv is created at .build/harness-venv from httpbin-requirements.txt.
#
# Environment (all optional):
#   HTTPBIN_STATE_DIR      pid/url/log directory        (default: .build/harness)
#   HTTPBIN_VENV           venv directory               (default: .build/harness-venv)
#   HTTPBIN_PYTHON         python used to make the venv (default: python3)
#   HTTPBIN_WORKERS        gunicorn worker processes    (default: 2)
#   HTTPBIN_THREADS        threads per worker           (default: 64)
#   HTTPBIN_START_TIMEOUT  seconds to wait for /get     (default: 30)
set -euo pipefail

HARNESS_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$HARNESS_DIR/../.." && pwd)"
REQUIREMENTS="$HARNESS_DIR/httpbin-requirements.txt"
VENV="${HTTPBIN_VENV:-$ROOT/.build/harness-venv}"
STATE_DIR="${HTTPBIN_STATE_DIR:-$ROOT/.build/harness}"
PYTHON="${HTTPBIN_PYTHON:-python3}"
WORKERS="${HTTPBIN_WORKERS:-2}"
THREADS="${HTTPBIN_THREADS:-64}"
START_TIMEOUT="${HTTPBIN_START_TIMEOUT:-30}"

PID_FILE="$STATE_DIR/httpbin.pid"
URL_FILE="$STATE_DIR/httpbin.url"
LOG_FILE="$STATE_DIR/httpbin.log"

log() { echo "httpbin.sh: $*" >&2; }
die() {
    log "error: $*"
    exit 1
}

# Creates (or rebuilds, when the requirements changed) the venv. Serialized with flock
# so that concurrent first uses don't trample each other.
ensure_venv() {
    local want stamp="$VENV/.requirements.sha256"
    want="$(sha256sum "$REQUIREMENTS" | cut -d' ' -f1)"
    venv_ok() { [[ -x "$VENV/bin/gunicorn" && -f "$stamp" && "$(cat "$stamp")" == "$want" ]]; }
    venv_ok && return 0

    mkdir -p "$(dirname "$VENV")"
    exec 9>"$VENV.lock"
    flock 9
    if ! venv_ok; then
        log "creating venv at $VENV (one-time, needs PyPI)"
        rm -rf "$VENV"
        "$PYTHON" -m venv "$VENV" ||
            die "'$PYTHON -m venv' failed (on Debian/Ubuntu: apt-get install python3-venv)"
        PIP_DISABLE_PIP_VERSION_CHECK=1 "$VENV/bin/pip" install --no-input --quiet -r "$REQUIREMENTS" ||
            { rm -rf "$VENV"; die "pip install -r $REQUIREMENTS failed"; }
        echo "$want" >"$stamp"
    fi
    flock -u 9
    exec 9>&-
}

# True if the pid file names a live gunicorn serving httpbin (guards against stale pids).
running() {
    [[ -f "$PID_FILE" ]] || return 1
    local pid
    pid="$(cat "$PID_FILE")"
    [[ "$pid" =~ ^[0-9]+$ ]] || return 1
    [[ -r "/proc/$pid/cmdline" ]] || return 1
    tr '\0' ' ' <"/proc/$pid/cmdline" | grep -q 'gunicorn.*httpbin:app'
}

# True if GET $1/get answers 200 within 2 s.
probe() {
    "$VENV/bin/python" - "$1/get" <<'EOF' 2>/dev/null
import sys, urllib.request
with urllib.request.urlopen(sys.argv[1], timeout=2) as r:
    sys.exit(0 if r.status == 200 else 1)
EOF
}

free_port() {
    "$VENV/bin/python" -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()'
}

cmd_start() {
    ensure_venv
    mkdir -p "$STATE_DIR"

    if running; then
        local url
        url="$(cat "$URL_FILE" 2>/dev/null || true)"
        if [[ -n "$url" ]] && probe "$url"; then
            log "already running at $url (pid $(cat "$PID_FILE"))"
            echo "export HTTPBIN_BASE_URL=$url"
            return 0
        fi
        log "stale server found, restarting"
        cmd_stop
    fi
    rm -f "$PID_FILE" "$URL_FILE"

    local attempt port url pid deadline
    for attempt in 1 2 3; do
        port="$(free_port)"
        url="http://127.0.0.1:$port"
        echo "=== $(date -u '+%Y-%m-%dT%H:%M:%SZ') starting httpbin at $url" >>"$LOG_FILE"
        # setsid: own process group, so stop can signal master and workers together and
        # Ctrl-C in the calling terminal doesn't reach it.
        setsid "$VENV/bin/gunicorn" \
            --bind "127.0.0.1:$port" \
            --worker-class gthread --workers "$WORKERS" --threads "$THREADS" \
            --timeout 60 --graceful-timeout 2 --keep-alive 5 \
            --access-logfile - --error-logfile - \
            httpbin:app >>"$LOG_FILE" 2>&1 </dev/null &
        pid=$!
        echo "$pid" >"$PID_FILE"
        echo "$url" >"$URL_FILE"

        deadline=$((SECONDS + START_TIMEOUT))
        while ((SECONDS < deadline)) && kill -0 "$pid" 2>/dev/null; do
            if probe "$url"; then
                log "started at $url (pid $pid, log $LOG_FILE)"
                echo "export HTTPBIN_BASE_URL=$url"
                return 0
            fi
            sleep 0.2
        done

        if kill -0 "$pid" 2>/dev/null; then
            cmd_stop
            tail -n 20 "$LOG_FILE" >&2 || true
            die "httpbin did not answer $url/get within ${START_TIMEOUT}s (log: $LOG_FILE)"
        fi
        # gunicorn exited by itself, most likely the port was taken in the meantime: retry.
        log "gunicorn exited during startup (attempt $attempt)"
        rm -f "$PID_FILE" "$URL_FILE"
    done
    tail -n 20 "$LOG_FILE" >&2 || true
    die "could not start httpbin (log: $LOG_FILE)"
}

cmd_stop() {
    if running; then
        local pid i
        pid="$(cat "$PID_FILE")"
        # SIGINT to the master = gunicorn's quick shutdown (~1.5 s); it stops its workers.
        # Whatever is left of the process group after 5 s gets SIGKILL.
        kill -INT "$pid" 2>/dev/null || true
        for ((i = 0; i < 50; i++)); do
            kill -0 -- "-$pid" 2>/dev/null || kill -0 "$pid" 2>/dev/null || break
            sleep 0.1
        done
        if kill -0 -- "-$pid" 2>/dev/null || kill -0 "$pid" 2>/dev/null; then
            log "pid $pid still alive after 5 s, sending SIGKILL"
            kill -KILL -- "-$pid" 2>/dev/null || kill -KILL "$pid" 2>/dev/null || true
        fi
        log "stopped (pid $pid)"
    fi
    rm -f "$PID_FILE" "$URL_FILE"
}

cmd_env() {
    local url
    if running && url="$(cat "$URL_FILE" 2>/dev/null)" && [[ -x "$VENV/bin/python" ]] && probe "$url"; then
        echo "export HTTPBIN_BASE_URL=$url"
    else
        die "no httpbin running (start one with: $0 start)"
    fi
}

case "${1:-}" in
start) cmd_start ;;
stop) cmd_stop ;;
env) cmd_env ;;
*)
    echo "usage: $0 start|stop|env" >&2
    exit 2
    ;;
esac
