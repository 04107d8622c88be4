import Foundation
import Synchronization

/// Writes each record as plain text to standard error: the default sink on Linux, where there is
/// no `os.Logger`.
package final class StandardErrorLogSink: LogSink {
    /// The process-wide instance; its lock keeps records from different clients apart.
    package static let shared = StandardErrorLogSink()

    private let lock = Mutex(())

    private init() {}

    /// Writes the record's text to standard error.
    package func write(_ record: LogRecord) {
        let text = record.text
        lock.withLock { _ in _ = FileDescriptorWriter.writeAll(text, to: 2) }
    }
}
