"""Loopback WebSocket servers for the WebSocket integration tests and benchmarks.

Usage: websocket_server.py FIXTURES_DIR (the TLS fixture directory, for wss).

Prints one line "ECHO_PORT TLS_PORT RAW_PORT" when ready, then serves until its standard input
closes (the test process ended or closed it), the process that started it is gone, it is
signalled (harness_lifetime.py), or 600 seconds pass.

- ECHO_PORT (ws) and TLS_PORT (wss, the fixture certificate): the `websockets` package.
  /echo echoes every message; /headers sends the handshake's header fields as one JSON text
  message, then echoes; any target starting with /request sends {"target": the request target as
  received, "headers": [[name, value], ...] in order} as one JSON text message, then echoes;
  /close/CODE closes with CODE and the reason "bye" after the first message; /auth refuses the
  handshake with 401 unless Authorization is "Bearer good", then echoes; /extensions sends the
  permessage-deflate parameters the server agreed to (by default both windows of 12 bits) as one
  JSON text message, or "null", then echoes; /flood sends 400 binary messages of 64 KiB of random
  bytes, each starting with the time it was sent (8 bytes, microseconds, big-endian), then closes;
  /redirect-injected answers 302 with a Location whose escaped CR LF would start a header
  "X-Injected" in a client that decoded it. Subprotocols "chat.v1" and "chat.v2". Both accept
  permessage-deflate, the package's default.
- RAW_PORT: a hand-written server that breaks the rules, by path: /masked (a masked text frame),
  /close-without-status (a close frame with no payload), /split-utf8 (the text "é€😀" in
  fragments cut inside each scalar, then a close 1000), /too-big (a binary message of 16 MiB +
  1 byte in 1 MiB fragments), /huge-frame (the header of a 32 MiB frame), /stop-reading (never
  reads after the handshake), /drop (closes the TCP connection without a close frame); with
  permessage-deflate accepted: /deflate-bomb (one compressed binary message that inflates to 32 MiB
  of zeros), /compressed-ping (a ping with RSV1 set), /compressed-split (a text message compressed
  and cut into three fragments, a ping between them, then a close 1000); /bad-extension
  (permessage-deflate answered with a parameter not offered); /rsv1-unnegotiated (a text frame
  with RSV1 set, no extension agreed); any other path reads and drops what
  arrives, never answering.
"""
import asyncio
import base64
import hashlib
import json
import os
import resource
import ssl
import struct
import sys
import time
import zlib
from http import HTTPStatus

from websockets.asyncio.server import serve
from websockets.exceptions import ConnectionClosed

from harness_lifetime import tie_to_parent

GUID = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"
INJECTING_LOCATION = "/request%20HTTP/1.1%0D%0AX-Injected:%20yes%0D%0AX-Pad:%20"


async def echo_handler(connection):
    path = connection.request.path
    if path == "/headers":
        await connection.send(json.dumps({k: v for k, v in connection.request.headers.raw_items()}))
    if path.startswith("/request"):
        fields = [[k, v] for k, v in connection.request.headers.raw_items()]
        await connection.send(json.dumps({"target": path, "headers": fields}))
    if path == "/extensions":
        agreed = [
            dict(server_no_context_takeover=e.local_no_context_takeover,
                 client_no_context_takeover=e.remote_no_context_takeover,
                 server_max_window_bits=e.local_max_window_bits, client_max_window_bits=e.remote_max_window_bits)
            for e in connection.protocol.extensions if e.name == "permessage-deflate"]
        await connection.send(json.dumps(agreed[0] if agreed else None))
    if path.startswith("/close/"):
        await connection.recv()
        await connection.close(int(path.split("/")[2]), "bye")
        return
    if path == "/flood":
        for _ in range(400):
            stamp = struct.pack(">Q", int(time.time() * 1_000_000))
            # Random bytes, which compression cannot shrink: 25 MiB on the wire either way.
            await connection.send(stamp + os.urandom(65536 - 8))
        await connection.close()
        return
    try:
        async for message in connection:
            await connection.send(message)
    except ConnectionClosed:  # closed with a code other than 1000 or 1001
        pass


def process_request(connection, request):
    if request.path == "/auth" and request.headers.get("Authorization") != "Bearer good":
        return connection.respond(HTTPStatus.UNAUTHORIZED, "missing or wrong credentials\n")
    if request.path == "/redirect":
        # A redirect of the handshake that sets a cookie: the client must follow it to /headers
        # (which echoes the request's fields) with the cookie.
        response = connection.respond(HTTPStatus.FOUND, "")
        response.headers["Location"] = "/headers"
        response.headers["Set-Cookie"] = "session=ws42; Path=/"
        return response
    if request.path == "/redirect-injected":
        # Decoded, this Location would end the request line after "/request" and add a header.
        response = connection.respond(HTTPStatus.FOUND, "")
        response.headers["Location"] = INJECTING_LOCATION
        return response
    return None


def select_subprotocol(connection, offered):
    # The first offered that the server speaks; none (rather than a refusal) when none is offered.
    return next((name for name in offered if name in ("chat.v1", "chat.v2")), None)


def frame(opcode, payload, fin=True, mask=None, rsv1=False):
    head = bytes([(0x80 if fin else 0) | (0x40 if rsv1 else 0) | opcode])
    length = len(payload)
    mask_bit = 0x80 if mask else 0
    if length < 126:
        head += bytes([mask_bit | length])
    elif length < 65536:
        head += bytes([mask_bit | 126]) + struct.pack(">H", length)
    else:
        head += bytes([mask_bit | 127]) + struct.pack(">Q", length)
    if mask:
        payload = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
        head += mask
    return head + payload


async def raw_handler(reader, writer):
    try:
        head = await reader.readuntil(b"\r\n\r\n")
        lines = head.decode("latin-1").split("\r\n")
        path = lines[0].split(" ")[1]
        headers = {}
        for line in lines[1:]:
            if ":" in line:
                name, value = line.split(":", 1)
                headers[name.strip().lower()] = value.strip()
        accept = base64.b64encode(hashlib.sha1((headers["sec-websocket-key"] + GUID).encode()).digest()).decode()
        extension = ""
        if path in ("/deflate-bomb", "/compressed-ping", "/compressed-split"):
            extension = "Sec-WebSocket-Extensions: permessage-deflate\r\n"
        elif path == "/bad-extension":
            extension = "Sec-WebSocket-Extensions: permessage-deflate; x_unknown=1\r\n"
        writer.write(
            ("HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
             f"Sec-WebSocket-Accept: {accept}\r\n{extension}\r\n").encode())
        if path == "/masked":
            writer.write(frame(0x1, b"hidden", mask=b"\x01\x02\x03\x04"))
        elif path == "/close-without-status":
            writer.write(frame(0x8, b""))
        elif path == "/split-utf8":
            data = "é€😀".encode()
            writer.write(frame(0x1, data[:1], fin=False))
            writer.write(frame(0x0, data[1:3], fin=False))
            writer.write(frame(0x9, b"interleaved"))
            writer.write(frame(0x0, data[3:6], fin=False))
            writer.write(frame(0x0, data[6:]))
            writer.write(frame(0x8, struct.pack(">H", 1000)))
        elif path == "/too-big":
            chunk = bytes(1 << 20)
            writer.write(frame(0x2, chunk, fin=False))
            for _ in range(15):
                writer.write(frame(0x0, chunk, fin=False))
                await writer.drain()
            writer.write(frame(0x0, b"x"))
        elif path == "/huge-frame":
            writer.write(bytes([0x82, 127]) + struct.pack(">Q", 32 << 20))
        elif path == "/deflate-bomb":
            compressor = zlib.compressobj(wbits=-15)
            data = compressor.compress(bytes(32 << 20)) + compressor.flush(zlib.Z_SYNC_FLUSH)
            writer.write(frame(0x2, data[:-4], rsv1=True))
        elif path == "/rsv1-unnegotiated":
            writer.write(frame(0x1, b"\xf2\x48\xcd\xc9\xc9\x07\x00", rsv1=True))
        elif path == "/compressed-ping":
            writer.write(frame(0x9, b"", rsv1=True))
        elif path == "/compressed-split":
            compressor = zlib.compressobj(wbits=-15)
            data = compressor.compress("compressed é€😀 ".encode() * 100) + compressor.flush(zlib.Z_SYNC_FLUSH)
            data = data[:-4]
            third = len(data) // 3
            writer.write(frame(0x1, data[:third], fin=False, rsv1=True))
            writer.write(frame(0x9, b"between"))
            writer.write(frame(0x0, data[third:2 * third], fin=False))
            writer.write(frame(0x0, data[2 * third:]))
            writer.write(frame(0x8, struct.pack(">H", 1000)))
        elif path == "/drop":
            writer.write(frame(0x1, b"bye"))
            await writer.drain()
            writer.close()
            return
        await writer.drain()
        if path == "/stop-reading":
            await asyncio.sleep(600)
        while await reader.read(65536):  # read (and drop) until the client closes
            pass
    except (ConnectionError, asyncio.IncompleteReadError):
        pass
    finally:
        writer.close()


async def main():
    fixtures = sys.argv[1]
    # Room for the scale test's ten thousand connections: the soft descriptor limit raised to the
    # hard one, and a listen backlog that takes a burst of connects.
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    loop = asyncio.get_running_loop()
    stop = loop.create_future()
    tie_to_parent()
    loop.call_later(600, lambda: stop.done() or stop.set_result(None))
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(os.path.join(fixtures, "server.pem"), os.path.join(fixtures, "server.key"))
    options = dict(
        select_subprotocol=select_subprotocol, process_request=process_request, max_size=64 << 20,
        ping_interval=None, write_limit=1 << 16, backlog=4096)
    async with serve(echo_handler, "127.0.0.1", 0, **options) as plain, \
            serve(echo_handler, "127.0.0.1", 0, ssl=context, **options) as secure:
        raw = await asyncio.start_server(raw_handler, "127.0.0.1", 0)
        ports = [server.sockets[0].getsockname()[1] for server in (plain, secure, raw)]
        print(" ".join(map(str, ports)), flush=True)
        await stop
        raw.close()


if __name__ == "__main__":
    asyncio.run(main())
