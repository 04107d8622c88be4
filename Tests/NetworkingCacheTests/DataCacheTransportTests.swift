import Foundation
import XCTest

@testable import NetworkingCache

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The key→blob caching of downloads, against a scripted transport.
final class DataCacheTransportTests: XCTestCase {
    private var directory: TemporaryDirectory!
    private var cache: DataCache!

    override func setUpWithError() throws {
        directory = try TemporaryDirectory()
        cache = DataCache(directory: directory.url)
    }

    override func tearDown() {
        directory.cleanUp()
    }

    private func wrap(
        _ network: ScriptedTransport, level: CachingLevel = .memoryAndFile, key: String? = nil,
        shouldStore: @escaping @Sendable (HTTPExchange) -> Bool = DataCacheTransport.storesSuccessfulResponses
    ) -> DataCacheTransport {
        DataCacheTransport(wrapping: network, cache: cache, level: level, key: key, shouldStore: shouldStore)
    }

    func testSecondRequestIsServedFromTheCacheWithStatusAndHeaders() async throws {
        let network = ScriptedTransport { _, call in
            (200, ["Content-Type": "image/png", "Cache-Control": "max-age=0", "X-Call": "\(call)"], Data([1, 2, 3]))
        }
        let transport = wrap(network)
        let first = try await transport.send(makeRequest())
        let second = try await transport.send(makeRequest())
        XCTAssertEqual(network.callCount, 1, "freshness is ignored: this is a key→blob cache")
        XCTAssertEqual(second.body, first.body)
        XCTAssertEqual(second.statusCode, 200)
        XCTAssertEqual(second.header("Content-Type"), "image/png")
        XCTAssertEqual(second.header("X-Call"), "1")
        XCTAssertEqual(second.metrics?.isFromCache, true)
    }

    func testDiskCopyServesAFreshCacheInstance() async throws {
        let network = ScriptedTransport { _, _ in (200, [:], Data("disk".utf8)) }
        _ = try await wrap(network).send(makeRequest())
        cache = DataCache(directory: directory.url)
        let served = try await wrap(network).send(makeRequest())
        XCTAssertEqual(network.callCount, 1)
        XCTAssertEqual(bodyText(served), "disk")
    }

    func testNoneRefetchesAndDropsTheCachedCopy() async throws {
        let network = ScriptedTransport { _, call in (200, [:], Data("v\(call)".utf8)) }
        _ = try await wrap(network).send(makeRequest())
        let fresh = try await wrap(network, level: .none).send(makeRequest())
        XCTAssertEqual(bodyText(fresh), "v2")
        XCTAssertNil(cache.data(forKey: "http://example.test/resource"), "the cached copy is dropped, none stored")
        let afterwards = try await wrap(network).send(makeRequest())
        XCTAssertEqual(bodyText(afterwards), "v3")
        XCTAssertEqual(network.callCount, 3)
    }

    func testRejectedAndFailedResponsesAreNotStored() async throws {
        let network = ScriptedTransport { request, _ in
            request.url?.path == "/missing" ? (404, [:], Data()) : (200, [:], Data("<html>".utf8))
        }
        let picky = wrap(network, shouldStore: { _ in false })
        _ = try await picky.send(makeRequest())
        _ = try await picky.send(makeRequest())
        _ = try await wrap(network).send(makeRequest("http://example.test/missing"))
        _ = try await wrap(network).send(makeRequest("http://example.test/missing"))
        XCTAssertEqual(network.callCount, 4)
    }

    func testExplicitKeyAndMemoryLevel() async throws {
        let network = ScriptedTransport { _, _ in (200, [:], Data("avatar".utf8)) }
        _ = try await wrap(network, level: .memory, key: "avatar-42").send(makeRequest("http://example.test/a"))
        let inMemory = cache.memoryData(forKey: "avatar-42").flatMap { CachedResponse(encoded: $0)?.body }
        XCTAssertEqual(inMemory, Data("avatar".utf8))
        XCTAssertFalse(FileManager.default.fileExists(atPath: cache.fileURL(forKey: "avatar-42")?.path ?? "/"))
        let other = try await wrap(network, key: "avatar-42").send(makeRequest("http://example.test/b"))
        XCTAssertEqual(bodyText(other), "avatar")
        XCTAssertEqual(network.callCount, 1)
    }

    func testEntriesAreKeyedByCredential() async throws {
        let network = ScriptedTransport { request, _ in
            let user = request.value(forHTTPHeaderField: "Authorization")?.replacingOccurrences(of: "Bearer ", with: "")
            return (200, [:], Data("data of \(user ?? "anonymous")".utf8))
        }
        let transport = wrap(network)
        _ = try await transport.send(makeRequest(headers: ["Authorization": "Bearer alice"]))
        let bob = try await transport.send(makeRequest(headers: ["Authorization": "Bearer bob"]))
        let alice = try await transport.send(makeRequest(headers: ["Authorization": "Bearer alice"]))
        XCTAssertEqual(bodyText(bob), "data of bob")
        XCTAssertEqual(bodyText(alice), "data of alice")
        XCTAssertEqual(network.callCount, 2)
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.url.path)
        for file in files {
            let bytes = try Data(contentsOf: directory.url.appendingPathComponent(file))
            XCTAssertNil(bytes.range(of: Data("Bearer".utf8)), "request headers are not stored")
        }
    }

    func testCoalescedMissesShareOneTransfer() async throws {
        let gate = Gate()
        let network = ScriptedTransport { _, _ in (200, [:], Data("once".utf8)) }
        let gated = ClosureTransport(exchange: { request throws(NetworkingError) in
            await gate.wait()
            return try await network.send(request)
        })
        let coalescer = TransferCoalescer()
        let transport = DataCacheTransport(wrapping: gated, cache: cache, level: .memoryAndFile, coalescer: coalescer)
        let tasks = (0..<10).map { _ in Task { try await transport.send(makeRequest()) } }
        await eventually("10 waiters") { coalescer.waiterCount == 10 }
        gate.open()
        for task in tasks {
            let exchange = try await task.value
            XCTAssertEqual(bodyText(exchange), "once")
        }
        XCTAssertEqual(network.callCount, 1)
    }
}
