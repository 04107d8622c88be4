import Foundation
import Synchronization
import XCTest

@testable import Networking

#if os(Linux)
    import NetworkingCurl
#endif

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Faults from a misbehaving server (`Tests/Harness/fault_server.py`), each through the whole client:
/// the `Networking` actor, the pipeline, the default `URLSessionTransport` and a download cache in a
/// temporary directory.
///
/// Every scenario must end in the right `NetworkingError` before its watchdog fires (a hang fails
/// the test rather than stalling the suite), and afterwards:
/// - no file descriptor is left open: once the client (and so its `URLSession`) is gone, the
///   process has exactly the descriptors it had before the client was created — the session's own
///   descriptors and its pooled connections included;
/// - nothing was cached: the download cache's memory tier is empty and its directory holds no file;
/// - a download to a file left nothing at its destination, and a file already there as it was.
final class FaultInjectionTests: XCTestCase {
    var server: FaultServer?

    override func setUp() async throws {
        let server = try FaultServer()
        self.server = server
        try await Self.warmUp(server)
    }

    override func tearDown() {
        server?.stop()
        server = nil
    }

    // MARK: Broken connections

    func testConnectionResetMidBodyIsALostConnection() async throws {
        let result = try await download("/reset-mid-body")
        XCTAssertEqual(try urlErrorCode(result), .networkConnectionLost, "\(result)")
    }

    func testConnectionClosedBeforeTheHeadersIsALostConnection() async throws {
        let result = try await download("/close-before-headers")
        XCTAssertEqual(try urlErrorCode(result), .networkConnectionLost, "\(result)")
    }

    func testBodyShorterThanItsContentLengthIsALostConnection() async throws {
        let result = try await download("/short-body")
        XCTAssertEqual(try urlErrorCode(result), .networkConnectionLost, "\(result)")
    }

    func testMalformedChunkedEncodingIsAnUnparsableResponse() async throws {
        let result = try await download("/bad-chunked")
        XCTAssertEqual(try urlErrorCode(result), .cannotParseResponse, "\(result)")
    }

    func testBodyThatIsNotTheGzipItClaimsIsUndecodableContent() async throws {
        let result = try await download("/bad-gzip")
        XCTAssertEqual(try urlErrorCode(result), .cannotDecodeContentData, "\(result)")
    }

    func testABrokenDownloadToAFileLeavesNothingAtTheDestination() async throws {
        for path in ["/reset-mid-body", "/close-before-headers", "/short-body", "/bad-chunked", "/bad-gzip"] {
            let folder = Self.temporaryDirectory()
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let fresh = folder.appendingPathComponent("fresh.bin")
            let existing = folder.appendingPathComponent("existing.bin")
            try Data("earlier".utf8).write(to: existing)
            let results = try await run(path) { networking in
                [await networking.download(path, to: fresh), await networking.download(path, to: existing)]
            }
            for result in results {
                guard case .failure = result else { return XCTFail("\(path): a broken body was saved as \(result)") }
            }
            XCTAssertFalse(FileManager.default.fileExists(atPath: fresh.path), path)
            XCTAssertEqual(try Data(contentsOf: existing), Data("earlier".utf8), path)
            XCTAssertEqual(
                try FileManager.default.contentsOfDirectory(atPath: folder.path), ["existing.bin"],
                "\(path): no temporary file left beside the destination")
        }
    }

    // MARK: Slow and endless bodies

    func testBodyDrippingSlowerThanTheTimeoutTimesOut() async throws {
        // One byte every 3 s against a 1 s idle timeout (URLSession on Linux truncates fractions).
        let result = try await download("/drip?interval=3&count=20", timeout: 1)
        XCTAssertEqual(try urlErrorCode(result), .timedOut, "\(result)")
    }

    func testNeverEndingBodyStopsAtTheBufferingCap() async throws {
        let result = try await download("/endless", maxBodySize: 1 << 20)
        XCTAssertEqual(try urlErrorCode(result), .dataLengthExceedsMaximum, "\(result)")
    }

    func testDeclaredLengthOverTheCapIsRefusedBeforeTheBody() async throws {
        let result = try await download("/endless?length=10000000000", maxBodySize: 1 << 20)
        XCTAssertEqual(try urlErrorCode(result), .dataLengthExceedsMaximum, "\(result)")
    }

    func testGzipBombEndsAtTheCapOnDecodedBytes() async throws {
        // ~256 KiB on the wire, 256 MiB decoded, against an 8 MiB cap. URLSession on Linux cannot
        // turn decoding off: libcurl decodes the body on the session's work queue, in one burst
        // when it is all in the socket buffer, and queues every decoded chunk for the delegate,
        // which counts them against the cap and fails the request with the first chunk past it.
        // The transport never holds more than the cap, but the process peaks at about the decoded
        // size for a moment. Measured with a 1 GiB bomb: peak RSS 1.1 GiB, and the session's
        // socket pair is never released (a Foundation leak), so this test stays at 256 MiB, where
        // Foundation releases everything. See "Reliability and security" in the README.
        PeakMemory.reset()
        let before = PeakMemory.residentKilobytes
        let result = try await download(
            "/gzip-bomb?mib=256", maxBodySize: 8 << 20, watchdog: 60, descriptorGrace: 60)
        XCTAssertEqual(try urlErrorCode(result), .dataLengthExceedsMaximum, "\(result)")
        print(
            "gzip bomb: resident \(before / 1024) MiB before, peak \(PeakMemory.peakKilobytes / 1024) MiB (cap 8 MiB)")
    }

    // MARK: Hostile headers

    func testTenThousandHeadersAreReadIntact() async throws {
        let result = try await download("/many-headers?n=10000")
        let response = try unwrapSuccess(result)
        XCTAssertEqual(response.headers["X-Header-9999"], "value-9999")
        XCTAssertGreaterThanOrEqual(response.headers.count, 10_000)
    }

    func testOneMegabyteHeaderLineIsAnUnparsableResponse() async throws {
        let result = try await download("/huge-header")
        XCTAssertEqual(try urlErrorCode(result), .cannotParseResponse, "\(result)")
    }

    func testHeaderValuesThatAreNotUTF8AreAnUnparsableResponseOrRead() async throws {
        let result = try await download("/bad-utf8-header")
        if Self.usesCurl {
            // RFC 9110 §5.5 allows such bytes (obs-text): CurlTransport reads the response.
            XCTAssertEqual(try unwrapSuccess(result).statusCode, 200)
        } else {
            // Foundation on Linux refuses the whole response when a header line is not UTF-8 (its
            // header callback fails and libcurl reports "Failed writing header").
            XCTAssertEqual(try urlErrorCode(result), .cannotParseResponse, "\(result)")
        }
    }

    // MARK: Redirects

    func testRedirectLoopEndsWithTooManyRedirects() async throws {
        let result = try await download("/redirect-loop")
        XCTAssertEqual(try urlErrorCode(result), .httpTooManyRedirects, "\(result)")
    }

    func testRedirectToAnotherOriginArrivesWithoutCredentials() async throws {
        let server = try XCTUnwrap(self.server)
        let id = UUID().uuidString
        let target = "\(server.otherBaseURL)/record?id=\(id)"
        let path = "/redirect?id=\(id)&to=\(Self.queryValue(target))"
        let result = try await download(path) { networking in
            await networking.setAuthorizationHeader(token: "fault-secret")
        }
        XCTAssertNotNil(try? result.get(), "\(result)")
        let hops = try await server.recorded(id)
        XCTAssertEqual(hops.map(\.port), [server.port, server.otherPort])
        XCTAssertEqual(hops.first?.value("Authorization"), "Bearer fault-secret")
        XCTAssertNil(hops.last?.value("Authorization"))
    }

    // MARK: Storms

    func testServiceUnavailableStormWithRetryAfterGivesUpAfterTheBudget() async throws {
        let server = try XCTUnwrap(self.server)
        let id = UUID().uuidString
        // `Retry-After: 0` asks for no wait; `maxDelay` caps the backoff at 20 ms.
        let retry = RetryInterceptor(maxAttempts: 3, baseDelay: .milliseconds(1), maxDelay: .milliseconds(20))
        let results = try await concurrentDownloads(
            10, path: { "/status?code=503&retry_after=0&id=\(id)&n=\($0)" },
            configure: { networking in await networking.setInterceptors([retry]) })
        for result in results {
            XCTAssertEqual(try statusCode(result), 503)
            XCTAssertEqual(result.failure?.responseMetadata?.headers["Retry-After"], "0")
        }
        let sent = try await server.count(id)
        XCTAssertEqual(sent, 30, "each of the 10 requests was sent exactly 3 times")
    }

    func testServiceUnavailableStormAskingForLongerThanTheCapIsNotRetried() async throws {
        let server = try XCTUnwrap(self.server)
        let id = UUID().uuidString
        // `Retry-After: 1` asks for a second, beyond `maxDelay`: no retry goes out before it.
        let retry = RetryInterceptor(maxAttempts: 3, baseDelay: .milliseconds(1), maxDelay: .milliseconds(20))
        let results = try await concurrentDownloads(
            10, path: { "/status?code=503&retry_after=1&id=\(id)&n=\($0)" },
            configure: { networking in await networking.setInterceptors([retry]) })
        for result in results {
            XCTAssertEqual(try statusCode(result), 503)
            guard case .http(let error)? = result.failure else { return XCTFail("\(result)") }
            XCTAssertEqual(error.retryAfter, .seconds(1))
        }
        let sent = try await server.count(id)
        XCTAssertEqual(sent, 10, "each of the 10 requests was sent once")
    }

    func testUnauthorizedStormReplaysEachRequestOnceAndNeverLoops() async throws {
        let server = try XCTUnwrap(self.server)
        let id = UUID().uuidString
        let refreshes = Mutex(0)
        let refresh = AuthRefreshInterceptor {
            refreshes.withLock { $0 += 1 }
            return "Bearer also-refused"
        }
        let results = try await concurrentDownloads(
            20, path: { "/status?code=401&www_authenticate=Bearer&id=\(id)&n=\($0)" },
            configure: { networking in
                await networking.setAuthorizationHeader(token: "refused")
                await networking.setInterceptors([refresh])
            })
        for result in results { XCTAssertEqual(try statusCode(result), 401) }
        let sent = try await server.count(id)
        XCTAssertEqual(sent, 40, "each request sent twice: once refused, once replayed after the refresh")
        XCTAssertGreaterThanOrEqual(refreshes.withLock { $0 }, 1)
    }

    func testBasicChallengeStormReturnsTheUnauthorizedResponses() async throws {
        // URLSession on Linux hangs forever on `401` + `WWW-Authenticate: Basic` unless the
        // delegate answers the challenge; the transport's delegate hands the 401 back.
        let challenge = Self.queryValue(#"Basic realm="fault""#)
        let results = try await concurrentDownloads(
            10, path: { "/status?code=401&www_authenticate=\(challenge)&n=\($0)" })
        for result in results { XCTAssertEqual(try statusCode(result), 401) }
    }

    // MARK: Bodies that do not decode

    func testGarbageJSONWithStatus200IsADecodingError() async throws {
        let result: Result<JSONResponse, NetworkingError> = try await run("/garbage-json") { networking in
            await networking.get("/garbage-json")
        }
        guard case .failure(.decoding(_, let metadata)) = result else { return XCTFail("\(result)") }
        XCTAssertEqual(metadata.statusCode, 200)
    }

    func testGarbageImageWithStatus200IsADecodingErrorAndIsNotCached() async throws {
        let result: Result<Image, NetworkingError> = try await run("/garbage-json") { networking in
            await networking.downloadImage("/garbage-json")
        }
        guard case .failure(.decoding(_, let metadata)) = result else { return XCTFail("\(result)") }
        XCTAssertEqual(metadata.statusCode, 200)
    }

    // MARK: Connection pool

    func testPooledConnectionIsReusedAndReleasedWithTheClient() async throws {
        let server = try XCTUnwrap(self.server)
        let before = OpenFileDescriptors.current()
        do {
            let networking = try makeClient()
            for _ in 0..<20 {
                let result: Result<Void, NetworkingError> = await networking.get("/ok")
                XCTAssertNotNil(try? result.get())
            }
            let added = OpenFileDescriptors.current().added(since: before)
            let open = try await server.openConnections()
            print("20 sequential requests: descriptors added \(added.values.sorted()), server sees \(open) connection")
            XCTAssertEqual(open, 1, "one keep-alive connection served all 20 requests")
            XCTAssertTrue(added.values.allSatisfy { $0.hasPrefix("socket:") }, "only sockets: \(added)")
        }
        try await assertDescriptorsReturn(to: before)
    }
}

extension Result {
    /// The error of a failure.
    fileprivate var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}

/// The process's resident memory and its peak, from `/proc/self/status` (Linux).
enum PeakMemory {
    /// Resets the peak (`VmHWM`) to the current resident size.
    static func reset() {
        try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)
    }

    /// `VmRSS`, in KiB.
    static var residentKilobytes: Int { field("VmRSS") }

    /// `VmHWM`, in KiB.
    static var peakKilobytes: Int { field("VmHWM") }

    private static func field(_ name: String) -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
        for line in status.split(separator: "\n") where line.hasPrefix(name + ":") {
            return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
        }
        return 0
    }
}
