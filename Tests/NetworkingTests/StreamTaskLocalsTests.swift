import Foundation
import Networking
import NetworkingTesting
import Synchronization
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A stream is opened on a task of its own; the caller's request options still reach its
/// interceptors and transport.
final class StreamTaskLocalsTests: XCTestCase {
    /// Records the options each request's interceptors ran with.
    final class OptionsRecorder: HTTPInterceptor {
        let seen = Mutex<[RequestOptions]>([])

        func intercept(
            _ request: URLRequest, next: @Sendable (URLRequest) async throws -> HTTPExchange
        ) async throws -> HTTPExchange {
            seen.withLock { $0.append(RequestOptions.current) }
            return try await next(request)
        }
    }

    func testTheCallersOptionsReachAStreamsInterceptors() async throws {
        let transport = InMemoryTransport()
        let events = FakeResponse.data(Data("one\ntwo\n".utf8), contentType: "text/plain")
        transport.stub(.get, "https://api.example.test/events", with: events)
        let networking = Networking(baseURL: "https://api.example.test", transport: transport)
        let recorder = OptionsRecorder()
        await networking.setInterceptors([recorder])
        let signIn = RequestOptions(requiresAuthentication: false, maxAttempts: 1, printsLogs: false)
        let lines = try await RequestOptions.with(signIn) {
            try await networking.lines("/events").get()
        }
        var received: [String] = []
        for try await line in lines { received.append(line) }
        XCTAssertEqual(received, ["one", "two"])
        XCTAssertEqual(recorder.seen.withLock { $0 }, [signIn])
    }
}
