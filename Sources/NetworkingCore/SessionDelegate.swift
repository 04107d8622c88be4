import Foundation
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The session delegate behind `URLSessionTransport`: collects each task's response and body,
/// enforces the body cap, answers HTTP authentication challenges so a `401` never hangs, and
/// leaves redirects to the transport.
///
/// Its methods run inline on URLSession's own serial work queue (`InlineOperationQueue`): keep
/// them short and non-blocking, and never call `URLSessionTask.cancel()`/`suspend()` or a
/// challenge's completion handler directly from them (those wait for the work queue, so they
/// would hang the session): go through `offQueue`.
final class SessionDelegate: NSObject, URLSessionDataDelegate, Sendable {
    private struct State {
        var continuation: CheckedContinuation<TransferResult, Never>
        var response: HTTPURLResponse?
        var body = Data()
    }

    private let states = Mutex<[Int: State]>([:])
    private let maxBodySize: Int

    init(maxBodySize: Int) { self.maxBodySize = maxBodySize }

    func register(_ task: URLSessionTask, continuation: CheckedContinuation<TransferResult, Never>) {
        states.withLock { $0[task.taskIdentifier] = State(continuation: continuation) }
    }

    /// Ends the task's transfer with `.cancelled` (if it is registered and not yet finished) and
    /// cancels the task. Safe to call before `register`, after completion, and more than once.
    func cancel(_ task: URLSessionTask) {
        finish(task) { _ in .failure(.cancelled) }
        task.cancel()
    }

    /// Resumes and forgets the task's continuation; later calls for the same task do nothing.
    private func finish(_ task: URLSessionTask, _ result: (State) -> TransferResult) {
        let state = states.withLock { $0.removeValue(forKey: task.taskIdentifier) }
        guard let state else { return }
        state.continuation.resume(returning: result(state))
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        guard let http = response as? HTTPURLResponse else {
            finish(dataTask) { _ in .failure(.invalidResponse) }
            completionHandler(.cancel)
            Self.offQueue { dataTask.cancel() }  // URLSession ignores `.cancel` from a session delegate
            return
        }
        let expected = http.expectedContentLength
        if expected > Int64(maxBodySize) {
            finish(dataTask) { _ in .failure(Self.tooLarge(expected)) }
            completionHandler(.cancel)
            Self.offQueue { dataTask.cancel() }  // URLSession ignores `.cancel` from a session delegate
            return
        }
        states.withLock { states in
            states[dataTask.taskIdentifier]?.response = http
            if expected > 0 { states[dataTask.taskIdentifier]?.body.reserveCapacity(Int(expected)) }
        }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let overflow = states.withLock { states -> Int? in
            guard states[dataTask.taskIdentifier] != nil else { return nil }
            states[dataTask.taskIdentifier]?.body.append(data)
            let count = states[dataTask.taskIdentifier]?.body.count ?? 0
            return count > maxBodySize ? count : nil
        }
        if let overflow {
            finish(dataTask) { _ in .failure(Self.tooLarge(Int64(overflow))) }
            Self.offQueue { dataTask.cancel() }
        }
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(nil)  // The transport follows redirects under RedirectPolicy.
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
        completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
    ) {
        let method = challenge.protectionSpace.authenticationMethod
        let httpAuthMethods = [
            NSURLAuthenticationMethodHTTPBasic, NSURLAuthenticationMethodHTTPDigest, NSURLAuthenticationMethodDefault,
            NSURLAuthenticationMethodNTLM, NSURLAuthenticationMethodNegotiate,
        ]
        guard httpAuthMethods.contains(method) else {
            Self.offQueue { completionHandler(.performDefaultHandling, nil) }
            return
        }
        // Credentials are the library's business (headers, interceptors), never URLSession's: hand
        // back the 401 as an ordinary response. On Linux, default handling would hang forever.
        finish(task) { state in
            guard let response = state.response ?? challenge.failureResponse as? HTTPURLResponse else {
                return .failure(.invalidResponse)
            }
            return .success(response, state.body)
        }
        Self.offQueue { completionHandler(.cancelAuthenticationChallenge, nil) }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        finish(task) { state in
            if let error { return .failure(Self.map(error)) }
            guard let response = state.response ?? task.response as? HTTPURLResponse else {
                return .failure(.invalidResponse)
            }
            return .success(response, state.body)
        }
    }

    /// Runs `work` off URLSession's work queue, where the delegate methods run (see
    /// `InlineOperationQueue`): for calls that wait for that queue, such as `URLSessionTask.cancel()`,
    /// `suspend()` or a challenge's completion handler, which would otherwise wait for themselves.
    static func offQueue(_ work: @escaping @Sendable () -> Void) {
        DispatchQueue.global().async(execute: work)
    }

    private static func tooLarge(_ size: Int64) -> NetworkingError {
        .transport(
            URLError(
                .dataLengthExceedsMaximum,
                userInfo: [NSLocalizedDescriptionKey: "The response body (\(size) bytes or more) exceeds the limit"]))
    }

    /// Normalises URLSession's errors: on Linux libcurl failures arrive as code `-1` and only the
    /// message tells a dropped connection apart.
    static func map(_ error: any Error) -> NetworkingError {
        guard let urlError = error as? URLError else { return NetworkingError(error) }
        if urlError.code == .cancelled { return .cancelled }
        let message = (urlError as NSError).localizedDescription.lowercased()
        if urlError.code == .unknown || urlError.code == .badServerResponse,
            message.contains("transfer closed") || message.contains("empty reply")
                || message.contains("connection reset") || message.contains("recv failure")
        {
            return .transport(URLError(.networkConnectionLost, userInfo: (urlError as NSError).userInfo))
        }
        return .transport(urlError)
    }
}
