import Foundation
import NetworkingCore

extension NetworkingError {
    /// The failure of a connection whose peer broke the WebSocket protocol: `.transport` with
    /// `.dataLengthExceedsMaximum` for a frame or message over the limit (1009) and
    /// `.badServerResponse` for the rest, the `WebSocketProtocolError` as `underlyingError`.
    static func webSocket(_ error: WebSocketProtocolError, url: URL) -> NetworkingError {
        let code: URLError.Code = error.closeCode == .messageTooBig ? .dataLengthExceedsMaximum : .badServerResponse
        return .transport(
            URLError(
                code,
                userInfo: [
                    NSLocalizedDescriptionKey: error.description, NSUnderlyingErrorKey: error,
                    NSURLErrorFailingURLErrorKey: url,
                ]))
    }

    /// The error of a send or ping after a WebSocket connection closed.
    static var webSocketClosed: NetworkingError { .invalidRequest("the WebSocket connection is closed") }

    /// The WebSocket protocol breach that failed a connection, when that is what this error is.
    public var webSocketProtocolError: WebSocketProtocolError? { underlyingError as? WebSocketProtocolError }
}
