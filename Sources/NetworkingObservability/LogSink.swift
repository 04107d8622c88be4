import Foundation

/// Where log records go: `os.Logger`, standard error, a file, or your own.
///
/// `write` is called on the request's own task and must not block for long; a sink that cannot
/// write drops the record rather than failing the request.
package protocol LogSink: Sendable {
    /// Writes one record.
    func write(_ record: LogRecord)
}
