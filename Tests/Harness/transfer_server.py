#!/usr/bin/env python3
"""Loopback HTTP server for the transfer tests: what httpbin lacks.

Standard library only. Binds 127.0.0.1 on a free port and prints "PORT <n>" on stdout once it
listens; the tests start it with Process and stop it in tearDown by closing its stdin (the server
exits at EOF on stdin, or once the process that started it is gone: harness_lifetime.py) or with
SIGTERM. Endpoints:

  GET  /file/<name>?size=N         deterministic bytes (see content()), with ETag and
                                   Last-Modified; honours Range and If-Range (RFC 9110).
         &ranges=0                 ignore Range (always 200, Accept-Ranges: none)
         &validators=0             send neither ETag nor Last-Modified
         header X-Chunk-Delay: s   pause s seconds after every 16 KiB (slow bodies)
  POST /bump/<name>                change the representation of <name> (new ETag, new bytes)
  GET  /log/<name>                 JSON list of the requests /file/<name> received
  GET  /slow?key=K&size=N&chunk=C&delay=s&length=1|0
                                   N bytes in C-byte pieces, s seconds apart, with or without
                                   Content-Length (chunked); /log/K tells how many bytes were sent
                                   and whether the client went away
  GET  /held?key=K                 sends "first" (a line), waits until POST /release/K, then "second"
  POST /upload                     reads the body (Content-Length or chunked); answers
                                   {"bytes": n, "crc32": c, "contentType": t}
  GET  /sse/basic                  a fixed event stream (comments, multi-line data, ids, retry)
  GET  /sse/reconnect?key=K        1st connection: retry 100, events 1-2, then closes; 2nd
                                   (must send Last-Event-ID: 2): events 3-4, closes; then 204
  GET  /sse/ticks?count=N&interval=s&key=K   N events s seconds apart (logged as sse-K)
  GET  /sse/plain                  a text/plain answer (not an event stream)
"""

import json
import sys
import threading
import time
import zlib
from email.utils import formatdate
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlparse

from harness_lifetime import tie_to_parent

BLOCK_LENGTH = 4093  # prime, so a resume at the wrong offset cannot line up by accident
LOCK = threading.Lock()
VERSIONS = {}  # name -> version
LOGS = {}  # name or key -> list of dicts
SSE_CONNECTIONS = {}  # key -> count
HELD = {}  # key -> threading.Event


def held(key):
    with LOCK:
        return HELD.setdefault(key, threading.Event())


def block(version):
    return bytes(((j * 31 + version * 7 + ((j * j) >> 5)) & 0xFF) for j in range(BLOCK_LENGTH))


def content(version, size):
    """Byte i is block(version)[i % 4093]: mirrored by the Swift tests."""
    unit = block(version)
    repeats = size // BLOCK_LENGTH + 1
    return (unit * repeats)[:size]


def log(key, entry):
    with LOCK:
        LOGS.setdefault(key, []).append(entry)
        return len(LOGS[key]) - 1


def update_log(key, index, **fields):
    with LOCK:
        LOGS[key][index].update(fields)


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server_version = "TransferTestServer/1"

    def log_message(self, *args):
        pass

    # Helpers ---------------------------------------------------------------------------------

    def query(self):
        parsed = urlparse(self.path)
        return parsed.path, {k: v[-1] for k, v in parse_qs(parsed.query).items()}

    def send_simple(self, status, body=b"", content_type="text/plain", headers=None):
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        for name, value in (headers or {}).items():
            self.send_header(name, value)
        self.end_headers()
        if body and self.command != "HEAD":
            self.wfile.write(body)

    def send_json(self, value, status=200):
        self.send_simple(status, json.dumps(value).encode(), "application/json")

    def write_paced(self, data, delay, piece=16 * 1024):
        sent = 0
        for start in range(0, len(data), piece):
            self.wfile.write(data[start:start + piece])
            self.wfile.flush()
            sent += len(data[start:start + piece])
            if delay:
                time.sleep(delay)
        return sent

    def read_body(self):
        if self.headers.get("Transfer-Encoding", "").lower() == "chunked":
            body = bytearray()
            while True:
                size = int(self.rfile.readline().strip().split(b";")[0], 16)
                if size == 0:
                    self.rfile.readline()
                    return bytes(body)
                body += self.rfile.read(size)
                self.rfile.readline()
        length = int(self.headers.get("Content-Length", "0"))
        body = bytearray()
        while len(body) < length:
            piece = self.rfile.read(min(1 << 20, length - len(body)))
            if not piece:
                break
            body += piece
        return bytes(body)

    # Routes ----------------------------------------------------------------------------------

    def do_GET(self):
        path, query = self.query()
        try:
            if path == "/health":
                self.send_simple(200, b"ok")
            elif path.startswith("/file/"):
                self.serve_file(path[len("/file/"):], query)
            elif path.startswith("/log/"):
                with LOCK:
                    entries = list(LOGS.get(path[len("/log/"):], []))
                self.send_json(entries)
            elif path == "/slow":
                self.serve_slow(query)
            elif path == "/held":
                self.serve_held(query.get("key", "held"))
            elif path == "/sse/basic":
                self.serve_sse_basic()
            elif path == "/sse/reconnect":
                self.serve_sse_reconnect(query.get("key", "default"))
            elif path == "/sse/ticks":
                key = "sse-" + query.get("key", "ticks")
                index = log(key, {"lastEventID": self.headers.get("Last-Event-ID")})
                try:
                    self.serve_sse_ticks(int(query.get("count", "5")), float(query.get("interval", "0.2")))
                    update_log(key, index, completed=True)
                except (BrokenPipeError, ConnectionResetError):
                    update_log(key, index, completed=False, disconnected=True)
                    raise
            elif path == "/sse/plain":
                self.send_simple(200, b"data: not an event stream\n\n", "text/plain")
            else:
                self.send_simple(404, b"not found")
        except (BrokenPipeError, ConnectionResetError):
            self.close_connection = True

    def do_POST(self):
        path, _ = self.query()
        if path.startswith("/release/"):
            self.read_body()
            held(path[len("/release/"):]).set()
            self.send_json({"released": True})
        elif path.startswith("/bump/"):
            self.read_body()
            name = path[len("/bump/"):]
            with LOCK:
                VERSIONS[name] = VERSIONS.get(name, 0) + 1
                version = VERSIONS[name]
            self.send_json({"version": version})
        elif path == "/upload":
            body = self.read_body()
            self.send_json({
                "bytes": len(body),
                "crc32": zlib.crc32(body) & 0xFFFFFFFF,
                "contentType": self.headers.get("Content-Type", ""),
            })
        else:
            self.read_body()
            self.send_simple(404, b"not found")

    # /file -----------------------------------------------------------------------------------

    def serve_file(self, name, query):
        size = int(query.get("size", "1048576"))
        honours_ranges = query.get("ranges", "1") != "0"
        validators = query.get("validators", "1") != "0"
        delay = float(self.headers.get("X-Chunk-Delay", "0"))
        with LOCK:
            version = VERSIONS.get(name, 0)
        etag = '"%s-v%d-%d"' % (name, version, size)
        last_modified = formatdate(1_600_000_000 + version * 3600, usegmt=True)
        range_header = self.headers.get("Range")
        if_range = self.headers.get("If-Range")
        entry = {"range": range_header, "ifRange": if_range, "version": version}
        headers = {}
        if validators:
            headers["ETag"] = etag
            headers["Last-Modified"] = last_modified
        headers["Accept-Ranges"] = "bytes" if honours_ranges else "none"

        start = 0
        status = 200
        if honours_ranges and range_header and range_header.startswith("bytes="):
            applies = (if_range is None or if_range in (etag, last_modified)) if validators else if_range is None
            first, _, last = range_header[len("bytes="):].partition("-")
            if applies and first.isdigit() and last == "":
                start = int(first)
                if start >= size:
                    entry["status"] = 416
                    log(name, entry)
                    headers["Content-Range"] = "bytes */%d" % size
                    self.send_simple(416, b"", "text/plain", headers)
                    return
                status = 206
                headers["Content-Range"] = "bytes %d-%d/%d" % (start, size - 1, size)
        entry["status"] = status
        index = log(name, entry)
        body = content(version, size)[start:]
        self.send_response(status)
        self.send_header("Content-Type", "application/octet-stream")
        self.send_header("Content-Length", str(len(body)))
        for header, value in headers.items():
            self.send_header(header, value)
        self.end_headers()
        sent = 0
        try:
            sent = self.write_paced(body, delay)
        finally:
            update_log(name, index, sent=sent, completed=sent == len(body))

    # /slow -----------------------------------------------------------------------------------

    def serve_slow(self, query):
        key = query.get("key", "slow")
        size = int(query.get("size", "1048576"))
        piece = int(query.get("chunk", "65536"))
        delay = float(query.get("delay", "0.01"))
        with_length = query.get("length", "1") != "0"
        index = log(key, {"sent": 0})
        self.send_response(200)
        self.send_header("Content-Type", "application/octet-stream")
        if with_length:
            self.send_header("Content-Length", str(size))
        else:
            self.send_header("Transfer-Encoding", "chunked")
        self.end_headers()
        data = content(0, min(size, piece))
        sent = 0
        try:
            while sent < size:
                part = data[: min(piece, size - sent)]
                if with_length:
                    self.wfile.write(part)
                else:
                    self.wfile.write(b"%x\r\n%s\r\n" % (len(part), part))
                self.wfile.flush()
                sent += len(part)
                update_log(key, index, sent=sent)
                if delay:
                    time.sleep(delay)
            if not with_length:
                self.wfile.write(b"0\r\n\r\n")
                self.wfile.flush()
            update_log(key, index, completed=True)
        except (BrokenPipeError, ConnectionResetError):
            update_log(key, index, completed=False, disconnected=True)
            self.close_connection = True

    def serve_held(self, key):
        self.send_response(200)
        self.send_header("Content-Type", "text/plain")
        self.send_header("Transfer-Encoding", "chunked")
        self.end_headers()
        self.wfile.write(b"6\r\nfirst\n\r\n")
        self.wfile.flush()
        held(key).wait(timeout=60)
        self.wfile.write(b"7\r\nsecond\n\r\n0\r\n\r\n")
        self.wfile.flush()

    # SSE -------------------------------------------------------------------------------------

    def start_event_stream(self):
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Cache-Control", "no-cache")
        self.send_header("Connection", "close")
        self.end_headers()
        self.close_connection = True

    def send_events(self, text, delay=0.0):
        self.wfile.write(text.encode())
        self.wfile.flush()
        if delay:
            time.sleep(delay)

    def serve_sse_basic(self):
        self.start_event_stream()
        self.send_events(": a comment the client ignores\n\n")
        self.send_events("data: first\n\n")
        self.send_events("event: update\ndata: line one\ndata:line two\nid: 7\n\n")
        self.send_events("retry: 2500\ndata: after retry\r\n\r\n")
        self.send_events("data: id reset\rid\r\r")
        self.send_events("data: cut off at the end, never dispatched\n")

    def serve_sse_reconnect(self, key):
        with LOCK:
            SSE_CONNECTIONS[key] = SSE_CONNECTIONS.get(key, 0) + 1
            connection = SSE_CONNECTIONS[key]
        log("sse-" + key, {"connection": connection, "lastEventID": self.headers.get("Last-Event-ID")})
        if connection == 1:
            self.start_event_stream()
            self.send_events("retry: 100\n\n")
            self.send_events("id: 1\ndata: one\n\n")
            self.send_events("id: 2\ndata: two\n\n")
        elif connection == 2 and self.headers.get("Last-Event-ID") == "2":
            self.start_event_stream()
            self.send_events("id: 3\ndata: three\n\n")
            self.send_events("id: 4\ndata: four\n\n")
        elif connection == 2:
            self.send_simple(400, b"missing or wrong Last-Event-ID")
        else:
            self.send_simple(204)

    def serve_sse_ticks(self, count, interval):
        self.start_event_stream()
        for number in range(1, count + 1):
            self.send_events("id: %d\nevent: tick\ndata: {\"n\": %d}\n\n" % (number, number), interval)


def main():
    tie_to_parent()
    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    print("PORT %d" % server.server_address[1], flush=True)
    try:
        server.serve_forever(poll_interval=0.1)
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    sys.exit(main())
