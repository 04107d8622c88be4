"""An HTTP/1.1 server on a Unix domain socket, for the Unix-socket tests of NetworkingCurl.

Usage: unix_socket_server.py SOCKET_PATH. Listens on SOCKET_PATH (replacing a stale socket there),
prints "ready", then serves until its standard input closes, it is signalled, or 300 seconds pass.
Every GET answers {"path": ..., "host": <the Host header>, "socket": SOCKET_PATH}.
"""
import json
import os
import socketserver
import sys
from http.server import BaseHTTPRequestHandler

from fixture_lifetime import tie_to_parent


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def do_GET(self):
        body = json.dumps({"path": self.path, "host": self.headers.get("Host"), "socket": self.server.path}).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def address_string(self):
        return "unix"

    def log_message(self, *args):
        pass


class Server(socketserver.ThreadingMixIn, socketserver.UnixStreamServer):
    daemon_threads = True


def main():
    tie_to_parent()
    path = sys.argv[1]
    if os.path.exists(path):
        os.unlink(path)
    server = Server(path, Handler)
    server.path = path
    print("ready", flush=True)
    try:
        server.serve_forever()
    finally:
        os.unlink(path)


if __name__ == "__main__":
    main()
