import Foundation
import Synchronization
import XCTest

@testable import Networking

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
#if os(Linux)
    import NetworkingCurl
#endif

/// The local httpbin the integration suites run against (`make test` starts one and sets
/// `HTTPBIN_BASE_URL`; the default is `http://127.0.0.1:8080`).
enum HTTPBin {
    /// The server's base URL, without a trailing slash.
    static let baseURL: String = {
        var url = ProcessInfo.processInfo.environment["HTTPBIN_BASE_URL"] ?? "http://127.0.0.1:8080"
        while url.hasSuffix("/") { url.removeLast() }
        return url
    }()

    /// The same server under another host name (`localhost` ↔ `127.0.0.1`): another origin.
    static var otherOriginBaseURL: String {
        baseURL.contains("127.0.0.1")
            ? baseURL.replacingOccurrences(of: "127.0.0.1", with: "localhost")
            : baseURL.replacingOccurrences(of: "localhost", with: "127.0.0.1")
    }

    /// The port the server listens on.
    static var port: Int { URLComponents(string: baseURL)?.port ?? 80 }

    private static let reachability = Mutex<Bool?>(nil)

    /// Fails the calling test with a clear message when the server is not reachable; checked once per run.
    static func requireServer() async throws {
        if let reachable = reachability.withLock({ $0 }) {
            if reachable { return }
            throw Unavailable(detail: "an earlier check failed")
        }
        let reachable: Bool
        let detail: String
        let probe = Networking(baseURL: baseURL, configuration: .ephemeral)
        let result: Result<JSONResponse, NetworkingError> = await probe.get("/get")
        switch result {
        case .success:
            reachable = true
            detail = ""
        case .failure(let error):
            reachable = false
            detail = error.localizedDescription
        }
        reachability.withLock { $0 = reachable }
        if !reachable { throw Unavailable(detail: detail) }
    }

    struct Unavailable: Error, CustomStringConvertible {
        let detail: String
        var description: String {
            "httpbin is not reachable at \(HTTPBin.baseURL) (\(detail)). Run `make test`, which starts one, "
                + "or start one yourself and set HTTPBIN_BASE_URL."
        }
    }

    /// A client for the server (or for `base`), over the transport under test.
    static func client(baseURL base: String = baseURL) -> Networking {
        Networking(baseURL: base, transport: TestTransport.make())
    }
}

/// The transport the integration suites run over, named by `NETWORKING_TEST_TRANSPORT`: `curl`,
/// `urlsession`, or unset for the library's default (`CurlTransport` on Linux). `make test` runs
/// the integration suites once more over the transport that is not the default.
enum TestTransport {
    static let name = ProcessInfo.processInfo.environment["NETWORKING_TEST_TRANSPORT"] ?? "default"

    /// A transport of the requested kind (a new one, except the shared default).
    static func make() -> any HTTPTransport {
        switch name {
        case "default": return DefaultTransport.make()
        case "urlsession": return URLSessionTransport()
        #if os(Linux)
            case "curl":
                do {
                    return try CurlTransport()
                } catch {
                    return failing("\(error)")
                }
        #endif
        default: return failing("unknown NETWORKING_TEST_TRANSPORT=\(name) (curl, urlsession or unset)")
        }
    }

    /// A new transport of the requested kind whose in-memory bodies are capped at `limit` bytes.
    static func make(maxResponseBodySize limit: Int) -> any HTTPTransport {
        switch name {
        case "urlsession": return URLSessionTransport(maxResponseBodySize: limit)
        #if os(Linux)
            case "curl", "default":
                let configuration = CurlTransport.Configuration(maxResponseBodySize: limit)
                return name == "curl" ? make(configuration) : CurlTransport.preferred(configuration: configuration)
        #else
            case "default": return URLSessionTransport(maxResponseBodySize: limit)
        #endif
        default: return failing("unknown NETWORKING_TEST_TRANSPORT=\(name) (curl, urlsession or unset)")
        }
    }

    /// Whether the transport under test pauses a transfer whose stream reader falls behind
    /// (`CurlTransport`) rather than failing it once the reader is `maxResponseBodySize` behind.
    static var appliesBackPressure: Bool {
        #if os(Linux)
            make() is CurlTransport
        #else
            false
        #endif
    }

    #if os(Linux)
        private static func make(_ configuration: CurlTransport.Configuration) -> any HTTPTransport {
            do {
                return try CurlTransport(configuration: configuration)
            } catch {
                return failing("\(error)")
            }
        }
    #endif

    /// A transport that fails every request with `reason`, so a misconfigured run fails loudly.
    private static func failing(_ reason: String) -> any HTTPTransport {
        let failure = NetworkingError.transport(URLError(.unknown, userInfo: [NSLocalizedDescriptionKey: reason]))
        return ClosureTransport(exchange: { (_) throws(NetworkingError) -> HTTPExchange in throw failure })
    }
}

/// Runs `operation`, cancelling it if it has not finished within `seconds`, so that a hang fails
/// the test (its result is then `.cancelled`) instead of stalling the suite.
func withDeadline<T: Sendable>(
    seconds: Double = 15, _ operation: @escaping @Sendable () async -> Result<T, NetworkingError>
) async -> Result<T, NetworkingError> {
    let task = Task { await operation() }
    let watchdog = Task {
        try await Task.sleep(for: .seconds(seconds))
        task.cancel()
    }
    let result = await task.value
    watchdog.cancel()
    return result
}

/// The value of a successful result, or a test failure naming the error.
func unwrapSuccess<T>(
    _ result: Result<T, NetworkingError>, file: StaticString = #filePath, line: UInt = #line
) throws -> T {
    switch result {
    case .success(let value): return value
    case .failure(let error):
        XCTFail("expected success, got \(error)", file: file, line: line)
        throw error
    }
}

/// The error of a failed result, or a test failure.
func unwrapFailure<T>(
    _ result: Result<T, NetworkingError>, file: StaticString = #filePath, line: UInt = #line
) throws -> NetworkingError {
    switch result {
    case .success(let value):
        XCTFail("expected a failure, got \(value)", file: file, line: line)
        throw NetworkingError.invalidResponse
    case .failure(let error): return error
    }
}
