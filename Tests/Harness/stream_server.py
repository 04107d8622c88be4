#!/usr/bin/env python3
"""A scripted HTTP/1.1 server for request and response streaming and trailers (standard library only).

It listens on a loopback port chosen by the kernel and prints one line on stdout when it is ready,

    stream_server 40123

(and writes the base URL to --url-file if given), then serves until it is signalled, its standard
input reaches end of file (unless --parent is given), or the process named by --parent or the one
that started it is gone (harness_lifetime.py): a test or a harness that starts it cannot leak it.

Every response is written by hand on the raw socket, so that what the client gets is exactly what
is described below, at the moment it is described. Paths (query parameters in brackets):

  POST /echo                 sends the response head (chunked) as soon as the request head has
                             arrived, then each chunk of the request body, as it arrives, as a
                             chunk of the response; the request's trailers come back as the
                             response's. A Content-Length body is echoed piece by piece as read.
  GET  /trailers [n]         a chunked body of n (3) chunks "part <i>;", then the trailers
                             X-Checksum: <hex sum of the body bytes> and X-Parts: <n>
  POST /request-trailers     reads the whole request body, then answers JSON:
                             {"chunked", "content_length", "trailer_header", "body", "trailers",
                              "chunks"} (trailers as [[name, value]], chunks as their sizes)
  POST /record [id]          reads the whole body, counts the request and its bytes under id, 200
  POST /redirect307 [id, to] reads the whole body, counts it under id, 307 to `to`
  GET  /control/count [id]   {"requests": N, "bytes": N}: what was counted under id
  POST /early [id, chunked]  answers 200 with a Content-Length body ("answered before the body
                             ended") as soon as the first chunk of the (chunked) request body has
                             come, then reads the rest of it until the client ends it or goes
                             away, counting the bytes under id; with chunked=1 the same body in
                             two chunks and the trailer X-Early: yes
"""

import argparse
import json
import os
import socket
import threading
from urllib.parse import parse_qs, urlsplit

from harness_lifetime import tie_to_parent

MAX_HEAD = 64 * 1024


class Counts:
    def __init__(self):
        self.lock = threading.Lock()
        self.requests = {}
        self.bytes = {}

    def add(self, key, size):
        with self.lock:
            self.requests[key] = self.requests.get(key, 0) + 1
            self.bytes[key] = self.bytes.get(key, 0) + size

    def get(self, key):
        with self.lock:
            return {"requests": self.requests.get(key, 0), "bytes": self.bytes.get(key, 0)}


COUNTS = Counts()


class Connection:
    """Buffered reads of one client socket."""

    def __init__(self, sock):
        self.sock = sock
        self.buffer = b""

    def fill(self):
        data = self.sock.recv(65536)
        if not data:
            raise ConnectionError("client closed")
        self.buffer += data

    def line(self):
        while b"\r\n" not in self.buffer:
            if len(self.buffer) > MAX_HEAD:
                raise ConnectionError("line too long")
            self.fill()
        line, self.buffer = self.buffer.split(b"\r\n", 1)
        return line

    def exactly(self, count):
        while len(self.buffer) < count:
            self.fill()
        data, self.buffer = self.buffer[:count], self.buffer[count:]
        return data

    def some(self, most):
        """Whatever is buffered (or the next read), at most `most` bytes."""
        if not self.buffer:
            self.fill()
        data, self.buffer = self.buffer[:most], self.buffer[most:]
        return data

    def head(self):
        request_line = self.line()
        while not request_line:
            request_line = self.line()
        method, target, _ = request_line.decode("latin-1").split(" ", 2)
        headers = []
        while True:
            line = self.line()
            if not line:
                break
            name, _, value = line.decode("latin-1").partition(":")
            headers.append((name.strip(), value.strip()))
        return method, target, headers

    def fields(self):
        """Trailer (or header) lines up to the blank line."""
        fields = []
        while True:
            line = self.line()
            if not line:
                return fields
            name, _, value = line.decode("latin-1").partition(":")
            fields.append([name.strip(), value.strip()])

    def chunks(self):
        """Yields each chunk of a chunked body as it arrives; then returns its trailers."""
        while True:
            size = int(self.line().split(b";", 1)[0].strip(), 16)
            if size == 0:
                return self.fields()
            data = self.exactly(size)
            self.exactly(2)
            yield data

    def send(self, data):
        self.sock.sendall(data)


def header(headers, name):
    for key, value in headers:
        if key.lower() == name.lower():
            return value
    return None


def is_chunked(headers):
    return "chunked" in (header(headers, "Transfer-Encoding") or "").lower()


def read_body(conn, headers):
    """The whole body, its chunk sizes and its trailers."""
    if is_chunked(headers):
        sizes, parts = [], []
        generator = conn.chunks()
        while True:
            try:
                chunk = next(generator)
            except StopIteration as end:
                return b"".join(parts), sizes, end.value or []
            sizes.append(len(chunk))
            parts.append(chunk)
    length = int(header(headers, "Content-Length") or "0")
    body = conn.exactly(length)
    return body, [length] if length else [], []


def respond(conn, status, body=b"", content_type="application/json", extra=()):
    lines = [f"HTTP/1.1 {status}", f"Content-Type: {content_type}", f"Content-Length: {len(body)}"]
    lines += [f"{name}: {value}" for name, value in extra]
    conn.send(("\r\n".join(lines) + "\r\n\r\n").encode("latin-1") + body)


def chunk(data):
    return b"%x\r\n%s\r\n" % (len(data), data)


def trailer_block(fields):
    return b"0\r\n" + b"".join(f"{n}: {v}\r\n".encode("latin-1") for n, v in fields) + b"\r\n"


def echo(conn, headers):
    conn.send(b"HTTP/1.1 200 OK\r\nContent-Type: application/octet-stream\r\nTransfer-Encoding: chunked\r\n\r\n")
    if is_chunked(headers):
        generator = conn.chunks()
        while True:
            try:
                data = next(generator)
            except StopIteration as end:
                conn.send(trailer_block(end.value or []))
                return
            conn.send(chunk(data))
    remaining = int(header(headers, "Content-Length") or "0")
    while remaining > 0:
        data = conn.some(remaining)
        remaining -= len(data)
        conn.send(chunk(data))
    conn.send(b"0\r\n\r\n")


def trailers(conn, query):
    parts = int(query.get("n", ["3"])[0])
    body = b""
    conn.send(b"HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nTransfer-Encoding: chunked\r\n"
              b"Trailer: X-Checksum, X-Parts\r\n\r\n")
    for index in range(parts):
        data = f"part {index};".encode()
        body += data
        conn.send(chunk(data))
    checksum = "%08x" % (sum(body) & 0xFFFFFFFF)
    conn.send(trailer_block([("X-Checksum", checksum), ("X-Parts", str(parts))]))


def early(conn, headers, key, query):
    generator = conn.chunks()
    received = len(next(generator, b""))
    if query.get("chunked", ["0"])[0] == "1":
        conn.send(b"HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nTransfer-Encoding: chunked\r\n\r\n"
                  + chunk(b"answered ") + chunk(b"before the body ended") + trailer_block([("X-Early", "yes")]))
    else:
        respond(conn, "200 OK", b"answered before the body ended", content_type="text/plain")
    try:
        for data in generator:
            received += len(data)
    except (ConnectionError, OSError, ValueError):
        pass
    COUNTS.add(key, received)


def handle(conn):
    while True:
        method, target, headers = conn.head()
        url = urlsplit(target)
        query = parse_qs(url.query)
        key = query.get("id", [""])[0]
        if url.path == "/echo":
            echo(conn, headers)
        elif url.path == "/trailers":
            trailers(conn, query)
        elif url.path == "/request-trailers":
            body, sizes, fields = read_body(conn, headers)
            answer = {
                "chunked": is_chunked(headers),
                "content_length": header(headers, "Content-Length"),
                "trailer_header": header(headers, "Trailer"),
                "body": body.decode("latin-1"),
                "trailers": fields,
                "chunks": sizes,
            }
            respond(conn, "200 OK", json.dumps(answer).encode())
        elif url.path == "/record":
            body, _, _ = read_body(conn, headers)
            COUNTS.add(key, len(body))
            respond(conn, "200 OK", json.dumps({"bytes": len(body)}).encode())
        elif url.path == "/redirect307":
            body, _, _ = read_body(conn, headers)
            COUNTS.add(key, len(body))
            to = query.get("to", ["/record"])[0]
            respond(conn, "307 Temporary Redirect", b"", extra=[("Location", to)])
        elif url.path == "/early":
            early(conn, headers, key, query)
            return  # the request body may have been cut short: the connection is not reused
        elif url.path == "/control/count":
            respond(conn, "200 OK", json.dumps(COUNTS.get(key)).encode())
        else:
            read_body(conn, headers)
            respond(conn, "404 Not Found", b'{"error": "no such path"}')
        if (header(headers, "Connection") or "").lower() == "close":
            return


def serve_client(sock):
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    try:
        handle(Connection(sock))
    except (ConnectionError, OSError, ValueError):
        pass
    finally:
        try:
            sock.close()
        except OSError:
            pass


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url-file", help="write the base URL to this file once listening")
    parser.add_argument("--parent", type=int, help="exit when this process is gone (stdin is then not watched)")
    args = parser.parse_args()

    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.bind(("127.0.0.1", 0))
    listener.listen(128)
    port = listener.getsockname()[1]
    if args.url_file:
        with open(args.url_file + ".tmp", "w") as handle_file:
            handle_file.write(f"http://127.0.0.1:{port}\n")
        os.replace(args.url_file + ".tmp", args.url_file)
    tie_to_parent(args.parent)
    print(f"stream_server {port}", flush=True)
    while True:
        client, _ = listener.accept()
        threading.Thread(target=serve_client, args=(client,), daemon=True).start()


if __name__ == "__main__":
    main()
