import Foundation
import NetworkingCore

/// What a `WebSocket` needs of the connection under it, once the handshake has opened it: the
/// same behaviour whoever writes the frames. On Linux the library frames the messages itself over
/// a libcurl socket (`WebSocketChannel`); on Apple platforms Foundation's
/// `URLSessionWebSocketTask` does (`URLSessionWebSocketConnection`).
package protocol WebSocketConnection: AnyObject, Sendable {
    /// Connects and shakes hands; what the server agreed. Throws `.http` (4xx and 5xx) or
    /// `.validation` (any other status, redirects included) with the server's answer when it
    /// refused the upgrade.
    func open() async throws(NetworkingError) -> WebSocketHandshake.Agreement
    /// The next message received; `nil` once the connection closed cleanly.
    func nextMessage() async throws(NetworkingError) -> WebSocketMessage?
    /// The peer's close frame, once it came: its code (`nil` when it had none) and reason.
    var peerClose: (code: WebSocketCloseCode?, reason: String)? { get }
    /// Sends a data message; suspends while the send buffer is full.
    func send(_ message: WebSocketMessage) async throws(NetworkingError)
    /// Sends a ping and waits for its pong.
    func ping() async throws(NetworkingError)
    /// Starts the closing handshake and waits until the connection ended (or the close timeout).
    func close(code: WebSocketCloseCode, reason: String) async
    /// Closes with 1001 without waiting: the owner is gone or its consumer was cancelled.
    func abandon()
}
