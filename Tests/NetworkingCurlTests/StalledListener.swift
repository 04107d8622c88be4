#if os(Linux)
    import Foundation
    import Glibc

    /// A listening socket on `[::1]:port`, IPv6 only, that never answers a connection: it listens
    /// with a backlog of 0 and one connection made to it is never accepted, so its accept queue is
    /// full and Linux drops the SYN of every other connection. A client's connect there hangs
    /// (retrying its SYN) until the client gives up or tries another address, as with a server
    /// whose address is unreachable. Closed when released.
    final class StalledListener {
        struct Failure: Error, CustomStringConvertible {
            let description: String
        }

        private let listener: Int32
        private let filler: Int32

        /// Listens on `[::1]:port` (IPv6 only, so the port's IPv4 address stays free) and fills the
        /// accept queue.
        init(port: Int) throws {
            let listener = try Self.socket()
            var one: Int32 = 1
            setsockopt(listener, Int32(IPPROTO_IPV6), IPV6_V6ONLY, &one, socklen_t(MemoryLayout<Int32>.size))
            var address = Self.loopback(port: port)
            let size = socklen_t(MemoryLayout<sockaddr_in6>.size)
            let bound = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, size) }
            }
            guard bound == 0, listen(listener, 0) == 0 else {
                let reason = String(cString: strerror(errno))
                close(listener)
                throw Failure(description: "[::1]:\(port) cannot be listened on: \(reason)")
            }
            let filler: Int32
            do {
                filler = try Self.socket()
            } catch {
                close(listener)
                throw error
            }
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(filler, $0, size) }
            }
            guard connected == 0 else {
                let reason = String(cString: strerror(errno))
                close(filler)
                close(listener)
                throw Failure(description: "the connection filling [::1]:\(port)'s queue failed: \(reason)")
            }
            self.listener = listener
            self.filler = filler
        }

        deinit {
            close(filler)
            close(listener)
        }

        private static func socket() throws -> Int32 {
            let descriptor = Glibc.socket(AF_INET6, Int32(SOCK_STREAM.rawValue), 0)
            guard descriptor >= 0 else {
                throw Failure(description: "no IPv6 socket: \(String(cString: strerror(errno)))")
            }
            return descriptor
        }

        private static func loopback(port: Int) -> sockaddr_in6 {
            var address = sockaddr_in6()
            address.sin6_family = sa_family_t(AF_INET6)
            address.sin6_port = in_port_t(UInt16(port)).bigEndian
            address.sin6_addr = in6addr_loopback
            return address
        }
    }
#endif
