import Foundation
import Networking
import NetworkingTesting
import Synchronization
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The error hook of an endpoint-style interceptor, `intercept(_ error: DecodableError)` ("Request
/// Interception"): called once for every failed endpoint request, before the caller gets the error.
final class InterceptorErrorHookTests: XCTestCase {
    private struct Call: Endpoint {
        var baseURL = URL(string: "https://api.example.com")!
        var path = "/call"
        var method: HTTPMethod { .get }
        var retryCount = 0
        var requiresAuthentication: Bool { false }
    }

    /// Written as the document writes it: `intercept(_ error: DecodableError)`.
    private final class Recorder: Interceptor {
        private let errors = Mutex<[NetworkingError]>([])
        private let dataHooks = Mutex(0)
        var seen: [NetworkingError] { errors.withLock { $0 } }
        /// How many responses `intercept(_ data:)` had seen when the error hook was called.
        var responsesBeforeTheError: Int { dataHooks.withLock { $0 } }

        func intercept(_ data: inout Data) { dataHooks.withLock { $0 += 1 } }

        func intercept(_ error: DecodableError) {
            guard let error = error as? NetworkingError else { return XCTFail("not a NetworkingError: \(error)") }
            errors.withLock { $0.append(error) }
        }
    }

    func testA404ReachesTheHookOnceBeforeTheCaller() async throws {
        try await HTTPBin.requireServer()
        let recorder = Recorder()
        let controller = NetworkingController(interceptor: recorder)
        do {
            let _: JSONResponse = try await controller.request(
                Call(baseURL: URL(string: HTTPBin.baseURL)!, path: "/status/404"))
            XCTFail("expected a failure")
        } catch {
            XCTAssertEqual(error.statusCode, 404)
            XCTAssertEqual(recorder.seen.map(\.statusCode), [404], "called once, before the error was thrown")
        }
    }

    func testARequestRetriedByItsEndpointReachesTheHookOnceAfterItsLastAttempt() async throws {
        let transport = InMemoryTransport()
        transport.stub(.get, "https://api.example.com/call", with: .text("busy", statusCode: 503))
        let recorder = Recorder()
        let controller = NetworkingController(interceptor: recorder, transport: transport)
        let result: Result<EmptyResponse, NetworkingError> = await controller.request(Call(retryCount: 2))
        XCTAssertEqual(try unwrapFailure(result).statusCode, 503)
        XCTAssertEqual(transport.requests.count, 3)
        XCTAssertEqual(recorder.seen.map(\.statusCode), [503])
        XCTAssertEqual(recorder.responsesBeforeTheError, 3)
    }

    func testADecodingFailureReachesTheHook() async throws {
        let transport = InMemoryTransport()
        transport.stub(.get, "https://api.example.com/call", with: .text("not JSON"))
        let recorder = Recorder()
        let controller = NetworkingController(interceptor: recorder, transport: transport)
        let result: Result<User, NetworkingError> = await controller.request(Call())
        guard case .decoding = try unwrapFailure(result) else { return XCTFail("expected .decoding, got \(result)") }
        XCTAssertEqual(recorder.seen.count, 1)
        guard case .decoding? = recorder.seen.first else { return XCTFail("the hook saw \(recorder.seen)") }
    }

    func testTheHookRunsForAnyClientWhoseInterceptorsIncludeTheAdapterAndNotOnSuccess() async throws {
        let transport = InMemoryTransport()
        transport.stub(.get, "https://api.example.com/call", with: jsonResponse(#"{"id": "1", "name": "Ada"}"#))
        transport.stub(.get, "https://api.example.com/gone", with: .text("gone", statusCode: 410))
        let recorder = Recorder()
        let client = HTTPClient(
            configuration: .init(interceptors: [LegacyInterceptorAdapter(recorder)]), transport: transport)
        let user: User = try await client.send(Call())
        XCTAssertEqual(user.name, "Ada")
        XCTAssertTrue(recorder.seen.isEmpty)
        let gone: Result<EmptyResponse, NetworkingError> = await client.send(Call(path: "/gone"))
        XCTAssertEqual(try unwrapFailure(gone).statusCode, 410)
        XCTAssertEqual(recorder.seen.map(\.statusCode), [410])
    }
}
