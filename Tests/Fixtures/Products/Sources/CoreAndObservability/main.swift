// NetworkingCore with NetworkingObservability: the events stream and the logger as observers.
import Check
import Foundation
import NetworkingCore
import NetworkingObservability
import Synchronization

/// Keeps the log records it is given.
final class Records: LogSink {
    private let all = Mutex<[LogRecord]>([])
    var records: [LogRecord] { all.withLock { $0 } }
    func write(_ record: LogRecord) { all.withLock { $0.append(record) } }
}

let records = Records()
var settings = LogSettings()
settings.logsToStandardError = false
settings.extraSinks = [records]
let broadcaster = EventBroadcaster()
let events = broadcaster.events()
let pipeline = Pipeline(
    transport: URLSessionTransport(), baseURL: httpbin,
    observers: [broadcaster, NetworkingLogger(settings: settings)])

_ = try await pipeline.send(.get, "/get")
do {
    _ = try await pipeline.send(.get, "/status/500")
    fail("a 500 succeeded")
} catch {
    check(error.statusCode == 500, "the 500 failed with \(error)")
}

// Two requests: each started and completed, in order.
var seen: [String] = []
for await event in events {
    switch event {
    case .started(let context): seen.append("started \(context.url?.path ?? "?")")
    case .completed(let context, _, _, _): seen.append("completed \(context.url?.path ?? "?")")
    }
    if seen.count == 4 { break }
}
check(
    seen == ["started /get", "completed /get", "started /status/500", "completed /status/500"],
    "the events were \(seen)")
// The logger logs failures by default: the 500, not the success.
check(records.records.count == 1, "expected one log record, got \(records.records.count)")
check(records.records.first?.message.contains("500") == true, "the record says \(records.records.first?.message ?? "")")
passed("CoreAndObservability", "events for two requests and a log record for the failed one")
