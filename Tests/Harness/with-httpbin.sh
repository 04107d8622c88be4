#!/usr/bin/env bash
# Runs a command against a fresh local httpbin, the streaming server (stream_server.py) and the
# proxies (proxies.sh), and always stops them afterwards.
#
#   Tests/Harness/with-httpbin.sh swift test --skip-build
#
# The command sees HTTPBIN_BASE_URL=http://127.0.0.1:PORT, STREAM_SERVER_BASE_URL (the same for
# stream_server.py), RESUMABLE_UPLOAD_BASE_URL (resumable_upload_server.py), H2_FAULT_BASE_URL=https://127.0.0.1:PORT and H2_FAULT_INFO (the misbehaving
# HTTP/2 server, h2_fault_server.py, and the file of its JSON line: ports and CA) and the PROXY_*
# variables of proxies.sh; its exit code is returned.
# Each run gets a private server (state under .build/harness/run.XXXXXX), so it never
# touches a server left running with `make httpbin`, and concurrent runs don't collide.
# The directory, with the server log, is kept only when the command fails.
set -euo pipefail

HARNESS_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$HARNESS_DIR/../.." && pwd)"

if (($# == 0)); then
    echo "usage: $0 COMMAND [ARGS...]" >&2
    exit 2
fi

mkdir -p "$ROOT/.build/harness"
HTTPBIN_STATE_DIR="$(mktemp -d "$ROOT/.build/harness/run.XXXXXX")"
export HTTPBIN_STATE_DIR

rc=1
stream_server_pid=
resumable_upload_server_pid=
h2_fault_server_pid=
cleanup() {
    "$HARNESS_DIR/httpbin.sh" stop || true
    "$HARNESS_DIR/proxies.sh" stop 2>/dev/null || true
    if [[ -n "$stream_server_pid" ]]; then kill "$stream_server_pid" 2>/dev/null || true; fi
    if [[ -n "$resumable_upload_server_pid" ]]; then kill "$resumable_upload_server_pid" 2>/dev/null || true; fi
    if [[ -n "$h2_fault_server_pid" ]]; then kill "$h2_fault_server_pid" 2>/dev/null || true; fi
    if ((rc == 0)); then
        rm -rf "$HTTPBIN_STATE_DIR"
    else
        echo "with-httpbin: command failed (exit $rc); server log: $HTTPBIN_STATE_DIR/httpbin.log" >&2
    fi
}
trap cleanup EXIT
trap 'rc=130; exit 130' INT
trap 'rc=143; exit 143' TERM

exports="$("$HARNESS_DIR/httpbin.sh" start)" # a plain assignment, so `set -e` sees a failure
eval "$exports"
export HTTPBIN_BASE_URL
echo "with-httpbin: HTTPBIN_BASE_URL=$HTTPBIN_BASE_URL" >&2

# The streaming server exits by itself once this script is gone (--parent), killed or not.
stream_url_file="$HTTPBIN_STATE_DIR/stream_server.url"
"${HTTPBIN_PYTHON:-python3}" "$HARNESS_DIR/stream_server.py" --parent $$ --url-file "$stream_url_file" \
    >"$HTTPBIN_STATE_DIR/stream_server.log" 2>&1 </dev/null &
stream_server_pid=$!
for _ in $(seq 100); do
    [[ -s "$stream_url_file" ]] && break
    kill -0 "$stream_server_pid" 2>/dev/null || break
    sleep 0.1
done
[[ -s "$stream_url_file" ]] || { echo "with-httpbin: stream_server.py did not start" >&2; exit 1; }
STREAM_SERVER_BASE_URL="$(cat "$stream_url_file")"
export STREAM_SERVER_BASE_URL
echo "with-httpbin: STREAM_SERVER_BASE_URL=$STREAM_SERVER_BASE_URL" >&2

# The resumable upload server (standard library only) also exits once this script is gone.
resumable_upload_url_file="$HTTPBIN_STATE_DIR/resumable_upload_server.url"
"${HTTPBIN_PYTHON:-python3}" "$HARNESS_DIR/resumable_upload_server.py" --parent $$ \
    --url-file "$resumable_upload_url_file" >"$HTTPBIN_STATE_DIR/resumable_upload_server.log" 2>&1 </dev/null &
resumable_upload_server_pid=$!
for _ in $(seq 100); do
    [[ -s "$resumable_upload_url_file" ]] && break
    kill -0 "$resumable_upload_server_pid" 2>/dev/null || break
    sleep 0.1
done
[[ -s "$resumable_upload_url_file" ]] || { echo "with-httpbin: resumable_upload_server.py did not start" >&2; exit 1; }
RESUMABLE_UPLOAD_BASE_URL="$(cat "$resumable_upload_url_file")"
export RESUMABLE_UPLOAD_BASE_URL
echo "with-httpbin: RESUMABLE_UPLOAD_BASE_URL=$RESUMABLE_UPLOAD_BASE_URL" >&2

# The misbehaving HTTP/2 server needs h2, from the venv httpbin.sh made; it also exits once this
# script is gone (--parent). Its certificates are made with openssl in the run's directory.
h2_fault_info="$HTTPBIN_STATE_DIR/h2_fault_server.json"
"${HTTPBIN_VENV:-$ROOT/.build/harness-venv}/bin/python" "$HARNESS_DIR/h2_fault_server.py" --parent $$ \
    --info-file "$h2_fault_info" --state-dir "$HTTPBIN_STATE_DIR/h2-fault-certificates" \
    >"$HTTPBIN_STATE_DIR/h2_fault_server.log" 2>&1 </dev/null &
h2_fault_server_pid=$!
for _ in $(seq 300); do
    [[ -s "$h2_fault_info" ]] && break
    kill -0 "$h2_fault_server_pid" 2>/dev/null || break
    sleep 0.1
done
[[ -s "$h2_fault_info" ]] || { echo "with-httpbin: h2_fault_server.py did not start" >&2; exit 1; }
H2_FAULT_INFO="$h2_fault_info"
H2_FAULT_BASE_URL="https://127.0.0.1:$(sed -E 's/.*"tls_port": ([0-9]+).*/\1/' "$h2_fault_info")"
export H2_FAULT_INFO H2_FAULT_BASE_URL
echo "with-httpbin: H2_FAULT_BASE_URL=$H2_FAULT_BASE_URL" >&2

proxy_exports="$("$HARNESS_DIR/proxies.sh" start)"
eval "$proxy_exports"
echo "with-httpbin: PROXY_HTTP_URL=$PROXY_HTTP_URL PROXY_AUTH_URL=$PROXY_AUTH_URL PROXY_SOCKS_URL=$PROXY_SOCKS_URL" >&2

set +e
"$@"
rc=$?
set -e
exit "$rc"
