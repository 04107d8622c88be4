#!/usr/bin/env python3
"""Loopback HTTP/1.1 server for resumable uploads (draft-ietf-httpbis-resumable-upload).

Standard library only. It speaks interop versions 8 and 9, as each request announces in
Upload-Draft-Interop-Version; a request without a version it knows is a plain upload. It listens on
a loopback port chosen by the kernel and prints one line on stdout when it is ready,

    resumable_upload_server 40123

(and writes the base URL to --url-file if given), then serves until it is signalled, its standard
input reaches end of file (unless --parent is given), or the process named by --parent or the one
that started it is gone (harness_lifetime.py).

  POST|PUT /files?key=K[&options]   upload creation: with Upload-Complete and a known interop
                                    version, makes an upload resource /uploads/<id>, answers
                                    104 Upload Resumption Supported with its Location, reads the
                                    body into it; once complete, answers 200 with
                                    {"bytes": n, "sha256": h} (and Upload-Complete: ?1 in version
                                    9); with Upload-Complete: ?0, 201 with Location and the offset
  HEAD /uploads/<id>                offset retrieval: 204 with Upload-Offset, Upload-Complete,
                                    Upload-Length (when known), Upload-Limit, Cache-Control: no-store
  PATCH /uploads/<id>               append (Content-Type application/partial-upload, Upload-Offset
                                    equal to the offset, else 409 with the right one)
  DELETE /uploads/<id>              cancellation: 204; the upload is gone
  GET /_control/<K>                 what the server stored for key K, as JSON:
                                    {"received": bytes read for K in all requests,
                                     "requests": ["POST", "HEAD 123", "PATCH 123", ...],
                                     "uploads": [{"id", "interop", "offset", "length", "complete",
                                                  "deleted", "bytes", "sha256"}],
                                     "plain": [{"bytes", "sha256"}]}   (uploads without resumption)

Options of the creation request (query parameters), kept for the upload's life:
  drops=N[,N...]    close the connection abruptly once the upload's offset reaches each N (once each);
                    a drop in the request that got the 104 waits until INTERIM_GRACE seconds after
                    the 104 was written, so that even a client slowed down (a sanitizer, a loaded
                    machine) has read it: an upload whose resource the client never learned is
                    what interim=0 tests
  forget=1          after the first drop, forget the upload (HEAD, PATCH and DELETE answer 404)
  wrong=ahead       HEAD answers the whole length (or 1 MiB more than it holds when the length is
                    unknown), as if it held bytes the client never sent
  wrong=behind      the second HEAD answers one byte less than the first one did
  wrong=conflict    PATCH always answers 409, with the offset the server holds
  support=0         no resumable uploads: the request is a plain upload whatever its fields
  interim=0         no 104: the upload resource is named only in the final response
  pace=S            sleep S seconds after every 64 KiB read (a slow upload)
"""

import argparse
import hashlib
import json
import os
import shutil
import socket
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlparse

import resumable_upload_state
from harness_lifetime import tie_to_parent
from resumable_upload_state import (
    LOCK, PIECE, UPLOADS, VERSIONS, digest, key_state, new_upload, note, received, report, structured_boolean,
    structured_integer,
)


INTERIM_GRACE = 0.5


class Dropped(Exception):
    """The connection was closed on purpose."""


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server_version = "ResumableUploadServer/1"

    def log_message(self, *args):
        pass

    # Plumbing ---------------------------------------------------------------------------------

    def respond(self, status, headers=None, body=b"", content_type=None):
        self.send_response(status)
        if content_type:
            self.send_header("Content-Type", content_type)
        for name, value in (headers or {}).items():
            self.send_header(name, str(value))
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if body and self.command != "HEAD":
            self.wfile.write(body)

    def respond_json(self, status, value, headers=None):
        self.respond(status, headers, json.dumps(value).encode(), "application/json")

    def body_pieces(self):
        """The request body in pieces (Content-Length or chunked)."""
        if self.headers.get("Transfer-Encoding", "").lower() == "chunked":
            while True:
                size = int(self.rfile.readline().strip().split(b";")[0], 16)
                if size == 0:
                    while self.rfile.readline() not in (b"\r\n", b"\n", b""):
                        pass
                    return
                left = size
                while left:
                    piece = self.rfile.read(min(left, PIECE))
                    if not piece:
                        raise Dropped()
                    left -= len(piece)
                    yield piece
                self.rfile.readline()
        else:
            left = int(self.headers.get("Content-Length") or 0)
            while left:
                piece = self.rfile.read(min(left, PIECE))
                if not piece:
                    raise Dropped()
                left -= len(piece)
                yield piece

    def drain(self):
        """Reads and discards the request body, so that an answer sent before it is read arrives whole."""
        for _ in self.body_pieces():
            pass

    def drop(self, interim_sent=None):
        """Closes the connection, unread bytes and all (the peer sees a reset): at once, or once
        INTERIM_GRACE has passed since the 104 was written at `interim_sent`.

        A client that is still sending when the reset arrives gets a send error before it reads what
        is queued for it, so a 104 it has not read yet would be lost with the connection."""
        if interim_sent is not None:
            time.sleep(max(0.0, interim_sent + INTERIM_GRACE - time.monotonic()))
        self.close_connection = True
        try:
            self.connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, b"\x01\x00\x00\x00\x00\x00\x00\x00")
            self.connection.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass
        raise Dropped()

    def absolute(self, path):
        host = self.headers.get("Host") or "127.0.0.1:%d" % self.server.server_address[1]
        return "http://%s%s" % (host, path)

    def interop(self):
        version = (self.headers.get("Upload-Draft-Interop-Version") or "").strip()
        return version if version in VERSIONS else None

    def store(self, upload, pieces, interim_sent=None):
        """Appends the pieces to the upload, dropping the connection at the upload's drop points.

        `interim_sent` is when this request's 104 was written (monotonic), if it got one."""
        with open(upload["path"], "ab") as handle:
            for piece in pieces:
                while piece:
                    limit = len(piece)
                    with LOCK:
                        pending = [d for d in upload["drops"] if d >= upload["offset"]]
                    if pending:
                        limit = min(limit, pending[0] - upload["offset"])
                    if limit == 0 and pending:
                        with LOCK:
                            upload["drops"].remove(pending[0])
                            upload["dropped"] += 1
                            if upload["forget"]:
                                upload["forgotten"] = True
                        handle.flush()
                        self.drop(interim_sent)
                    handle.write(piece[:limit])
                    handle.flush()
                    with LOCK:
                        upload["offset"] += limit
                    received(upload["key"], limit)
                    piece = piece[limit:]
                    if upload["pace"]:
                        time.sleep(upload["pace"])
            with LOCK:
                pending = [d for d in upload["drops"] if d == upload["offset"]]
            if pending and not (upload["length"] is not None and upload["offset"] >= upload["length"]):
                with LOCK:
                    upload["drops"].remove(pending[0])
                    upload["dropped"] += 1
                    if upload["forget"]:
                        upload["forgotten"] = True
                self.drop(interim_sent)

    def final(self, upload):
        """The target resource's answer once the representation is complete."""
        size, sha = digest(upload["path"])
        with LOCK:
            upload["complete"] = True
        headers = {"Upload-Complete": "?1"} if upload["interop"] == "9" else {}
        self.respond_json(200, {"bytes": size, "sha256": sha, "key": upload["key"]}, headers)

    # Methods ----------------------------------------------------------------------------------

    def do_GET(self):
        path, _ = self.parsed()
        if path.startswith("/_control/"):
            self.respond_json(200, report(path[len("/_control/"):]))
        else:
            self.respond(404)

    def do_POST(self):
        self.guarded(self.create)

    def do_PUT(self):
        self.guarded(self.create)

    def do_PATCH(self):
        self.guarded(self.append)

    def do_HEAD(self):
        self.guarded(self.retrieve)

    def do_DELETE(self):
        self.guarded(self.cancel)

    def parsed(self):
        parsed = urlparse(self.path)
        return parsed.path, {k: v[-1] for k, v in parse_qs(parsed.query).items()}

    def guarded(self, action):
        try:
            action()
        except Dropped:
            self.close_connection = True
        except (ConnectionError, BrokenPipeError):
            self.close_connection = True

    def create(self):
        path, query = self.parsed()
        key = query.get("key", "default")
        complete = structured_boolean(self.headers.get("Upload-Complete"))
        version = self.interop()
        note(key, self.command)
        if query.get("support") == "0" or version is None or complete is None:
            self.plain(key)
            return
        upload = new_upload(key, version, structured_integer(self.headers.get("Upload-Length")), query)
        upload_id = upload["id"]
        location = self.absolute("/uploads/" + upload_id)
        if complete and self.headers.get("Content-Length") is not None:
            with LOCK:
                upload["length"] = int(self.headers["Content-Length"])
        interim_sent = None
        if query.get("interim") != "0":
            self.wfile.write(
                ("HTTP/1.1 104 Upload Resumption Supported\r\nUpload-Draft-Interop-Version: %s\r\n"
                 "Location: %s\r\nUpload-Limit: min-size=0\r\n\r\n" % (version, location)).encode())
            self.wfile.flush()
            interim_sent = time.monotonic()
        self.store(upload, self.body_pieces(), interim_sent)
        if complete:
            self.final(upload)
        else:
            headers = {"Location": location, "Upload-Offset": upload["offset"], "Upload-Limit": "min-size=0"}
            if version == "9":
                headers["Upload-Complete"] = "?0"
            self.respond(201, headers)

    def plain(self, key):
        sha = hashlib.sha256()
        size = 0
        for piece in self.body_pieces():
            sha.update(piece)
            size += len(piece)
            received(key, len(piece))
        with LOCK:
            key_state(key)["plain"].append({"bytes": size, "sha256": sha.hexdigest()})
        self.respond_json(200, {"bytes": size, "sha256": sha.hexdigest(), "key": key})

    def upload_named(self):
        path, _ = self.parsed()
        if not path.startswith("/uploads/"):
            return None
        with LOCK:
            upload = UPLOADS.get(path[len("/uploads/"):])
        if upload is None or upload["deleted"] or upload["forgotten"]:
            return None
        return upload

    def retrieve(self):
        upload = self.upload_named()
        if upload is None:
            self.respond(404)
            return
        offset = upload["offset"]
        note(upload["key"], "HEAD %d" % offset)
        if upload["wrong"] == "ahead":
            offset = upload["length"] if upload["length"] is not None else offset + (1 << 20)
        elif upload["wrong"] == "behind" and upload["heads"]:
            offset = upload["heads"][0] - 1
        upload["heads"].append(offset)
        headers = {
            "Upload-Offset": offset, "Upload-Complete": "?1" if upload["complete"] else "?0",
            "Upload-Limit": "min-size=0", "Cache-Control": "no-store",
        }
        if upload["length"] is not None:
            headers["Upload-Length"] = upload["length"]
        self.respond(204, headers)

    def append(self):
        upload = self.upload_named()
        if upload is None:
            self.drain()
            self.respond(404)
            return
        offset = structured_integer(self.headers.get("Upload-Offset"))
        complete = structured_boolean(self.headers.get("Upload-Complete"))
        note(upload["key"], "PATCH %s" % offset)
        if (self.headers.get("Content-Type") or "").split(";")[0].strip() != "application/partial-upload":
            self.drain()
            self.respond(415)
            return
        if complete is None or offset is None:
            self.drain()
            self.respond(400)
            return
        length = structured_integer(self.headers.get("Upload-Length"))
        if length is not None:
            upload["length"] = length
        if upload["wrong"] == "conflict" or offset != upload["offset"]:
            headers = {"Upload-Offset": upload["offset"]}
            if upload["interop"] == "9":
                headers["Upload-Complete"] = "?0"
            problem = {
                "type": "https://iana.org/assignments/http-problem-types#mismatching-upload-offset",
                "title": "offset from request does not match offset of resource",
                "expected-offset": upload["offset"], "provided-offset": offset,
            }
            self.drain()
            self.respond(409, headers, json.dumps(problem).encode(), "application/problem+json")
            return
        if complete and self.headers.get("Content-Length") is not None:
            upload["length"] = offset + int(self.headers["Content-Length"])
        self.store(upload, self.body_pieces())
        if complete:
            self.final(upload)
        else:
            headers = {"Upload-Offset": upload["offset"]}
            if upload["interop"] == "9":
                headers["Upload-Complete"] = "?0"
            self.respond(204, headers)

    def cancel(self):
        upload = self.upload_named()
        if upload is None:
            self.respond(404)
            return
        note(upload["key"], "DELETE")
        with LOCK:
            upload["deleted"] = True
        try:
            os.remove(upload["path"])
        except OSError:
            pass
        self.respond(204)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url-file", help="write the base URL to this file once listening")
    parser.add_argument("--parent", type=int, help="exit when this process is gone (stdin is then not watched)")
    args = parser.parse_args()
    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    port = server.server_address[1]

    tie_to_parent(args.parent, cleanup=lambda: shutil.rmtree(resumable_upload_state.STORE, ignore_errors=True))
    if args.url_file:
        with open(args.url_file + ".tmp", "w") as handle:
            handle.write("http://127.0.0.1:%d\n" % port)
        os.replace(args.url_file + ".tmp", args.url_file)
    print("resumable_upload_server %d" % port, flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main()
