import Foundation
import Synchronization

/// An observer that collects every request a client completes and writes them as a HAR 1.2 file,
/// the format browsers, proxies (mitmproxy, Charles) and HTTP debugging tools read.
///
/// ```swift
/// let har = HARCollector()
/// await networking.addObserver(har)
/// let users: Result<[User], NetworkingError> = await networking.get("/users")
/// try har.write(to: URL(fileURLWithPath: "session.har"))
/// ```
///
/// Each completed request becomes one entry: its method, URL, query, headers and in-memory body;
/// the final response's status, headers and body (text, or base64 for binary bodies); its start
/// and its timings from the request's `TransactionMetrics` (`-1` for a phase nobody measured). A
/// request that failed without a response is an entry with status 0 and the error in `_error`,
/// as browsers write it; one that was never built (no URL) is left out.
///
/// The values of the header fields in `redactedHeaders` (by default `Authorization`, `Cookie`,
/// `Set-Cookie` and `Proxy-Authorization`, as the library's log hides them) are written as
/// `<redacted>`, in the cookie lists too, and the secrets they carry are scrubbed from text
/// bodies that echo them. Bodies are kept unless `includesBodies` is `false`. The file is written
/// with permissions 0600, complete or not at all.
///
/// The collector keeps every completion (bodies included) until `removeAll()`: add it for the
/// period you want to see, not for the life of an app.
public final class HARCollector: RequestObserver {
    /// The header fields whose values are written as `<redacted>` (compared case-insensitively).
    public let redactedHeaders: Set<String>
    /// Whether request and response bodies are written (their sizes always are).
    public let includesBodies: Bool
    private let collected = Mutex<[Collected]>([])

    /// A completion and when it was heard (the start of a request that got no metrics).
    private struct Collected: Sendable {
        let completion: RequestCompletion
        let heard: Date
    }

    /// Creates a collector that writes the values of `redactedHeaders` as `<redacted>` and keeps
    /// bodies unless `includesBodies` is `false`.
    public init(
        redactedHeaders: Set<String> = RecordingTransport.defaultRedactedHeaders, includesBodies: Bool = true
    ) {
        self.redactedHeaders = redactedHeaders
        self.includesBodies = includesBodies
    }

    /// Does nothing: a request is collected when it completes.
    public func requestStarted(_ context: RequestContext) {}

    /// Collects `completion`.
    public func requestCompleted(_ completion: RequestCompletion) {
        let heard = Date()
        collected.withLock { $0.append(Collected(completion: completion, heard: heard)) }
    }

    /// The completions collected so far, in the order they completed.
    public var completions: [RequestCompletion] { collected.withLock { $0.map(\.completion) } }

    /// Forgets the completions collected so far, to start a new period.
    public func removeAll() {
        collected.withLock { $0.removeAll() }
    }

    /// The HAR file of the completions collected so far, as JSON.
    public func harData() throws -> Data {
        try document().encoded()
    }

    /// Writes the HAR file of the completions collected so far to `url`, replacing any file
    /// there, readable by its owner only (0600); the folder must exist.
    public func write(to url: URL) throws {
        try document().write(to: url)
    }

    private func document() -> HARDocument {
        let exchanges = collected.withLock { $0 }.compactMap { HARExchange($0.completion, heard: $0.heard) }
        return HARDocument(exchanges, redactedHeaders: redactedHeaders, includesBodies: includesBodies)
    }
}
