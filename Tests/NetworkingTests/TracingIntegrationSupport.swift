import Foundation
import Networking
import Synchronization
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// The doubles of TracingIntegrationTests: a transport that keeps what httpbin echoed of each
// attempt's trace fields, an observer, a log sink, an endpoint, and the OpenTelemetry propagator
// run by the harness venv's python.

/// The trace fields one attempt carried.
struct TraceFields: Sendable, Equatable {
    var traceparent: String?
    var tracestate: String?

    /// The version, trace id, parent id and flags of `traceparent`.
    var parts: [String] { traceparent?.split(separator: "-").map(String.init) ?? [] }
    var traceID: String? { parts.count == 4 ? parts[1] : nil }
    var parentID: String? { parts.count == 4 ? parts[2] : nil }
    var flags: String? { parts.count == 4 ? parts[3] : nil }
}

/// Sends through the transport under test and keeps, for each request it is handed, the trace
/// fields it carried (`sent`) and those httpbin echoed back (`received`: the `headers` of `/headers`,
/// `/get` and `/anything`, which show what reached the server). It can answer the first attempts
/// with other statuses, their echo kept, to stand in for a server that fails and then succeeds.
final class TraceEchoTransport: HTTPTransport {
    private let inner = TestTransport.make()
    private let state: Mutex<(sent: [TraceFields], received: [TraceFields], statuses: [Int])>

    /// `statuses` replace, in order, the statuses of the first responses.
    init(answeringFirst statuses: [Int] = []) {
        state = Mutex(([], [], statuses))
    }

    var sent: [TraceFields] { state.withLock { $0.sent } }
    var received: [TraceFields] { state.withLock { $0.received } }

    func send(_ request: TransportRequest) async throws(NetworkingError) -> TransportResponse {
        let fields = TraceFields(
            traceparent: request.head.value(forHTTPHeaderField: "traceparent"),
            tracestate: request.head.value(forHTTPHeaderField: "tracestate"))
        state.withLock { $0.sent.append(fields) }
        let exchange = try await inner.exchange(for: request)
        let echo = try? JSONDecoder().decode(HeadersEcho.self, from: exchange.body)
        let status = state.withLock { state -> Int in
            if let echo { state.received.append(Self.fields(in: echo.headers)) }
            return state.statuses.isEmpty ? exchange.statusCode : state.statuses.removeFirst()
        }
        guard status != exchange.statusCode, let url = exchange.request.url,
            let head = ResponseHead(url: url, statusCode: status, headerFields: ["Content-Type": "application/json"])
        else { return TransportResponse(exchange) }
        return TransportResponse(request: exchange.request, head: head, body: exchange.body, metrics: exchange.metrics)
    }

    /// The trace fields among echoed headers, whatever the case of their names.
    static func fields(in headers: [String: String]) -> TraceFields {
        func value(_ name: String) -> String? { headers.first { $0.key.lowercased() == name }?.value }
        return TraceFields(traceparent: value("traceparent"), tracestate: value("tracestate"))
    }
}

/// Keeps every context and completion it is told about.
final class TraceObserver: RequestObserver {
    private let seen = Mutex<(started: [RequestContext], completed: [RequestCompletion])>(([], []))
    var started: [RequestContext] { seen.withLock { $0.started } }
    var completed: [RequestCompletion] { seen.withLock { $0.completed } }
    func requestStarted(_ context: RequestContext) { seen.withLock { $0.started.append(context) } }
    func requestCompleted(_ completion: RequestCompletion) { seen.withLock { $0.completed.append(completion) } }
}

/// Keeps every log record.
final class TraceLogSink: LogSink {
    private let kept = Mutex<[LogRecord]>([])
    var records: [LogRecord] { kept.withLock { $0 } }
    func write(_ record: LogRecord) { kept.withLock { $0.append(record) } }
}

/// A `GET` of httpbin's `path` (`/headers` unless given), continuing `traceContext` when given.
struct TracedEndpoint: Endpoint {
    var path = "/headers"
    var traceContext: TraceContext?
    var baseURL: URL { URL(string: HTTPBin.baseURL)! }
    var method: HTTPMethod { .get }
}

/// W3C Trace Context as OpenTelemetry's `TraceContextTextMapPropagator` reads and writes it
/// (`Tests/Harness/trace_context_check.py`, run by the harness venv's python, which
/// `Tests/Harness/httpbin.sh start` creates with opentelemetry-api in it).
enum OpenTelemetryPropagator {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The python of the harness venv (`HTTPBIN_VENV`, else `.build/harness-venv` of this package).
    static var python: String {
        let venv =
            ProcessInfo.processInfo.environment["HTTPBIN_VENV"].flatMap { $0.isEmpty ? nil : $0 }
            ?? root.appendingPathComponent(".build/harness-venv").path
        return URL(fileURLWithPath: venv).appendingPathComponent("bin/python").path
    }

    struct Unavailable: Error, CustomStringConvertible {
        let description: String
    }

    /// The script's answer to `request` (see its docstring for both shapes).
    static func run(_ request: [String: Any]) throws -> [String: Any] {
        guard FileManager.default.isExecutableFile(atPath: python) else {
            throw Unavailable(
                description: "no \(python): run Tests/Harness/httpbin.sh start (or make test) to create the venv "
                    + "with opentelemetry-api from Tests/Harness/httpbin-requirements.txt")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = [root.appendingPathComponent("Tests/Harness/trace_context_check.py").path]
        let input = Pipe()
        let output = Pipe()
        let errors = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        input.fileHandleForWriting.write(try JSONSerialization.data(withJSONObject: request))
        try input.fileHandleForWriting.close()
        let answer = output.fileHandleForReading.readDataToEndOfFile()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0,
            let object = try? JSONSerialization.jsonObject(with: answer) as? [String: Any]
        else {
            throw Unavailable(
                description: "trace_context_check.py exited with \(process.terminationStatus): \(message)")
        }
        return object
    }
}
