import Foundation
import Synchronization

/// Uploads that continue after a dropped connection (draft-ietf-httpbis-resumable-upload), through
/// a pipeline, so interceptors, observers and every transport see each request of the protocol
/// as any other.
///
/// The upload is created by sending the whole body with `Upload-Complete: ?1`. A server that
/// supports the protocol names the upload resource in a `104 (Upload Resumption Supported)`
/// before its final response; one that does not just answers, and the upload was a plain one.
/// When the exchange fails after a `104` (a dropped connection, a 5xx), the upload resumes: a
/// `HEAD` of the upload resource reads the server's offset, then a `PATCH`
/// (`application/partial-upload`) sends the rest from there, as often as `maxAttempts` allows.
/// An offset that goes backwards past one the server acknowledged, or beyond the bytes sent, is
/// refused (`.validation`): resuming from it would corrupt the upload.
package struct ResumableUploader: Sendable {
    /// The pipeline the requests run on.
    package let pipeline: Pipeline
    /// The interop version announced.
    package let interopVersion: ResumableUpload.InteropVersion
    /// Requests that carry the body (the creation and each append), at most.
    package let maxAttempts: Int
    /// The wait before resumption number `n` (1 for the first).
    package let delay: @Sendable (Int) -> Duration
    /// Whether the upload resource is created by a request without content (`Upload-Complete: ?0`)
    /// before any byte is sent, instead of learned from a `104` (see `UploadManager`).
    package let createsUploadFirst: Bool

    /// An uploader over `pipeline`.
    package init(
        pipeline: Pipeline, interopVersion: ResumableUpload.InteropVersion, maxAttempts: Int,
        createsUploadFirst: Bool = false, delay: @escaping @Sendable (Int) -> Duration
    ) {
        self.pipeline = pipeline
        self.interopVersion = interopVersion
        self.maxAttempts = max(1, maxAttempts)
        self.createsUploadFirst = createsUploadFirst
        self.delay = delay
    }

    /// What one upload needs: the request that creates it, what it sends, and where its state goes.
    package struct Upload: Sendable {
        /// The creation request's method, path (or absolute URL), query and headers.
        package var request: HTTPRequest
        package var source: UploadSource
        package var contentType: String
        /// The state of an earlier attempt to continue, if any.
        package var resuming: ResumableUpload?
        /// Told each new state (the upload resource learned, an offset acknowledged), and `nil`
        /// once the upload is over (completed, or refused for good).
        package var stateChanged: @Sendable (ResumableUpload?) -> Void

        /// Describes an upload.
        package init(
            request: HTTPRequest, source: UploadSource, contentType: String, resuming: ResumableUpload? = nil,
            stateChanged: @escaping @Sendable (ResumableUpload?) -> Void = { _ in }
        ) {
            self.request = request
            self.source = source
            self.contentType = contentType
            self.resuming = resuming
            self.stateChanged = stateChanged
        }
    }

    /// Sends `upload`, resuming it after interruptions, and returns the final response of the
    /// resource it was sent to (a 2xx; any other status is `.http`).
    ///
    /// A failure after which the upload cannot go on cancels it on the server (`DELETE`) when the
    /// server may still hold it: an offset refused, a body that cannot be sent again, an error
    /// of another kind. A cancelled call keeps the state of a file's upload for a later call and
    /// cancels an upload from memory, which nothing could resume. When the attempts run out, the
    /// state is kept too.
    @concurrent
    package func send(
        _ upload: Upload, progress: ProgressReporter?
    ) async throws(NetworkingError) -> HTTPExchange {
        let tracker = TransferProgressTracker(progress)
        defer { tracker.finish() }
        let run = UploadRun(upload: upload, total: upload.source.length, tracker: tracker)
        var attempt = 0
        var outcome: Result<HTTPExchange, NetworkingError>
        if let resuming = upload.resuming {
            run.adopt(resuming)
            outcome = .failure(.invalidRequest("the upload was not resumed"))
        } else if createsUploadFirst {
            run.learned(try await createEmpty(run))
            outcome = .failure(.invalidRequest("nothing was sent yet"))
        } else {
            attempt = 1
            outcome = await create(run)
        }
        while true {
            let error: NetworkingError
            switch outcome {
            case .success(let exchange):
                guard run.current != nil,
                    UploadResumptionFields.boolean(exchange.header(UploadResumptionFields.complete)) == false
                else { return run.finished(exchange) }
                // A 2xx that says the upload is not complete: part of the body was not processed.
                error = .validation(
                    reason: "the server acknowledged the upload without completing it", exchange.metadata)
                if attempt >= maxAttempts { throw error }
            case .failure(let failure) where attempt == 0:
                error = failure  // resuming an earlier call's upload: nothing sent yet
            case .failure(let failure):
                switch run.disposition(of: failure) {
                case .resume: error = failure
                case .keep: throw failure
                case .forget:
                    run.forgotten()
                    throw failure
                case .abandon(let reason):
                    if let state = run.current { await cancel(state) }
                    run.forgotten()
                    throw reason
                }
                if attempt >= maxAttempts { throw error }
            }
            if attempt > 1 {
                do { try await Task.sleep(for: delay(attempt - 1)) } catch { throw .cancelled }
            }
            attempt += 1
            outcome = await resume(run)
        }
    }

    /// Cancels the upload on the server (`DELETE` of the upload resource), whatever the task's
    /// cancellation; a failure is ignored (the server forgets abandoned uploads in time).
    package func cancel(_ state: ResumableUpload) async {
        let request = HTTPRequest(
            method: .delete, path: state.uploadURL.absoluteString,
            headers: [UploadResumptionFields.interopVersion: String(state.interopVersion.rawValue)])
        let pipeline = pipeline
        await Task.detached {
            _ = await pipeline.send(request, kind: .request, decode: { _ in () })
        }.value
    }

    /// The creation request without content (`Upload-Complete: ?0`): its 2xx names the upload
    /// resource in `Location`; one that does not is refused (`.validation`).
    private func createEmpty(_ run: UploadRun) async throws(NetworkingError) -> ResumableUpload {
        var request = run.upload.request
        request.headers[UploadResumptionFields.interopVersion] = String(interopVersion.rawValue)
        request.headers[UploadResumptionFields.complete] = "?0"
        if let total = run.total { request.headers[UploadResumptionFields.length] = String(total) }
        request.body = .data(Data(), contentType: run.upload.contentType)
        let requestURL = try URLComposer.compose(
            baseURL: pipeline.builder.baseURL, path: request.path, query: request.query)
        let exchange = try await pipeline.send(request, kind: .request, decode: { $0 }).get()
        guard let resource = UploadResumptionFields.location(exchange.header("Location"), requestURL: requestURL)
        else {
            throw .validation(
                reason: "the server answered the upload's creation without naming an upload resource "
                    + "(Location), so it may not support resumable uploads", exchange.metadata)
        }
        return ResumableUpload(
            url: requestURL, method: request.method.rawValue, uploadURL: resource, fileURL: run.upload.source.fileURL,
            totalBytes: run.total, interopVersion: interopVersion)
    }

    /// The creation request: the whole body, `Upload-Complete: ?1`, the 104 listened for.
    private func create(_ run: UploadRun) async -> Result<HTTPExchange, NetworkingError> {
        var request = run.upload.request
        request.headers[UploadResumptionFields.interopVersion] = String(interopVersion.rawValue)
        request.headers[UploadResumptionFields.complete] = "?1"
        if let total = run.total { request.headers[UploadResumptionFields.length] = String(total) }
        var body: HTTPBody
        do throws(NetworkingError) {
            body = try run.upload.source.body(from: 0)
        } catch {
            return .failure(error)
        }
        let version = interopVersion
        let method = request.method.rawValue
        let requestURL: URL
        do throws(NetworkingError) {
            requestURL = try URLComposer.compose(
                baseURL: pipeline.builder.baseURL, path: request.path, query: request.query)
        } catch {
            return .failure(error)
        }
        body.interimResponses = { head in
            guard
                let resource = UploadResumptionFields.uploadResource(
                    in: head, version: version.rawValue, requestURL: requestURL)
            else { return }
            run.learned(
                ResumableUpload(
                    url: requestURL, method: method, uploadURL: resource,
                    fileURL: run.upload.source.fileURL, totalBytes: run.total, interopVersion: version))
        }
        request.body = .stream(body, contentType: run.upload.contentType)
        return await send(request, run: run, from: 0)
    }

    /// One resumption: the server's offset, then the rest of the body from there.
    private func resume(_ run: UploadRun) async -> Result<HTTPExchange, NetworkingError> {
        guard let state = run.current else { return .failure(.invalidRequest("the upload has no upload resource")) }
        let versionField = [UploadResumptionFields.interopVersion: String(state.interopVersion.rawValue)]
        let offsetRequest = HTTPRequest(
            method: .head, path: state.uploadURL.absoluteString, headers: HTTPHeaders(versionField))
        let offset: Int64
        switch await pipeline.send(offsetRequest, kind: .request, decode: { $0 }) {
        case .failure(let error): return .failure(error)
        case .success(let exchange):
            do throws(NetworkingError) {
                offset = try run.accept(offsetIn: exchange)
            } catch {
                return .failure(error)
            }
        }
        let body: HTTPBody
        do throws(NetworkingError) {
            body = try run.upload.source.body(from: offset)
        } catch {
            return .failure(error)
        }
        var headers = HTTPHeaders(versionField)
        headers[UploadResumptionFields.offset] = String(offset)
        headers[UploadResumptionFields.complete] = "?1"
        if let total = run.total { headers[UploadResumptionFields.length] = String(total) }
        let append = HTTPRequest(
            method: .patch, path: state.uploadURL.absoluteString, headers: headers,
            body: .stream(body, contentType: UploadResumptionFields.partialUploadType))
        return await send(append, run: run, from: offset)
    }

    /// Sends a request that carries the body from `offset`, counting its bytes into the progress
    /// and into what was sent.
    private func send(_ request: HTTPRequest, run: UploadRun, from offset: Int64) async -> Result<
        HTTPExchange, NetworkingError
    > {
        let counted = ProgressReporter(report: { progress in run.sent(offset + progress.completedBytes) })
        let sent = await pipeline.send(request, kind: .request, uploadProgress: counted)
        return sent.decoded { $0 }
    }
}
