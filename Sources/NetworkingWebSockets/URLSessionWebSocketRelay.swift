import Foundation
import NetworkingCore
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The session delegate of a `URLSessionWebSocketConnection`: hands each event to the connection,
/// and on Apple platforms checks the server's certificate against the client's `ServerTrust`, as
/// `URLSessionTransport` does for requests: a private CA as the only anchors, and the pins of the
/// host. Pins that are only reported (`.reportOnly`) are not checked, as with `CurlTransport`: a
/// WebSocket connection has no metrics to report a mismatch in.
///
/// It holds the connection until the task completes; the session keeps its delegate until the
/// connection, ending, invalidates it.
final class URLSessionWebSocketRelay: NSObject, URLSessionWebSocketDelegate, Sendable {
    let connection = Mutex<URLSessionWebSocketConnection?>(nil)
    /// Whom the connection trusts.
    let trust: ServerTrust

    init(trust: ServerTrust) {
        self.trust = trust
    }

    private var target: URLSessionWebSocketConnection? { connection.withLock { $0 } }

    func urlSession(
        _ session: URLSession, webSocketTask: URLSessionWebSocketTask, didOpenWithProtocol protocol: String?
    ) {
        target?.opened(subprotocol: `protocol`)
    }

    func urlSession(
        _ session: URLSession, webSocketTask: URLSessionWebSocketTask,
        didCloseWith closeCode: URLSessionWebSocketTask.CloseCode, reason: Data?
    ) {
        target?.peerClosed(code: closeCode, reason: reason)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        target?.completed(with: error)
        connection.withLock { $0 = nil }
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(nil)  // redirects are followed by the opener, under the RedirectPolicy
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
        completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
    ) {
        let method = challenge.protectionSpace.authenticationMethod
        #if canImport(Security)
            if method == NSURLAuthenticationMethodServerTrust {
                switch ServerTrustEvaluation.evaluate(challenge, settings: trust, checksReportedPins: false) {
                case .defaultHandling:
                    completionHandler(.performDefaultHandling, nil)
                case .trusted(let credential, _):
                    completionHandler(.useCredential, credential)
                case .rejected(let error):
                    target?.distrusted(error)  // the typed error, not URLSession's cancellation
                    completionHandler(.cancelAuthenticationChallenge, nil)
                }
                return
            }
        #endif
        // Credentials are the library's business (headers, interceptors): a 401 or 407 is the
        // server's answer, which the interceptors see.
        guard AuthenticationChallengeAnswer.httpAuthenticationMethods.contains(method) else {
            completionHandler(.performDefaultHandling, nil)
            return
        }
        target?.refused(with: challenge.failureResponse as? HTTPURLResponse)
        completionHandler(.cancelAuthenticationChallenge, nil)
    }
}
