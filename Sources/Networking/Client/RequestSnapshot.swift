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
    /// The headers whose values identify the requester, part of every cache key.
    let credentialHeaderNames: [String]
    /// The pipelines of a download of bytes and of an image: the client's, whose default headers
    /// send the download's `Accept` in place of the client's default one (unless the client's
    /// headers set one, which a download sends as it is), laid out once per configuration rather
    /// than for every download.
    let dataPipeline: Pipeline
    let imagePipeline: Pipeline

    /// The settings of `pipeline`'s downloads; `setsAccept` says whether the client's own headers
    /// set `Accept`.
    init(
        fakes: [String: FakedDownload], credentialHeaderNames: [String], pipeline: Pipeline, setsAccept: Bool
    ) {
        self.fakes = fakes
        self.credentialHeaderNames = credentialHeaderNames
        func accepting(_ accept: String) -> Pipeline {
            guard !setsAccept else { return pipeline }
            var download = pipeline
            download.builder.defaultHeaders["Accept"] = accept
            return download
        }
        dataPipeline = accepting(Self.acceptAnything)
        imagePipeline = accepting(Self.acceptImages)
    }

    /// The key a download of `path` made now is cached under, or `nil` when `path` makes no URL:
    /// its request as the download's pipeline builds it, with the `Cookie` header its first hop
    /// gets from the jar, keyed as `DataCacheTransport` keys what reaches it.
    func cacheKey(_ path: String, cacheName: String?) -> String? {
        guard var request = try? dataPipeline.builder.makeURLRequest(HTTPRequest(method: .get, path: path)) else {
            return nil
        }
        if let jar = dataPipeline.cookieJar { _ = HopCookies(jar: jar, first: &request) }
        return DataCacheTransport.cacheKey(for: request, key: cacheName, credentialHeaders: credentialHeaderNames)
    }

    /// The `Accept` of a download when the client's headers set none.
    static let acceptImages = "image/*, */*;q=0.5"
    static let acceptAnything = "*/*"
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
