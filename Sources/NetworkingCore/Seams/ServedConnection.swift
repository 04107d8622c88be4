import Foundation

/// A byte-stream connection that a transport opens and then serves to its owner, which runs a
/// protocol of its own over it (the WebSocket client's framing): the seam between that protocol
/// and the transport's sockets and threads.
///
/// The transport calls the owner's handler (`ServedConnectionHandler`) on a thread of its own when
/// the connection opened or failed, when its socket is ready, when another thread called `wake`,
/// or at the deadline the owner asked for; `send` and `receive` are used only from that handler,
/// and never block. Any thread may `open` and `wake` the connection.
package protocol ServedConnection: AnyObject, Sendable {
    /// Whether the connection is open (`send` and `receive` may be used); from the handler only.
    var isOpen: Bool { get }
    /// Starts connecting; the handler hears `.opened` or `.failed`.
    func open()
    /// Has the transport call the handler with `.service` soon.
    func wake()
    /// Writes as much of `bytes` as the socket takes now.
    func send(_ bytes: UnsafeRawBufferPointer) -> ServedConnectionIO
    /// Reads what is available, up to the buffer's size.
    func receive(into buffer: UnsafeMutableRawBufferPointer) -> ServedConnectionIO
    /// A writer other threads may use while the connection is open (from the handler, once it
    /// is open); `nil` when only the handler may write (TLS, or a proxy layer).
    func directWriter() -> (any ServedConnectionWriter)?
    /// Closes the connection now (from the handler only), so that whoever the owner tells next
    /// finds its socket gone; the handler is not called again. Returning `.close` does the same
    /// after the handler returns.
    func release()
}

/// The owner's handler of a `ServedConnection`: what happened, and what to wait for next.
package typealias ServedConnectionHandler = (any ServedConnection, ServedConnectionEvent) -> ServedConnectionInterest

/// What one `send` or `receive` of a `ServedConnection` did.
package enum ServedConnectionIO: Equatable {
    /// This many bytes moved (for `receive`, 0 means the peer closed its side).
    case done(Int)
    /// The socket cannot move bytes now: return an interest that waits for it.
    case wouldBlock
    /// The connection failed.
    case failed(URLError)
}

/// Why a transport calls a `ServedConnection`'s handler.
package enum ServedConnectionEvent {
    /// The connection is open: `send` and `receive` may be used from now on.
    case opened
    /// The connection could not be opened (or broke while opening); no call follows.
    case failed(NetworkingError)
    /// The socket may be ready, the owner was woken, or its deadline came: look at everything.
    case service
}

/// What the owner of a `ServedConnection` waits for after a call of its handler.
package struct ServedConnectionInterest: Equatable {
    /// Wait for bytes to read.
    package var readable = false
    /// Wait for room to write.
    package var writable = false
    /// Call again at the next pass without waiting (a read stopped before the socket was drained:
    /// TLS may hold bytes the socket no longer shows).
    package var again = false
    /// Call at this instant at the latest.
    package var deadline: ContinuousClock.Instant?
    /// Release the connection: the socket is closed and the handler is not called again.
    package var closes = false

    /// An interest; each part is off unless given.
    package init(
        readable: Bool = false, writable: Bool = false, again: Bool = false, deadline: ContinuousClock.Instant? = nil,
        closes: Bool = false
    ) {
        self.readable = readable
        self.writable = writable
        self.again = again
        self.deadline = deadline
        self.closes = closes
    }

    /// Release the connection.
    package static let close = ServedConnectionInterest(closes: true)
}
