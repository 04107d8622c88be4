#if canImport(os)
    import os

    /// Writes each record to Apple's unified logging (`os.Logger`, subsystem
    /// `com.elvisnunez.networking`, category `requests`): failures at `.error`, the rest at
    /// `.info`. The text is marked private, as the unified log treats any dynamic string by
    /// default (`OSLogPrivacy.private`, developer.apple.com/documentation/os/oslogprivacy): a
    /// record holds URLs, headers and bodies, and the redaction the user configures names only
    /// what they thought of, while the unified log outlives the process and leaves the device in a
    /// sysdiagnose. Xcode's console, attached to the app, shows the text in full; Console.app
    /// shows `<private>` unless the device has a logging profile that reveals private data.
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
            case .failure: logger.error("\(message, privacy: .private)")
            case .info: logger.info("\(message, privacy: .private)")
            }
        }
    }
#endif
