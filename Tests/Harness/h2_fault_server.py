#!/usr/bin/env python3
"""A misbehaving HTTP/2 server, scripted per request path (the `h2` package, from the harness venv).

It listens on loopback ports chosen by the kernel and, when ready, prints one JSON line on stdout
(also written to --info-file if given):

  {"tls_port", "cleartext_port", "control_port", "ca_file",
   "expired_port", "wrong_host_port", "self_signed_port",
   "old_tls_port", "alpn_http1_port", "alpn_h2_http1_port"}

tls_port speaks HTTP/2 over TLS (ALPN h2) with a certificate for localhost and 127.0.0.1 signed by
the CA in ca_file; cleartext_port speaks HTTP/2 with prior knowledge. The three other ports are TLS
servers whose certificate is expired, names another host (wrong.example), or is self-signed; they
are made with `openssl` at start-up (without it, the TLS port uses the test CA of
Tests/NetworkingCurlTests/Fixtures and the three ports are null). The server runs until its
standard input closes (not watched with --parent PID), the process named by --parent or the one that
started it is gone, or it is signalled (harness_lifetime.py).

Every request may carry ?id=ID; the server counts, per ID, the requests it received and those it
processed (answered, or began to answer). A stream refused or left above a GOAWAY's last stream id
is received but not processed. Paths:

  /hello                      200 {"path", "id", "connection", "stream"}
  /goaway-below/N             holds requests until N are open on the connection (at most 2 s),
                              then, in one write, answers the lowest half (at least one) and sends
                              GOAWAY(NO_ERROR) whose last stream id is the highest answered one;
                              the others are never processed. Requests with the same ?group= after
                              that are answered at once.
  /goaway-idle                200, then GOAWAY(NO_ERROR) once the connection is idle (50 ms later)
  /refuse-stream              RST_STREAM(REFUSED_STREAM) the first time an ID is seen, then 200
  /rst/CODE                   200 with Content-Length 65536, 1,000 bytes of it, then RST_STREAM(CODE)
  /max-streams/N              the first such request on a connection makes the server send
                              SETTINGS_MAX_CONCURRENT_STREAMS=N; a stream that would exceed N open
                              ones is refused (REFUSED_STREAM); each answer waits 20 ms
  /huge-headers/KIB           200 with about KIB KiB of header fields (distinct, incompressible)
  /huge-header-line/KIB       200 with one header field of KIB KiB (incompressible)
  /data-after-end             200 with body "complete" and END_STREAM, then one more DATA frame
                              ("intruder") on the same stream, in the same write
  /ping-flood                 10,000 PING frames, then 200 {"pings": 10000}

Frame faults (h2_fault_frames.py; raw frames beside the connection's state):

  /window-stall               never answered, its request body never acknowledged: an upload
                              stops once it fills the initial 65,535-byte window
  /window-late/MS             the request body's window stays closed for MS ms (default 1,000),
                              then opens; answered at the body's end with 200 {"id", "bytes"}
  /window-overflow/WHERE      WINDOW_UPDATE of 2^31-1 on the stream (WHERE=stream) or the
                              connection (WHERE=connection), past the largest window, then 200
                              {"overflow": "accepted"}
  /continuation-flood/N       HEADERS without END_HEADERS, then N CONTINUATION frames of about
                              1 KiB of fields each (default 10,000)
  /hpack-table-size/SIZE      a header block opening with a dynamic table size update to SIZE
                              (default 1 MiB, over the client's 4,096), then 200 "size"
  /hpack-size-updates/N       a header block opening with N size updates to 4,096 (default
                              10,000), then 200 "updates"
  /settings-flood/N           N SETTINGS frames (default 20,000), 500 every 10 ms, then 200
                              {"settings": N}
  /stray-stream/N             holds requests until N are open here (at most 2 s), then sends a
                              response {"id": "intruder"} on a stream the client never opened,
                              then each held request's own answer; later requests with the same
                              ?group= are answered at once
  /reuse-stream/N             holds as above, answers the first held request, sends a second
                              response {"id": "intruder"} on its closed stream, then answers
                              the others

The TLS ports of h2_fault_frames.py: old_tls_port offers only TLS 1.0 and 1.1 (null when the
local OpenSSL cannot); alpn_http1_port offers only http/1.1 over ALPN; alpn_h2_http1_port
selects h2 over ALPN. Each then speaks HTTP/1.1: any request gets 200 {"protocol": "http/1.1",
"alpn", "target"}.

The control port speaks plain HTTP/1.0: GET /_count?id=ID answers {"received": N, "processed": N};
GET /_count?prefix=P answers the same summed over the IDs that start with P, with "ids" listing
each ID's pair.
"""
import argparse
import asyncio
import json
import os
import random
import shutil
import ssl
import string
import sys
import tempfile
from urllib.parse import parse_qs, urlsplit

import h2.config
import h2.connection
import h2.events
import h2.exceptions
from h2.errors import ErrorCodes
from h2.settings import SettingCodes
from hyperframe.frame import DataFrame, SettingsFrame

from h2_fault_certificates import make_certificates
from h2_fault_frames import FrameFaults, alpn_contexts, old_tls_server, serve_http1
from harness_lifetime import tie_to_parent

HOLD_LIMIT = 2.0


class Counts:
    def __init__(self):
        self.by_id = {}
        self.seen = set()

    def add(self, key, field):
        entry = self.by_id.setdefault(key, {"received": 0, "processed": 0})
        entry[field] += 1

    def summary(self, query):
        if "id" in query:
            return self.by_id.get(query["id"], {"received": 0, "processed": 0})
        prefix = query.get("prefix", "")
        ids = {key: value for key, value in self.by_id.items() if key.startswith(prefix)}
        return {
            "received": sum(value["received"] for value in ids.values()),
            "processed": sum(value["processed"] for value in ids.values()),
            "ids": ids,
        }


counts = Counts()
goaway_groups = set()
connection_numbers = iter(range(1, 1 << 30))


class Connection(FrameFaults):
    def __init__(self, writer):
        self.writer = writer
        self.number = next(connection_numbers)
        config = h2.config.H2Configuration(client_side=False, header_encoding="utf-8")
        self.h2 = h2.connection.H2Connection(config=config)
        self.closed = False
        self.open = {}  # stream id -> (path, query, key), requests not yet answered
        self.max_streams = None
        self.held = []  # goaway-below: (stream id, n, group)
        self.hold_timer = None
        self.stalled = set()  # window-stall, window-late: streams whose body is not acknowledged
        self.unacknowledged = {}  # stream id -> body bytes received and not acknowledged
        self.body_bytes = {}  # stream id -> body bytes received
        self.late = {}  # window-late: stream id -> key, answered when its body ends
        self.paired = []  # stray-stream, reuse-stream: (stream id, key) held

    def flush(self, extra=b""):
        data = self.h2.data_to_send() + extra
        if data and not self.writer.is_closing():
            self.writer.write(data)

    async def serve(self, reader):
        self.h2.initiate_connection()
        self.flush()
        while True:
            data = await reader.read(65536)
            if not data:
                break
            if self.closed:
                continue  # after GOAWAY: read until the client closes
            try:
                events = self.h2.receive_data(data)
            except h2.exceptions.ProtocolError as error:
                print(f"h2_fault_server: protocol error from the client: {error!r}", file=sys.stderr, flush=True)
                self.flush()
                break
            for event in events:
                if isinstance(event, h2.events.RequestReceived):
                    self.received(event.stream_id, dict(event.headers))
                elif isinstance(event, h2.events.StreamReset):
                    self.open.pop(event.stream_id, None)
                elif isinstance(event, h2.events.DataReceived):
                    self.on_data(event)
                elif isinstance(event, h2.events.StreamEnded) and event.stream_id in self.late:
                    self.answer_json(event.stream_id, {"id": self.late.pop(event.stream_id),
                                                       "bytes": self.body_bytes.get(event.stream_id, 0)})
            self.flush()
        self.writer.close()

    def received(self, stream_id, headers):
        parts = urlsplit(headers.get(":path", "/"))
        query = {key: values[0] for key, values in parse_qs(parts.query).items()}
        key = query.get("id", parts.path)
        counts.add(key, "received")
        segments = parts.path.strip("/").split("/")
        if self.max_streams is not None and len(self.open) >= self.max_streams:
            self.h2.reset_stream(stream_id, ErrorCodes.REFUSED_STREAM)
            return
        self.open[stream_id] = (parts.path, query, key)
        handler = getattr(self, "on_" + segments[0].replace("-", "_"), None)
        if handler is None:
            self.answer(stream_id, 404, b"")
        else:
            handler(stream_id, segments[1:], query, key)

    def processing(self, stream_id):
        """Counts the request on `stream_id` as processed (once), as its answer begins."""
        entry = self.open.pop(stream_id, None)
        if entry:
            counts.add(entry[2], "processed")

    def answer(self, stream_id, status, body, fields=(), end=True):
        self.processing(stream_id)
        fields = list(fields)
        if not any(name == "content-length" for name, _ in fields):
            fields.insert(0, ("content-length", str(len(body))))
        headers = [(":status", str(status))] + fields
        self.h2.send_headers(stream_id, headers, end_stream=not body and end)
        if body:
            self.h2.send_data(stream_id, body, end_stream=end)

    def answer_json(self, stream_id, value):
        self.answer(stream_id, 200, json.dumps(value).encode(), [("content-type", "application/json")])

    def hello(self, stream_id, path, key):
        return {"path": path, "id": key, "connection": self.number, "stream": stream_id}

    def on_hello(self, stream_id, _, query, key):
        self.answer_json(stream_id, self.hello(stream_id, "/hello", key))

    def on_goaway_below(self, stream_id, arguments, query, key):
        group = query.get("group", key)
        if group in goaway_groups:
            self.answer_json(stream_id, self.hello(stream_id, "/goaway-below", key))
            return
        self.held.append((stream_id, int(arguments[0]), group))
        if len(self.held) >= self.held[0][1]:
            self.send_goaway_below()
        elif self.hold_timer is None:
            loop = asyncio.get_running_loop()
            self.hold_timer = loop.call_later(HOLD_LIMIT, self.send_goaway_below)

    def send_goaway_below(self):
        if self.closed or not self.held:
            return
        if self.hold_timer is not None:
            self.hold_timer.cancel()
        held = sorted(self.held)
        answered = held[: max(1, len(held) // 2)]
        for stream_id, _, group in answered:
            goaway_groups.add(group)
            entry = self.open.get(stream_id)
            self.answer_json(stream_id, self.hello(stream_id, "/goaway-below", entry[2] if entry else ""))
        self.h2.close_connection(ErrorCodes.NO_ERROR, last_stream_id=answered[-1][0])
        self.closed = True
        self.flush()

    def on_goaway_idle(self, stream_id, _, query, key):
        self.answer_json(stream_id, self.hello(stream_id, "/goaway-idle", key))
        asyncio.get_running_loop().call_later(0.05, self.send_goaway_idle)

    def send_goaway_idle(self):
        if not self.closed and not self.open:
            self.h2.close_connection(ErrorCodes.NO_ERROR)
            self.closed = True
            self.flush()

    def on_refuse_stream(self, stream_id, _, query, key):
        if key in counts.seen:
            self.answer_json(stream_id, self.hello(stream_id, "/refuse-stream", key))
        else:
            counts.seen.add(key)
            self.open.pop(stream_id, None)
            self.h2.reset_stream(stream_id, ErrorCodes.REFUSED_STREAM)

    def on_rst(self, stream_id, arguments, query, key):
        self.answer(stream_id, 200, b"x" * 1000, [("content-length", "65536")], end=False)
        self.h2.reset_stream(stream_id, int(arguments[0]))

    def on_max_streams(self, stream_id, arguments, query, key):
        if self.max_streams is None:
            self.max_streams = int(arguments[0])
            settings = SettingsFrame(0, settings={SettingCodes.MAX_CONCURRENT_STREAMS: self.max_streams})
            self.flush(settings.serialize())

        def later():
            if stream_id in self.open and not self.closed:
                self.answer_json(stream_id, self.hello(stream_id, "/max-streams", key))
                self.flush()

        asyncio.get_running_loop().call_later(0.02, later)

    def on_huge_headers(self, stream_id, arguments, query, key):
        remaining = int(arguments[0]) * 1024
        fields, index = [], 0
        while remaining > 0:
            name = f"x-filler-{index:04d}"
            size = max(1, min(4000, remaining - len(name)))
            fields.append((name, "".join(random.choices(string.ascii_letters + string.digits, k=size))))
            remaining -= len(name) + size
            index += 1
        self.answer(stream_id, 200, b"huge", fields)

    def on_huge_header_line(self, stream_id, arguments, query, key):
        value = "".join(random.choices(string.ascii_letters + string.digits, k=int(arguments[0]) * 1024))
        self.answer(stream_id, 200, b"huge", [("x-filler", value)])

    def on_data_after_end(self, stream_id, _, query, key):
        self.answer(stream_id, 200, b"complete", [("content-type", "text/plain")])
        intruder = DataFrame(stream_id, data=b"intruder")
        self.flush(intruder.serialize())

    def on_ping_flood(self, stream_id, _, query, key):
        for index in range(10000):
            self.h2.ping(index.to_bytes(8, "big"))
        self.answer_json(stream_id, {"pings": 10000})


async def serve_h2(reader, writer):
    try:
        await Connection(writer).serve(reader)
    except (ConnectionError, ssl.SSLError, h2.exceptions.ProtocolError) as error:
        print(f"h2_fault_server: connection ended: {error!r}", file=sys.stderr, flush=True)
        writer.close()


async def serve_control(reader, writer):
    head = await reader.readuntil(b"\r\n\r\n")
    target = head.split(b" ")[1].decode()
    parts = urlsplit(target)
    query = {key: values[0] for key, values in parse_qs(parts.query).items()}
    body = json.dumps(counts.summary(query)).encode() if parts.path == "/_count" else b"{}"
    status = b"200 OK" if parts.path == "/_count" else b"404 Not Found"
    writer.write(b"HTTP/1.0 " + status + b"\r\nContent-Type: application/json\r\nContent-Length: "
                 + str(len(body)).encode() + b"\r\nConnection: close\r\n\r\n" + body)
    await writer.drain()
    writer.close()


def tls_context(certificate, key):
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(certificate, key)
    context.set_alpn_protocols(["h2"])
    return context


def tie_to_run(arguments, temporary):
    """Ends the server with the test run (harness_lifetime.py), its temporary certificates removed."""
    tie_to_parent(arguments.parent, cleanup=lambda: temporary and shutil.rmtree(temporary, ignore_errors=True))


async def main(arguments):
    harness = os.path.dirname(os.path.abspath(__file__))
    temporary = None if arguments.state_dir else tempfile.mkdtemp(prefix="h2-fault-certificates.")
    tie_to_run(arguments, temporary)
    fixtures = os.path.join(harness, "../NetworkingCurlTests/Fixtures")
    material = make_certificates(arguments.state_dir or temporary, fixtures)
    good = material["good"]
    servers = {
        "tls_port": await asyncio.start_server(serve_h2, "127.0.0.1", 0, ssl=tls_context(*good)),
        "cleartext_port": await asyncio.start_server(serve_h2, "127.0.0.1", 0),
        "control_port": await asyncio.start_server(serve_control, "127.0.0.1", 0),
    }
    info = {"ca_file": material["ca_file"]}
    for name in ("expired", "wrong_host", "self_signed"):
        info[name + "_port"] = None
        if name in material:
            context = tls_context(*material[name])
            servers[name + "_port"] = await asyncio.start_server(serve_h2, "127.0.0.1", 0, ssl=context)
    for name, context in alpn_contexts(*good).items():
        servers[name] = await asyncio.start_server(serve_http1, "127.0.0.1", 0, ssl=context)
    info["old_tls_port"] = old_tls_server(*good)
    for name, server in servers.items():
        info[name] = server.sockets[0].getsockname()[1]
    line = json.dumps(info)
    if arguments.info_file:
        with open(arguments.info_file + ".tmp", "w") as file:
            file.write(line + "\n")
        os.replace(arguments.info_file + ".tmp", arguments.info_file)
    print(line, flush=True)
    await asyncio.Event().wait()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--parent", type=int, help="exit once this process is gone (else on stdin's end)")
    parser.add_argument("--info-file", help="also write the JSON line to this file")
    parser.add_argument("--state-dir", help="where the certificates go (default: a temporary directory, removed at exit)")
    asyncio.run(main(parser.parse_args()))
