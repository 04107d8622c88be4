import Foundation
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The session delegate behind `URLSessionTransport`: collects each task's response and body,
/// enforces the body cap, answers HTTP authentication challenges so a `401` never hangs, and
/// leaves redirects to the transport.
final class SessionDelegate: NSObject, URLSessionDataDelegate, Sendable {
    private struct State {
        var continuation: CheckedContinuation<TransferResult, Never>
        var response: HTTPURLResponse?
        var body = Data()
        /// The body length at which the response is complete: its `Content-Length` when the body
        /// is not content-encoded (URLSession decodes, so encoded lengths don't count).
        var completeLength: Int?
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
            return
        }
        let expected = http.expectedContentLength
        if expected > Int64(maxBodySize) {
            finish(dataTask) { _ in .failure(Self.tooLarge(expected)) }
            completionHandler(.cancel)
            return
        }
        let encoding = http.value(forHTTPHeaderField: "Content-Encoding")?.lowercased() ?? "identity"
        let completeLength = expected >= 0 && encoding == "identity" ? Int(expected) : nil
        states.withLock { states in
            guard let index = states.index(forKey: dataTask.taskIdentifier) else { return }
            states.values[index].response = http
            states.values[index].completeLength = completeLength
            if expected > 0 { states.values[index].body.reserveCapacity(Int(expected)) }
        }
        if completeLength == 0 { finish(dataTask) { state in .success(http, state.body) } }
        completionHandler(.allow)
    }

    /// What a chunk of body did to its transfer.
    private enum Progress {
        case receiving
        /// The whole body is here (`Content-Length` reached): the caller can have it now rather
        /// than after one more hop through the delegate queue for the completion.
        case complete
        case overflow(Int)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let progress = states.withLock { states -> Progress in
            guard let index = states.index(forKey: dataTask.taskIdentifier) else { return .receiving }
            states.values[index].body.append(data)
            let count = states.values[index].body.count
            if count > maxBodySize { return .overflow(count) }
            if let length = states.values[index].completeLength, count >= length { return .complete }
            return .receiving
        }
        switch progress {
        case .receiving:
            break
        case .complete:
            finish(dataTask) { state in state.response.map { .success($0, state.body) } ?? .failure(.invalidResponse) }
        case .overflow(let count):
            finish(dataTask) { _ in .failure(Self.tooLarge(Int64(count))) }
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

    /// Runs `work` off URLSession's work queue, where delegate methods run (`InlineOperationQueue`):
    /// for calls that wait for that queue, such as `URLSessionTask.cancel()`.
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
