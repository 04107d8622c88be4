// The code blocks of the DocC article "Debugging a request"
// (Sources/Networking/Networking.docc/DebuggingARequest.md), compiled here and never run.
import Foundation
import Networking
import NetworkingTesting

private enum DebuggingSnippets {
    // "See each attempt": an observer of attempts.
    struct AttemptPrinter: RequestObserver {
        func requestStarted(_ context: RequestContext) {}
        func requestAttemptEnded(_ attempt: RequestAttempt, context: RequestContext) {
            print("attempt \(attempt.number): \(attempt.reason), waited \(attempt.delay), \(attempt.outcome)")
        }
        func requestCompleted(_ completion: RequestCompletion) {
            print("\(completion.attemptCount) attempts:", completion.attempts.map(\.reason))
        }
    }

    static func attempts(networking: Networking) async {
        await networking.addObserver(AttemptPrinter())
    }

    // "See each attempt": the attempts in the event stream.
    static func events(networking: Networking) async {
        for await event in await networking.events() {
            for attempt in event.attempts {
                print(event.context.id, attempt.number, attempt.reason, attempt.delay)
            }
        }
    }

    // "See the redirects".
    static func redirects(completion: RequestCompletion) {
        if let metrics = completion.metrics {
            for hop in metrics.redirects {
                print(hop.method, hop.url, hop.statusCode, "→", hop.location)
            }
        }
    }

    // "Find the stage that failed".
    static func stage(result: Result<Void, NetworkingError>) {
        if case .failure(let error) = result {
            if let failure = error.hookFailure {
                print("failed in", failure.stage, failure.hookType)
            } else if let unmatched = error.unmatchedRequest {
                print("nothing matched", unmatched.method, unmatched.url?.absoluteString ?? "")
            }
        }
    }

    // "Read the log, and route it".
    struct BugReportSink: LogSink {
        func write(_ record: LogRecord) { print(record.text, terminator: "") }
    }

    static func log(networking: Networking) async {
        await networking.setLogLevel(.all)
        await networking.setLogSinks([BugReportSink()])
    }

    // "Follow the trace to the server".
    static func trace(networking: Networking) async {
        await networking.setTracing(.on)
    }

    // "Export a HAR file for a bug report".
    static func har() async throws {
        let networking = Networking(baseURL: "https://api.example.com")
        let har = HARCollector()
        await networking.addObserver(har)
        let status: Result<JSONResponse, NetworkingError> = await networking.get("/status")  // the failing request
        _ = status
        try har.write(to: URL(fileURLWithPath: "bug-report.har"))
    }
}
