#if os(Linux)
    import CCurlShim
    import Foundation
    import NetworkingCore

    /// The socket of a cleartext `CurlConnection` with no proxy, which its owner's senders write
    /// from their own threads (`ServedConnectionWriter`) rather than waking the loop to write for
    /// them: libcurl adds no layer of its own to such a socket, so `send(2)` on it is what
    /// `curl_easy_send` would do, without its search of the multi handle's pool.
    ///
    /// libcurl closes the socket through `close` (the handle's CURLOPT_CLOSESOCKETFUNCTION), under
    /// the lock a write holds, so that a write never reaches a descriptor closed and then given to
    /// another file. The loop keeps this object until the handle is cleaned up, libcurl's last
    /// close.
    ///
    /// `@unchecked Sendable`: the descriptor is read and written only under `socket`'s lock.
    final class CurlPlainSocket: ServedConnectionWriter, @unchecked Sendable {
        /// The connection's descriptor once adopted; `-1` before, and once closed.
        private let socket = CurlLock<Int32>(-1)

        /// Has libcurl close `easy`'s sockets through this object (the loop thread, before connecting).
        func install(on easy: OpaquePointer) {
            _ = ncurl_easy_setopt_pointer(
                easy, NCURLOPT_CLOSESOCKETFUNCTION, unsafeBitCast(Self.close, to: UnsafeRawPointer.self))
            _ = ncurl_easy_setopt_pointer(easy, NCURLOPT_CLOSESOCKETDATA, Unmanaged.passUnretained(self).toOpaque())
        }

        /// Takes the descriptor of the connection libcurl opened (the loop thread).
        func adopt(_ descriptor: Int32) { socket.withLock { $0 = descriptor } }

        /// Writes what the socket takes now (any thread, one at a time: the owner orders them).
        func send(_ bytes: UnsafeRawBufferPointer) -> ServedConnectionIO {
            guard let base = bytes.baseAddress, !bytes.isEmpty else { return .done(0) }
            return socket.withLock { descriptor in
                guard descriptor >= 0 else { return .failed(URLError(.networkConnectionLost)) }
                while true {
                    let sent = Glibc.send(descriptor, base, bytes.count, Int32(MSG_DONTWAIT | MSG_NOSIGNAL))
                    if sent >= 0 { return .done(sent) }
                    switch errno {
                    case EINTR: continue
                    case EAGAIN, EWOULDBLOCK: return .wouldBlock
                    default: return .failed(URLError(.networkConnectionLost))
                    }
                }
            }
        }

        /// libcurl's close of one of the handle's sockets (a connect attempt's, or the connection's).
        private static let close: @convention(c) (UnsafeMutableRawPointer?, Int32) -> Int32 = { data, descriptor in
            guard let data else { return Glibc.close(descriptor) }
            let owner = Unmanaged<CurlPlainSocket>.fromOpaque(data).takeUnretainedValue()
            return owner.socket.withLock { adopted in
                if adopted == descriptor { adopted = -1 }
                return Glibc.close(descriptor)
            }
        }
    }
#endif

#if os(Linux)
    extension CurlConnection {
        /// The writer of a cleartext connection with no proxy, once open (the loop thread, from `serve`).
        package func directWriter() -> (any ServedConnectionWriter)? { isOpen ? loop.plainSocket(of: self) : nil }

        /// Whether libcurl adds no layer to the socket: cleartext HTTP, no proxy.
        var isPlain: Bool {
            guard url.scheme?.lowercased() == "http", let path = try? configuration.networkPath.resolved() else {
                return false
            }
            return CurlNetworkPath.proxy(for: url, in: path) == nil
        }
    }
#endif
