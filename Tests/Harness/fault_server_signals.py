"""What fault_server.py's server says about retrying, authenticating and waiting: a status with
Retry-After or a challenge, a flaky path that fails N times, a bearer check, a busy path and a rate
limit with their headers (RateLimit, RateLimit-Policy), and problem details (RFC 9457).
"""

import json
import threading
import time

from fault_server_http import STATE, json_response, record, respond


def handle_status(conn, request):
    STATE.count(request.arg("id", ""))
    code = int(request.arg("code", "503"))
    headers = [("Content-Type", "application/json")]
    if "retry_after" in request.query:
        headers.append(("Retry-After", request.arg("retry_after", "")))
    if "www_authenticate" in request.query:
        headers.append(("WWW-Authenticate", request.arg("www_authenticate", "")))
    return respond(conn, code, b'{"status": %d}' % code, headers)


def handle_flaky(conn, request):
    count = STATE.count(request.arg("id", ""))
    if count <= int(request.arg("fail", "2")):
        code = int(request.arg("code", "503"))
        return respond(conn, code, b'{"status": %d}' % code, [("Content-Type", "application/json")])
    return json_response(conn, {"ok": True})


def handle_bearer(conn, request):
    STATE.count(request.arg("id", ""))
    expected = "Bearer " + request.arg("token", "fresh")
    if request.header("Authorization") == expected:
        return json_response(conn, {"authenticated": True})
    return respond(conn, 401, b'{"authenticated": false}',
                   [("Content-Type", "application/json"), ("WWW-Authenticate", 'Bearer realm="fault"')])


BUSY_LOCK = threading.Lock()
BUSY_LAST = {}  # id -> time.monotonic() of the previous /busy request under it


def handle_busy(conn, request):
    record(request)
    key = request.arg("id", "")
    count = STATE.count(key)
    now = time.monotonic()
    with BUSY_LOCK:
        previous = BUSY_LAST.get(key)
        BUSY_LAST[key] = now
    if count <= int(request.arg("fail", "1")):
        code = int(request.arg("code", "503"))
        headers = [("Content-Type", "application/json"), ("Retry-After", request.arg("retry_after", "1"))]
        return respond(conn, code, b'{"status": %d}' % code, headers)
    waited = None if previous is None else now - previous
    return json_response(conn, {"ok": True, "count": count, "waited": waited})


QUOTA_WINDOWS = {}  # id -> [window start (time.monotonic()), requests in it]


def handle_quota(conn, request):
    key = request.arg("id", "")
    STATE.count(key)
    limit = int(request.arg("limit", "2"))
    window = float(request.arg("window", "1"))
    now = time.monotonic()
    with BUSY_LOCK:
        start, used = QUOTA_WINDOWS.get(key, (now, 0))
        if now - start >= window:
            start, used = now, 0
        used += 1
        QUOTA_WINDOWS[key] = (start, used)
    left = max(0, limit - used)
    reset = max(1, int(-(-(start + window - now) // 1)))
    headers = [("Content-Type", "application/json"), ("RateLimit", '"default";r=%d;t=%d' % (left, reset)),
               ("RateLimit-Policy", '"default";q=%d;w=%d' % (limit, int(window)))]
    if used > limit:
        return respond(conn, 429, b'{"status": 429}', headers + [("Retry-After", str(reset))])
    return respond(conn, 200, json.dumps({"ok": True, "left": left}).encode(), headers)


def handle_problem(conn, request):
    STATE.count(request.arg("id", ""))
    code = int(request.arg("code", "403"))
    headers = [("Content-Type", "application/problem+json"), ("Content-Language", "en")]
    if request.arg("malformed", "") == "1":
        return respond(conn, code, b'{"type": "https://example.com/probs/out-of-credit", "title": ', headers)
    problem = {
        "type": "https://example.com/probs/out-of-credit",
        "title": request.arg("title", "You do not have enough credit."),
        "status": code,
        "detail": request.arg("detail", "Your current balance is 30, but that costs 50."),
        "instance": "/account/12345/msgs/abc",
        "balance": 30,
        "accounts": ["/account/12345", "/account/67890"],
    }
    return respond(conn, code, json.dumps(problem).encode(), headers)
