#if canImport(os)
    import os

    /// Writes each record to Apple's unified logging (`os.Logger`, subsystem
    /// `com.elvisnunez.networking`, category `requests`): failures at `.error`, the rest at
    /// `.info`. The text is marked public because redaction has already been applied by the
    /// logger according to `redactsLogs`.
    package struct OSLogSink: LogSink {
        /// The unified-logging subsystem.
        package static let subsystem = "com.elvisnunez.networking"
        /// The unified-logging category.
        package static let category = "requests"

        /// Creates the sink.
        package init() {}

        /// Sends the record to the unified log: failures as errors, the rest as info.
        package func write(_ record: LogRecord) {
            let logger = Logger(subsystem: Self.subsystem, category: Self.category)
            let message = record.message
            switch record.severity {
            case .failure: logger.error("\(message, privacy: .public)")
            case .info: logger.info("\(message, privacy: .public)")
            }
        }
    }
#endif
