import Foundation
import Synchronization

/// One call of a resumable upload as it goes: the upload resource once known, the bytes sent and
/// the offset the server acknowledged, and what each failure allows.
///
/// The transport's thread writes to it (the `104`, the bytes sent) while the uploading task reads
/// it, so its state is behind a mutex.
final class UploadRun: Sendable {
    /// What a failure leaves the upload to do.
    enum Disposition {
        /// Ask the server for its offset and send the rest.
        case resume
        /// Stop, keeping the state for a later call (a cancellation, of a file's upload).
        case keep
        /// Stop and cancel the upload on the server (`DELETE`), with this error.
        case abandon(NetworkingError)
        /// Stop: the upload is over on the server (its final answer came, or it is gone).
        case forget
    }

    private struct State {
        var upload: ResumableUpload?
        /// The most bytes of the body handed to the transport in this call (an upper bound of what
        /// the server can have), or `nil` while unknown (resuming an earlier call's upload).
        var sent: Int64? = 0
        /// The highest offset the server acknowledged.
        var acknowledged: Int64 = 0
        /// Whether the last failure was a `409` to an append.
        var conflicted = false
    }

    let upload: ResumableUploader.Upload
    let total: Int64?
    let tracker: TransferProgressTracker
    private let state = Mutex(State())

    init(upload: ResumableUploader.Upload, total: Int64?, tracker: TransferProgressTracker) {
        self.upload = upload
        self.total = total
        self.tracker = tracker
    }

    /// The upload resource and what the server acknowledged, once known.
    var current: ResumableUpload? { state.withLock { $0.upload } }

    /// Continues the upload of an earlier call: what was sent then is unknown, so the bound on the
    /// server's offset is the length.
    func adopt(_ earlier: ResumableUpload) {
        state.withLock {
            $0.upload = earlier
            $0.sent = nil
            $0.acknowledged = earlier.uploadedBytes
        }
        tracker.update(TransferProgress(completedBytes: earlier.uploadedBytes, totalBytes: total))
    }

    /// A `104` named the upload resource (the first one counts: the draft requires every later one
    /// to repeat it).
    func learned(_ upload: ResumableUpload) {
        let isNew = state.withLock { state in
            guard state.upload == nil else { return false }
            state.upload = upload
            return true
        }
        if isNew { self.upload.stateChanged(upload) }
    }

    /// The transport has read the body up to byte `end` of the representation.
    func sent(_ end: Int64) {
        state.withLock { state in
            if let sent = state.sent { state.sent = max(sent, end) }
        }
        tracker.update(TransferProgress(completedBytes: end, totalBytes: total))
    }

    /// The offset an offset retrieval answered, once checked: present, not behind what the server
    /// acknowledged before, not beyond what was sent (or the length). Recorded as acknowledged.
    func accept(offsetIn exchange: HTTPExchange) throws(NetworkingError) -> Int64 {
        guard let offset = UploadResumptionFields.integer(exchange.header(UploadResumptionFields.offset)) else {
            throw .validation(
                reason: "the server's answer to the upload offset retrieval has no valid Upload-Offset field",
                exchange.metadata)
        }
        let changed: ResumableUpload? = try state.withLock { (state) throws(NetworkingError) in
            if offset < state.acknowledged {
                throw .validation(
                    reason: "the server says it holds \(offset) bytes of the upload, fewer than the "
                        + "\(state.acknowledged) it acknowledged before, so the upload cannot be resumed safely",
                    exchange.metadata)
            }
            let bound = state.sent ?? total ?? .max
            if offset > bound || total.map({ offset > $0 }) == true {
                throw .validation(
                    reason: "the server says it holds \(offset) bytes of the upload, more than the \(bound) "
                        + "bytes sent, so the upload cannot be resumed safely", exchange.metadata)
            }
            state.acknowledged = offset
            state.upload?.uploadedBytes = offset
            return state.upload
        }
        if let changed { upload.stateChanged(changed) }
        return offset
    }

    /// What `error`, the failure of a request of the upload, leaves it to do.
    func disposition(of error: NetworkingError) -> Disposition {
        let known = current != nil
        let conflictedBefore = state.withLock { state in
            defer { state.conflicted = error.httpStatusCode == 409 }
            return state.conflicted
        }
        switch error {
        case .cancelled:
            return known && upload.source.fileURL == nil ? .abandon(error) : .keep
        case .http(let failure):
            if UploadResumptionFields.boolean(failure.metadata.header(UploadResumptionFields.complete)) == true {
                return .forget  // the final answer of the resource the upload was sent to
            }
            // A 409 once may answer a copy of an append the transport sent again: the offset is
            // asked anew. Twice in a row, the server contradicts the offset it has just given.
            if failure.statusCode == 409, known, conflictedBefore {
                let expected = UploadResumptionFields.integer(failure.metadata.header(UploadResumptionFields.offset))
                let reason =
                    "the server refused the upload's offset twice in a row with a 409 Conflict"
                    + (expected.map { " and expects \($0) bytes" } ?? "")
                    + ", which contradicts the offset it had just given, so the upload cannot be resumed safely"
                return .abandon(.validation(reason: reason, failure.metadata))
            }
            if failure.statusCode == 409, known { break }
            guard known, error.isRetryable else { return .forget }
        case .validation:
            return known ? .abandon(error) : .forget
        case .transport(let failure):
            // Any failure of the connection, whatever code a transport gives it (URLSession on Linux
            // reports a broken pipe as an unknown error); not your code's failure, nor a refused
            // certificate or URL, which another attempt would meet again.
            guard known, error.hookFailure == nil, !Self.finalTransportCodes.contains(failure.code) else {
                return .forget
            }
        case .invalidResponse:
            guard known else { return .forget }
        case .invalidRequest, .decoding:
            return known ? .abandon(error) : .forget
        }
        return upload.source.isResumable ? .resume : .abandon(UploadSource.notResumableError)
    }

    /// The transport failures that another attempt would meet again.
    private static let finalTransportCodes: Set<URLError.Code> = [
        .badURL, .unsupportedURL, .userAuthenticationRequired, .secureConnectionFailed,
        .serverCertificateUntrusted, .serverCertificateHasBadDate, .serverCertificateNotYetValid,
        .serverCertificateHasUnknownRoot, .clientCertificateRejected, .clientCertificateRequired,
        .appTransportSecurityRequiresSecureConnection,
    ]

    /// The upload is over with `exchange`: the progress completed, the state removed.
    func finished(_ exchange: HTTPExchange) -> HTTPExchange {
        tracker.complete(completedBytes: total)
        if current != nil { upload.stateChanged(nil) }
        return exchange
    }

    /// The upload is over without success: the state removed.
    func forgotten() {
        if current != nil { upload.stateChanged(nil) }
    }
}
