#if os(Linux)
    import Foundation
    import FoundationNetworking
    import Networking
    import NetworkingCurl
    import Synchronization
    import XCTest

    /// A request the server left unprocessed and the transport sent again on its own is seen: its
    /// metrics list each resend and say the connection was replaced, and its observers hear of
    /// each send as an attempt of its own. The misbehaving HTTP/2 server
    /// (`Tests/Harness/h2_fault_server.py`) leaves streams above a GOAWAY's last stream id.
    final class HTTP2ResendTests: XCTestCase {
        private let run = UUID().uuidString.prefix(8).lowercased()

        func testARequestAGoAwayLeftUnprocessedShowsItsResendAsAnAttemptAndInItsMetrics() async throws {
            let server = try H2FaultServer.shared()
            let transport = try CurlTransport(configuration: .init(caCertificateFile: server.caFile))
            let observer = CompletionObserver()
            let pipeline = Pipeline(transport: transport, baseURL: server.secureBaseURL, observers: [observer])
            let count = 4
            let paths = (0..<count).map { "/goaway-below/\(count)?group=\(run)&id=\(run)-\($0)" }
            let ended = await withWatchdog(seconds: 20) { () -> Bool in
                await withTaskGroup(of: Void.self) { group in
                    for path in paths { group.addTask { _ = try? await pipeline.send(.get, path) } }
                }
                return true
            }
            XCTAssertNotNil(ended, "the requests did not end within 20 s")

            let completions = observer.completions
            XCTAssertEqual(completions.count, count)
            for completion in completions {
                guard case .success = completion.outcome else {
                    return XCTFail("\(completion.context.url?.absoluteString ?? ""): \(completion.outcome)")
                }
            }
            let resent = completions.filter { !($0.metrics?.resends.isEmpty ?? true) }
            let counted = try await server.count(prefix: "\(run)-")
            XCTAssertGreaterThan(counted.received, count, "no stream was left above the GOAWAY: \(counted)")
            XCTAssertFalse(resent.isEmpty, "no request shows the transport's resend: \(counted)")
            for completion in resent {
                let metrics = try XCTUnwrap(completion.metrics)
                XCTAssertEqual(metrics.resends.map(\.cause), [.connectionClosing])
                XCTAssertTrue(metrics.replacedConnection)
                XCTAssertEqual(metrics.networkProtocol, "h2")
                let error = try XCTUnwrap(metrics.resends.first?.error)
                guard case .transport = error else { return XCTFail("not a transport failure: \(error)") }
                XCTAssertFalse(error.description.contains("could not be reached"), error.description)

                XCTAssertEqual(completion.attemptCount, 2)
                XCTAssertEqual(completion.attempts.map(\.number), [1, 2])
                XCTAssertEqual(completion.attempts.map(\.reason), [.first, .resent(.connectionClosing)])
                XCTAssertNotNil(completion.attempts.first?.outcome.error, "the unprocessed send is a failure")
                XCTAssertEqual(completion.attempts.last?.outcome, .response(statusCode: 200))
                let heard = observer.attempts(of: completion.context.id)
                XCTAssertEqual(heard, completion.attempts, "the observer heard each attempt as it ended")
            }
            for completion in completions where completion.metrics?.resends.isEmpty ?? true {
                XCTAssertFalse(completion.metrics?.replacedConnection ?? true)
                XCTAssertTrue(completion.attempts.isEmpty, "a request sent once lists no attempts")
            }
        }
    }

    /// Keeps what a pipeline's observers hear.
    private final class CompletionObserver: RequestObserver {
        private let state = Mutex<(attempts: [UUID: [RequestAttempt]], completions: [RequestCompletion])>(([:], []))

        func requestStarted(_ context: RequestContext) {}
        func requestAttemptEnded(_ attempt: RequestAttempt, context: RequestContext) {
            state.withLock { $0.attempts[context.id, default: []].append(attempt) }
        }
        func requestCompleted(_ completion: RequestCompletion) { state.withLock { $0.completions.append(completion) } }

        var completions: [RequestCompletion] { state.withLock { $0.completions } }
        func attempts(of id: UUID) -> [RequestAttempt] { state.withLock { $0.attempts[id] ?? [] } }
    }
#endif
