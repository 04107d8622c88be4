import Foundation
import Networking
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// W3C Trace Context against httpbin: what reaches the server (`/headers` and `/get` echo the
/// request's fields) on every attempt of a request (retries, a replay after a token refresh,
/// redirect hops), the contexts a caller continues, the fields a caller sets left alone, the ids
/// in events and logs, and the fields as OpenTelemetry's own propagator reads and writes them.
final class TracingIntegrationTests: XCTestCase {
    override func setUp() async throws {
        try await HTTPBin.requireServer()
    }

    private static let parent = TraceContext(
        traceID: TraceContext.TraceID("4bf92f3577b34da6a3ce929d0e0e4736")!,
        spanID: TraceContext.SpanID("00f067aa0ba902b7")!, isSampled: false,
        traceState: "rojo=00f067aa0ba902b7,congo=t61rcWkgMzE")
    private static let other = TraceContext(
        traceID: TraceContext.TraceID("0af7651916cd43dd8448eb211c80319c")!,
        spanID: TraceContext.SpanID("b7ad6b7169203331")!)

    /// A retry policy that does not wait.
    private static func retry(maxAttempts: Int = 3) -> RetryInterceptor {
        RetryInterceptor(
            maxAttempts: maxAttempts, environment: .init(now: { Date() }, sleep: { _ in }, random: { 0 }))
    }

    /// A client over `transport` with tracing on, observed by `observer`.
    private static func tracedClient(
        _ transport: TraceEchoTransport, observer: TraceObserver, interceptors: [any HTTPInterceptor] = []
    ) async -> Networking {
        let networking = Networking(baseURL: HTTPBin.baseURL, transport: transport)
        await networking.setInterceptors(interceptors)
        await networking.addObserver(observer)
        await networking.setTracing(.on)
        return networking
    }

    // MARK: - Every attempt

    func testEveryRetryReachesTheServerWithTheRequestsTraceAndASpanOfItsOwn() async throws {
        let transport = TraceEchoTransport(answeringFirst: [503, 503])
        let observer = TraceObserver()
        let networking = await Self.tracedClient(transport, observer: observer, interceptors: [Self.retry()])
        let result: Result<HeadersEcho, NetworkingError> = await networking.get("/headers")
        _ = try unwrapSuccess(result)

        let received = transport.received
        XCTAssertEqual(received.count, 3, "three attempts reached the server")
        let trace = try XCTUnwrap(observer.started.first?.trace)
        let attempts = try XCTUnwrap(observer.completed.first?.attemptSpanIDs).map(\.description)
        XCTAssertEqual(received.map(\.traceID), Array(repeating: trace.traceID.description, count: 3))
        XCTAssertEqual(received.map(\.parentID), attempts, "each attempt sent its own span as the parent id")
        XCTAssertEqual(Set(attempts).count, 3, "distinct spans: \(attempts)")
        XCTAssertFalse(attempts.contains(trace.spanID.description), "an attempt's span is a child of the request's")
        XCTAssertEqual(received.map { $0.parts.first }, ["00", "00", "00"])
        XCTAssertEqual(received.map(\.flags), ["01", "01", "01"], "a new trace is sampled")
        XCTAssertNil(trace.parentSpanID, "a new trace has no parent")
        XCTAssertEqual(received.map(\.tracestate), [nil, nil, nil])
    }

    func testEachRetryOfARealServiceUnavailableSendsItsOwnSpan() async throws {
        let transport = TraceEchoTransport()
        let observer = TraceObserver()
        let client = HTTPClient(
            configuration: .init(
                interceptors: [Self.retry()], maxRetries: 2, observers: [observer], tracing: .on),
            transport: transport)
        do {
            let _: HeadersEcho = try await client.send(TracedEndpoint(path: "/status/503"))
            XCTFail("expected a 503")
        } catch {
            XCTAssertEqual(error.statusCode, 503)
        }
        let sent = transport.sent
        XCTAssertEqual(sent.count, 3)
        let trace = try XCTUnwrap(observer.started.first?.trace)
        XCTAssertEqual(sent.map(\.traceID), Array(repeating: trace.traceID.description, count: 3))
        let attempts = try XCTUnwrap(observer.completed.first?.attemptSpanIDs).map(\.description)
        XCTAssertEqual(sent.map(\.parentID), attempts)
        XCTAssertEqual(Set(attempts).count, 3, "distinct spans: \(attempts)")
    }

    func testTheReplayAfterATokenRefreshSendsItsOwnSpan() async throws {
        let transport = TraceEchoTransport(answeringFirst: [401])
        let observer = TraceObserver()
        let refresh = AuthRefreshInterceptor { "Bearer fresh" }
        let networking = await Self.tracedClient(transport, observer: observer, interceptors: [refresh])
        let result: Result<HeadersEcho, NetworkingError> = await networking.get("/headers")
        XCTAssertEqual(try unwrapSuccess(result).headers["Authorization"], "Bearer fresh")

        let received = transport.received
        XCTAssertEqual(received.count, 2, "the request and its replay reached the server")
        XCTAssertEqual(Set(received.map(\.traceID)).count, 1, "one trace: \(received)")
        let attempts = try XCTUnwrap(observer.completed.first?.attemptSpanIDs).map(\.description)
        XCTAssertEqual(received.map(\.parentID), attempts)
        XCTAssertNotEqual(attempts.first, attempts.last)
    }

    func testEachRedirectHopSendsItsOwnSpan() async throws {
        let transport = TraceEchoTransport()
        let observer = TraceObserver()
        let networking = await Self.tracedClient(transport, observer: observer)
        let result: Result<HeadersEcho, NetworkingError> = await networking.get("/redirect/2")
        _ = try unwrapSuccess(result)

        let sent = transport.sent
        let attempts = try XCTUnwrap(observer.completed.first?.attemptSpanIDs).map(\.description)
        XCTAssertEqual(sent.count, 3, "two redirects and the last hop")
        XCTAssertEqual(sent.map(\.parentID), attempts)
        XCTAssertEqual(Set(attempts).count, 3, "distinct spans: \(attempts)")
        XCTAssertEqual(Set(sent.map(\.traceID)).count, 1)
        XCTAssertEqual(transport.received.map(\.parentID), [attempts.last], "the last hop's span reached /get")
    }

    // MARK: - Off, continued, left alone

    func testNoTraceIsSentByDefault() async throws {
        let transport = TraceEchoTransport()
        let observer = TraceObserver()
        let networking = Networking(baseURL: HTTPBin.baseURL, transport: transport)
        await networking.addObserver(observer)
        let result: Result<HeadersEcho, NetworkingError> = await networking.get("/headers")
        _ = try unwrapSuccess(result)
        let client = HTTPClient(configuration: .init(observers: [observer]), transport: transport)
        let _: HeadersEcho = try await TraceContext.$current.withValue(Self.parent) {
            try await client.send(TracedEndpoint(traceContext: Self.other))
        }

        XCTAssertEqual(transport.received, [TraceFields(), TraceFields()], "no trace field reached the server")
        XCTAssertEqual(observer.started.map(\.trace), [nil, nil])
        XCTAssertEqual(observer.completed.map(\.attemptSpanIDs), [[], []])
    }

    func testTheTasksContextIsContinuedWithItsFlagsAndTracestate() async throws {
        let transport = TraceEchoTransport()
        let observer = TraceObserver()
        let networking = await Self.tracedClient(transport, observer: observer)
        let result: Result<HeadersEcho, NetworkingError> = await TraceContext.$current.withValue(Self.parent) {
            await networking.get("/headers")
        }
        _ = try unwrapSuccess(result)

        let received = try XCTUnwrap(transport.received.first)
        XCTAssertEqual(received.traceID, Self.parent.traceID.description)
        XCTAssertEqual(received.flags, "00", "the caller's trace is not sampled")
        XCTAssertEqual(received.tracestate, Self.parent.traceState, "tracestate passed through")
        let trace = try XCTUnwrap(observer.started.first?.trace)
        XCTAssertEqual(trace.traceID, Self.parent.traceID)
        XCTAssertEqual(trace.parentSpanID, Self.parent.spanID)
        XCTAssertNotEqual(trace.spanID, Self.parent.spanID)
        XCTAssertEqual(received.parentID, observer.completed.first?.attemptSpanIDs.first?.description)
        XCTAssertFalse(trace.isSampled)
    }

    func testAStreamContinuesTheTasksContext() async throws {
        let networking = HTTPBin.client()
        await networking.setTracing(.on)
        let body = try await TraceContext.$current.withValue(Self.other) {
            var data = Data()
            for try await byte in try await networking.bytes("/headers").get() { data.append(byte) }
            return data
        }
        let received = TraceEchoTransport.fields(in: try JSONDecoder().decode(HeadersEcho.self, from: body).headers)
        XCTAssertEqual(received.traceID, Self.other.traceID.description)
        XCTAssertEqual(received.flags, "01")
    }

    func testARequestsOwnContextWinsOverTheTasks() async throws {
        let transport = TraceEchoTransport()
        let observer = TraceObserver()
        let client = HTTPClient(configuration: .init(observers: [observer], tracing: .on), transport: transport)
        try await TraceContext.$current.withValue(Self.other) {
            let _: HeadersEcho = try await client.send(TracedEndpoint(traceContext: Self.parent))
            let _: HeadersEcho = try await client.send(TracedEndpoint())
        }
        XCTAssertEqual(transport.received.compactMap(\.traceID), [Self.parent, Self.other].map(\.traceID.description))
        XCTAssertEqual(observer.started.map(\.trace?.parentSpanID), [Self.parent.spanID, Self.other.spanID])
        XCTAssertEqual(observer.started.first?.options.traceContext, Self.parent)
    }

    func testATracestateOfMoreThan32MembersKeepsItsFirst32() async throws {
        let transport = TraceEchoTransport()
        let networking = await Self.tracedClient(transport, observer: TraceObserver())
        let members = (1...40).map { "k\($0)=v\($0)" }
        let context = TraceContext(
            traceID: Self.other.traceID, spanID: Self.other.spanID, traceState: members.joined(separator: ","))
        let _: Result<HeadersEcho, NetworkingError> = await TraceContext.$current.withValue(context) {
            await networking.get("/headers")
        }
        XCTAssertEqual(transport.received.first?.tracestate, members.prefix(32).joined(separator: ","))
    }

    func testTheCallersOwnFieldsAreLeftAlone() async throws {
        let own = "00-11111111111111111111111111111111-2222222222222222-01"
        let transport = TraceEchoTransport()
        let observer = TraceObserver()
        let networking = await Self.tracedClient(transport, observer: observer)
        await networking.setHeaderFields(["traceparent": own])
        let first: Result<HeadersEcho, NetworkingError> = await networking.get("/headers")
        _ = try unwrapSuccess(first)
        let client = HTTPClient(
            configuration: .init(headers: ["tracestate": "mine=1"], observers: [observer], tracing: .on),
            transport: transport)
        let _: HeadersEcho = try await client.send(TracedEndpoint(traceContext: Self.parent))

        let received = transport.received
        XCTAssertEqual(received.first, TraceFields(traceparent: own, tracestate: nil), "sent as the caller set it")
        XCTAssertNil(observer.started.first?.trace, "the caller traces that request itself")
        XCTAssertEqual(observer.completed.first?.attemptSpanIDs, [])
        XCTAssertEqual(received.last?.tracestate, "mine=1", "the caller's tracestate wins over the context's")
        XCTAssertEqual(received.last?.traceID, Self.parent.traceID.description)
    }

    // MARK: - Logs

    func testTheLogNamesTheTraceAndTheSpans() async throws {
        let sink = TraceLogSink()
        let observer = TraceObserver()
        let networking = await Self.tracedClient(TraceEchoTransport(), observer: observer)
        await networking.setLogsToStandardError(false)
        await networking.setLogLevel(.all)
        await networking.setLogSinks([sink])
        let _: Result<HeadersEcho, NetworkingError> = await TraceContext.$current.withValue(Self.other) {
            await networking.get("/headers")
        }
        let trace = try XCTUnwrap(observer.started.first?.trace)
        let attempt = try XCTUnwrap(observer.completed.first?.attemptSpanIDs.first)
        let lines = sink.records.map { $0.details.first { $0.hasPrefix("  ~ ") } }
        let named = "  ~ trace_id=\(trace.traceID) span_id=\(trace.spanID) parent_span_id=\(Self.other.spanID)"
        XCTAssertEqual(lines, [named, named + " attempt_span_ids=\(attempt)"])

        await networking.setTracing(.off)
        let _: Result<HeadersEcho, NetworkingError> = await networking.get("/headers")
        XCTAssertEqual(sink.records.count, 4)
        XCTAssertFalse(sink.records.dropFirst(2).contains { $0.details.contains { $0.hasPrefix("  ~ ") } })
    }

    // MARK: - An independent implementation

    /// What reached the server, read by OpenTelemetry's `TraceContextTextMapPropagator`, names the
    /// trace and the attempt's span the library reported; and a `traceparent` and `tracestate`
    /// that propagator writes are read by `TraceContext(traceparent:tracestate:)` as it meant them.
    func testOpenTelemetrysPropagatorReadsWhatTheLibrarySendsAndWritesWhatItReads() async throws {
        let transport = TraceEchoTransport()
        let observer = TraceObserver()
        let networking = await Self.tracedClient(transport, observer: observer)
        for context in [nil, Self.parent, Self.other] {
            let result: Result<HeadersEcho, NetworkingError> = await TraceContext.$current.withValue(context) {
                await networking.get("/headers")
            }
            _ = try unwrapSuccess(result)
        }
        let received = transport.received
        XCTAssertEqual(received.count, 3)
        let answer = try OpenTelemetryPropagator.run([
            "extract": received.map { ["traceparent": $0.traceparent as Any, "tracestate": $0.tracestate as Any] },
            "inject": [
                "trace_id": "a3ce929d0e0e47364bf92f3577b34da6", "span_id": "53995c3f42cd8ad8", "sampled": false,
                "trace_state": "vendor=opaque,other=1",
            ],
        ])

        let extracted = try XCTUnwrap(answer["extracted"] as? [[String: Any]])
        XCTAssertEqual(extracted.count, 3)
        for (index, read) in extracted.enumerated() {
            let trace = try XCTUnwrap(observer.started[index].trace)
            XCTAssertEqual(read["valid"] as? Bool, true, "OpenTelemetry rejected \(received[index])")
            XCTAssertEqual(read["trace_id"] as? String, trace.traceID.description)
            XCTAssertEqual(read["span_id"] as? String, observer.completed[index].attemptSpanIDs.first?.description)
            XCTAssertEqual(read["sampled"] as? Bool, trace.isSampled)
            XCTAssertEqual(read["trace_state"] as? String, received[index].tracestate)
        }

        let injected = try XCTUnwrap(answer["injected"] as? [String: String])
        let read = try XCTUnwrap(
            TraceContext(traceparent: try XCTUnwrap(injected["traceparent"]), tracestate: injected["tracestate"]))
        XCTAssertEqual(read.traceID.description, "a3ce929d0e0e47364bf92f3577b34da6")
        XCTAssertEqual(read.spanID.description, "53995c3f42cd8ad8")
        XCTAssertFalse(read.isSampled)
        XCTAssertEqual(read.traceState, "vendor=opaque,other=1")
        XCTAssertEqual(read.traceparent, injected["traceparent"])
    }
}
