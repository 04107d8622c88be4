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

// How each fault scenario is run: the client, the watchdog, the checks for what a fault leaves behind.
extension FaultInjectionTests {
    struct Hang: Error, CustomStringConvertible {
        let label: String
        var description: String { "\(label): no result before the watchdog fired (a hang)" }
    }

    static let warmedUp = Mutex(false)

    /// Makes one request and lets its client go (waiting until its descriptors are closed), once
    /// per process, so that what the first request of a process sets up for good is in place
    /// before any test takes its "before" picture.
    static func warmUp(_ server: FaultServer) async throws {
        guard !warmedUp.withLock({ $0 }) else { return }
        let before = OpenFileDescriptors.current()
        do {
            let networking = Networking(baseURL: server.baseURL, configuration: .ephemeral)
            let result: Result<Void, NetworkingError> = await networking.get("/ok")
            try result.get()
        }
        for _ in 0..<1000 where OpenFileDescriptors.current() != before {
            try await Task.sleep(for: .milliseconds(10))
        }
        warmedUp.withLock { $0 = true }
    }

    /// The transport under test: on Linux `CurlTransport` (the default there; `timeout` as its total
    /// timeout), and `URLSessionTransport` when `NETWORKING_TEST_TRANSPORT=urlsession` or elsewhere.
    /// `make test` runs the suite both ways.
    static var usesCurl: Bool {
        #if os(Linux)
            ProcessInfo.processInfo.environment["NETWORKING_TEST_TRANSPORT"] != "urlsession"
        #else
            false
        #endif
    }

    static func makeTransport(timeout: TimeInterval, maxBodySize: Int) -> any HTTPTransport {
        #if os(Linux)
            if ProcessInfo.processInfo.environment["NETWORKING_TEST_TRANSPORT"] != "urlsession",
                let curl = try? CurlTransport(
                    configuration: .init(maxResponseBodySize: maxBodySize, totalTimeout: timeout))
            {
                return curl
            }
        #endif
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        return URLSessionTransport(configuration: configuration, maxResponseBodySize: maxBodySize)
    }

    /// A client for the fault server with its own session (`timeout` idle timeout, `maxBodySize`
    /// cap) and its own download cache in `cacheDirectory`.
    func makeClient(
        timeout: TimeInterval = 30, maxBodySize: Int = 4 << 20, cacheDirectory: URL? = nil
    ) throws -> Networking {
        let server = try XCTUnwrap(self.server)
        let transport = Self.makeTransport(timeout: timeout, maxBodySize: maxBodySize)
        let directory = cacheDirectory ?? Self.temporaryDirectory()
        return Networking(baseURL: server.baseURL, transport: transport, cache: DataCache(directory: directory))
    }

    /// Runs `request` on a fresh client, then checks what every fault must leave behind: an
    /// empty download cache (unless `cached` says the request succeeded and may be cached), and,
    /// once the client is gone, exactly the descriptors the process had before.
    func run<T: Sendable>(
        _ label: String, timeout: TimeInterval = 30, maxBodySize: Int = 4 << 20, watchdog: Double = 20,
        descriptorGrace: Double = 10,
        configure: @Sendable (Networking) async -> Void = { _ in },
        cached: @Sendable (T) -> Bool = { _ in false },
        _ request: @escaping @Sendable (Networking) async -> T,
        file: StaticString = #filePath, line: UInt = #line
    ) async throws -> T {
        let before = OpenFileDescriptors.current()
        let directory = Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let value: T
        do {
            let networking = try makeClient(timeout: timeout, maxBodySize: maxBodySize, cacheDirectory: directory)
            await networking.setLogLevel(.none)
            await configure(networking)
            guard let result = await withWatchdog(seconds: watchdog, { await request(networking) }) else {
                throw Hang(label: label)
            }
            value = result
            if !cached(value) {
                XCTAssertEqual(
                    networking.dataCache.memoryCost, 0, "nothing in the memory cache", file: file, line: line)
            }
        }
        if !cached(value) {
            let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
            XCTAssertEqual(files, [], "nothing in the cache directory", file: file, line: line)
        }
        try await assertDescriptorsReturn(to: before, within: descriptorGrace, label: label, file: file, line: line)
        return value
    }

    /// `downloadData(path)` on a fresh client (see `run`); a successful download may be cached.
    func download(
        _ path: String, timeout: TimeInterval = 30, maxBodySize: Int = 4 << 20, watchdog: Double = 20,
        descriptorGrace: Double = 10, configure: @Sendable (Networking) async -> Void = { _ in },
        file: StaticString = #filePath, line: UInt = #line
    ) async throws -> Result<DataResponse, NetworkingError> {
        try await run(
            path, timeout: timeout, maxBodySize: maxBodySize, watchdog: watchdog, descriptorGrace: descriptorGrace,
            configure: configure, cached: { (try? $0.get()) != nil },
            { networking in await networking.downloadData(path) }, file: file, line: line)
    }

    /// `count` concurrent downloads on one fresh client, of `path(0)`…`path(count - 1)` (distinct
    /// paths, so that the download coalescer does not merge them into one transfer).
    func concurrentDownloads(
        _ count: Int, path: @escaping @Sendable (Int) -> String,
        configure: @Sendable (Networking) async -> Void = { _ in },
        file: StaticString = #filePath, line: UInt = #line
    ) async throws -> [Result<DataResponse, NetworkingError>] {
        try await run(
            path(0), configure: configure,
            { networking in
                await withTaskGroup(of: Result<DataResponse, NetworkingError>.self) { group in
                    for index in 0..<count { group.addTask { await networking.downloadData(path(index)) } }
                    return await group.reduce(into: []) { $0.append($1) }
                }
            }, file: file, line: line)
    }

    /// Waits (at most `seconds`) until the process has exactly the descriptors of `before` again.
    func assertDescriptorsReturn(
        to before: OpenFileDescriptors, within seconds: Double = 10, label: String = "",
        file: StaticString = #filePath, line: UInt = #line
    ) async throws {
        let clock = ContinuousClock()
        let start = clock.now
        var now = OpenFileDescriptors.current()
        while now != before, clock.now - start < .seconds(seconds) {
            try await Task.sleep(for: .milliseconds(10))
            now = OpenFileDescriptors.current()
        }
        if clock.now - start > .milliseconds(500) {
            print("\(label): descriptors back to the baseline after \(clock.now - start)")
        }
        XCTAssertEqual(
            now.added(since: before), [:], "descriptors left open (before: \(before.count), now: \(now.count))",
            file: file, line: line)
        XCTAssertEqual(
            before.added(since: now), [:], "descriptors closed that were open before", file: file, line: line)
    }

    /// `text` percent-encoded for a query value.
    static func queryValue(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? text
    }

    static func temporaryDirectory() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("FaultInjection-\(UUID().uuidString)")
    }

    func urlErrorCode<T>(
        _ result: Result<T, NetworkingError>, file: StaticString = #filePath, line: UInt = #line
    ) throws -> URLError.Code {
        guard case .failure(.transport(let error)) = result else {
            XCTFail("expected a transport error, got \(result)", file: file, line: line)
            throw NetworkingError.invalidResponse
        }
        return error.code
    }

    func statusCode<T>(
        _ result: Result<T, NetworkingError>, file: StaticString = #filePath, line: UInt = #line
    ) throws -> Int {
        guard case .failure(.http(let error)) = result else {
            XCTFail("expected an HTTP error, got \(result)", file: file, line: line)
            throw NetworkingError.invalidResponse
        }
        return error.statusCode
    }
}
