"""Frame-level faults and TLS misconfigurations for h2_fault_server.py (its docstring lists the paths).

`FrameFaults` is a mixin of the server's `Connection`: its `on_*` methods are paths, scripted like
the others. They write frames the `h2` package would never send (a window past 2^31-1, a header
block in thousands of CONTINUATION frames, HPACK size updates, streams the client never opened or
already closed) as raw bytes beside the connection's own state, with header blocks encoded as
literals that are never indexed, so the client's HPACK table stays as the server's `h2` believes.

`serve_http1` answers HTTP/1.1 whatever ALPN chose, on the ports of `alpn_contexts` (only
http/1.1 over ALPN; h2 over ALPN, then HTTP/1.1); `old_tls_server` offers only TLS 1.0 and 1.1.
"""
import asyncio
import json
import os
import socket
import ssl
import sys
import threading

import hpack
from hyperframe.frame import ContinuationFrame, DataFrame, HeadersFrame, SettingsFrame, WindowUpdateFrame

# The largest flow-control window RFC 9113 §6.9.1 allows.
MAX_WINDOW = (1 << 31) - 1
HOLD_LIMIT = 2.0


def literal_block(fields):
    """An HPACK block of `fields` as literals never indexed: no table of either side changes."""
    return hpack.Encoder().encode([hpack.NeverIndexedHeaderTuple(name, value) for name, value in fields])


def table_size_update(size):
    """An HPACK dynamic table size update (RFC 7541 §6.3) to `size`."""
    if size < 31:
        return bytes([0x20 | size])
    encoded, size = bytearray([0x3F]), size - 31
    while size >= 128:
        encoded.append((size & 0x7F) | 0x80)
        size >>= 7
    encoded.append(size)
    return bytes(encoded)


class FrameFaults:
    """The frame-level paths of `Connection` (which provides h2, flush, open, processing, hello)."""

    # The ?group= values of stray-stream and reuse-stream already acted on, on any connection.
    stream_groups = set()

    def raw_response(self, stream_id, block, body, flags=("END_HEADERS",)):
        """A HEADERS frame carrying `block` (with `flags`) and a DATA frame ending the stream."""
        headers = HeadersFrame(stream_id, data=block, flags=flags).serialize()
        return headers + DataFrame(stream_id, data=body, flags=["END_STREAM"]).serialize()

    def raw_json(self, stream_id, value):
        body = json.dumps(value).encode()
        fields = [(":status", "200"), ("content-type", "application/json"), ("content-length", str(len(body)))]
        return self.raw_response(stream_id, literal_block(fields), body)

    def on_window_stall(self, stream_id, _, query, key):
        # Neither answered nor acknowledged: the client's upload stops at the initial window.
        self.stalled.add(stream_id)
        self.processing(stream_id)

    def on_data(self, event):
        """Counts a DATA frame's bytes and acknowledges them, unless its stream's window is held."""
        stream_id, length = event.stream_id, event.flow_controlled_length
        self.body_bytes[stream_id] = self.body_bytes.get(stream_id, 0) + len(event.data)
        if stream_id in self.stalled:
            self.unacknowledged[stream_id] = self.unacknowledged.get(stream_id, 0) + length
        else:
            self.h2.acknowledge_received_data(length, stream_id)

    def on_window_late(self, stream_id, arguments, query, key):
        # The body's window held closed for MS ms, then opened; answered once the body has ended.
        self.stalled.add(stream_id)
        self.late[stream_id] = key

        def open_window():
            self.stalled.discard(stream_id)
            pending = self.unacknowledged.pop(stream_id, 0)
            if pending and not self.writer.is_closing():
                self.h2.acknowledge_received_data(pending, stream_id)
                self.flush()

        asyncio.get_running_loop().call_later(int(arguments[0]) / 1000 if arguments else 1.0, open_window)

    def on_window_overflow(self, stream_id, arguments, query, key):
        # A WINDOW_UPDATE taking the window past 2^31-1 (a FLOW_CONTROL_ERROR, RFC 9113 §6.9.1),
        # then an answer the client must not take.
        target = 0 if arguments and arguments[0] == "connection" else stream_id
        update = WindowUpdateFrame(target, window_increment=MAX_WINDOW).serialize()
        self.processing(stream_id)
        self.flush(update + self.raw_json(stream_id, {"overflow": "accepted", "id": key}))

    def on_continuation_flood(self, stream_id, arguments, query, key):
        # HEADERS without END_HEADERS, then N CONTINUATION frames of about 1 KiB of fields each.
        count = int(arguments[0]) if arguments else 10000
        self.processing(stream_id)
        frames = [HeadersFrame(stream_id, data=literal_block([(":status", "200")])).serialize()]
        for index in range(count):
            block = literal_block([(f"x-flood-{index:05d}", os.urandom(500).hex())])
            flags = ["END_HEADERS"] if index == count - 1 else []
            frames.append(ContinuationFrame(stream_id, data=block, flags=flags).serialize())
        self.flush(b"".join(frames))

    def on_hpack_table_size(self, stream_id, arguments, query, key):
        # A table size update over the client's SETTINGS_HEADER_TABLE_SIZE (4,096 by default).
        size = int(arguments[0]) if arguments else 1 << 20
        self.processing(stream_id)
        block = table_size_update(size) + literal_block([(":status", "200"), ("content-length", "4")])
        self.flush(self.raw_response(stream_id, block, b"size"))

    def on_hpack_size_updates(self, stream_id, arguments, query, key):
        # N table size updates, each to the size the table has (4,096), before the fields.
        count = int(arguments[0]) if arguments else 10000
        self.processing(stream_id)
        block = table_size_update(4096) * count + literal_block([(":status", "200"), ("content-length", "7")])
        self.flush(self.raw_response(stream_id, block, b"updates"))

    def on_settings_flood(self, stream_id, arguments, query, key):
        # N SETTINGS frames (each asks for an ACK), in batches of 500 every 10 ms, then the answer.
        count = int(arguments[0]) if arguments else 20000
        self.processing(stream_id)
        frame = SettingsFrame(0, settings={0x4: 65535}).serialize()

        async def flood():
            for start in range(0, count, 500):
                if self.writer.is_closing():
                    return
                self.flush(frame * min(500, count - start))
                await asyncio.sleep(0.01)
            self.flush(self.raw_json(stream_id, {"settings": count, "id": key}))

        asyncio.get_running_loop().create_task(flood())

    def hold_pair(self, stream_id, arguments, query, key, act):
        """Holds requests until N (the path's argument) are open here (at most 2 s), then `act`s on
        them in stream order; requests with the same ?group= after that are answered at once."""
        group = query.get("group", key)
        if group in self.stream_groups:
            self.processing(stream_id)
            self.flush(self.raw_json(stream_id, self.hello(stream_id, "/" + act.__name__, key)))
            return
        self.paired.append((stream_id, key))
        self.processing(stream_id)

        def release():
            if not self.paired:
                return
            held, self.paired = sorted(self.paired), []
            if group in self.stream_groups:  # acted on elsewhere: answered plainly
                self.flush(b"".join(self.raw_json(s, self.hello(s, "/" + act.__name__, k)) for s, k in held))
            else:
                self.stream_groups.add(group)
                self.flush(act(held))

        if len(self.paired) >= int(arguments[0]):
            release()
        else:
            asyncio.get_running_loop().call_later(HOLD_LIMIT, release)

    def on_stray_stream(self, stream_id, arguments, query, key):
        # A response on a stream the client never opened, before the held requests' own answers.
        def stray_stream(held):
            stray = held[-1][0] + 100
            frames = self.raw_json(stray, {"id": "intruder", "stream": stray})
            return frames + b"".join(self.raw_json(s, self.hello(s, "/stray-stream", k)) for s, k in held)

        self.hold_pair(stream_id, arguments, query, key, stray_stream)

    def on_reuse_stream(self, stream_id, arguments, query, key):
        # The first held request answered, then a second response on its closed stream, then the others.
        def reuse_stream(held):
            first, key_first = held[0]
            frames = self.raw_json(first, self.hello(first, "/reuse-stream", key_first))
            frames += self.raw_json(first, {"id": "intruder", "stream": first})
            return frames + b"".join(self.raw_json(s, self.hello(s, "/reuse-stream", k)) for s, k in held[1:])

        self.hold_pair(stream_id, arguments, query, key, reuse_stream)


def http1_answer(head, alpn):
    """200 {"protocol": "http/1.1", "alpn", "target"} to the request whose head is `head`."""
    target = head.split(b" ")[1].decode(errors="replace") if b" " in head else ""
    body = json.dumps({"protocol": "http/1.1", "alpn": alpn, "target": target}).encode()
    return (b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: " + str(len(body)).encode()
            + b"\r\nConnection: close\r\n\r\n" + body)


async def serve_http1(reader, writer):
    """Answers one HTTP/1.1 request with `http1_answer`, whatever ALPN chose, then closes."""
    try:
        head = await reader.readuntil(b"\r\n\r\n")
        ssl_object = writer.get_extra_info("ssl_object")
        writer.write(http1_answer(head, ssl_object.selected_alpn_protocol() if ssl_object else None))
        await writer.drain()
    except (ConnectionError, ssl.SSLError, asyncio.IncompleteReadError) as error:
        print(f"h2_fault_frames: HTTP/1.1 connection ended: {error!r}", file=sys.stderr, flush=True)
    writer.close()


def alpn_contexts(certificate, key):
    """The TLS contexts of the ALPN ports, by info key: `alpn_http1_port` offers only http/1.1,
    `alpn_h2_http1_port` selects h2 (both then speak HTTP/1.1, `serve_http1`)."""
    contexts = {}
    for name, protocols in (("alpn_http1_port", ["http/1.1"]), ("alpn_h2_http1_port", ["h2"])):
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(certificate, key)
        context.set_alpn_protocols(protocols)
        contexts[name] = context
    return contexts


def old_tls_server(certificate, key):
    """A loopback TLS server offering only TLS 1.0 and 1.1 (at OpenSSL's security level 0, which
    allows them), answering HTTP/1.1 (`http1_answer`) to a client that accepts them; returns its
    port, or None when the local OpenSSL cannot make the context.

    Its handshakes run on blocking sockets, one thread each, so that a refusal's alert (a client
    asking for TLS 1.2 or later gets `protocol_version`) is written before the socket closes, as
    a real server's is; asyncio's TLS closes without sending it."""
    try:
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.set_ciphers("DEFAULT:@SECLEVEL=0")
        context.minimum_version = ssl.TLSVersion.TLSv1
        context.maximum_version = ssl.TLSVersion.TLSv1_1
        context.load_cert_chain(certificate, key)
    except (ssl.SSLError, ValueError) as error:
        print(f"h2_fault_frames: no TLS 1.0/1.1 context: {error!r}", file=sys.stderr, flush=True)
        return None
    listener = socket.create_server(("127.0.0.1", 0))

    def serve_one(connection):
        try:
            connection.settimeout(5)
            with context.wrap_socket(connection, server_side=True) as tls:
                head = b""
                while b"\r\n\r\n" not in head:
                    chunk = tls.recv(65536)
                    if not chunk:
                        return
                    head += chunk
                tls.sendall(http1_answer(head, tls.selected_alpn_protocol()))
        except (OSError, ssl.SSLError) as error:
            print(f"h2_fault_frames: TLS 1.0/1.1 connection ended: {error!r}", file=sys.stderr, flush=True)
        finally:
            connection.close()

    def accept():
        while True:
            connection, _ = listener.accept()
            threading.Thread(target=serve_one, args=(connection,), daemon=True).start()

    threading.Thread(target=accept, daemon=True).start()
    return listener.getsockname()[1]
