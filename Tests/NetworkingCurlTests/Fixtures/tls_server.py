"""A loopback HTTPS server for the NetworkingCurl TLS tests (HTTP/1.1, test certificate).

Usage: tls_server.py FIXTURES_DIR [CERT KEY]. Serves CERT and KEY (files in FIXTURES_DIR; by
default server.pem and server.key). Prints the port it listens on, then serves until its standard
input closes (the test process ended or closed it), it is signalled, or 300 seconds pass.
GET /hello answers {"path": ..., "tls": ..., "host": <the Host header>}; anything else answers 404.
"""
import json
import os
import ssl
import sys
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from fixture_lifetime import tie_to_parent


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def do_GET(self):
        if self.path != "/hello":
            self.send_error(404)
            return
        body = json.dumps({"path": self.path, "tls": self.request.version(), "host": self.headers.get("Host")}).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


def main():
    tie_to_parent()
    fixtures = sys.argv[1]
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    cert, key = sys.argv[2:4] if len(sys.argv) >= 4 else ("server.pem", "server.key")
    context.load_cert_chain(os.path.join(fixtures, cert), os.path.join(fixtures, key))
    context.set_alpn_protocols(["http/1.1"])
    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    server.socket = context.wrap_socket(server.socket, server_side=True)
    print(server.server_address[1], flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main()
