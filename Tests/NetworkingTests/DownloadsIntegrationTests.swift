import Foundation
import Synchronization
import XCTest

@testable import Networking

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Downloads, the download cache and the response cache, against httpbin (`HTTPBIN_BASE_URL`).
final class DownloadsIntegrationTests: XCTestCase {
    private typealias Support = DownloadsTestSupport
    private var directory: URL!
    private var transport: Support.CountingTransport!
    private var networking: Networking!

    override func setUp() async throws {
        await Support.requireHTTPBin()
        directory = Support.temporaryDirectory()
        transport = Support.CountingTransport()
        networking = Networking(baseURL: Support.baseURL, transport: transport, cache: DataCache(directory: directory))
    }

    override func tearDown() {
        if let directory { try? FileManager.default.removeItem(at: directory) }
    }

    private func cacheFiles() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).filter { !$0.hasPrefix(".") }
    }

    // MARK: Downloading and caching

    func testImageIsByteIdenticalAndTheSecondDownloadNeverTouchesTheNetwork() async throws {
        let reference = try await Support.referenceBytes("/image/png")
        let first: Result<ImageResponse, NetworkingError> = await networking.downloadImage("/image/png")
        let firstResponse = try first.get()
        XCTAssertEqual(firstResponse.statusCode, 200)
        XCTAssertEqual(firstResponse.headers["content-type"], "image/png")
        XCTAssertEqual(transport.callCount, 1)

        let second: Result<ImageResponse, NetworkingError> = await networking.downloadImage("/image/png")
        let secondResponse = try second.get()
        XCTAssertEqual(transport.callCount, 1, "served from the cache")
        XCTAssertEqual(secondResponse.statusCode, 200)
        XCTAssertEqual(secondResponse.headers["Content-Type"], "image/png")
        let cached = await networking.dataFromCache("/image/png")
        XCTAssertEqual(cached, reference)
        #if !canImport(UIKit) && !canImport(AppKit)
            XCTAssertEqual(firstResponse.image.data, reference)
            XCTAssertEqual(secondResponse.image.data, reference)
            XCTAssertEqual(secondResponse.image.format, .png)
            XCTAssertEqual(secondResponse.image.pixelWidth, 100)
            XCTAssertEqual(secondResponse.image.pixelHeight, 100)
        #endif
        let image: Result<Image, NetworkingError> = await networking.downloadImage("/image/png")
        XCTAssertNoThrow(try image.get())
        XCTAssertEqual(transport.callCount, 1)
    }

    func testDiskTierServesANewClientWithoutTheNetwork() async throws {
        let first: Result<Data, NetworkingError> = await networking.downloadData("/image/jpeg")
        let bytes = try first.get()
        let files = cacheFiles()
        XCTAssertEqual(files.count, 1)
        let file = directory.appendingPathComponent(files[0]).path
        let attributes = try FileManager.default.attributesOfItem(atPath: file)
        XCTAssertEqual((attributes[.posixPermissions] as? NSNumber)?.intValue, 0o600)

        let otherTransport = Support.CountingTransport()
        let other = Networking(
            baseURL: Support.baseURL, transport: otherTransport, cache: DataCache(directory: directory))
        let second: Result<DataResponse, NetworkingError> = await other.downloadData("/image/jpeg")
        XCTAssertEqual(try second.get().data, bytes)
        XCTAssertEqual(try second.get().headers["Content-Type"], "image/jpeg")
        XCTAssertEqual(otherTransport.callCount, 0)
    }

    func testClearCacheEmptiesBothTiersAndTheNextDownloadRefetches() async throws {
        let _: Result<Image, NetworkingError> = await networking.downloadImage("/image/png")
        XCTAssertEqual(cacheFiles().count, 1)
        await networking.clearCache()
        XCTAssertEqual(cacheFiles(), [])
        let cached = await networking.imageFromCache("/image/png")
        XCTAssertNil(cached)
        let again: Result<Image, NetworkingError> = await networking.downloadImage("/image/png")
        XCTAssertNoThrow(try again.get())
        XCTAssertEqual(transport.callCount, 2)
    }

    func testCachingLevelNoneRefetchesAndDropsTheCachedCopy() async throws {
        let _: Result<Data, NetworkingError> = await networking.downloadData("/image/png")
        let fresh: Result<Data, NetworkingError> = await networking.downloadData("/image/png", cachingLevel: .none)
        XCTAssertNoThrow(try fresh.get())
        XCTAssertEqual(transport.callCount, 2, ".none goes to the network")
        let dropped = await networking.dataFromCache("/image/png")
        XCTAssertNil(dropped, ".none drops the cached copy and stores nothing")
        XCTAssertEqual(cacheFiles(), [])
        let _: Result<Data, NetworkingError> = await networking.downloadData("/image/png")
        let _: Result<Data, NetworkingError> = await networking.downloadData("/image/png")
        XCTAssertEqual(transport.callCount, 3)
    }

    func testMemoryLevelKeepsNothingOnDisk() async throws {
        let _: Result<Data, NetworkingError> = await networking.downloadData("/image/png", cachingLevel: .memory)
        let _: Result<Data, NetworkingError> = await networking.downloadData("/image/png", cachingLevel: .memory)
        XCTAssertEqual(transport.callCount, 1)
        XCTAssertEqual(cacheFiles(), [])
    }

    func testHTMLAsAnImageIsADecodingErrorAndIsNotCached() async throws {
        for _ in 0..<2 {
            let result: Result<Image, NetworkingError> = await networking.downloadImage("/html")
            guard case .failure(.decoding(_, let metadata)) = result else { return XCTFail("expected .decoding") }
            XCTAssertEqual(metadata.statusCode, 200)
            XCTAssertTrue(metadata.headers["Content-Type"]?.hasPrefix("text/html") == true)
        }
        XCTAssertEqual(transport.callCount, 2, "never cached, so fetched each time")
        let cached = await networking.dataFromCache("/html")
        XCTAssertNil(cached)
        XCTAssertEqual(cacheFiles(), [])
        let data: Result<Data, NetworkingError> = await networking.downloadData("/html")
        XCTAssertTrue(String(decoding: try data.get(), as: UTF8.self).contains("<html"), "as data it is fine")
    }

    func testCacheNameIsTheKey() async throws {
        let _: Result<Image, NetworkingError> = await networking.downloadImage("/image/png", cacheName: "pig")
        let named = await networking.imageFromCache("/somewhere/else", cacheName: "pig")
        XCTAssertNotNil(named)
        let byPath = await networking.imageFromCache("/image/png")
        XCTAssertNil(byPath)
        let _: Result<Image, NetworkingError> = await networking.downloadImage("/image/jpeg", cacheName: "pig")
        XCTAssertEqual(transport.callCount, 1, "same cacheName, same entry")
    }

    func testOneUsersDownloadIsNeverServedToAnother() async throws {
        await networking.setAuthorizationHeader(token: "alice-token")
        let _: Result<Data, NetworkingError> = await networking.downloadData("/image/png")
        let alices = await networking.dataFromCache("/image/png")
        XCTAssertNotNil(alices)
        await networking.setAuthorizationHeader(token: "bob-token")
        let bobsView = await networking.dataFromCache("/image/png")
        XCTAssertNil(bobsView)
        let _: Result<Data, NetworkingError> = await networking.downloadData("/image/png")
        XCTAssertEqual(transport.callCount, 2)
        await networking.setAuthorizationHeader(token: "alice-token")
        let _: Result<Data, NetworkingError> = await networking.downloadData("/image/png")
        XCTAssertEqual(transport.callCount, 2)
        for file in cacheFiles() {
            let bytes = try Data(contentsOf: directory.appendingPathComponent(file))
            XCTAssertNil(bytes.range(of: Data("token".utf8)), "no credential is written to disk")
        }
    }

    func testResetEmptiesTheCache() async throws {
        let _: Result<Data, NetworkingError> = await networking.downloadData("/image/png")
        await networking.reset()
        let cached = await networking.dataFromCache("/image/png")
        XCTAssertNil(cached)
        XCTAssertEqual(cacheFiles(), [])
    }

    func testFakedImageDownloadNeverTouchesTheNetworkOrTheCache() async throws {
        let bytes = try await Support.referenceBytes("/image/png")
        let pig = try XCTUnwrap(Image(data: bytes))
        await networking.fakeImageDownload("/avatar", image: pig)
        let result: Result<ImageResponse, NetworkingError> = await networking.downloadImage("/avatar")
        let response = try result.get()
        XCTAssertEqual(response.statusCode, 200)
        XCTAssertEqual(response.headers["Content-Type"], "image/png")
        #if !canImport(UIKit) && !canImport(AppKit)
            XCTAssertEqual(response.image, pig)
        #endif
        XCTAssertEqual(transport.callCount, 0)
        XCTAssertEqual(cacheFiles(), [])
    }

    func testCacheTTLIsConfigurable() async {
        let configured = Networking(baseURL: Support.baseURL, cacheTTL: 3600)
        XCTAssertEqual(configured.cacheTTL, 3600)
        XCTAssertEqual(Networking(baseURL: Support.baseURL).cacheTTL, 7 * 24 * 60 * 60)
        await configured.setCacheTTL(60)
        XCTAssertEqual(configured.dataCache.ttl, 60)
        XCTAssertEqual(configured.dataCache.directory, DataCache.defaultDirectory(forBaseURL: Support.baseURL))
    }

    // MARK: Coalescing and cancellation

    private func gatedClient() -> (Networking, Support.CountingTransport) {
        let gated = Support.CountingTransport(gated: true)
        return (Networking(baseURL: Support.baseURL, transport: gated, cache: DataCache(directory: directory)), gated)
    }

    func testTenConcurrentDownloadsShareOneTransfer() async throws {
        let (client, gated) = gatedClient()
        let tasks = (0..<10).map { _ in
            Task { () -> Result<Data, NetworkingError> in await client.downloadData("/image/png") }
        }
        await Support.waitUntil("10 downloads waiting") { await client.cacheState.coalescer.waiterCount == 10 }
        gated.openGate()
        let reference = try await Support.referenceBytes("/image/png")
        for task in tasks {
            let data = try await task.value.get()
            XCTAssertEqual(data, reference)
        }
        XCTAssertEqual(gated.callCount, 1)
    }

    func testCancellingOneWaiterDoesNotCancelTheOthers() async throws {
        let (client, gated) = gatedClient()
        let tasks = (0..<3).map { _ in
            Task { () -> Result<Image, NetworkingError> in await client.downloadImage("/image/png") }
        }
        await Support.waitUntil("3 downloads waiting") { await client.cacheState.coalescer.waiterCount == 3 }
        tasks[0].cancel()
        guard case .failure(.cancelled) = await tasks[0].value else {
            return XCTFail("the cancelled one ends .cancelled")
        }
        gated.openGate()
        for task in tasks.dropFirst() {
            guard case .success = await task.value else { return XCTFail("the others succeed") }
        }
        XCTAssertEqual(gated.callCount, 1)
        XCTAssertEqual(gated.cancelledTransfers, 0)
        let cached = await client.imageFromCache("/image/png")
        XCTAssertNotNil(cached)
    }

    func testCancelImageDownloadEndsEveryWaiterAndTheTransfer() async throws {
        let (client, gated) = gatedClient()
        let tasks = (0..<2).map { _ in
            Task { () -> Result<Image, NetworkingError> in await client.downloadImage("/image/png") }
        }
        await Support.waitUntil("2 downloads waiting") { await client.cacheState.coalescer.waiterCount == 2 }
        try await client.cancelImageDownload("/image/png")
        for task in tasks {
            guard case .failure(.cancelled) = await task.value else { return XCTFail("each download ends .cancelled") }
        }
        gated.openGate()
        await Support.waitUntil("the shared transfer is cancelled") { gated.cancelledTransfers == 1 }
        let cached = await client.imageFromCache("/image/png")
        XCTAssertNil(cached)
    }

    func testCancelImageDownloadRejectsAPathThatMakesNoURL() async {
        do {
            try await Networking(baseURL: "not a url", transport: transport).cancelImageDownload("/image/png")
            XCTFail("expected .invalidRequest")
        } catch {
            guard case .invalidRequest = error else { return XCTFail("expected .invalidRequest, got \(error)") }
        }
    }

    // MARK: Pipeline

    private final class Recorder: RequestObserver, HTTPInterceptor {
        let completions = Mutex<[RequestCompletion]>([])
        let intercepted = Atomic<Int>(0)
        let rejectPNG = Atomic<Bool>(false)

        func requestStarted(_ context: RequestContext) {}
        func requestCompleted(_ completion: RequestCompletion) { completions.withLock { $0.append(completion) } }

        func intercept(
            _ request: URLRequest, next: @Sendable (URLRequest) async throws -> HTTPExchange
        ) async throws -> HTTPExchange {
            intercepted.add(1, ordering: .sequentiallyConsistent)
            let exchange = try await next(request)
            if rejectPNG.load(ordering: .sequentiallyConsistent), exchange.header("Content-Type") == "image/png" {
                throw NetworkingError.validation(reason: "no PNGs today", exchange.metadata)
            }
            return exchange
        }
    }

    func testCacheHitsGoThroughInterceptorsAndObservers() async throws {
        let recorder = Recorder()
        await networking.addObserver(recorder)
        await networking.setInterceptors([recorder])
        let _: Result<Image, NetworkingError> = await networking.downloadImage("/image/png")
        let _: Result<Image, NetworkingError> = await networking.downloadImage("/image/png")
        XCTAssertEqual(transport.callCount, 1)
        XCTAssertEqual(recorder.intercepted.load(ordering: .sequentiallyConsistent), 2)
        let completions = recorder.completions.withLock { $0 }
        XCTAssertEqual(completions.map(\.context.kind), [.download, .download])
        XCTAssertEqual(completions.map { $0.metrics?.isFromCache }, [false, true])

        recorder.rejectPNG.store(true, ordering: .sequentiallyConsistent)
        let rejected: Result<Image, NetworkingError> = await networking.downloadImage("/image/png")
        guard case .failure(.validation(let reason, _)) = rejected else {
            return XCTFail("a cache hit is validated too")
        }
        XCTAssertEqual(reason, "no PNGs today")
        XCTAssertEqual(transport.callCount, 1)
    }

    // MARK: The verbs

    func testVerbCachingLevelCachesByURLAndNoneBypasses() async throws {
        let first: Result<JSONResponse, NetworkingError> = await networking.get("/get?n=1", cachingLevel: .memory)
        let second: Result<JSONResponse, NetworkingError> = await networking.get("/get?n=1", cachingLevel: .memory)
        XCTAssertEqual(transport.callCount, 1)
        XCTAssertEqual(try second.get().body["url"]?.stringValue, try first.get().body["url"]?.stringValue)
        let bypass: Result<JSONResponse, NetworkingError> = await networking.get("/get?n=1")
        XCTAssertNoThrow(try bypass.get())
        XCTAssertEqual(transport.callCount, 2, ".none (the default) bypasses the cache")
        let _: Result<Void, NetworkingError> = await networking.get("/get?n=1", cachingLevel: .memoryAndFile)
        XCTAssertEqual(transport.callCount, 2, "…and leaves the cached entry where it is")
    }

    private func useResponseCache(defaultMaxAge: TimeInterval = 0) async {
        await networking.setResponseCache(
            ResponseCache(defaultMaxAge: defaultMaxAge, directory: directory.appendingPathComponent("responses")))
    }

    func testCacheMaxAgeIsServedWithoutTheNetwork() async throws {
        await useResponseCache()
        let first: Result<JSONResponse, NetworkingError> = await networking.get("/cache/60")
        let second: Result<JSONResponse, NetworkingError> = await networking.get("/cache/60")
        XCTAssertEqual(transport.callCount, 1)
        XCTAssertEqual(try second.get().statusCode, 200)
        XCTAssertEqual(try second.get().body["url"]?.stringValue, try first.get().body["url"]?.stringValue)
        XCTAssertNotNil(try second.get().headerFields["Age"])
    }

    func testCacheEndpointIsRevalidatedAndA304IsServedFromTheCache() async throws {
        await useResponseCache()
        let first: Result<JSONResponse, NetworkingError> = await networking.get("/cache")
        let second: Result<JSONResponse, NetworkingError> = await networking.get("/cache")
        XCTAssertEqual(transport.callCount, 2)
        let revalidation = try XCTUnwrap(transport.requests.last)
        XCTAssertNotNil(revalidation.value(forHTTPHeaderField: "If-None-Match"))
        XCTAssertNotNil(revalidation.value(forHTTPHeaderField: "If-Modified-Since"))
        XCTAssertEqual(transport.statuses, [200, 304])
        XCTAssertEqual(try second.get().statusCode, 200)
        XCTAssertEqual(try second.get().headerFields["ETag"], try first.get().headerFields["ETag"])
        XCTAssertEqual(try second.get().body["headers"], try first.get().body["headers"], "the stored body")
    }

    func testETagEndpointIsRevalidatedWithIfNoneMatch() async throws {
        await useResponseCache()
        let first: Result<JSONResponse, NetworkingError> = await networking.get("/etag/abc")
        let second: Result<JSONResponse, NetworkingError> = await networking.get("/etag/abc")
        XCTAssertEqual(transport.requests.last?.value(forHTTPHeaderField: "If-None-Match"), "abc")
        XCTAssertEqual(transport.statuses, [200, 304])
        XCTAssertEqual(try second.get().statusCode, 200)
        XCTAssertEqual(try second.get().body["url"]?.stringValue, try first.get().body["url"]?.stringValue)
    }

    func testDefaultMaxAgeServesUnlabelledResponsesWithoutTheNetwork() async throws {
        await useResponseCache(defaultMaxAge: 60)
        let _: Result<JSONResponse, NetworkingError> = await networking.get("/etag/fresh")
        let _: Result<JSONResponse, NetworkingError> = await networking.get("/etag/fresh")
        XCTAssertEqual(transport.callCount, 1)
    }

    func testResponseCacheNeverServesOneUsersResponseToAnother() async throws {
        await useResponseCache()
        await networking.setAuthorizationHeader(token: "alice")
        let alice: Result<JSONResponse, NetworkingError> = await networking.get("/cache/60")
        await networking.setAuthorizationHeader(token: "bob")
        let bob: Result<JSONResponse, NetworkingError> = await networking.get("/cache/60")
        XCTAssertEqual(transport.callCount, 2)
        XCTAssertEqual(try alice.get().body["headers"]?["Authorization"]?.stringValue, "Bearer alice")
        XCTAssertEqual(try bob.get().body["headers"]?["Authorization"]?.stringValue, "Bearer bob")
        await networking.setAuthorizationHeader(token: "alice")
        let aliceAgain: Result<JSONResponse, NetworkingError> = await networking.get("/cache/60")
        XCTAssertEqual(transport.callCount, 2)
        XCTAssertEqual(try aliceAgain.get().body["headers"]?["Authorization"]?.stringValue, "Bearer alice")
    }

    func testClearCacheAlsoEmptiesTheResponseCache() async throws {
        await useResponseCache()
        let _: Result<Void, NetworkingError> = await networking.get("/cache/60")
        await networking.clearCache()
        let _: Result<Void, NetworkingError> = await networking.get("/cache/60")
        XCTAssertEqual(transport.callCount, 2)
    }
}
