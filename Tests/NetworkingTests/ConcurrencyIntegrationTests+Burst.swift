#if os(Linux)
    import Foundation
    import Glibc
    import Networking
    import Synchronization
    import XCTest

    /// A burst far larger than the descriptor limit, as a server-side user's task group sends it:
    /// every request succeeds, over few connections, with the process's descriptors bounded.
    extension ConcurrencyIntegrationTests {
        func testTenThousandConcurrentRequestsUnderTheCommonDescriptorLimitAllSucceed() async throws {
            try await HTTPBin.requireServer()
            let networking = HTTPBin.client()
            let limit = try DescriptorLimit(soft: 1024)
            defer { limit.restore() }
            let baseline = DescriptorLimit.openDescriptors()
            let peak = Atomic<Int>(0)
            let sampler = Task.detached {
                while !Task.isCancelled {
                    peak.max(DescriptorLimit.openDescriptors(), ordering: .relaxed)
                    try? await Task.sleep(for: .milliseconds(5))
                }
            }
            let failures = await withTaskGroup(of: NetworkingError?.self) { group in
                for index in 0..<10_000 {
                    group.addTask {
                        let result: Result<Data, NetworkingError> = await networking.get("/anything/\(index)")
                        if case .failure(let error) = result { return error }
                        return nil
                    }
                }
                var failures: [NetworkingError] = []
                for await failure in group { if let failure { failures.append(failure) } }
                return failures
            }
            sampler.cancel()
            _ = await sampler.value
            XCTAssertEqual(failures.count, 0, "first failure: \(String(describing: failures.first))")
            // The transports' pools keep 16 connections per origin (CurlTransport) or 6 (URLSession);
            // the rest is the runtime's and the transport's own few. Without a pool limit, the
            // burst opened a connection per request until the limit failed the rest.
            let added = peak.load(ordering: .relaxed) - baseline
            XCTAssertLessThanOrEqual(added, 24, "descriptors open at once for one origin (\(TestTransport.name))")
        }
    }

    /// Lowers the process's soft limit of open files for a test, and restores it.
    struct DescriptorLimit {
        private let saved: rlimit

        /// Sets the soft limit to `soft` unless it is lower already.
        init(soft: UInt) throws {
            var limit = rlimit()
            guard getrlimit(Self.resource, &limit) == 0 else { throw POSIXError(.EPERM) }
            saved = limit
            limit.rlim_cur = min(limit.rlim_cur, rlim_t(soft))
            guard setrlimit(Self.resource, &limit) == 0 else { throw POSIXError(.EPERM) }
        }

        func restore() {
            var limit = saved
            _ = setrlimit(Self.resource, &limit)
        }

        /// The descriptors this process has open.
        static func openDescriptors() -> Int {
            ((try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []).count
        }

        private static let resource = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
    }
#endif
