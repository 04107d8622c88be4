import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// Downloads (`downloadImage`, `downloadData`) with the two-tier key→blob cache (configured in
// `Networking+Caches.swift`). A download goes through the same pipeline as a verb (interceptors,
// observers with `RequestContext.Kind.download`); its cache sits beneath the interceptors, so a
// cache hit is seen (and validated) like a response from the network.

extension Networking {
    // MARK: Downloading

    /// Downloads the image at `path`, from the cache when it holds it.
    ///
    /// - Parameters:
    ///   - path: the path joined to the base URL, or an absolute URL.
    ///   - cacheName: the key to cache under instead of the URL.
    ///   - cachingLevel: `.memoryAndFile` (the default) or `.memory` serve and keep the image in the
    ///     cache; `.none` fetches it afresh and drops the cached copy. A response marked
    ///     `Cache-Control: no-store` is never written to disk: at `.memoryAndFile` it is returned to
    ///     this call only and not kept, at `.memory` it is kept in memory.
    /// - Returns: the image, or `.decoding` when the body is not an image (which is never cached).
    public nonisolated func downloadImage(
        _ path: String, cacheName: String? = nil, cachingLevel: CachingLevel = .memoryAndFile
    ) async -> Result<Image, NetworkingError> {
        await download(path, cacheName: cacheName, cachingLevel: cachingLevel, image: true) {
            (exchange) throws(NetworkingError) in try Self.image(of: exchange)
        }
    }

    /// Downloads the image at `path` with the response's status and headers (see
    /// `downloadImage(_:cacheName:cachingLevel:)`).
    @_disfavoredOverload
    public nonisolated func downloadImage(
        _ path: String, cacheName: String? = nil, cachingLevel: CachingLevel = .memoryAndFile
    ) async -> Result<ImageResponse, NetworkingError> {
        await download(path, cacheName: cacheName, cachingLevel: cachingLevel, image: true) {
            (exchange) throws(NetworkingError) in
            ImageResponse(
                image: try Self.image(of: exchange), statusCode: exchange.statusCode, headers: exchange.responseHeaders)
        }
    }

    /// Downloads the bytes at `path`, from the cache when it holds them.
    ///
    /// - Parameters:
    ///   - path: the path joined to the base URL, or an absolute URL.
    ///   - cacheName: the key to cache under instead of the URL.
    ///   - cachingLevel: `.memoryAndFile` (the default) or `.memory` serve and keep the bytes in the
    ///     cache; `.none` fetches them afresh and drops the cached copy. A response marked
    ///     `Cache-Control: no-store` is never written to disk: at `.memoryAndFile` it is returned to
    ///     this call only and not kept, at `.memory` it is kept in memory.
    public nonisolated func downloadData(
        _ path: String, cacheName: String? = nil, cachingLevel: CachingLevel = .memoryAndFile
    ) async -> Result<Data, NetworkingError> {
        await download(path, cacheName: cacheName, cachingLevel: cachingLevel, image: false) { $0.body }
    }

    /// Downloads the bytes at `path` with the response's status and headers (see
    /// `downloadData(_:cacheName:cachingLevel:)`).
    @_disfavoredOverload
    public nonisolated func downloadData(
        _ path: String, cacheName: String? = nil, cachingLevel: CachingLevel = .memoryAndFile
    ) async -> Result<DataResponse, NetworkingError> {
        await download(path, cacheName: cacheName, cachingLevel: cachingLevel, image: false) { DataResponse($0) }
    }

    /// The cached image for `path` (or `cacheName`), without touching the network; `nil` if the
    /// cache does not hold it or it is not an image.
    public nonisolated func imageFromCache(_ path: String, cacheName: String? = nil) async -> Image? {
        guard let data = await dataFromCache(path, cacheName: cacheName) else { return nil }
        return Image(data: data)
    }

    /// The cached bytes for `path` (or `cacheName`), without touching the network; `nil` if the
    /// cache does not hold them.
    public nonisolated func dataFromCache(_ path: String, cacheName: String? = nil) async -> Data? {
        guard let key = await currentSnapshot().downloads.cacheKey(path, cacheName: cacheName) else { return nil }
        return dataCache.data(forKey: key).flatMap(CachedResponse.body(ofEncoded:))
    }

    /// Cancels the downloads of `path` in flight; each ends with `.failure(.cancelled)`. A transfer
    /// shared with other callers stops only when all of them have been cancelled.
    ///
    /// - Throws: `.invalidRequest` if `path` does not make a URL with the base URL.
    public func cancelImageDownload(_ path: String) throws(NetworkingError) {
        _ = try URLComposer.compose(baseURL: baseURL, path: path)
        registry.cancel(key: path)
    }

    /// Makes every later download of `path` return `image` (status 200), without touching the
    /// network or the cache. Interceptors and observers see it like a real response.
    public nonisolated func fakeImageDownload(_ path: String, image: Image) async {
        let encoded = ImageCoding.encode(image)
        await registerFake(FakedDownload(data: encoded.data, contentType: encoded.contentType), for: path)
    }

    // MARK: Internals

    private func registerFake(_ fake: FakedDownload, for path: String) {
        fakedDownloads[path] = fake
        invalidate()
    }

    /// Runs one download through the pipeline, its transport wrapped by the download cache (or the
    /// fake). It reads the configuration from the snapshot, so a download (a cache hit above all)
    /// does not visit the actor unless the configuration changed since the last request.
    /// Each caller makes only what it returns (a body, an image, a response with its headers) in
    /// `make`, which runs as the pipeline's decoding step, so that observers see its failure (a
    /// body that is not an image) as the request's.
    nonisolated func download<T: Sendable>(
        _ path: String, cacheName: String?, cachingLevel: CachingLevel, image: Bool,
        make: @escaping @Sendable (HTTPExchange) throws(NetworkingError) -> T
    ) async -> Result<T, NetworkingError> {
        let registration = registry.register(key: path)
        defer { registry.unregister(registration) }
        let current = await currentSnapshot()
        let request = HTTPRequest(method: .get, path: path)
        let inner: any HTTPTransport
        if let fake = current.downloads.fakes[path] {
            inner = fake
        } else {
            inner = DataCacheTransport(
                wrapping: current.base, cache: dataCache, level: cachingLevel,
                key: cacheName,  // nil: the request's URL, as built by the pipeline
                credentialHeaders: current.downloads.credentialHeaderNames, coalescer: cacheState.coalescer,
                shouldStore: image ? Self.storesImages : DataCacheTransport.storesSuccessfulResponses)
        }
        let transport = current.transport(beneathFakes: inner)
        // The pipeline's default headers carry the download's `Accept`. It is borrowed where the
        // snapshot holds it: choosing it into a local would copy it.
        func send(on pipeline: borrowing Pipeline) async -> Result<T, NetworkingError> {
            await pipeline.send(request, kind: .download, transport: transport) {
                (exchange) throws(NetworkingError) in try make(exchange)
            }
        }
        if image { return await send(on: current.downloads.imagePipeline) }
        return await send(on: current.downloads.dataPipeline)
    }

    /// Whether a downloaded image is stored: a successful response whose bytes are an image.
    private static let storesImages: @Sendable (HTTPExchange) -> Bool = { exchange in
        DataCacheTransport.storesSuccessfulResponses(exchange) && ImageCoding.isImage(exchange.body)
    }

    /// The image in `exchange`'s body, or `.decoding` saying it is not one.
    private static func image(of exchange: HTTPExchange) throws(NetworkingError) -> Image {
        guard let image = Image(data: exchange.body) else { throw notAnImage(exchange) }
        return image
    }

    /// The failure of a download whose body `exchange` holds is not an image.
    private static func notAnImage(_ exchange: HTTPExchange) -> NetworkingError {
        let type = exchange.header("Content-Type") ?? "no Content-Type"
        let context = DecodingError.Context(
            codingPath: [], debugDescription: "The body (\(exchange.body.count) bytes, \(type)) is not an image")
        return .decoding(.dataCorrupted(context), exchange.metadata)
    }
}
