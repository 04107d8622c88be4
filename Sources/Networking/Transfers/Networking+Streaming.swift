import Foundation
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// Streaming responses: the body as it arrives, as chunks, bytes, lines or Server-Sent Events.
// The request goes through the pipeline like any other (default headers, interceptors; observers
// see its start, and its completion when the body ends). A non-2xx status is a `.http` failure
// carrying the body. Memory is bounded: a reader that falls more than the transport's
// `maxResponseBodySize` behind ends with `.transport(URLError(.dataLengthExceedsMaximum))`.
// `cancelAllRequests()`, cancelling the reading task or dropping the stream stops the transfer.

extension Networking {
    /// Sends a request and returns its 2xx response as soon as the head arrives, with the body
    /// as an `AsyncSequence` of `Data` chunks.
    public func stream(
        _ path: String, method: HTTPMethod = .get, query: [URLQueryItem] = [], headers: [String: String] = [:],
        body: RequestBody? = nil
    ) async -> Result<TransportResponse, NetworkingError> {
        let request = HTTPRequest(
            method: method, path: path, query: query, headers: Self.transferHeaders(headers), body: body)
        return await openStream(request, kind: .download)
    }

    /// `GET path`, with the body as an `AsyncSequence` of bytes.
    ///
    /// ```swift
    /// let bytes = try await networking.bytes("/stream-bytes/1024").get()
    /// var count = 0
    /// for try await _ in bytes { count += 1 }
    /// ```
    public func bytes(
        _ path: String, query: [URLQueryItem] = [], headers: [String: String] = [:]
    ) async -> Result<ResponseBodyStream.Bytes, NetworkingError> {
        await stream(path, query: query, headers: headers).map(\.body.bytes)
    }

    /// `GET path`, with the body as an `AsyncSequence` of UTF-8 lines (split at LF, CR or CRLF;
    /// empty lines kept). A line longer than `maxLineLength` bytes ends the stream with
    /// `.transport(URLError(.dataLengthExceedsMaximum))`.
    ///
    /// ```swift
    /// for try await line in try await networking.lines("/stream/3").get() { print(line) }
    /// ```
    public func lines(
        _ path: String, query: [URLQueryItem] = [], headers: [String: String] = [:],
        maxLineLength: Int = ResponseBodyStream.defaultMaxLineLength
    ) async -> Result<ResponseBodyStream.Lines, NetworkingError> {
        let request = HTTPRequest(method: .get, path: path, query: query, headers: Self.transferHeaders(headers))
        return await openStream(request, kind: .request).map { $0.body.lines(maxLineLength: maxLineLength) }
    }

    /// `GET path` as a stream of Server-Sent Events (`text/event-stream`), reconnecting with
    /// `Last-Event-ID` after the server's `retry:` delay (see `ServerSentEventStream`).
    ///
    /// The connection opens when iteration starts; errors surface from the iteration.
    ///
    /// ```swift
    /// for try await event in await networking.serverSentEvents("/events") {
    ///     print(event.event, event.data)
    /// }
    /// ```
    public func serverSentEvents(
        _ path: String, query: [URLQueryItem] = [], headers: [String: String] = [:], lastEventID: String? = nil,
        reconnection: ServerSentEventStream.Reconnection = .default,
        maxEventSize: Int = ServerSentEventStream.defaultMaxEventSize
    ) -> ServerSentEventStream {
        var base = Self.transferHeaders(headers, accept: "text/event-stream")
        if base["Cache-Control"] == nil { base["Cache-Control"] = "no-cache" }
        let baseHeaders = base
        let pipeline = pipeline()
        let registry = self.registry
        return ServerSentEventStream(lastEventID: lastEventID, reconnection: reconnection, maxEventSize: maxEventSize) {
            (lastEventID) throws(NetworkingError) -> TransportResponse in
            var headers = baseHeaders
            if let lastEventID { headers["Last-Event-ID"] = lastEventID }
            let request = HTTPRequest(method: .get, path: path, query: query, headers: headers)
            return try await Self.openStream(request, kind: .request, pipeline: pipeline, registry: registry).get()
        }
    }

    /// Opens a stream off the actor, registered for cancellation under its path.
    func openStream(_ request: HTTPRequest, kind: RequestContext.Kind) async -> Result<
        TransportResponse, NetworkingError
    > {
        await Self.openStream(request, kind: kind, pipeline: pipeline(), registry: registry)
    }

    /// Opens a stream on `pipeline` and keeps it registered in `registry` until its body ends, so
    /// that `cancelAllRequests()` stops it too. Cancelling the caller while the head is awaited
    /// cancels the request; afterwards the body stream is in charge.
    static func openStream(
        _ request: HTTPRequest, kind: RequestContext.Kind, pipeline: Pipeline, registry: RequestRegistry
    ) async -> Result<TransportResponse, NetworkingError> {
        let runner = Mutex<(task: Task<Void, Never>?, cancelled: Bool)>((nil, false))
        let opened = OpenedStream()
        let trace = pipeline.tracing.isEnabled ? TraceContext.current : nil  // a detached task inherits none
        let resumed = await withTaskCancellationHandler {
            await withCheckedContinuation {
                (handoff: CheckedContinuation<Result<TransportResponse, NetworkingError>, Never>) in
                let task = Task.detached {
                    await Self.continuing(trace) {
                        await Self.run(
                            request, kind: kind, pipeline: pipeline, registry: registry, into: opened, handoff)
                    }
                }
                let cancelled = runner.withLock { runner in
                    runner.task = task
                    return runner.cancelled
                }
                if cancelled { task.cancel() }
            }
        } onCancel: {
            let task = runner.withLock { runner in
                runner.cancelled = true
                return runner.task
            }
            task?.cancel()
        }
        return opened.take() ?? resumed
    }

    /// Opens the stream under `registry` and waits there until its body ends.
    private static func run(
        _ request: HTTPRequest, kind: RequestContext.Kind, pipeline: Pipeline, registry: RequestRegistry,
        into opened: OpenedStream, _ handoff: CheckedContinuation<Result<TransportResponse, NetworkingError>, Never>
    ) async {
        await registry.run(key: request.path) {
            guard let control = await open(request, kind: kind, pipeline: pipeline, into: opened, handoff) else {
                return
            }
            await withTaskCancellationHandler {
                _ = await control.termination()
            } onCancel: {
                control.cancel()
            }
        }
    }

    /// Opens the stream and hands the result over; returns only the control, so the registry
    /// keeps no reference to the stream itself (dropping the stream must still cancel it).
    private static func open(
        _ request: HTTPRequest, kind: RequestContext.Kind, pipeline: Pipeline, into opened: OpenedStream,
        _ handoff: CheckedContinuation<Result<TransportResponse, NetworkingError>, Never>
    ) async -> ResponseBodyStream.Control? {
        let result: Result<TransportResponse, NetworkingError>
        do throws(NetworkingError) {
            result = .success(try await pipeline.stream(request, kind: kind))
        } catch {
            result = .failure(error)
        }
        opened.put(result)
        handoff.resume(returning: result)
        return try? result.get().body.control
    }
}

/// The opened stream (or the failure) on its way from the task that opened it to the caller: put
/// under a lock before the caller's continuation is resumed and taken under it after the await, so
/// that what the opening task built is ordered before the caller's reads.
private final class OpenedStream: Sendable {
    private let slot = Mutex<Result<TransportResponse, NetworkingError>?>(nil)

    func put(_ result: Result<TransportResponse, NetworkingError>) { slot.withLock { $0 = result } }

    func take() -> Result<TransportResponse, NetworkingError>? { slot.withLock { $0.take() } }
}
