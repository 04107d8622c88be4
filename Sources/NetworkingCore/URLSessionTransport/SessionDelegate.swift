import Foundation
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The session delegate behind `URLSessionTransport`: collects each task's response and body
/// (or streams it, or, for a background download, writes it to a file: see `TaskSink`), enforces
/// the body cap, answers HTTP authentication challenges so a `401` never hangs, and leaves
/// redirects to the transport.
///
/// Its methods run inline on URLSession's own serial work queue (`InlineOperationQueue`): keep
/// them short and non-blocking, and never call `URLSessionTask.cancel()`/`suspend()` or a
/// challenge's completion handler directly from them (those wait for the work queue, so they
/// would hang the session): go through `offQueue`.
final class SessionDelegate: NSObject, URLSessionDataDelegate, Sendable {
    /// One task's transfer. A reference, so that the delegate's calls reach it in the dictionary
    /// without copying it in and out.
    // @unchecked: its fields are read and written only under `states`'s lock while it is in the
    // dictionary, and only by the caller that removed it from there (under the lock) afterwards.
    final class State: @unchecked Sendable {
        /// Resumed once: with the head for a stream, at completion otherwise. Unchecked: `finish`
        /// takes the state out of the dictionary under the lock before resuming, and a stream's
        /// head is resumed after clearing this field under the lock, so no path resumes it twice.
        var continuation: UnsafeContinuation<TransferResult, Never>?
        var response: HTTPURLResponse?
        var body = Data()
        var sink: TaskSink
        /// Ends the transfer at its resource deadline, when it has one; cancelled at `finish`.
        var deadline: DispatchSourceTimer?
        /// What the platform measured about the task (see SessionDelegate+Metrics.swift), handed
        /// over with its result.
        var metrics: TransactionMetrics?
        /// What the server-trust challenge of the task's connection found of its host's pins;
        /// `nil` when the task saw no challenge (see SessionDelegate+PinMismatch.swift).
        var pinCheck: ServerTrust.PinCheck?

        init(continuation: UnsafeContinuation<TransferResult, Never>, sink: TaskSink) {
            self.continuation = continuation
            self.sink = sink
        }
    }

    let states = Mutex<[TaskKey: State]>([:])
    /// The upload progress of tasks that send a file with a reporter (see
    /// SessionDelegate+UploadProgress.swift), removed when the task completes.
    let uploads = Mutex<[TaskKey: UploadProgress]>([:])

    #if canImport(FoundationNetworking)
        /// What a task's state is filed under: the task itself (every read of `taskIdentifier` costs
        /// an exclusivity check on Linux). A state is removed before its task can go away: the
        /// transport holds the task until its continuation is resumed, which `finish` does after
        /// removing the state.
        typealias TaskKey = ObjectIdentifier
        static func key(_ task: URLSessionTask) -> TaskKey { ObjectIdentifier(task) }
    #else
        /// What a task's state is filed under: its identifier.
        typealias TaskKey = Int
        static func key(_ task: URLSessionTask) -> TaskKey { task.taskIdentifier }
    #endif
    let maxBodySize: Int
    /// Whom TLS connections trust (checked in the server-trust challenge on Apple platforms).
    let serverTrust: ServerTrust
    /// What the last challenge of each host and port found of its report-only pins, for the tasks
    /// sent over a connection kept alive (see SessionDelegate+PinMismatch.swift).
    let pinMismatches = ReportedPinMismatches()
    /// The app's background-events completion handler, called once a background session has
    /// delivered its events (see URLSessionTransport+Apple.swift).
    let backgroundEventsHandler = Mutex<(@Sendable () -> Void)?>(nil)

    init(maxBodySize: Int, serverTrust: ServerTrust = .system) {
        self.maxBodySize = maxBodySize
        self.serverTrust = serverTrust
    }

    func register(
        _ task: URLSessionTask, continuation: UnsafeContinuation<TransferResult, Never>, sink: TaskSink = .memory
    ) {
        states.withLock {
            $0[Self.key(task)] = State(continuation: continuation, sink: sink)
        }
    }

    /// Ends the task's transfer with `.cancelled` (if it is registered and not yet finished) and
    /// cancels the task. Safe to call before `register`, after completion, and more than once.
    func cancel(_ task: URLSessionTask) {
        finish(task) { _ in .failure(.cancelled) }
        task.cancel()
    }

    /// Ends the task's transfer with a timeout at `deadline` (URLSession on Linux stores
    /// `timeoutIntervalForResource` and never enforces it), unless it has finished by then: the
    /// same `URLError.timedOut` a request timeout gives, the task cancelled, its stream or file
    /// ended with that error.
    func arm(_ task: URLSessionTask, deadline: DispatchTime) {
        let timer = DispatchSource.makeTimerSource(queue: .global())
        timer.schedule(deadline: deadline)
        timer.setEventHandler { [weak self, weak task] in
            guard let self, let task else { return }
            self.finish(task) { _ in
                .failure(.transport(URLError(.timedOut, userInfo: Self.timeoutInfo(task.originalRequest?.url))))
            }
            task.cancel()
        }
        let armed = states.withLock { states -> Bool in
            guard let state = states[Self.key(task)] else { return false }
            state.deadline = timer
            return true
        }
        if armed { timer.resume() }
    }

    private static func timeoutInfo(_ url: URL?) -> [String: Any] {
        var info: [String: Any] = [NSLocalizedDescriptionKey: "The request exceeded its resource timeout"]
        if let url { info[NSURLErrorFailingURLErrorKey] = url }
        return info
    }

    /// Resumes and forgets the task's continuation and ends its sink; later calls for the same
    /// task do nothing.
    ///
    /// The outcome is built under the lock, which the waiting task takes after its await
    /// (`URLSessionTransport.run`): what this thread built for it is ordered before its reads.
    func finish(_ task: URLSessionTask, _ result: (State) -> TransferResult) {
        let key = Self.key(task)
        let finished = states.withLock { states -> (state: State, outcome: TransferResult)? in
            guard let state = states.removeValue(forKey: key) else { return nil }
            return (state, result(state))
        }
        guard let (state, outcome) = finished else { return }
        state.deadline?.cancel()
        state.sink.end(with: outcome)
        state.continuation?.resume(returning: outcome)
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        // On Linux the disposition is ignored ("Ignoring disposition from completion handler"): a
        // refused transfer must be cancelled explicitly, or an endless body keeps flowing.
        guard let http = response as? HTTPURLResponse else {
            finish(dataTask) { _ in .failure(.invalidResponse) }
            completionHandler(.cancel)
            Self.offQueue { dataTask.cancel() }  // URLSession ignores `.cancel` from a session delegate
            return
        }
        let id = Self.key(dataTask)
        let expected = Self.declaredLength(http)
        let fits = expected <= Int64(maxBodySize)
        // One lock and one lookup: a task collecting its body in memory (the common case) starts
        // here; the others learn where their body goes.
        let sink = states.withLock { states -> TaskSink? in
            guard let state = states[id] else { return nil }
            guard case .memory = state.sink, fits else { return state.sink }
            Self.startInMemory(state, http, expected: expected)
            return .memory
        }
        switch sink {
        case .stream:
            startStream(dataTask, http)
            completionHandler(.allow)
            return
        case .file(let writer):
            do {
                if try writer.begin(http) {
                    states.withLock { $0[id]?.response = http }
                    completionHandler(.allow)
                    return
                }
            } catch {
                finish(dataTask) { _ in .failure(error) }
                completionHandler(.cancel)
                Self.offQueue { dataTask.cancel() }
                return
            }
        case .memory where fits:
            completionHandler(.allow)
            return
        case .memory, .downloadedFile, nil:
            break
        }
        guard fits else {
            finish(dataTask) { _ in .failure(Self.tooLarge(expected)) }
            completionHandler(.cancel)
            Self.offQueue { dataTask.cancel() }  // URLSession ignores `.cancel` from a session delegate
            return
        }
        // A download's body that does not go to its file (not 2xx) is kept in memory.
        states.withLock { states in
            if let state = states[id] { Self.startInMemory(state, http, expected: expected) }
        }
        completionHandler(.allow)
    }

    /// Starts collecting a body in memory: keeps the head and reserves the announced length.
    private static func startInMemory(_ state: State, _ response: HTTPURLResponse, expected: Int64) {
        state.response = response
        if expected > 0 { state.body.reserveCapacity(Int(expected)) }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        // One lock and one lookup: the chunk is appended in memory there, or the sink it goes to
        // instead is taken out.
        let step = states.withLock { states -> ChunkStep in
            guard let state = states[Self.key(dataTask)] else { return .dropped }
            switch state.sink {
            case .stream(let continuation):
                return .stream(continuation)
            case .file(let writer) where writer.isWriting:
                return .file(writer)
            case .file, .memory, .downloadedFile:
                state.body.append(data)
                let count = state.body.count
                if count > maxBodySize { return .overflow(count) }
                return .appended
            }
        }
        switch step {
        case .appended:
            break
        case .overflow(let count):
            finish(dataTask) { _ in .failure(Self.tooLarge(Int64(count))) }
            Self.offQueue { dataTask.cancel() }
        case .stream(let continuation):
            if !continuation.yield(data) { Self.offQueue { dataTask.cancel() } }
        case .file(let writer):
            do {
                try writer.write(data)
            } catch {
                finish(dataTask) { _ in .failure(error) }
                Self.offQueue { dataTask.cancel() }
            }
        case .dropped:
            break
        }
    }

    /// Where a chunk went, as decided under the lock.
    private enum ChunkStep {
        case appended
        case overflow(Int)
        case stream(ResponseBodyStream.Continuation)
        case file(FileBodyWriter)
        /// The task is not (or no longer) registered.
        case dropped
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
        #if canImport(Security)
            if method == NSURLAuthenticationMethodServerTrust {
                switch ServerTrustEvaluation.evaluate(challenge, settings: serverTrust) {
                case .defaultHandling:
                    Self.offQueue { completionHandler(.performDefaultHandling, nil) }
                case .trusted(let credential, let pins):
                    record(pins, of: task, in: challenge.protectionSpace)
                    Self.offQueue { completionHandler(.useCredential, credential) }  // URLCredential is Sendable
                case .rejected(let error):
                    finish(task) { _ in .failure(error) }  // the typed error, not URLSession's cancellation
                    Self.offQueue { completionHandler(.cancelAuthenticationChallenge, nil) }
                }
                return
            }
        #endif
        // An HTTP authentication challenge ends as the server's 401 or 407, body included, for the
        // interceptors to see (see AuthenticationChallengeAnswer).
        switch AuthenticationChallengeAnswer.answer(toMethod: method, on: .current) {
        case .performDefaultHandling:
            Self.offQueue { completionHandler(.performDefaultHandling, nil) }
        case .endWithResponseSoFar:
            finish(task) { state in
                guard let response = state.response ?? challenge.failureResponse as? HTTPURLResponse else {
                    return .failure(.invalidResponse)
                }
                return completed(state, response)
            }
            Self.offQueue { completionHandler(.cancelAuthenticationChallenge, nil) }
        }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        uploads.withLock { _ = $0.removeValue(forKey: Self.key(task)) }
        finish(task) { state in
            if let error { return .failure(Self.map(error)) }
            guard let response = state.response ?? task.response as? HTTPURLResponse else {
                return .failure(.invalidResponse)
            }
            return completed(state, response)
        }
    }

    /// The result of a task that completed with `response`: its body, and what the platform
    /// measured about it (with a report-only pin mismatch, see SessionDelegate+PinMismatch.swift).
    private func completed(_ state: State, _ response: HTTPURLResponse) -> TransferResult {
        .success(response, state.body, reportingPinMismatch(state.metrics, of: state, url: response.url))
    }

    /// Runs `work` off URLSession's work queue, where the delegate methods run (see
    /// `InlineOperationQueue`): for calls that wait for that queue, such as `URLSessionTask.cancel()`,
    /// `suspend()` or a challenge's completion handler, which would otherwise wait for themselves.
    static func offQueue(_ work: @escaping @Sendable () -> Void) {
        DispatchQueue.global().async(execute: work)
    }

    private static func tooLarge(_ size: Int64) -> NetworkingError {
        let body =
            size == .max
            ? "the length its head declares cannot be represented, which"
            : "its body (\(size) bytes or more)"
        return .transport(
            URLError(.dataLengthExceedsMaximum, userInfo: [NSLocalizedDescriptionKey: "\(body) exceeds the limit"]))
    }

    /// The body length `response` declares: `expectedContentLength`, or `Int64.max` for a
    /// `Content-Length` of digits too many to represent, which Foundation reports as unknown (-1),
    /// as if the body could then be any length.
    private static func declaredLength(_ response: HTTPURLResponse) -> Int64 {
        let expected = response.expectedContentLength
        guard expected < 0, let value = response.value(forHTTPHeaderField: "Content-Length") else { return expected }
        let digits = value.trimmingCharacters(in: .whitespaces)
        guard !digits.isEmpty, digits.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else {
            return expected
        }
        return Int64(digits) ?? .max
    }

    /// Normalises URLSession's errors: on Linux libcurl failures arrive as code `-1` and only the
    /// message tells them apart (messages measured against `Tests/Harness/fault_server.py`):
    /// - a dropped connection (`transfer closed with N bytes remaining`, `Empty reply from server`,
    ///   `Recv failure: Connection reset by peer`, and `Connection died, tried 5 times before giving
    ///   up` when reused connections keep dying) is `.networkConnectionLost`;
    /// - a response that cannot be parsed (`Illegal or missing hexadecimal sequence in
    ///   chunked-encoding`; `Out of memory` for a header line over libcurl's 100 KB limit; `Failed
    ///   writing header` when Foundation rejects header bytes that are not UTF-8) is
    ///   `.cannotParseResponse`;
    /// - a body whose `Content-Encoding` cannot be decoded is `.cannotDecodeContentData`.
    static func map(_ error: any Error) -> NetworkingError {
        guard let urlError = error as? URLError else { return NetworkingError(error) }
        if urlError.code == .cancelled { return .cancelled }
        guard urlError.code == .unknown || urlError.code == .badServerResponse else { return .transport(urlError) }
        let message = (urlError as NSError).localizedDescription.lowercased()
        let userInfo = (urlError as NSError).userInfo
        func mentions(_ fragments: String...) -> Bool { fragments.contains { message.contains($0) } }
        if mentions("transfer closed", "empty reply", "connection reset", "recv failure", "connection died") {
            return .transport(URLError(.networkConnectionLost, userInfo: userInfo))
        }
        if mentions("chunked-encoding", "out of memory", "failed writing header", "header too large") {
            return .transport(URLError(.cannotParseResponse, userInfo: userInfo))
        }
        if mentions("content encoding", "unencoding") {
            return .transport(URLError(.cannotDecodeContentData, userInfo: userInfo))
        }
        return .transport(urlError)
    }
}
