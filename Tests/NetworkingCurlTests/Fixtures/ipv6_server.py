"""An HTTP/1.1 server on the IPv6 loopback address, for the no-proxy tests of NetworkingCurl.

Usage: ipv6_server.py. Listens on a free port of ::1, prints it, then serves until its standard
input closes, it is signalled, or 300 seconds pass. Every GET answers {"path": ..., "via": <the Via
header a proxy adds, or null>}.
"""
import json
import socket
import socketserver
from http.server import BaseHTTPRequestHandler

from fixture_lifetime import tie_to_parent


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def do_GET(self):
        body = json.dumps({"path": self.path, "via": self.headers.get("Via")}).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


class Server(socketserver.ThreadingMixIn, socketserver.TCPServer):
    address_family = socket.AF_INET6
    daemon_threads = True


def main():
    tie_to_parent()
    server = Server(("::1", 0), Handler)
    print(server.server_address[1], flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main()
