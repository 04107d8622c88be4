#if os(Linux)
    import Foundation
    import FoundationNetworking
    import Glibc
    import NetworkingCore
    import XCTest

    @testable import NetworkingCurl

    /// A process out of file descriptors fails its request with an error that says so, names the
    /// limit and does not blame the server.
    final class CurlDescriptorLimitTests: XCTestCase {
        func testRunningOutOfDescriptorsIsAnErrorOfItsOwn() async throws {
            let server = try PoolServer()
            let transport = try CurlTransport()
            let request = try server.request("/never")
            // Lower the soft limit to a little above the highest descriptor in use, then take
            // every descriptor left, as a process at its limit would have.
            var saved = rlimit()
            XCTAssertEqual(getrlimit(Self.resource, &saved), 0)
            let highest =
                ((try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? [])
                .compactMap { Int($0) }.max() ?? 0
            var lowered = saved
            lowered.rlim_cur = rlim_t(highest + 16)
            XCTAssertEqual(setrlimit(Self.resource, &lowered), 0)
            var taken: [Int32] = []
            while true {
                let descriptor = open("/dev/null", O_RDONLY | O_CLOEXEC)
                guard descriptor >= 0 else { break }
                taken.append(descriptor)
            }
            let result = await outcome(of: request, over: transport)
            for descriptor in taken { close(descriptor) }
            _ = setrlimit(Self.resource, &saved)

            guard case .failure(let error) = result else { return XCTFail("expected a failure, got \(result)") }
            XCTAssertTrue(error.isOutOfFileDescriptors, "\(error)")
            XCTAssertFalse(error.isRetryable, "running out of descriptors is not the server's fault")
            let message = try XCTUnwrap(error.errorDescription)
            XCTAssertEqual(
                message,
                "No connection to 127.0.0.1 could be opened: the process ran out of file descriptors (its limit is "
                    + "\(highest + 16) open files: `ulimit -n` raises it).")
            let stats = try await server.stats()
            XCTAssertEqual(stats.accepted, 0)
            // With descriptors free again, the same transport connects.
            let exchange = try await transport.send(try server.request("/again"))
            XCTAssertEqual(exchange.statusCode, 200)
        }

        private static let resource = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
    }
#endif
