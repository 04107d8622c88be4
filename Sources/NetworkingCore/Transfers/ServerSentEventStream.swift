import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Server-Sent Events as an `AsyncSequence`, reconnecting like `EventSource`.
///
/// The connection opens on the first `next()`. When it ends (the server closed it, or it failed
/// with a transient error: see `NetworkingError.isRetryable`), the stream waits for the server's
/// `retry:` time (or `Reconnection.defaultDelay`) and connects again, sending the last event ID as
/// `Last-Event-ID`. `Reconnection.maxAttempts` bounds the reconnections in a row that bring no
/// event; after that the sequence ends (with the last error, if the last attempt failed).
///
/// The sequence ends without error when the server answers `204 No Content`. A response that is
/// not `text/event-stream` throws `.validation`; another non-2xx status throws `.http`; neither
/// reconnects. Cancelling the iterating task closes the connection and throws `.cancelled`.
public struct ServerSentEventStream: AsyncSequence, Sendable {
    /// Opens one connection; the argument is the `Last-Event-ID` to send, if any.
    package typealias Connect = @Sendable (_ lastEventID: String?) async throws(NetworkingError) -> TransportResponse

    /// How the stream reconnects.
    public struct Reconnection: Sendable, Hashable {
        /// Reconnections in a row without an event before giving up; 0 never reconnects.
        public var maxAttempts: Int
        /// The wait before reconnecting until the server sends `retry:`.
        package var defaultDelay: Duration

        /// Creates a policy.
        public init(maxAttempts: Int, defaultDelay: Duration = .seconds(3)) {
            self.maxAttempts = Swift.max(0, maxAttempts)
            self.defaultDelay = defaultDelay
        }

        /// Up to 5 reconnections in a row, 3 s apart unless the server says otherwise.
        public static let `default` = Reconnection(maxAttempts: 5)
        /// One connection; the sequence ends when it does.
        public static let never = Reconnection(maxAttempts: 0)
    }

    /// The largest event (the bytes of its data) accepted by default: 8 MiB.
    @usableFromInline package static let defaultMaxEventSize = 8 * 1024 * 1024

    private let connect: Connect
    private let lastEventID: String
    private let reconnection: Reconnection
    private let maxEventSize: Int

    /// Creates a stream that opens its connections with `connect`.
    package init(
        lastEventID: String? = nil, reconnection: Reconnection = .default,
        maxEventSize: Int = ServerSentEventStream.defaultMaxEventSize, connect: @escaping Connect
    ) {
        self.connect = connect
        self.lastEventID = lastEventID ?? ""
        self.reconnection = reconnection
        self.maxEventSize = maxEventSize
    }

    /// Returns an iterator; its first `next()` opens the connection.
    public func makeAsyncIterator() -> Iterator {
        Iterator(
            connect: connect, reconnection: reconnection,
            parser: ServerSentEventParser(lastEventID: lastEventID, maxEventSize: maxEventSize))
    }

    /// Reads events, reconnecting as needed.
    public struct Iterator: AsyncIteratorProtocol, Sendable {
        let connect: Connect
        let reconnection: Reconnection
        var parser: ServerSentEventParser
        var body: ResponseBodyStream.Iterator?
        var pending: [ServerSentEvent] = []
        var index = 0
        var connections = 0
        var attemptsWithoutEvent = 0
        var lastError: NetworkingError?
        var done = false

        /// The next event, or `nil` when the stream is over.
        public mutating func next() async throws(NetworkingError) -> ServerSentEvent? {
            while true {
                if index < pending.count {
                    index += 1
                    return pending[index - 1]
                }
                if done { return nil }
                if body == nil { try await open() } else { try await read() }
            }
        }

        /// Connects (after the reconnection delay, unless this is the first connection).
        private mutating func open() async throws(NetworkingError) {
            if connections > 0 {
                guard attemptsWithoutEvent < reconnection.maxAttempts else {
                    done = true
                    if let lastError { throw lastError }
                    return
                }
                attemptsWithoutEvent += 1
                let delay = parser.reconnectionTime.map { Duration.milliseconds($0) } ?? reconnection.defaultDelay
                do {
                    try await Task.sleep(for: delay)
                } catch {
                    done = true
                    throw .cancelled
                }
            }
            connections += 1
            let streamed: TransportResponse
            do {
                streamed = try await connect(parser.lastEventID.isEmpty ? nil : parser.lastEventID)
            } catch {
                try fail(error)
                return
            }
            if streamed.statusCode == 204 {
                streamed.body.cancel()
                done = true
                return
            }
            let type = streamed.header("Content-Type")?.lowercased() ?? ""
            guard type.hasPrefix("text/event-stream") else {
                streamed.body.cancel()
                done = true
                let metadata = ResponseMetadata(response: streamed.response, body: Data())
                throw .validation(
                    reason: "expected Content-Type text/event-stream, got '\(type.isEmpty ? "none" : type)'", metadata)
            }
            parser.reset()
            lastError = nil
            body = streamed.body.makeAsyncIterator()
        }

        /// Reads the next chunk of the current connection.
        private mutating func read() async throws(NetworkingError) {
            do {
                guard let chunk = try await body?.next() else {
                    body = nil
                    if reconnection.maxAttempts == 0 { done = true }
                    return
                }
                pending = try parser.parse(chunk)
                index = 0
                if !pending.isEmpty { attemptsWithoutEvent = 0 }
            } catch {
                body = nil
                try fail(error)
            }
        }

        /// Ends the stream for a final error; keeps it for a transient one (a reconnection follows).
        private mutating func fail(_ error: NetworkingError) throws(NetworkingError) {
            var transient = error.isRetryable
            if case .invalidResponse = error { transient = true }
            guard transient, reconnection.maxAttempts > 0 else {
                done = true
                throw error
            }
            lastError = error
        }
    }
}
