import Foundation

extension TransactionMetrics {
    /// A time the transport sent the request again on its own, because the server said it had not
    /// processed it.
    ///
    /// A server may leave a request unprocessed without failing it: over HTTP/2, a GOAWAY names
    /// the last stream it processed, and any stream above it was never seen by the application
    /// (RFC 9113 §6.8); a `REFUSED_STREAM` reset says the same of one stream (§8.7), as servers
    /// answer streams over their `SETTINGS_MAX_CONCURRENT_STREAMS`. The library's transport on
    /// Linux (`CurlTransport`) sends such a request again, whatever its observers and interceptors,
    /// when its method is safe and it has no body (RFC 9110 §9.2.2), and lists each time here and,
    /// for an observed request, as an attempt (``RequestAttempt/Reason/resent(_:)``).
    public struct Resend: Sendable, Hashable {
        /// What the server said about the request it did not process.
        public enum Cause: Sendable, Hashable {
            /// The connection was closing: an HTTP/2 GOAWAY left the request's stream out. The
            /// request went out again on a new connection.
            case connectionClosing
            /// The server refused the request's stream (`REFUSED_STREAM`) until its transport gave
            /// up, or a reused connection closed before any answer.
            case refused
        }

        /// What the server said.
        public let cause: Cause
        /// Whether the request went out again on a new connection, the one it was on being closed
        /// or closing.
        public let onNewConnection: Bool
        /// How long the transport waited before it sent the request again.
        public let delay: Duration
        /// The failure the request would have ended with had it not been sent again.
        public let error: NetworkingError

        /// Creates the record of a resend.
        public init(cause: Cause, onNewConnection: Bool, delay: Duration = .zero, error: NetworkingError) {
            self.cause = cause
            self.onNewConnection = onNewConnection
            self.delay = delay
            self.error = error
        }

        /// Two resends are equal when they agree and their errors read the same
        /// (`NetworkingError` is not `Equatable`).
        public static func == (lhs: Resend, rhs: Resend) -> Bool {
            lhs.cause == rhs.cause && lhs.onNewConnection == rhs.onNewConnection && lhs.delay == rhs.delay
                && lhs.error.localizedDescription == rhs.error.localizedDescription
        }

        /// Hashes what `==` compares.
        public func hash(into hasher: inout Hasher) {
            hasher.combine(cause)
            hasher.combine(onNewConnection)
            hasher.combine(delay)
            hasher.combine(error.localizedDescription)
        }
    }

    /// Whether the request's last hop went out on a new connection because the one it was first
    /// sent on closed before answering it (see ``resends``).
    public var replacedConnection: Bool { resends.contains { $0.onNewConnection } }
}
