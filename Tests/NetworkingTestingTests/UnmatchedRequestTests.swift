import Foundation
import Networking
import NetworkingTesting
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A request that no fake, stub, mock or fixture matched fails with a message that says so and
/// names the request, never "the server could not be reached", and with the request readable
/// through `NetworkingError.unmatchedRequest`.
final class UnmatchedRequestTests: XCTestCase {
    private enum Users: Endpoint {
        case user(id: Int)

        var baseURL: URL { URL(string: "https://api.example.com")! }
        var path: String {
            switch self {
            case .user(let id): "/users/\(id)"
            }
        }
        var method: HTTPMethod { .get }
    }

    private struct User: Codable, Sendable, Equatable {
        let id: Int
    }

    /// Checks what every unmatched request shares, and returns it.
    @discardableResult
    private func assertUnmatched(
        _ error: NetworkingError, testDouble: String, method: HTTPMethod = .get,
        url: String = "https://api.example.com/users/2", file: StaticString = #filePath, line: UInt = #line
    ) throws -> UnmatchedRequest {
        let unmatched = try XCTUnwrap(
            error.unmatchedRequest, "no unmatched request in \(error)", file: file, line: line)
        XCTAssertEqual(unmatched.method, method, file: file, line: line)
        XCTAssertEqual(unmatched.url?.absoluteString, url, file: file, line: line)
        XCTAssertEqual(unmatched.testDouble, testDouble, file: file, line: line)
        let message = error.localizedDescription
        XCTAssertTrue(
            message.hasPrefix("No fake, stub or mock matched \(method) \(url). "), message, file: file, line: line)
        XCTAssertEqual(message, unmatched.description, file: file, line: line)
        XCTAssertTrue(message.hasSuffix("."), message, file: file, line: line)
        XCTAssertFalse(message.contains("could not be reached"), message, file: file, line: line)
        XCTAssertFalse(error.isRetryable, file: file, line: line)
        XCTAssertFalse(error.isOffline, file: file, line: line)
        XCTAssertNil(error.hookFailure, file: file, line: line)
        guard case .transport(let urlError) = error else {
            XCTFail("expected .transport, got \(error)", file: file, line: line)
            return unmatched
        }
        XCTAssertEqual(urlError.code, .resourceUnavailable, file: file, line: line)
        return unmatched
    }

    func testAnInMemoryTransportNamesTheRequestAndItsStubs() async throws {
        let transport = InMemoryTransport()
        transport.stub(.get, "https://api.example.com/users/1", with: .json(User(id: 1)))
        let networking = Networking(baseURL: "https://api.example.com", transport: transport)
        await networking.setLogsToStandardError(false)

        let result: Result<User, NetworkingError> = await networking.get("/users/2")

        let error = try XCTUnwrap(result.failure)
        let unmatched = try assertUnmatched(error, testDouble: "InMemoryTransport")
        XCTAssertEqual(
            error.localizedDescription,
            "No fake, stub or mock matched GET https://api.example.com/users/2. InMemoryTransport has no stub "
                + "for it; its stubs: GET https://api.example.com/users/1.")
        XCTAssertTrue(unmatched.detail.contains("GET https://api.example.com/users/1"), unmatched.detail)
    }

    func testAMockURLProtocolNamesTheRequestThroughAURLSession() async throws {
        let mock = MockURLProtocol.Registry()
        let networking = Networking(baseURL: "https://api.example.com", configuration: mock.configuration())
        await networking.setLogsToStandardError(false)

        let result: Result<User, NetworkingError> = await networking.get("/users/2")

        let error = try XCTUnwrap(result.failure)
        let unmatched = try assertUnmatched(error, testDouble: "InMemoryTransport")
        XCTAssertTrue(unmatched.detail.hasSuffix("its stubs: none"), unmatched.detail)
    }

    func testTheSharedMockURLProtocolIsNamedAsSuch() async throws {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.protocolClasses = [MockURLProtocol.self]
        let networking = Networking(baseURL: "https://api.example.com", configuration: configuration)
        await networking.setLogsToStandardError(false)

        let result: Result<User, NetworkingError> = await networking.get("/users/2")

        try assertUnmatched(try XCTUnwrap(result.failure), testDouble: "MockURLProtocol")
    }

    func testAMockHTTPClientNamesTheCallAndItsStubs() async throws {
        let client = MockHTTPClient()
        client.stub(Users.user(id: 1), with: User(id: 1))

        let result: Result<User, NetworkingError> = await client.send(Users.user(id: 2))

        let error = try XCTUnwrap(result.failure)
        let unmatched = try assertUnmatched(error, testDouble: "MockHTTPClient")
        XCTAssertTrue(error.localizedDescription.contains("no stub"), error.localizedDescription)
        XCTAssertTrue(unmatched.detail.contains("GET https://api.example.com/users/1"), unmatched.detail)
    }

    func testAReplayingTransportNamesTheRequest() async throws {
        let directory = URL(fileURLWithPath: NSTemporaryDirectory())
            .appendingPathComponent("networking-unmatched-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let networking = Networking(
            baseURL: "https://api.example.com", transport: try ReplayingTransport(directory: directory))
        await networking.setLogsToStandardError(false)

        let result: Result<User, NetworkingError> = await networking.get("/users/2")

        let unmatched = try assertUnmatched(try XCTUnwrap(result.failure), testDouble: "ReplayingTransport")
        XCTAssertTrue(unmatched.detail.hasSuffix("the directory has no fixtures"), unmatched.detail)
    }

    func testAFakeTransportWithNothingBehindItNamesTheRequest() async throws {
        var routes = FakeRoutes()
        routes.add(.json(User(id: 1)), for: try RequestPattern(method: .get, path: "https://api.example.com/users/1"))
        let networking = Networking(
            baseURL: "https://api.example.com", transport: FakeTransport(routes: routes, next: nil))
        await networking.setLogsToStandardError(false)

        let result: Result<User, NetworkingError> = await networking.get("/users/2")

        let unmatched = try assertUnmatched(try XCTUnwrap(result.failure), testDouble: "FakeTransport")
        XCTAssertTrue(unmatched.detail.contains("GET https://api.example.com/users/1"), unmatched.detail)
    }

    func testTheLogSaysNothingMatched() async throws {
        final class Sink: LogSink, @unchecked Sendable {
            // Guarded by `lock`: the pipeline writes from its own tasks.
            private let lock = NSLock()
            private var lines: [String] = []
            func write(_ record: LogRecord) { lock.withLock { lines.append(record.text) } }
            var text: String { lock.withLock { lines.joined() } }
        }
        let sink = Sink()
        let networking = Networking(baseURL: "https://api.example.com", transport: InMemoryTransport())
        await networking.setLogsToStandardError(false)
        await networking.setLogLevel(.failures)
        await networking.setLogSinks([sink])

        let _: Result<User, NetworkingError> = await networking.get("/users/2")

        XCTAssertTrue(
            sink.text.contains("failed: No fake, stub or mock matched GET https://api.example.com/users/2."),
            sink.text)
        XCTAssertFalse(sink.text.contains("could not be reached"), sink.text)
    }
}

extension Result {
    /// The failure, or `nil` for a success.
    fileprivate var failure: Failure? {
        guard case .failure(let error) = self else { return nil }
        return error
    }
}
