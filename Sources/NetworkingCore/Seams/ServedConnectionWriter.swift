/// The write side of a `ServedConnection` that any thread may use, without the transport's
/// thread: a plain socket (no TLS or proxy layer of the transport's own), written with a
/// non-blocking system call. A sender that finds nothing queued ahead of its bytes writes them
/// itself, instead of queueing them and waking the transport's thread to write them.
///
/// The owner orders the writes: it never calls `send` from two threads at once, nor while its
/// handler writes through the connection. Once the transport closes the socket, `send` fails.
package protocol ServedConnectionWriter: AnyObject, Sendable {
    /// Writes as much of `bytes` as the socket takes now, without blocking.
    func send(_ bytes: UnsafeRawBufferPointer) -> ServedConnectionIO
}

extension ServedConnection {
    /// No writer of its own: only the handler writes, through `send`.
    package func directWriter() -> (any ServedConnectionWriter)? { nil }
}
