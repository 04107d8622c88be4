"""A loopback server that counts connections, for the connection-pool tests of CurlTransport.

Usage: pool_server.py FIXTURES_DIR PORTS [tls]. Listens on one control port (plain HTTP) and PORTS
serving ports (HTTPS with the test certificate when `tls` is given), prints all of their numbers
on one line (control first), then serves until its standard input closes, it is signalled, or
300 seconds pass.

On a serving port: GET /delay/<ms>/... answers after <ms> milliseconds; a path that starts with
/close answers with `Connection: close`; /redirect?to=<URL> answers 302 to that URL; anything else
answers at once. Every answer is a small
JSON body naming the path. The control port's GET /stats answers what the serving ports saw:
{"accepted": connections accepted, "open": connections open now, "maxOpen": the most open at once,
"paths": every request path, in order, "headers": the headers of each request, in order}.
"""
import json
import os
import ssl
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import unquote

from fixture_lifetime import tie_to_parent

lock = threading.Lock()
stats = {"accepted": 0, "open": 0, "maxOpen": 0, "paths": [], "headers": []}


class Serving(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def setup(self):
        super().setup()
        with lock:
            stats["accepted"] += 1
            stats["open"] += 1
            stats["maxOpen"] = max(stats["maxOpen"], stats["open"])

    def finish(self):
        try:
            super().finish()
        finally:
            with lock:
                stats["open"] -= 1

    def do_GET(self):
        with lock:
            stats["paths"].append(self.path)
            stats["headers"].append({name.lower(): value for name, value in self.headers.items()})
        parts = self.path.split("/")
        if parts[1].startswith("redirect") and "?to=" in self.path:
            self.send_response(302)
            self.send_header("Location", unquote(self.path.split("?to=", 1)[1]))
            self.send_header("Content-Length", "0")
            self.end_headers()
            return
        if len(parts) > 2 and parts[1] == "delay":
            time.sleep(int(parts[2]) / 1000)
        body = json.dumps({"path": self.path}).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        if self.path.startswith("/close"):
            self.send_header("Connection", "close")
            self.close_connection = True
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


class Control(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def do_GET(self):
        with lock:
            body = json.dumps(stats).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


class Server(ThreadingHTTPServer):
    daemon_threads = True
    request_queue_size = 1024


def serve(server):
    threading.Thread(target=server.serve_forever, daemon=True).start()


def main():
    tie_to_parent()
    fixtures, count = sys.argv[1], int(sys.argv[2])
    context = None
    if len(sys.argv) > 3 and sys.argv[3] == "tls":
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(os.path.join(fixtures, "server.pem"), os.path.join(fixtures, "server.key"))
        context.set_alpn_protocols(["http/1.1"])
    control = Server(("127.0.0.1", 0), Control)
    servers = []
    for _ in range(count):
        server = Server(("127.0.0.1", 0), Serving)
        if context is not None:
            server.socket = context.wrap_socket(server.socket, server_side=True)
        servers.append(server)
    ports = [control.server_address[1]] + [server.server_address[1] for server in servers]
    for server in servers:
        serve(server)
    print(" ".join(str(port) for port in ports), flush=True)
    control.serve_forever()


if __name__ == "__main__":
    main()
