"""The HTTP/1.1 plumbing of fault_server.py: its listening sockets (TLS included), what the server
remembers for its control endpoints, one request head read off a socket, and the ways of answering (a response, JSON, a TCP reset, bytes
forever). Each connection runs on a thread of its own; `CURRENT` holds what one connection asked for.
"""

import json
import socket
import ssl
import struct
import threading
import time
import zlib
from urllib.parse import parse_qs, urlsplit

MAX_REQUEST_HEAD = 64 * 1024


class State:
    """What the server remembers, for the control endpoints."""

    def __init__(self):
        self.lock = threading.Lock()
        self.recorded = {}
        self.counts = {}
        self.open_connections = 0
        self.bombs = {}
        self.request_lines = []

    def record(self, key, entry):
        with self.lock:
            self.recorded.setdefault(key, []).append(entry)

    def count(self, key):
        with self.lock:
            self.counts[key] = self.counts.get(key, 0) + 1
            return self.counts[key]

    def bomb(self, mib):
        with self.lock:
            if mib not in self.bombs:
                compressor = zlib.compressobj(9, zlib.DEFLATED, 31)  # 31: gzip framing
                zeros = bytes(1 << 20)
                parts = [compressor.compress(zeros) for _ in range(mib)]
                parts.append(compressor.flush())
                self.bombs[mib] = b"".join(parts)
            return self.bombs[mib]


STATE = State()
CURRENT = threading.local()  # per connection: whether the client asked for "Connection: close"


class Request:
    def __init__(self, method, target, headers, port):
        self.method = method
        self.target = target
        self.headers = headers  # list of (name, value) as received
        self.port = port
        parts = urlsplit(target)
        self.path = parts.path
        self.query = {k: v[-1] for k, v in parse_qs(parts.query, keep_blank_values=True).items()}

    def header(self, name):
        for key, value in self.headers:
            if key.lower() == name.lower():
                return value
        return None

    def arg(self, name, default):
        return self.query.get(name, default)


def read_request(conn, buffer, port):
    """Reads one request head (and discards its body). Returns (request, rest) or (None, b"")."""
    while b"\r\n\r\n" not in buffer:
        if len(buffer) > MAX_REQUEST_HEAD:
            return None, b""
        chunk = conn.recv(65536)
        if not chunk:
            return None, b""
        buffer += chunk
    head, _, rest = buffer.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    try:
        method, target, _ = lines[0].split(" ", 2)
    except ValueError:
        return None, b""
    headers = []
    for line in lines[1:]:
        name, _, value = line.partition(":")
        headers.append((name.strip(), value.strip()))
    request = Request(method, target, headers, port)
    length = int(request.header("Content-Length") or 0)
    while len(rest) < length:
        chunk = conn.recv(65536)
        if not chunk:
            return None, b""
        rest += chunk
    return request, rest[length:]


def listen():
    """A loopback listener on a port the kernel picks, and that port."""
    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.bind(("127.0.0.1", 0))
    listener.listen(1024)
    return listener, listener.getsockname()[1]


def tls_context(certificate, key):
    """The server side of TLS offering only http/1.1 over ALPN: one exchange at a time, as on the
    cleartext ports."""
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(certificate, key)
    context.set_alpn_protocols(["http/1.1"])
    return context


def head(status, reason, headers):
    lines = ["HTTP/1.1 %d %s" % (status, reason)]
    lines += ["%s: %s" % (name, value) for name, value in headers]
    return ("\r\n".join(lines) + "\r\n\r\n").encode("latin-1")


def respond(conn, status, body=b"", headers=(), reason="X", close=False):
    close = close or getattr(CURRENT, "close", False)
    all_headers = list(headers) + [("Content-Length", str(len(body)))]
    if close:
        all_headers.append(("Connection", "close"))
    conn.sendall(head(status, reason, all_headers) + body)
    return not close


def json_response(conn, value, status=200):
    body = json.dumps(value).encode()
    return respond(conn, status, body, [("Content-Type", "application/json")], reason="OK")


def reset(conn):
    """Closes with a TCP RST instead of a FIN."""
    conn.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
    conn.close()


def send_forever(conn, payload, delay=0.0):
    try:
        while True:
            conn.sendall(payload)
            if delay:
                time.sleep(delay)
    except OSError:
        pass


def record(request):
    """Remembers the request under its ?id= for /control/recorded."""
    key = request.arg("id", "")
    STATE.record(key, {"port": request.port, "path": request.path,
                       "headers": [[name, value] for name, value in request.headers]})

