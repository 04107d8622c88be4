import Foundation
import XCTest

@testable import NetworkingCache

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `Cache-Control: no-store` in the key→blob cache: never on disk; at `.memoryAndFile` not kept at
/// all and not shared with a concurrent caller; at `.memory`, asked for explicitly, kept in memory.
final class DataCacheNoStoreTests: XCTestCase {
    private var directory: TemporaryDirectory!
    private var cache: DataCache!
    private let key = "http://example.test/resource"

    override func setUpWithError() throws {
        directory = try TemporaryDirectory()
        cache = DataCache(directory: directory.url)
    }

    override func tearDown() {
        directory.cleanUp()
    }

    private func files() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.url.path)) ?? []).filter { !$0.hasPrefix(".") }
    }

    /// A transport answering each call with a body naming the call, and `cacheControl` when given.
    private func network(cacheControl: String?) -> ScriptedTransport {
        ScriptedTransport { _, call in
            (200, cacheControl.map { ["Cache-Control": $0] } ?? [:], Data("call \(call)".utf8))
        }
    }

    func testANoStoreResponseIsNeitherWrittenToDiskNorKept() async throws {
        for directive in ["no-store", "private, max-age=600, No-Store", "no-cache, no-store, must-revalidate"] {
            let network = network(cacheControl: directive)
            let transport = DataCacheTransport(wrapping: network, cache: cache, level: .memoryAndFile)
            let first = try await transport.send(makeRequest())
            let second = try await transport.send(makeRequest())
            XCTAssertEqual(bodyText(first), "call 1", directive)
            XCTAssertEqual(bodyText(second), "call 2", "\(directive): the next call fetches again")
            XCTAssertEqual(network.callCount, 2, directive)
            XCTAssertEqual(files(), [], "\(directive): nothing written to disk")
            XCTAssertNil(cache.memoryData(forKey: key), "\(directive): nothing kept in memory")
        }
    }

    func testAResponseWithoutNoStoreIsStillCached() async throws {
        let network = network(cacheControl: "no-cache, max-age=0")
        let transport = DataCacheTransport(wrapping: network, cache: cache, level: .memoryAndFile)
        _ = try await transport.send(makeRequest())
        let second = try await transport.send(makeRequest())
        XCTAssertEqual(bodyText(second), "call 1")
        XCTAssertEqual(network.callCount, 1)
        XCTAssertEqual(files().count, 1)
    }

    func testANoStoreResponseDropsWhatWasStoredUnderItsKey() async throws {
        // An entry that does not decode is a miss, so the response is fetched while a file exists.
        cache.store(Data("not a stored response".utf8), forKey: key)
        XCTAssertEqual(files().count, 1)
        _ = try await DataCacheTransport(
            wrapping: network(cacheControl: "no-store"), cache: cache, level: .memoryAndFile
        )
        .send(makeRequest())
        XCTAssertEqual(files(), [])
        XCTAssertNil(cache.data(forKey: key))
    }

    func testTheMemoryLevelKeepsANoStoreResponseInMemoryOnly() async throws {
        cache.store(Data("an older copy".utf8), forKey: key)  // a miss, and on disk
        let network = network(cacheControl: "no-store")
        let transport = DataCacheTransport(wrapping: network, cache: cache, level: .memory)
        _ = try await transport.send(makeRequest())
        let second = try await transport.send(makeRequest())
        XCTAssertEqual(bodyText(second), "call 1", "served from memory")
        XCTAssertEqual(second.metrics?.isFromCache, true)
        XCTAssertEqual(network.callCount, 1)
        XCTAssertNotNil(cache.memoryData(forKey: key))
        XCTAssertEqual(files(), [], "never on disk, and the older disk copy is gone")
    }

    func testConcurrentCallersDoNotShareANoStoreResponse() async throws {
        let gate = Gate()
        let network = network(cacheControl: "no-store")
        let gated = ClosureTransport(exchange: { request throws(NetworkingError) in
            await gate.wait()
            return try await network.send(request)
        })
        let coalescer = TransferCoalescer()
        let transport = DataCacheTransport(wrapping: gated, cache: cache, level: .memoryAndFile, coalescer: coalescer)
        let tasks = (0..<5).map { _ in Task { try await transport.send(makeRequest()) } }
        await eventually("5 waiters") { coalescer.waiterCount == 5 }
        XCTAssertEqual(network.callCount, 0)
        gate.open()
        var bodies: Set<String> = []
        for task in tasks {
            let exchange = try await task.value
            bodies.insert(bodyText(exchange))
        }
        XCTAssertEqual(network.callCount, 5, "one shared transfer, then one request for each other caller")
        XCTAssertEqual(bodies.count, 5, "no two callers got the same response")
        XCTAssertEqual(files(), [])
    }

    func testConcurrentCallersAtTheMemoryLevelShareANoStoreResponse() async throws {
        let gate = Gate()
        let network = network(cacheControl: "no-store")
        let gated = ClosureTransport(exchange: { request throws(NetworkingError) in
            await gate.wait()
            return try await network.send(request)
        })
        let coalescer = TransferCoalescer()
        let transport = DataCacheTransport(wrapping: gated, cache: cache, level: .memory, coalescer: coalescer)
        let tasks = (0..<5).map { _ in Task { try await transport.send(makeRequest()) } }
        await eventually("5 waiters") { coalescer.waiterCount == 5 }
        gate.open()
        for task in tasks {
            let exchange = try await task.value
            XCTAssertEqual(bodyText(exchange), "call 1")
        }
        XCTAssertEqual(network.callCount, 1)
        XCTAssertEqual(files(), [])
    }
}
