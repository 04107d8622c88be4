import Foundation
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// Innermost steps the pipeline puts under the interceptors for the transfer forms. Interceptors
// only know `send(_:) -> HTTPExchange`; these adapters run the transfer form instead, hand the
// interceptors an exchange (with an empty body when the body went to a stream or a file) and keep
// the real result in a box the pipeline collects it from. An interceptor that sends twice (a
// retry, a refreshed credential) produces two results; the pipeline takes the one whose response
// the chain returned and cancels the others.

/// Results of the transfer forms, matched to the response the chain returned.
final class TransferBox<Value: Sendable>: Sendable {
    private let values = Mutex<[(response: HTTPURLResponse, value: Value)]>([])

    func add(_ value: Value, for response: HTTPURLResponse) {
        values.withLock { $0.append((response, value)) }
    }

    /// The value produced with `response` (or, when an interceptor replaced the response, the
    /// latest value), and every other value.
    func take(matching response: HTTPURLResponse) -> (match: Value?, others: [Value]) {
        let all = values.withLock { values in
            defer { values = [] }
            return values
        }
        let index = all.lastIndex { $0.response === response } ?? all.indices.last
        let others = all.indices.filter { $0 != index }.map { all[$0].value }
        return (index.map { all[$0].value }, others)
    }

    /// Every value, removed from the box.
    func takeAll() -> [Value] {
        values.withLock { values in
            defer { values = [] }
            return values.map(\.value)
        }
    }
}

/// Sends through `ProgressReportingTransport` when the transport is one.
struct ProgressAdapter: HTTPTransport {
    let base: any HTTPTransport
    let upload: ProgressReporter?
    let download: ProgressReporter?

    func send(_ request: URLRequest) async throws(NetworkingError) -> HTTPExchange {
        guard let reporting = base as? any ProgressReportingTransport else { return try await base.send(request) }
        return try await reporting.send(request, uploadProgress: upload, downloadProgress: download)
    }
}

/// Streams a 2xx body into the box; collects any other body for the interceptors.
struct StreamAdapter: HTTPTransport {
    let base: any HTTPTransport
    let box: TransferBox<StreamedResponse>

    func send(_ request: URLRequest) async throws(NetworkingError) -> HTTPExchange {
        guard let streaming = base as? any StreamingHTTPTransport else {
            let exchange = try await base.send(request)
            if exchange.isSuccess {
                let body = ResponseBodyStream(data: exchange.body)
                box.add(
                    StreamedResponse(request: exchange.request, response: exchange.response, body: body),
                    for: exchange.response)
            }
            return exchange
        }
        let streamed = try await streaming.stream(request)
        guard (200..<300).contains(streamed.statusCode) else {
            let body = try await streamed.body.collect(upTo: FileBodyWriter.defaultMaxInMemoryBody)
            return HTTPExchange(request: streamed.request, response: streamed.response, body: body)
        }
        box.add(streamed, for: streamed.response)
        return HTTPExchange(request: streamed.request, response: streamed.response, body: Data())
    }
}

/// Writes a 2xx body to the target through the best form the transport has.
struct DownloadAdapter: HTTPTransport {
    let base: any HTTPTransport
    let target: DownloadTarget
    let progress: ProgressReporter?
    let box: TransferBox<FileDownloadExchange>

    func send(_ request: URLRequest) async throws(NetworkingError) -> HTTPExchange {
        let outcome: FileDownloadExchange
        if let downloading = base as? any FileDownloadingTransport {
            outcome = try await downloading.download(request, to: target, progress: progress)
        } else if let streaming = base as? any StreamingHTTPTransport {
            outcome = try await streaming.downloadByStreaming(request, to: target, progress: progress)
        } else {
            let exchange = try await ProgressAdapter(base: base, upload: nil, download: progress).send(request)
            outcome = try FileBodyWriter.write(exchange, to: target, progress: progress)
        }
        if outcome.wroteFile { box.add(outcome, for: outcome.response) }
        return outcome.exchange
    }
}

extension FileBodyWriter {
    /// Writes an exchange that arrived whole (a transport without a file form, a response an
    /// interceptor made up) to `target`, as a transport would have.
    static func write(
        _ exchange: HTTPExchange, to target: DownloadTarget, progress: ProgressReporter?
    ) throws(NetworkingError) -> FileDownloadExchange {
        let writer = FileBodyWriter(target: target, progress: progress)
        defer { writer.close() }
        if try writer.begin(exchange.response) { try writer.write(exchange.body) }
        return writer.outcome(
            request: exchange.request, response: exchange.response, body: exchange.body, metrics: exchange.metrics)
    }
}
