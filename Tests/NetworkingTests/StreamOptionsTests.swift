import Foundation
import Networking
import NetworkingTesting
import Synchronization
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A stream is opened on a task of its own; the options an interceptor sets still reach the
/// interceptors after it, since they go down the chain with the request.
final class StreamOptionsTests: XCTestCase {
    /// Hands the rest of the chain `options`.
    struct SetOptions: OptionsAwareInterceptor {
        let options: RequestOptions

        func intercept(
            _ request: URLRequest, options: RequestOptions,
            next: @Sendable (URLRequest, RequestOptions) async throws -> HTTPExchange
        ) async throws -> HTTPExchange {
            try await next(request, self.options)
        }
    }

    /// Records the options each request's interceptors ran with.
    final class OptionsRecorder: OptionsAwareInterceptor {
        let seen = Mutex<[RequestOptions]>([])

        func intercept(
            _ request: URLRequest, options: RequestOptions,
            next: @Sendable (URLRequest, RequestOptions) async throws -> HTTPExchange
        ) async throws -> HTTPExchange {
            seen.withLock { $0.append(options) }
            return try await next(request, options)
        }
    }

    func testOptionsAnInterceptorSetsReachTheNextOnesOfAStream() async throws {
        let transport = InMemoryTransport()
        let events = FakeResponse.data(Data("one\ntwo\n".utf8), contentType: "text/plain")
        transport.stub(.get, "https://api.example.test/events", with: events)
        let networking = Networking(baseURL: "https://api.example.test", transport: transport)
        let signIn = RequestOptions(requiresAuthentication: false, maxAttempts: 1, printsLogs: false)
        let before = OptionsRecorder()
        let after = OptionsRecorder()
        await networking.setInterceptors([before, SetOptions(options: signIn), after])
        let lines = try await networking.lines("/events").get()
        var received: [String] = []
        for try await line in lines { received.append(line) }
        XCTAssertEqual(received, ["one", "two"])
        XCTAssertEqual(
            before.seen.withLock { $0 }, [RequestOptions()], "a request of the actor starts with the defaults")
        XCTAssertEqual(after.seen.withLock { $0 }, [signIn])
    }
}
