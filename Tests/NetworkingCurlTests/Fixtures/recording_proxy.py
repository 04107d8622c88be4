"""A stand-in HTTP proxy that records what it is sent and lets nothing through, for the proxy tests.

Usage: recording_proxy.py LOG_PATH. Listens on a free loopback port, prints it, then serves until
its standard input closes, it is signalled, or 300 seconds pass. Every request head it receives (a
forwarded request or a CONNECT) is appended to LOG_PATH as it arrived, and answered with a 407 that
asks for Basic credentials, so that a client holding credentials for it would send them.
"""
import socketserver
import sys
import threading

from fixture_lifetime import tie_to_parent

ANSWER = (
    b"HTTP/1.1 407 Proxy Authentication Required\r\n"
    b'Proxy-Authenticate: Basic realm="recording"\r\n'
    b"Content-Length: 0\r\n\r\n"
)


class Handler(socketserver.BaseRequestHandler):
    def handle(self):
        received = b""
        while True:
            while b"\r\n\r\n" not in received:
                chunk = self.request.recv(65536)
                if not chunk:
                    return
                received += chunk
            head, _, received = received.partition(b"\r\n\r\n")
            with self.server.lock, open(self.server.log_path, "ab") as log:
                log.write(head + b"\r\n\r\n")
            self.request.sendall(ANSWER)


class Server(socketserver.ThreadingMixIn, socketserver.TCPServer):
    daemon_threads = True
    allow_reuse_address = True


def main():
    tie_to_parent()
    server = Server(("127.0.0.1", 0), Handler)
    server.log_path = sys.argv[1]
    server.lock = threading.Lock()
    print(server.server_address[1], flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main()
