"""A loopback HTTP/2 server for CurlHTTP2Tests (hypercorn, from the harness venv; test certificate).

Usage: h2_server.py FIXTURES_DIR. Listens on two loopback ports: one with TLS whose ALPN offers h2 and
http/1.1, one in cleartext that speaks HTTP/1.1 and HTTP/2 with prior knowledge (h2c). Prints
"TLS_PORT CLEARTEXT_PORT" on one line, then serves until its standard input closes, it is
signalled, or 300 seconds pass. If hypercorn cannot be imported it prints "error: ..." and exits 1.

A TLS handshake whose SNI names "localhost" is held for 0.2 s (by IP address, curl sends no SNI), so
requests that a client starts together all start while its first connection is still being set up:
whether they then share that connection is the client's choice (curl's PIPEWAIT), not a race.

Every JSON answer carries "http_version" ("2" or "1.1") and "peer_port" (the client's port of the
connection the request came on, so a test can count connections):
  GET  /hello                       {"path", "http_version", "peer_port"} and X-Custom-Header: yes
  POST /echo                        the request body back, same Content-Type, X-Http-Version
  GET  /gather?group=G&n=N          answers once N requests of group G are in flight at the same
                                    time (or after 5 s): {"together": in flight when released, ...}
  ANY  /redirect?status=S&to=PATH   status S with Location: PATH
  GET  /basic-auth                  401 with WWW-Authenticate: Basic unless Authorization is
                                    "Basic dXNlcjpwYXNz" (user:pass), then 200
"""
import asyncio
import json
import os
import socket
import sys
import time
from urllib.parse import parse_qs

from fixture_lifetime import tie_to_parent

try:
    from hypercorn.asyncio import serve
    from hypercorn.config import Config
except ImportError as error:
    print(f"error: cannot import hypercorn ({error}); run Tests/Harness/httpbin.sh start to make the venv", flush=True)
    sys.exit(1)

GATHER_TIMEOUT = 5.0
HANDSHAKE_DELAY = 0.2
groups = {}


async def read_body(receive):
    body = b""
    while True:
        message = await receive()
        body += message.get("body", b"")
        if not message.get("more_body", False):
            return body


async def respond(send, status, body, headers=()):
    fields = [(b"content-length", str(len(body)).encode())] + [(k.encode(), v.encode()) for k, v in headers]
    await send({"type": "http.response.start", "status": status, "headers": fields})
    await send({"type": "http.response.body", "body": body})


async def gather(group, count):
    state = groups.setdefault(group, {"arrived": 0, "released": asyncio.Event()})
    state["arrived"] += 1
    if state["arrived"] >= count:
        state["released"].set()
    try:
        await asyncio.wait_for(state["released"].wait(), GATHER_TIMEOUT)
    except asyncio.TimeoutError:
        pass
    return state["arrived"]


async def app(scope, receive, send):
    if scope["type"] == "lifespan":
        while True:
            message = await receive()
            if message["type"] == "lifespan.startup":
                await send({"type": "lifespan.startup.complete"})
            elif message["type"] == "lifespan.shutdown":
                await send({"type": "lifespan.shutdown.complete"})
                return
    if scope["type"] != "http":
        return
    body = await read_body(receive)
    path = scope["path"]
    query = {key: values[0] for key, values in parse_qs(scope["query_string"].decode()).items()}
    request_headers = {key.decode().lower(): value.decode() for key, value in scope["headers"]}
    info = {"path": path, "http_version": scope["http_version"], "peer_port": scope["client"][1]}
    json_type = ("content-type", "application/json")
    if path == "/hello":
        await respond(send, 200, json.dumps(info).encode(), [json_type, ("x-custom-header", "yes")])
    elif path == "/echo":
        content_type = request_headers.get("content-type", "application/octet-stream")
        headers = [("content-type", content_type), ("x-http-version", scope["http_version"])]
        await respond(send, 200, body, headers)
    elif path == "/gather":
        info["together"] = await gather(query.get("group", ""), int(query.get("n", "1")))
        await respond(send, 200, json.dumps(info).encode(), [json_type])
    elif path == "/redirect":
        await respond(send, int(query.get("status", "302")), b"", [("location", query.get("to", "/hello"))])
    elif path == "/basic-auth":
        if request_headers.get("authorization") == "Basic dXNlcjpwYXNz":
            info["authenticated"] = True
            await respond(send, 200, json.dumps(info).encode(), [json_type])
        else:
            await respond(send, 401, b"", [("www-authenticate", 'Basic realm="test"')])
    else:
        await respond(send, 404, b"")


class SlowLocalhostHandshakes(Config):
    def create_ssl_context(self):
        context = super().create_ssl_context()

        def hold(ssl_object, server_name, ssl_context):
            if server_name == "localhost":
                time.sleep(HANDSHAKE_DELAY)

        context.sni_callback = hold
        return context


def listening_socket():
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    sock.bind(("127.0.0.1", 0))
    sock.listen(128)
    return sock


def main():
    tie_to_parent()
    fixtures = sys.argv[1]
    secure, cleartext = listening_socket(), listening_socket()
    config = SlowLocalhostHandshakes()
    config.certfile = os.path.join(fixtures, "server.pem")
    config.keyfile = os.path.join(fixtures, "server.key")
    config.bind = [f"fd://{secure.fileno()}"]
    config.insecure_bind = [f"fd://{cleartext.fileno()}"]
    config.graceful_timeout = 0.5
    config.loglevel = "WARNING"
    sys.stdout.write(f"{secure.getsockname()[1]} {cleartext.getsockname()[1]}\n")
    sys.stdout.flush()
    asyncio.run(serve(app, config))


if __name__ == "__main__":
    main()
