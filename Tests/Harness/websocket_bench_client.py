"""The reference client of the WebSocket benchmark: the `websockets` package's synchronous client
doing what the Swift benchmark does, so that both are measured against the same server.

Usage: websocket_bench_client.py URL SEQUENTIAL PIPELINED
Prints one JSON line: {"latencies_us": [...], "sequential_seconds": s, "pipelined_seconds": s}.
"""
import json
import sys
import threading
import time

from websockets.sync.client import connect


def main():
    url, sequential, pipelined = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    payload = bytes(64)
    with connect(url, compression=None, max_size=None) as socket:
        for _ in range(200):  # warm-up
            socket.send(payload)
            socket.recv()
        latencies = []
        start = time.perf_counter()
        for _ in range(sequential):
            sent = time.perf_counter()
            socket.send(payload)
            socket.recv()
            latencies.append((time.perf_counter() - sent) * 1e6)
        sequential_seconds = time.perf_counter() - start

        def receive():
            for _ in range(pipelined):
                socket.recv()

        start = time.perf_counter()
        reader = threading.Thread(target=receive)
        reader.start()
        for _ in range(pipelined):
            socket.send(payload)
        reader.join()
        pipelined_seconds = time.perf_counter() - start
    print(json.dumps({"latencies_us": latencies, "sequential_seconds": sequential_seconds,
                      "pipelined_seconds": pipelined_seconds}))


if __name__ == "__main__":
    main()
