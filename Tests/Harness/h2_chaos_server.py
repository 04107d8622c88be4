#!/usr/bin/env python3
"""An HTTP/2 server that misbehaves at random, for the soak's HTTP/2 mode (`make soak-h2`).

It reuses h2_fault_server.py (its connection class, `tls_context`, its certificates module and its
way of exiting) and listens on two loopback ports chosen by the kernel; when ready it prints one
JSON line on stdout (also written to --info-file if given):

  {"tls_port", "control_port", "ca_file"}

tls_port speaks HTTP/2 over TLS (ALPN h2) with a certificate for localhost and 127.0.0.1 signed by
the CA in ca_file. The server runs until its standard input closes (not watched with --parent PID),
the process named by --parent or the one that started it is gone, or it is signalled
(harness_lifetime.py).

GET /chaos?id=ID is answered, most of the time (NORMAL_SHARE), with 200 and the JSON body
{"path", "id", "connection", "stream"} naming the request, so that a client can tell whether each
caller got its own answer. Otherwise one fault is drawn, by the weights in FAULTS:

  per request
    refused_stream        RST_STREAM(REFUSED_STREAM) before anything is processed
    rst_mid_body          200 with Content-Length 65536, 1,000 bytes of it, then RST_STREAM(INTERNAL_ERROR)
    huge_headers          200 with a header block of HUGE_HEADERS_KIB KiB, over the client's head limit
    data_after_end        the normal answer with END_STREAM, then one more DATA frame on the stream
    ping_burst            PING_BURST PING frames, then the normal answer
    slow                  the normal answer SLOW_SECONDS later, after the client's deadline
  per connection
    goaway_below          GOAWAY(NO_ERROR) whose last stream id is this request's, sent once a
                          later stream arrived (or GOAWAY_WAIT passed): the streams above it are
                          never processed, the ones at or below it are answered first
    goaway_idle           the normal answer, then GOAWAY(NO_ERROR) once the connection is idle;
                          if it is not idle within GOAWAY_WAIT, a graceful GOAWAY: the streams open
                          are answered and those the client opens after it are never processed
    max_streams_1         SETTINGS_MAX_CONCURRENT_STREAMS=1 sent late, on a busy connection; a
                          stream over it is refused; lifted again MAX_STREAMS_SECONDS later
    close_mid_body        200 with Content-Length 65536, 1,000 bytes of it, then the connection closed

After a GOAWAY the server reads and ignores what the client sends, and closes the connection
CLOSE_AFTER_GOAWAY seconds later, as servers do once a graceful shutdown is over; with
--keep-open-after-goaway it never closes it, and waits for the client to.

The control port speaks plain HTTP/1.0: GET /_faults answers {KIND: N} with how many times the
server did each thing ("normal" included; "goaway_below_left" counts the streams a goaway_below
left above its last stream id, "goaway_idle_busy" the goaway_idle that found no idle moment,
"connection_error" the connections that ended in a TLS or HTTP/2 error).
"""
import argparse
import asyncio
import json
import os
import random
import ssl
import tempfile
from urllib.parse import urlsplit

import h2.exceptions
from h2.connection import ConnectionState
from h2.errors import ErrorCodes
from h2.settings import SettingCodes
from hyperframe.frame import DataFrame, SettingsFrame

import h2_fault_server as fault
from h2_fault_certificates import make_certificates

NORMAL_SHARE = 0.80
# The relative weights of the faults, within the share that is not normal.
FAULTS = {
    "refused_stream": 30,
    "rst_mid_body": 30,
    "huge_headers": 15,
    "data_after_end": 30,
    "ping_burst": 20,
    "slow": 20,
    "goaway_below": 20,
    "goaway_idle": 20,
    "max_streams_1": 10,
    "close_mid_body": 5,
}
HUGE_HEADERS_KIB = 110  # over the 100 KiB the client reads of an HTTP/2 head, under libcurl's 128 KiB
PING_BURST = 500
SLOW_SECONDS = 3.0  # over the soak's deadline of 2 s
GOAWAY_WAIT = 0.2
MAX_STREAMS_SECONDS = 0.5
CLOSE_AFTER_GOAWAY = 1.0
KEEP_OPEN_AFTER_GOAWAY = False
UNLIMITED_STREAMS = 100

faults = {}


def did(kind, times=1):
    faults[kind] = faults.get(kind, 0) + times


class ChaosConnection(fault.Connection):
    def __init__(self, writer):
        super().__init__(writer)
        self.goaway_after = None  # the last stream id of a goaway_below waiting for a later stream
        self.goaway_timer = None

    def on_chaos(self, stream_id, _, query, key):
        if self.goaway_after is not None:
            self.send_goaway_below()  # leaves this stream, above the GOAWAY's last stream id
        if self.closed or self.h2.state_machine.state == ConnectionState.CLOSED:
            return  # after a GOAWAY, the server's or the client's
        if random.random() < NORMAL_SHARE:
            did("normal")
            self.answer_normal(stream_id, key)
            return
        kind = random.choices(list(FAULTS), weights=list(FAULTS.values()))[0]
        did(kind)
        getattr(self, "chaos_" + kind)(stream_id, key)

    def answer_normal(self, stream_id, key):
        self.answer_json(stream_id, self.hello(stream_id, "/chaos", key))

    # Per request

    def chaos_refused_stream(self, stream_id, key):
        self.open.pop(stream_id, None)
        self.h2.reset_stream(stream_id, ErrorCodes.REFUSED_STREAM)

    def chaos_rst_mid_body(self, stream_id, key):
        self.answer(stream_id, 200, b"x" * 1000, [("content-length", "65536")], end=False)
        self.h2.reset_stream(stream_id, ErrorCodes.INTERNAL_ERROR)

    def chaos_huge_headers(self, stream_id, key):
        # Like h2_fault_server's /huge-headers (distinct, incompressible fields), made from
        # os.urandom and HPACK-encoded without Huffman coding: Huffman-coding 110 KiB in Python
        # takes ~80 ms, during which no other stream of any connection would be served.
        fields, remaining, index = [], HUGE_HEADERS_KIB * 1024, 0
        while remaining > 0:
            name = f"x-filler-{index:04d}"
            size = max(2, min(4000, remaining - len(name)))
            fields.append((name, os.urandom(size // 2).hex()))
            remaining -= len(name) + size
            index += 1
        encode = self.h2.encoder.encode
        self.h2.encoder.encode = lambda headers, huffman=True: encode(headers, huffman=False)
        try:
            self.answer(stream_id, 200, b"huge", fields)
        finally:
            del self.h2.encoder.encode

    def chaos_data_after_end(self, stream_id, key):
        self.answer_normal(stream_id, key)
        self.flush(DataFrame(stream_id, data=b"intruder").serialize())

    def chaos_ping_burst(self, stream_id, key):
        for index in range(PING_BURST):
            self.h2.ping(index.to_bytes(8, "big"))
        self.answer_normal(stream_id, key)

    def chaos_slow(self, stream_id, key):
        def later():
            if stream_id in self.open and not self.closed:
                self.answer_normal(stream_id, key)
                self.flush()

        asyncio.get_running_loop().call_later(SLOW_SECONDS, later)

    # Per connection

    def chaos_goaway_below(self, stream_id, key):
        self.answer_normal(stream_id, key)
        self.goaway_after = stream_id
        self.goaway_timer = asyncio.get_running_loop().call_later(GOAWAY_WAIT, self.send_goaway_below)

    def send_goaway_below(self):
        if self.closed or self.goaway_after is None:
            return
        if self.goaway_timer is not None:
            self.goaway_timer.cancel()
        last = self.goaway_after
        self.goaway_after = None
        self.close_gracefully(last)

    def close_gracefully(self, last):
        """Answers the open streams up to `last`, then GOAWAY(NO_ERROR, last); the rest are left."""
        for stream_id in sorted(self.open):
            if stream_id <= last:
                self.answer_normal(stream_id, self.open[stream_id][2])
        did("goaway_below_left", sum(1 for stream_id in self.open if stream_id > last))
        self.h2.close_connection(ErrorCodes.NO_ERROR, last_stream_id=last)
        self.closed_by_goaway()

    def closed_by_goaway(self):
        self.closed = True
        self.flush()
        if not KEEP_OPEN_AFTER_GOAWAY:
            asyncio.get_running_loop().call_later(CLOSE_AFTER_GOAWAY, self.writer.close)

    def chaos_goaway_idle(self, stream_id, key):
        self.answer_normal(stream_id, key)
        loop = asyncio.get_running_loop()
        deadline = loop.time() + GOAWAY_WAIT

        def check():
            if self.closed:
                return
            if not self.open:
                self.h2.close_connection(ErrorCodes.NO_ERROR)
                self.closed_by_goaway()
            elif loop.time() < deadline:
                loop.call_later(0.005, check)
            else:
                did("goaway_idle_busy")
                self.close_gracefully(max(self.open))

        loop.call_later(0.005, check)

    def chaos_max_streams_1(self, stream_id, key):
        self.answer_normal(stream_id, key)
        self.send_max_streams(1)

        def lift():
            if not self.closed:
                self.send_max_streams(UNLIMITED_STREAMS)
                self.max_streams = None
                self.flush()

        asyncio.get_running_loop().call_later(MAX_STREAMS_SECONDS, lift)

    def send_max_streams(self, limit):
        self.max_streams = limit
        self.flush(SettingsFrame(0, settings={SettingCodes.MAX_CONCURRENT_STREAMS: limit}).serialize())

    def chaos_close_mid_body(self, stream_id, key):
        self.answer(stream_id, 200, b"x" * 1000, [("content-length", "65536")], end=False)
        self.flush()
        self.closed = True
        self.writer.close()


async def serve_chaos(reader, writer):
    try:
        await ChaosConnection(writer).serve(reader)
    except (ConnectionError, ssl.SSLError, h2.exceptions.ProtocolError):
        # Counted, not printed: closing connections mid-body makes hundreds of these a run.
        did("connection_error")
        writer.close()


async def serve_control(reader, writer):
    head = await reader.readuntil(b"\r\n\r\n")
    path = urlsplit(head.split(b" ")[1].decode()).path
    body = json.dumps(faults, sort_keys=True).encode() if path == "/_faults" else b"{}"
    status = b"200 OK" if path == "/_faults" else b"404 Not Found"
    writer.write(b"HTTP/1.0 " + status + b"\r\nContent-Type: application/json\r\nContent-Length: "
                 + str(len(body)).encode() + b"\r\nConnection: close\r\n\r\n" + body)
    await writer.drain()
    writer.close()


async def main(arguments):
    harness = os.path.dirname(os.path.abspath(__file__))
    temporary = None if arguments.state_dir else tempfile.mkdtemp(prefix="h2-chaos-certificates.")
    fault.tie_to_run(arguments, temporary)
    material = make_certificates(arguments.state_dir or temporary, os.path.join(harness, "../NetworkingCurlTests/Fixtures"))
    tls = await asyncio.start_server(serve_chaos, "127.0.0.1", 0, ssl=fault.tls_context(*material["good"]))
    control = await asyncio.start_server(serve_control, "127.0.0.1", 0)
    line = json.dumps({
        "tls_port": tls.sockets[0].getsockname()[1],
        "control_port": control.sockets[0].getsockname()[1],
        "ca_file": material["ca_file"],
    })
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
    parser.add_argument("--seed", type=int, help="seed the random draws, to repeat a run's faults")
    parser.add_argument("--faults", help="draw only these faults (comma-separated), to find which one does harm")
    parser.add_argument("--normal-share", type=float, help=f"the share of normal answers (default {NORMAL_SHARE})")
    parser.add_argument("--keep-open-after-goaway", action="store_true",
                        help="never close a connection after a GOAWAY (wait for the client to)")
    parsed = parser.parse_args()
    if parsed.seed is not None:
        random.seed(parsed.seed)
    if parsed.faults:
        FAULTS = {kind: FAULTS[kind] for kind in parsed.faults.split(",")}
    if parsed.normal_share is not None:
        NORMAL_SHARE = parsed.normal_share
    KEEP_OPEN_AFTER_GOAWAY = parsed.keep_open_after_goaway
    asyncio.run(main(parsed))
