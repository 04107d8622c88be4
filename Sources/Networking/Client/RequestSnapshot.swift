import Foundation
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A `Networking`'s configuration as requests see it: the pipeline (its redirect policy strips the
/// client's credential header on a redirect to another origin), the fakes and the downloads' settings.
///
/// A class, so that a request takes it with one retain rather than a copy of every field.
final class RequestSnapshot: Sendable {
    let pipeline: Pipeline
    /// The transport beneath the fakes (the response cache over the client's transport).
    let base: any HTTPTransport
    /// The fakes, which answer before any transport wrapper (a cache included) is asked.
    let fakes: FakeRoutes
    /// What downloads read of the configuration.
    let downloads: DownloadSettings

    init(pipeline: Pipeline, base: any HTTPTransport, fakes: FakeRoutes, downloads: DownloadSettings) {
        self.pipeline = pipeline
        self.base = base
        self.fakes = fakes
        self.downloads = downloads
    }

    /// The pipeline's transport with `inner` (a per-request cache over `base`) in place of `base`,
    /// beneath the fakes: a request a fake answers never reaches it.
    func transport(beneathFakes inner: any HTTPTransport) -> any HTTPTransport {
        fakes.isEmpty ? inner : FakeTransport(routes: fakes, next: inner)
    }
}

/// The part of the configuration downloads read (see `Networking.download`).
struct DownloadSettings: Sendable {
    /// The faked downloads, by path.
    let fakes: [String: FakedDownload]
    /// Whether the default headers set `Accept` (a download then sends that one).
    let setsAccept: Bool
    /// The headers whose values identify the requester, part of every cache key.
    let credentialHeaderNames: [String]
}

/// Holds the current `RequestSnapshot` so requests read it without hopping onto the actor. Only
/// the actor writes it (after each configuration change, and when it builds a new snapshot), so a
/// request that starts after a change returned never sees the configuration from before.
final class SnapshotCell: Sendable {
    private let value = Mutex<RequestSnapshot?>(nil)

    /// The snapshot, or `nil` when the configuration changed since it was built.
    var current: RequestSnapshot? { value.withLock { $0 } }

    func set(_ snapshot: RequestSnapshot) { value.withLock { $0 = snapshot } }

    func clear() { value.withLock { $0 = nil } }
}
