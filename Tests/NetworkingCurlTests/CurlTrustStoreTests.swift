#if os(Linux)
    import Foundation
    import FoundationNetworking
    import Glibc
    import NetworkingCore
    import XCTest

    @testable import NetworkingCurl

    /// Whom the transport trusts and what that costs: a configured CA file replaces the system
    /// store (it does not add to it), and each event loop loads its CA store once for all its
    /// connections rather than once per connection.
    final class CurlTrustStoreTests: XCTestCase {
        /// A hashed CA directory (`<subject hash>.0`, as `openssl rehash` names them) holding the
        /// test CA: a stand-in for the system's `/etc/ssl/certs` that trusts the test server.
        private static let systemDirectory = PoolServer.fixtures.appendingPathComponent("system-store").path
        /// A CA that signed nothing the tests serve.
        private static let otherCA = PoolServer.fixtures.appendingPathComponent("other-ca.pem").path

        private func transport(caFile: String?, system: CurlTrust.SystemStore) throws -> CurlTransport {
            var configuration = CurlTransport.Configuration(caCertificateFile: caFile)
            configuration.systemTrustStore = system
            return try CurlTransport(configuration: configuration)
        }

        func testTheSystemStoreIsTrustedWithoutACAFile() async throws {
            let server = try PoolServer(tls: true)
            for system in [
                CurlTrust.SystemStore(bundle: nil, directory: Self.systemDirectory),
                CurlTrust.SystemStore(bundle: PoolServer.caFile, directory: Self.systemDirectory),
            ] {
                let exchange = try await transport(caFile: nil, system: system).send(try server.request("/hello"))
                XCTAssertEqual(exchange.statusCode, 200, "\(system)")
            }
        }

        func testACAFileReplacesTheSystemStore() async throws {
            let server = try PoolServer(tls: true)
            // The stand-in system store trusts the server; the configured file does not.
            for system in [
                CurlTrust.SystemStore(bundle: nil, directory: Self.systemDirectory),
                CurlTrust.SystemStore(bundle: PoolServer.caFile, directory: Self.systemDirectory),
            ] {
                do {
                    _ = try await transport(caFile: Self.otherCA, system: system).send(try server.request("/hello"))
                    XCTFail("a server trusted only by the system store was accepted with a CA file: \(system)")
                } catch let error as NetworkingError {
                    guard case .transport(let urlError) = error else { return XCTFail("got \(error)") }
                    XCTAssertEqual(urlError.code, URLError.Code.serverCertificateUntrusted)
                }
            }
            let stats = try await server.stats()
            XCTAssertEqual(stats.paths, [], "no request reached the server")
        }

        func testTheCAStoreIsLoadedOnceForManyConnections() async throws {
            let server = try PoolServer(tls: true)
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: directory) }
            let caFile = directory.appendingPathComponent("ca.pem").path
            try FileManager.default.copyItem(atPath: PoolServer.caFile, toPath: caFile)
            let opens = try FileOpenCounter(path: caFile)
            let probe = open(caFile, O_RDONLY)
            close(probe)
            XCTAssertEqual(opens.count(), 1, "the counter counts an open")
            let transport = try CurlTransport(configuration: .init(caCertificateFile: caFile))
            // Concurrent requests, each on an easy handle of its own (none has a TLS session to
            // resume, which would spare the handshake its certificate), to a server that closes
            // every connection after its response: each request opens a connection.
            for round in 0..<2 {
                let metrics = try await sendKeeping(5, count: 5, over: transport) {
                    try server.request("/close/\(round)/\($0)")
                }
                XCTAssertEqual(metrics.filter { $0.isReusedConnection == false }.count, 5)
            }
            let stats = try await server.stats()
            XCTAssertEqual(stats.accepted, 10, "ten connections")
            XCTAssertEqual(opens.count(), 1, "times the CA file was read for ten connections")
        }
    }

    /// Counts the times a file is opened, through inotify: what the process does, not how long it
    /// takes. It watches closes too: inotify merges an event with the one before it when both are
    /// the same and unread, and an open and a close alternate.
    final class FileOpenCounter {
        private let descriptor: Int32

        init(path: String) throws {
            descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
            let mask = UInt32(IN_OPEN) | UInt32(IN_CLOSE_NOWRITE) | UInt32(IN_CLOSE_WRITE)
            guard descriptor >= 0, inotify_add_watch(descriptor, path, mask) >= 0 else {
                throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
            }
        }

        deinit { close(descriptor) }

        /// The opens since the last call (the events of a watched file carry no name).
        func count() -> Int {
            var opens = 0
            var buffer = [inotify_event](repeating: inotify_event(), count: 256)
            while true {
                let read = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
                guard read > 0 else { return opens }
                let events = buffer.prefix(read / MemoryLayout<inotify_event>.stride)
                opens += events.filter { $0.mask & UInt32(IN_OPEN) != 0 }.count
            }
        }
    }
#endif
