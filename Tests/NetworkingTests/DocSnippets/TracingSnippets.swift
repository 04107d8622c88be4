// The code blocks of the DocC article "Observability and logging", section "Trace requests across
// services" (Sources/Networking/Networking.docc/Observability.md), compiled here and never run.
import Foundation
import Networking

private enum TracingSnippets {
    typealias User = DocModels.User

    // "Trace requests across services": turning it on.
    static func turnOn(networking: Networking) async {
        await networking.setTracing(.on)
        let client = HTTPClient(configuration: .init(tracing: .on))
        _ = client
    }

    // "Trace requests across services": continuing a trace, for the task and for one endpoint.
    struct CurrentUser: Endpoint {
        var traceContext: TraceContext?
        var baseURL: URL { URL(string: "https://api.example.com")! }
        var path: String { "/users/me" }
        var method: HTTPMethod { .get }
    }

    static func continuing(
        networking: Networking, client: HTTPClient, traceparent: String, tracestate: String?
    ) async throws {
        let incoming = TraceContext(traceparent: traceparent, tracestate: tracestate)
        let user: Result<User, NetworkingError> = await TraceContext.$current.withValue(incoming) {
            await networking.get("/users/1")
        }
        let me: User = try await client.send(CurrentUser(traceContext: incoming))
        _ = (user, me)
    }

    // "Trace requests across services": the ids in events.
    struct TraceRecorder: RequestObserver {
        func requestStarted(_ context: RequestContext) {}
        func requestCompleted(_ completion: RequestCompletion) {
            guard let trace = completion.context.trace else { return }
            print("trace \(trace.traceID) span \(trace.spanID) attempts \(completion.attemptSpanIDs)")
        }
    }

    static func observer(networking: Networking) async {
        await networking.addObserver(TraceRecorder())
    }
}
