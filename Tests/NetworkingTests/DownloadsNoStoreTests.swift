import Foundation
import XCTest

@testable import Networking

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Downloads of responses marked `Cache-Control: no-store`, against httpbin's `/response-headers`:
/// never written to the cache directory, fetched again by the next call at the default level, kept
/// in memory only when `.memory` is asked for.
final class DownloadsNoStoreTests: XCTestCase {
    private typealias Support = DownloadsTestSupport
    private static let noStore = "/response-headers?Cache-Control=no-store"
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

    func testANoStoreDownloadLeavesNoFileAndTheNextCallFetchesAgain() async throws {
        let first: Result<DataResponse, NetworkingError> = await networking.downloadData(Self.noStore)
        XCTAssertEqual(try first.get().headers["Cache-Control"], "no-store")
        XCTAssertEqual(cacheFiles(), [], "nothing written to disk")
        let cached = await networking.dataFromCache(Self.noStore)
        XCTAssertNil(cached, "nothing kept in memory either")
        let second: Result<Data, NetworkingError> = await networking.downloadData(Self.noStore)
        XCTAssertEqual(try second.get(), try first.get().data)
        XCTAssertEqual(transport.callCount, 2, "the second call went to the network")
        XCTAssertEqual(cacheFiles(), [])
    }

    func testAResponseWithoutNoStoreIsStillCachedOnDisk() async throws {
        let path = "/response-headers?Cache-Control=max-age%3D0"
        let first: Result<Data, NetworkingError> = await networking.downloadData(path)
        let second: Result<Data, NetworkingError> = await networking.downloadData(path)
        XCTAssertEqual(try second.get(), try first.get())
        XCTAssertEqual(transport.callCount, 1, "served from the cache: freshness is ignored")
        XCTAssertEqual(cacheFiles().count, 1)
    }

    func testTheMemoryLevelKeepsANoStoreDownloadInMemoryOnly() async throws {
        let first: Result<Data, NetworkingError> = await networking.downloadData(Self.noStore, cachingLevel: .memory)
        let second: Result<Data, NetworkingError> = await networking.downloadData(Self.noStore, cachingLevel: .memory)
        XCTAssertEqual(try second.get(), try first.get())
        XCTAssertEqual(transport.callCount, 1, "the second call was served from memory")
        XCTAssertEqual(cacheFiles(), [], "never on disk")
        let cached = await networking.dataFromCache(Self.noStore)
        XCTAssertNotNil(cached)
    }

    func testAVerbCachedByURLDoesNotKeepANoStoreResponse() async throws {
        for _ in 0..<2 {
            let response: Result<JSONResponse, NetworkingError> = await networking.get(
                Self.noStore, cachingLevel: .memoryAndFile)
            XCTAssertNoThrow(try response.get())
        }
        XCTAssertEqual(transport.callCount, 2)
        XCTAssertEqual(cacheFiles(), [])
    }

    func testConcurrentNoStoreDownloadsEachGetTheirOwnResponse() async throws {
        let gated = Support.CountingTransport(gated: true)
        let client = Networking(baseURL: Support.baseURL, transport: gated, cache: DataCache(directory: directory))
        let tasks = (0..<3).map { _ in
            Task { () -> Result<Data, NetworkingError> in await client.downloadData(Self.noStore) }
        }
        await Support.waitUntil("3 downloads waiting") { await client.cacheState.coalescer.waiterCount == 3 }
        gated.openGate()
        for task in tasks {
            let result = await task.value
            XCTAssertNoThrow(try result.get())
        }
        XCTAssertEqual(gated.callCount, 3, "the shared transfer answered one caller; the others fetched again")
        XCTAssertEqual(cacheFiles(), [])
    }
}
