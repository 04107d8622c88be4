import Foundation

/// Where log records go: `os.Logger`, standard error, a file, or your own.
///
/// Add your own to route the library's log where your application's goes (swift-log, an app
/// logger, a test's collector) with `Networking.setLogSinks(_:)` or `LogSettings.extraSinks`.
/// Records arrive rendered as the client's settings say: filtered by its level, with the
/// redaction it is configured for already applied.
///
/// ```swift
/// final class CollectingSink: LogSink, @unchecked Sendable {
///     // @unchecked: `lines` is read and written only under `lock`.
///     private let lock = NSLock()
///     private var lines: [String] = []
///
///     func write(_ record: LogRecord) {
///         lock.withLock { lines.append(record.headline) }
///     }
/// }
/// ```
///
/// A bridge to swift-log (`import Logging`) is a few lines in your application:
/// `struct SwiftLogSink: LogSink { let logger: Logger; func write(_ record: LogRecord) {
/// logger.log(level: record.severity == .failure ? .error : .info, "\(record.message)") } }`.
///
/// `write` is called on the request's own task and must not block for long; a sink that cannot
/// write drops the record rather than failing the request.
public protocol LogSink: Sendable {
    /// Writes one record.
    func write(_ record: LogRecord)
}
