import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Appends each record as plain text to a file, for reading logs from a CLI, test or headless run.
///
/// The file is created with permissions `0600` (logs may hold request data) and opened for
/// appending; its directory is created if missing. Each record is written with a single locked
/// `write`, so records of concurrent requests never interleave, and clients logging to the same
/// path share one sink. A file that cannot be opened is reported by `open(_:)` returning `nil`;
/// it never fails a request.
public final class LogFileSink: LogSink {
    /// The file written to.
    public let url: URL
    private let descriptor: Int32
    private let lock = Mutex(())

    private struct WeakSink {
        weak var sink: LogFileSink?
    }

    /// Open sinks by path, so that every client writing to one file shares its lock.
    private static let openSinks = Mutex<[String: WeakSink]>([:])

    private init(url: URL, descriptor: Int32) {
        self.url = url
        self.descriptor = descriptor
    }

    /// The sink for `url` (shared with any other client logging there), or `nil` if the file
    /// cannot be created or opened for appending.
    public static func open(_ url: URL) -> LogFileSink? {
        let url = url.standardizedFileURL
        let path = url.path
        return openSinks.withLock { sinks -> LogFileSink? in
            if let existing = sinks[path]?.sink { return existing }
            sinks = sinks.filter { $0.value.sink != nil }
            try? FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true,
                attributes: [.posixPermissions: 0o700])
            let descriptor = openForAppending(path)
            guard descriptor >= 0 else { return nil }
            let sink = LogFileSink(url: url, descriptor: descriptor)
            sinks[path] = WeakSink(sink: sink)
            return sink
        }
    }

    /// Appends the record's text to the file.
    public func write(_ record: LogRecord) {
        let text = record.text
        lock.withLock { _ in _ = FileDescriptorWriter.writeAll(text, to: descriptor) }
    }

    deinit { close(descriptor) }
}

/// `open(2)` for appending, creating the file with permissions `0600`.
private func openForAppending(_ path: String) -> Int32 {
    path.withCString { open($0, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o600) }
}
