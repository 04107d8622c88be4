#!/usr/bin/env python3
"""A fault-injection HTTP/1.1 server for the reliability tests (Python standard library only).

It listens on two loopback ports chosen by the kernel: the main one, and a second one that is
"another origin" for redirect tests. On start it prints one JSON line on stdout,

    {"port": 40123, "other_port": 40124, "pid": 4242}

(with --tls CERTIFICATE KEY, also "tls_port": the main routes over TLS, ALPN http/1.1), then serves
until it is signalled, its standard input reaches end of file or the process that started it is
gone (harness_lifetime.py):
a test that starts it with a pipe on stdin cannot leak it, even if it dies without a tearDown.

Every response is written by hand on the raw socket, so that each fault is exactly the bytes
described below. Paths (query parameters in brackets):

  /ok                          200 {"ok": true}, keep-alive (unless the request says Connection: close)
  /reset-mid-body              Content-Length 1000000, 64 KiB of body, then a TCP reset (RST)
  /close-before-headers        reads the request and closes the connection without a byte
  /short-body                  Content-Length 100000, 1000 bytes of body, then a clean close
  /bad-chunked                 Transfer-Encoding: chunked with a chunk size that is not hex
  /drip [interval, count]      Content-Length count, one byte every interval seconds
  /endless [length, delay]     body without end, 64 KiB chunks (chunked, or Content-Length
                               `length` when given) every `delay` (0.001) s until the client goes
                               away; delay=0 sends at loopback line rate
  /many-headers [n]            n (10000) header fields
  /huge-header [size]          one header line of size (1048576) bytes
  /bad-utf8-header             header values that are not UTF-8
  /redirect-loop               302 to itself
  /redirect-ring [at, size]    302 to /redirect-ring?at=<at + 1 modulo size>&size=<size>: a circle of
                               `size` (2) URLs, 0 → 1 → 0 (httpbin's redirect-to cannot make one:
                               each of two URLs would have to contain the other)
  /redirect [to, id, status]   records the request's headers under id, then `status` (302) to `to`
  /record [id]                 records the request's headers under id, 200 (on either port)
  /status [id, code, retry_after, www_authenticate]
                               counts under id, answers `code` with the given headers
  /flaky [id, fail, code]      counts under id: answers `code` (503) to the first `fail` (2) requests,
                               then 200 {"ok": true}
  /bearer [id, token]          200 if Authorization is "Bearer <token>" else 401 (Bearer), counted
  /busy [id, fail, code, retry_after]
                               records the request's headers and counts under id: answers `code` (503) with Retry-After: `retry_after` (1)
                               to the first `fail` (1) requests, then 200 {"ok": true, "count": N,
                               "waited": seconds since the previous request under id, measured here}
  /quota [id, limit, window]   counts under id: a quota of `limit` (2) requests per `window` (1) seconds,
                               the window starting at its first request; answers 200 with
                               RateLimit: "default";r=<left>;t=<seconds to the reset, rounded up> and
                               RateLimit-Policy: "default";q=<limit>;w=<window>, or 429 with the same
                               fields and Retry-After once the quota is spent
  /problem [id, code, title, detail, malformed]
                               counts under id, answers `code` (403) with Content-Type
                               application/problem+json: RFC 9457's example (type, title, status,
                               detail, instance, and the extensions balance and accounts), the title
                               and detail replaced when given; with malformed=1, a body that is not JSON
  /slow [id, delay, code]      counts under id, waits `delay` (0.5) s, then answers `code` (200)
                               {"count": N}: a transfer that stays in flight while others arrive
  /garbage-json                200, Content-Type application/json, a body that is not JSON
  /set-cookie                  200 with Set-Cookie: session=<value of the X-Cookie-Value request header>
  /gzip-bomb [mib]             Content-Encoding: gzip, ~1 MiB on the wire, mib (1024) MiB decoded
  /bad-gzip                    Content-Encoding: gzip on bytes that are not gzip
  /control/recorded [id]       the headers recorded under id: [{"port", "path", "headers"}]
  /control/count [id]          {"count": N}: the requests counted under id
  /control/open-connections    {"count": N}: connections open now (both ports)
  /control/request-lines       every request line received so far but the control ones, in order
  /huge-length                 200 with a Content-Length of 20 digits, ten bytes of body, then silence
  /conflicting-length          200 with two Content-Length fields, 6 then 5, and six bytes of body
                               (keep-alive): a response a client must discard (RFC 9112 section 6.3)
  /desync [status]             answers `status` (200, with a body; 204 or a HEAD without one), then,
                               while the connection is idle, writes a second, forged response on it
                               (body "smuggled") that no request asked for
"""

import argparse
import json
import os
import socket
import sys
import threading
import time

from fault_server_signals import (
    handle_bearer,
    handle_busy,
    handle_flaky,
    handle_problem,
    handle_quota,
    handle_status,
)
from harness_lifetime import tie_to_parent
from fault_server_http import (
    CURRENT,
    STATE,
    head,
    json_response,
    listen,
    read_request,
    record,
    reset,
    respond,
    send_forever,
    tls_context,
)


# Each handler returns True to keep the connection open for another request.


def handle_ok(conn, request):
    return json_response(conn, {"ok": True, "port": request.port})


def handle_reset_mid_body(conn, request):
    conn.sendall(head(200, "OK", [("Content-Type", "application/octet-stream"), ("Content-Length", "1000000")]))
    conn.sendall(b"x" * 65536)
    time.sleep(0.05)
    reset(conn)
    return False


def handle_close_before_headers(conn, request):
    conn.close()
    return False


def handle_short_body(conn, request):
    conn.sendall(head(200, "OK", [("Content-Type", "application/octet-stream"), ("Content-Length", "100000")]))
    conn.sendall(b"y" * 1000)
    conn.shutdown(socket.SHUT_WR)
    conn.close()
    return False


def handle_bad_chunked(conn, request):
    conn.sendall(head(200, "OK", [("Content-Type", "text/plain"), ("Transfer-Encoding", "chunked")]))
    conn.sendall(b"5\r\nhello\r\nzz-not-hex\r\nworld\r\n0\r\n\r\n")
    time.sleep(0.05)
    conn.close()
    return False


def handle_drip(conn, request):
    interval = float(request.arg("interval", "3"))
    count = int(request.arg("count", "10"))
    conn.sendall(head(200, "OK", [("Content-Type", "text/plain"), ("Content-Length", str(count))]))
    try:
        for _ in range(count):
            time.sleep(interval)
            conn.sendall(b".")
    except OSError:
        pass
    conn.close()
    return False


def handle_endless(conn, request):
    length = request.arg("length", None)
    delay = float(request.arg("delay", "0.001"))
    chunk = b"z" * 65536
    if length is None:
        conn.sendall(head(200, "OK", [("Content-Type", "application/octet-stream"), ("Transfer-Encoding", "chunked")]))
        send_forever(conn, b"10000\r\n" + chunk + b"\r\n", delay)
    else:
        conn.sendall(head(200, "OK", [("Content-Type", "application/octet-stream"), ("Content-Length", length)]))
        send_forever(conn, chunk, delay)
    conn.close()
    return False


def handle_many_headers(conn, request):
    n = int(request.arg("n", "10000"))
    headers = [("X-Header-%d" % i, "value-%d" % i) for i in range(n)]
    return respond(conn, 200, b'{"many": true}', headers + [("Content-Type", "application/json")], close=True)


def handle_huge_header(conn, request):
    size = int(request.arg("size", str(1 << 20)))
    return respond(conn, 200, b'{"huge": true}', [("X-Huge", "h" * size), ("Content-Type", "application/json")],
                   close=True)


def handle_bad_utf8_header(conn, request):
    raw = (b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n"
           b"X-Bad: \xff\xfe\xc3\x28 not utf-8\r\nX-Latin: caf\xe9\r\nX-Good: fine\r\n"
           b"Content-Length: 13\r\nConnection: close\r\n\r\n{\"bad\": true}")
    conn.sendall(raw)
    return False


def handle_redirect_loop(conn, request):
    return respond(conn, 302, b"", [("Location", "/redirect-loop")])


def handle_redirect_ring(conn, request):
    size = max(1, int(request.arg("size", "2")))
    at = (int(request.arg("at", "0")) + 1) % size
    return respond(conn, 302, b"", [("Location", "/redirect-ring?at=%d&size=%d" % (at, size))])


def handle_redirect(conn, request):
    record(request)
    status = int(request.arg("status", "302"))
    return respond(conn, status, b"", [("Location", request.arg("to", "/ok"))])


def handle_record(conn, request):
    record(request)
    return json_response(conn, {"recorded": True, "port": request.port})


def handle_slow(conn, request):
    count = STATE.count(request.arg("id", ""))
    time.sleep(float(request.arg("delay", "0.5")))
    body = json.dumps({"count": count}).encode()
    return respond(conn, int(request.arg("code", "200")), body, [("Content-Type", "application/json")])


def handle_set_cookie(conn, request):
    cookie = "session=%s; Path=/; HttpOnly" % (request.header("X-Cookie-Value") or "none")
    return respond(conn, 200, b'{"set": true}', [("Content-Type", "application/json"), ("Set-Cookie", cookie)])


def handle_garbage_json(conn, request):
    return respond(conn, 200, b'{"unterminated": [1, 2, \xff\xfe <html>', [("Content-Type", "application/json")])


def handle_gzip_bomb(conn, request):
    body = STATE.bomb(int(request.arg("mib", "1024")))
    headers = [("Content-Type", "application/octet-stream"), ("Content-Encoding", "gzip")]
    try:
        return respond(conn, 200, body, headers, close=True)
    except OSError:
        return False


def handle_bad_gzip(conn, request):
    body = b"\x1f\x8b\x08\x00garbage, not deflate data" * 10
    return respond(conn, 200, body, [("Content-Type", "text/plain"), ("Content-Encoding", "gzip")], close=True)


def handle_recorded(conn, request):
    with STATE.lock:
        entries = list(STATE.recorded.get(request.arg("id", ""), []))
    return json_response(conn, entries)


def handle_count(conn, request):
    with STATE.lock:
        count = STATE.counts.get(request.arg("id", ""), 0)
    return json_response(conn, {"count": count})


def handle_request_lines(conn, request):
    with STATE.lock:
        lines = list(STATE.request_lines)
    return json_response(conn, lines)


def handle_huge_length(conn, request):
    conn.sendall(head(200, "OK", [("Content-Type", "application/octet-stream"), ("Content-Length", "9" * 20)]))
    conn.sendall(b"0123456789")
    time.sleep(30)  # a client that waits for the rest waits in vain
    return False


def handle_conflicting_length(conn, request):
    conn.sendall(head(200, "OK", [("Content-Type", "text/plain"), ("Content-Length", "6"), ("Content-Length", "5")])
                 + b"abcdef")
    return True


def handle_desync(conn, request):
    status = int(request.arg("status", "200"))
    if status == 204:
        conn.sendall(head(204, "No Content", []))
    elif request.method == "HEAD":
        conn.sendall(head(200, "OK", [("Content-Type", "text/plain"), ("Content-Length", "5")]))
    else:
        respond(conn, 200, b"first", [("Content-Type", "text/plain")])
    time.sleep(0.1)
    forged = b"smuggled"
    conn.sendall(head(200, "OK", [("Content-Type", "application/json"), ("Content-Length", str(len(forged)))]) + forged)
    return True


def handle_open_connections(conn, request):
    with STATE.lock:
        count = STATE.open_connections - 1  # not this one
    return json_response(conn, {"count": count})


ROUTES = {
    "/ok": handle_ok,
    "/reset-mid-body": handle_reset_mid_body,
    "/close-before-headers": handle_close_before_headers,
    "/short-body": handle_short_body,
    "/bad-chunked": handle_bad_chunked,
    "/drip": handle_drip,
    "/endless": handle_endless,
    "/many-headers": handle_many_headers,
    "/huge-header": handle_huge_header,
    "/bad-utf8-header": handle_bad_utf8_header,
    "/redirect-loop": handle_redirect_loop,
    "/redirect-ring": handle_redirect_ring,
    "/redirect": handle_redirect,
    "/record": handle_record,
    "/status": handle_status,
    "/flaky": handle_flaky,
    "/bearer": handle_bearer,
    "/busy": handle_busy,
    "/problem": handle_problem,
    "/quota": handle_quota,
    "/slow": handle_slow,
    "/garbage-json": handle_garbage_json,
    "/set-cookie": handle_set_cookie,
    "/gzip-bomb": handle_gzip_bomb,
    "/bad-gzip": handle_bad_gzip,
    "/control/recorded": handle_recorded,
    "/control/count": handle_count,
    "/control/open-connections": handle_open_connections,
    "/control/request-lines": handle_request_lines,
    "/huge-length": handle_huge_length,
    "/desync": handle_desync,
    "/conflicting-length": handle_conflicting_length,
}


def serve_connection(conn, port, context=None):
    with STATE.lock:
        STATE.open_connections += 1
    try:
        if context is not None:
            conn = context.wrap_socket(conn, server_side=True)
        conn.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        buffer = b""
        while True:
            request, buffer = read_request(conn, buffer, port)
            if request is None:
                break
            CURRENT.close = (request.header("Connection") or "").lower() == "close"
            if not request.path.startswith("/control/"):
                with STATE.lock:
                    STATE.request_lines.append(request.method + " " + request.target)
            handler = ROUTES.get(request.path)
            if handler is None:
                keep = respond(conn, 404, b'{"error": "no such fault"}', [("Content-Type", "application/json")])
            else:
                keep = handler(conn, request)
            if not keep or CURRENT.close:
                break
    except OSError:
        pass
    finally:
        with STATE.lock:
            STATE.open_connections -= 1
        try:
            conn.close()
        except OSError:
            pass


def accept_loop(listener, port, context=None):
    while True:
        conn, _ = listener.accept()
        threading.Thread(target=serve_connection, args=(conn, port, context), daemon=True).start()


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tls", nargs=2, metavar=("CERTIFICATE", "KEY"), help="also serve over TLS on tls_port")
    args = parser.parse_args()

    main_listener, port = listen()
    other_listener, other_port = listen()
    info = {"port": port, "other_port": other_port, "pid": os.getpid()}
    if args.tls:
        tls_listener, info["tls_port"] = listen()
        tls = (tls_listener, info["tls_port"], tls_context(*args.tls))
        threading.Thread(target=accept_loop, args=tls, daemon=True).start()
    line = json.dumps(info)
    tie_to_parent()
    sys.stdout.write(line + "\n")
    sys.stdout.flush()

    threading.Thread(target=accept_loop, args=(other_listener, other_port), daemon=True).start()
    accept_loop(main_listener, port)


if __name__ == "__main__":
    main()
