import Foundation
import Networking

#if os(Linux)
    import Glibc

    /// `Benchmarks ws-echo-server`: a WebSocket echo server on plain sockets, a thread per
    /// connection, for the WebSocket benchmark's second server.
    ///
    /// The `websockets` server answers an echo in about 100 µs of its own and serves some 25,000
    /// messages a second, so against it both clients mostly measure the server. This one answers in
    /// microseconds: a batch of frames read at once is answered with one write, unmasked, ping with
    /// pong, close with close. It negotiates nothing (no extension, no subprotocol), ignores the
    /// request's path and exits when its standard input ends. It prints its port on one line.
    enum NativeEchoServer {
        /// Serves until standard input ends; never returns.
        static func run() -> Never {
            let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            let bound = withUnsafeMutablePointer(to: &address) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                    bind(listener, address, length) == 0 && listen(listener, 128) == 0
                        && getsockname(listener, address, &length) == 0
                }
            }
            guard listener >= 0, bound else {
                FileHandle.standardError.write(Data("ws-echo-server: cannot listen: errno \(errno)\n".utf8))
                exit(1)
            }
            FileHandle.standardOutput.write(Data("\(UInt16(bigEndian: address.sin_port))\n".utf8))
            Thread.detachNewThread {
                while true {
                    let connection = accept(listener, nil, nil)
                    if connection >= 0 { Thread.detachNewThread { serve(connection) } }
                }
            }
            var byte: UInt8 = 0
            while read(0, &byte, 1) > 0 {}
            exit(0)
        }

        /// One connection: the opening handshake, then frames echoed until a close or the end.
        private static func serve(_ descriptor: Int32) {
            defer { close(descriptor) }
            var on: Int32 = 1
            setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &on, socklen_t(MemoryLayout<Int32>.size))
            var input = [UInt8](repeating: 0, count: 1 << 16)
            var filled = 0
            var output: [UInt8] = []
            output.reserveCapacity(1 << 16)
            var handshaken = false
            while true {
                let count = input.withUnsafeMutableBytes {
                    read(descriptor, $0.baseAddress! + filled, $0.count - filled)
                }
                guard count > 0 else { return }
                filled += count
                var offset = 0
                if !handshaken {
                    guard let (answer, end) = handshake(input[0..<filled]) else {
                        if filled == input.count { return }  // no end of the head in 64 KiB
                        continue
                    }
                    output.append(contentsOf: answer)
                    offset = end
                    handshaken = true
                }
                var closing = false
                while !closing, let end = echoFrame(input, from: offset, to: filled, into: &output, closing: &closing) {
                    offset = end
                }
                if !output.isEmpty {
                    guard writeAll(descriptor, output) else { return }
                    output.removeAll(keepingCapacity: true)
                }
                if closing { return }
                input.withUnsafeMutableBytes { bytes in
                    _ = memmove(bytes.baseAddress!, bytes.baseAddress! + offset, filled - offset)
                }
                filled -= offset
                if filled == input.count { input += [UInt8](repeating: 0, count: input.count) }  // a large frame
            }
        }

        /// The `101` for a complete request head in `head`, and where the head ends.
        private static func handshake(_ head: ArraySlice<UInt8>) -> (answer: [UInt8], end: Int)? {
            let end = Array("\r\n\r\n".utf8)
            guard let found = head.indices.first(where: { head[$0...].starts(with: end) }) else { return nil }
            let text = String(decoding: head[..<found], as: UTF8.self)
            let key = text.split(separator: "\r\n").lazy.compactMap { line -> Substring? in
                let parts = line.split(separator: ":", maxSplits: 1)
                guard parts.count == 2, parts[0].lowercased() == "sec-websocket-key" else { return nil }
                return parts[1].drop(while: { $0 == " " })
            }.first
            let answer =
                "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                + "Sec-WebSocket-Accept: \(WebSocketHandshake.acceptValue(for: String(key ?? "")))\r\n\r\n"
            return (Array(answer.utf8), found + end.count)
        }

        /// Appends the answer to the frame at `start` (if it is complete) to `output` and returns
        /// where it ends: the payload unmasked, a ping answered by a pong, a pong by nothing, a close
        /// by the same close (and `closing` set).
        private static func echoFrame(
            _ input: [UInt8], from start: Int, to filled: Int, into output: inout [UInt8], closing: inout Bool
        ) -> Int? {
            guard filled - start >= 2 else { return nil }
            let first = input[start]
            let masked = input[start + 1] & 0x80 != 0
            var length = Int(input[start + 1] & 0x7F)
            var header = 2
            if length == 126 {
                guard filled - start >= 4 else { return nil }
                length = Int(input[start + 2]) << 8 | Int(input[start + 3])
                header = 4
            } else if length == 127 {
                guard filled - start >= 10 else { return nil }
                length = (0..<8).reduce(0) { $0 << 8 | Int(input[start + 2 + $1]) }
                header = 10
            }
            let mask = start + header  // the key's first byte, when masked
            if masked { header += 4 }
            guard filled - start >= header + length else { return nil }
            let opcode = first & 0x0F
            guard opcode != 0xA else { return start + header + length }
            output.append(opcode == 0x9 ? 0x80 | 0xA : first)
            if length < 126 {
                output.append(UInt8(length))
            } else if length < 65536 {
                output += [126, UInt8(length >> 8), UInt8(length & 0xFF)]
            } else {
                output.append(127)
                output += (0..<8).map { UInt8((length >> (8 * (7 - $0))) & 0xFF) }
            }
            let payload = start + header
            for index in 0..<length { output.append(input[payload + index] ^ (masked ? input[mask + (index & 3)] : 0)) }
            closing = opcode == 0x8
            return payload + length
        }

        private static func writeAll(_ descriptor: Int32, _ bytes: [UInt8]) -> Bool {
            var sent = 0
            while sent < bytes.count {
                let count = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress! + sent, bytes.count - sent) }
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { return false }
                sent += count
            }
            return true
        }

        /// This executable as `ws-echo-server`, in a child process that exits when `stop` closes its
        /// standard input.
        struct Process {
            let port: Int
            private let input: Pipe

            init() throws {
                let server = Foundation.Process()
                let output = Pipe()
                server.executableURL = URL(
                    fileURLWithPath: (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
                        ?? CommandLine.arguments[0])
                server.arguments = ["ws-echo-server"]
                input = Pipe()
                server.standardOutput = output
                server.standardInput = input
                try server.run()
                let line = String(decoding: output.fileHandleForReading.availableData, as: UTF8.self)
                guard let port = Int(line.trimmingCharacters(in: .whitespacesAndNewlines)) else {
                    try? input.fileHandleForWriting.close()
                    throw BenchmarkFailure(description: "ws-echo-server did not start: \(line)")
                }
                self.port = port
            }

            func stop() { try? input.fileHandleForWriting.close() }
        }
    }
#endif
