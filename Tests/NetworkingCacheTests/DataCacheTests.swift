import Foundation
import XCTest

@testable import NetworkingCache

final class DataCacheTests: XCTestCase {
    private var directory: TemporaryDirectory!
    private var clock: TestClock!
    private let day: TimeInterval = 24 * 60 * 60

    override func setUpWithError() throws {
        directory = try TemporaryDirectory()
        clock = TestClock()
    }

    override func tearDown() {
        directory.cleanUp()
    }

    private func makeCache(
        memory: Int = DataCache.defaultMemoryCostLimit, disk: Int = DataCache.defaultDiskSizeLimit,
        ttl: TimeInterval = DataCache.defaultTTL, subdirectory: String = "cache"
    ) -> DataCache {
        DataCache(
            directory: directory.url.appendingPathComponent(subdirectory), memoryCostLimit: memory,
            diskSizeLimit: disk, ttl: ttl, clock: clock.function)
    }

    private func modificationDate(_ cache: DataCache, _ key: String) -> Date? {
        cache.fileURL(forKey: key).flatMap { FileSystem.status(atPath: $0.path)?.modificationDate }
    }

    private func fileExists(_ cache: DataCache, _ key: String) -> Bool {
        cache.fileURL(forKey: key).map { FileManager.default.fileExists(atPath: $0.path) } ?? false
    }

    // MARK: Both tiers

    func testStoresInBothTiersAndReadsBackFromDiskAfterMemoryIsCleared() {
        let cache = makeCache()
        let payload = Data("hello, cache".utf8)
        cache.store(payload, forKey: "greeting")
        XCTAssertEqual(cache.memoryData(forKey: "greeting"), payload)
        XCTAssertTrue(fileExists(cache, "greeting"))

        cache.removeAllFromMemory()
        XCTAssertNil(cache.memoryData(forKey: "greeting"))
        XCTAssertEqual(cache.data(forKey: "greeting"), payload)
        XCTAssertEqual(cache.memoryData(forKey: "greeting"), payload, "a disk hit is put back in memory")
    }

    func testDiskEntriesSurviveANewInstance() {
        makeCache().store(Data([1, 2, 3]), forKey: "k")
        XCTAssertEqual(makeCache().data(forKey: "k"), Data([1, 2, 3]))
    }

    func testOneDirectoryNamedInDifferentWaysHoldsTheSameEntries() throws {
        makeCache().store(Data([4, 5, 6]), forKey: "k")
        let plain = directory.url.appendingPathComponent("cache")
        let named = [
            URL(fileURLWithPath: plain.path + "/", isDirectory: true),
            URL(fileURLWithPath: directory.url.path + "/other/../cache"),
            URL(fileURLWithPath: "cache", relativeTo: directory.url),
            URL(fileURLWithPath: "./cache/.", relativeTo: directory.url),
        ]
        for url in named {
            let cache = DataCache(directory: url, clock: clock.function)
            XCTAssertEqual(cache.data(forKey: "k"), Data([4, 5, 6]), url.absoluteString)
            XCTAssertEqual(
                try XCTUnwrap(cache.fileURL(forKey: "k")).standardizedFileURL.path,
                try XCTUnwrap(makeCache().fileURL(forKey: "k")).standardizedFileURL.path)
        }
    }

    func testMemoryLevelKeepsNothingOnDiskAndDropsAnOlderFile() {
        let cache = makeCache()
        cache.store(Data([1]), forKey: "k", level: .memoryAndFile)
        XCTAssertTrue(fileExists(cache, "k"))
        cache.store(Data([2]), forKey: "k", level: .memory)
        XCTAssertFalse(fileExists(cache, "k"))
        XCTAssertEqual(cache.data(forKey: "k"), Data([2]))
        cache.removeAllFromMemory()
        XCTAssertNil(cache.data(forKey: "k"))
    }

    func testNoneLevelAndRemoveDataDropBothTiers() {
        let cache = makeCache()
        cache.store(Data([1]), forKey: "a")
        cache.store(Data([1]), forKey: "b")
        cache.store(Data(), forKey: "a", level: .none)
        cache.removeData(forKey: "b")
        for key in ["a", "b"] {
            XCTAssertNil(cache.data(forKey: key))
            XCTAssertFalse(fileExists(cache, key))
        }
    }

    func testRemoveAllEmptiesBothTiersButLeavesForeignFiles() throws {
        let cache = makeCache()
        for index in 0..<5 { cache.store(Data([UInt8(index)]), forKey: "k\(index)") }
        let folder = try XCTUnwrap(cache.directory)
        let foreign = folder.appendingPathComponent("notes.txt")
        try Data("mine".utf8).write(to: foreign)

        cache.removeAll()
        for index in 0..<5 { XCTAssertNil(cache.data(forKey: "k\(index)")) }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["notes.txt"])
        XCTAssertEqual(cache.memoryCost, 0)
    }

    func testMemoryOnlyCacheWithoutDirectory() {
        let cache = DataCache(directory: nil)
        cache.store(Data([9]), forKey: "k")
        XCTAssertEqual(cache.data(forKey: "k"), Data([9]))
        XCTAssertNil(cache.fileURL(forKey: "k"))
        XCTAssertEqual(cache.diskUsage, 0)
    }

    func testMemoryTierIsBoundedByCostWithLeastRecentlyUsedEviction() {
        let cache = makeCache(memory: 3 * 102)  // three 100-byte values with 2-byte keys
        for key in ["k1", "k2", "k3"] { cache.store(Data(count: 100), forKey: key, level: .memory) }
        XCTAssertNotNil(cache.memoryData(forKey: "k1"))
        cache.store(Data(count: 100), forKey: "k4", level: .memory)
        XCTAssertNil(cache.memoryData(forKey: "k2"))
        XCTAssertNotNil(cache.memoryData(forKey: "k1"))
        XCTAssertEqual(cache.memoryCost, 3 * 102)
    }

    // MARK: Files

    func testFilesAre0600AndNewDirectories0700() throws {
        let cache = DataCache(directory: directory.url.appendingPathComponent("a/b/c"), clock: clock.function)
        cache.store(Data("secret-ish".utf8), forKey: "k")
        let file = try XCTUnwrap(cache.fileURL(forKey: "k"))
        XCTAssertEqual(FileSystem.status(atPath: file.path)?.permissions, 0o600)
        for path in ["a", "a/b", "a/b/c"] {
            XCTAssertEqual(
                FileSystem.status(atPath: directory.url.appendingPathComponent(path).path)?.permissions, 0o700, path)
        }
        let leaf = directory.url.appendingPathComponent("a/b/c").path
        let names = try FileManager.default.contentsOfDirectory(atPath: leaf)
        XCTAssertEqual(names, [file.lastPathComponent], "no temporary file is left behind")
    }

    func testHostileLongAndNonASCIIKeysLandInsideTheFolderWithSafeNames() throws {
        let cache = makeCache()
        let keys = [
            "../../etc/x", "/etc/passwd", "a/b/c", "..", "", "nul\u{0}byte", "døgnvillburgere/✓/🐷",
            String(repeating: "https://example.com/very/long/path?", count: 58),  // ≈ 2,000 characters
            String(repeating: "x", count: 2000),
        ]
        let folder = try XCTUnwrap(cache.directory)
        for (index, key) in keys.enumerated() {
            let payload = Data("value \(index)".utf8)
            cache.store(payload, forKey: key)
            let file = try XCTUnwrap(cache.fileURL(forKey: key))
            XCTAssertEqual(file.deletingLastPathComponent().standardizedFileURL.path, folder.path)
            XCTAssertTrue(file.lastPathComponent.allSatisfy { $0.isHexDigit && !$0.isUppercase })
            XCTAssertEqual(file.lastPathComponent.count, 64)
            cache.removeAllFromMemory()
            XCTAssertEqual(cache.data(forKey: key), payload, "key \(index)")
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path).count, keys.count)
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: directory.url.path), ["cache"],
            "nothing was written beside the cache folder")
    }

    func testDefaultDirectoryIsPerBaseURLUnderTheCachesDirectory() throws {
        let first = try XCTUnwrap(DataCache.defaultDirectory(forBaseURL: "https://api.example.com"))
        let second = try XCTUnwrap(DataCache.defaultDirectory(forBaseURL: "https://api.example.com/v2"))
        let hostile = try XCTUnwrap(DataCache.defaultDirectory(forBaseURL: "http://../../etc:80/"))
        XCTAssertNotEqual(first, second)
        let root = try XCTUnwrap(DataCache.cachesDirectory).appendingPathComponent("Networking")
        for url in [first, second, hostile] {
            XCTAssertEqual(url.deletingLastPathComponent().standardizedFileURL.path, root.standardizedFileURL.path)
            XCTAssertFalse(url.lastPathComponent.contains("/"))
            XCTAssertFalse(url.lastPathComponent.hasPrefix("."))
        }
        XCTAssertTrue(first.lastPathComponent.hasPrefix("api.example.com-"))
    }

    // MARK: Sliding expiry

    func testDiskReadsRefreshTheDateSoOnlyIdleEntriesExpire() {
        let cache = makeCache(memory: 0)  // every read goes to disk
        cache.store(Data([1]), forKey: "used")
        cache.store(Data([2]), forKey: "idle")
        XCTAssertEqual(modificationDate(cache, "used"), clock.now)

        for _ in 0..<3 {
            clock.advance(by: 6 * day)
            XCTAssertEqual(cache.data(forKey: "used"), Data([1]))
            XCTAssertEqual(modificationDate(cache, "used"), clock.now, "a disk read re-warms the entry")
        }
        XCTAssertNil(cache.data(forKey: "idle"), "18 days unused is past the 7-day TTL")
        XCTAssertFalse(fileExists(cache, "idle"), "an expired entry is removed")
        XCTAssertEqual(cache.data(forKey: "used"), Data([1]))
    }

    func testEntryExactlyAtTheTTLIsKeptAndOneSecondPastIsGone() {
        let cache = makeCache(memory: 0, ttl: 100)
        cache.store(Data([1]), forKey: "a")
        cache.store(Data([2]), forKey: "b")
        clock.advance(by: 100)
        XCTAssertEqual(cache.data(forKey: "a"), Data([1]))
        clock.advance(by: 101)
        XCTAssertNil(cache.data(forKey: "a"))
        XCTAssertNil(cache.data(forKey: "b"))
    }

    func testMemoryHitsDoNotRefreshTheDiskDate() {
        let cache = makeCache()
        let written = clock.now
        cache.store(Data([1]), forKey: "warm")
        clock.advance(by: 6 * day)
        XCTAssertEqual(cache.data(forKey: "warm"), Data([1]), "served from memory")
        XCTAssertEqual(modificationDate(cache, "warm"), written)

        clock.advance(by: 2 * day)
        XCTAssertEqual(cache.data(forKey: "warm"), Data([1]), "memory does not expire by age")
        cache.removeAllFromMemory()
        XCTAssertNil(cache.data(forKey: "warm"), "once out of memory, the idle disk copy has expired")
    }

    func testWritesRefreshTheDate() {
        let cache = makeCache(memory: 0)
        cache.store(Data([1]), forKey: "k")
        clock.advance(by: 5 * day)
        cache.store(Data([2]), forKey: "k")
        clock.advance(by: 5 * day)
        XCTAssertEqual(cache.data(forKey: "k"), Data([2]))
    }

    func testSweepRemovesEveryExpiredEntry() {
        let cache = makeCache(memory: 0)
        for index in 0..<5 { cache.store(Data([UInt8(index)]), forKey: "old\(index)") }
        clock.advance(by: 8 * day)
        cache.store(Data([9]), forKey: "new")
        cache.sweep()
        for index in 0..<5 { XCTAssertFalse(fileExists(cache, "old\(index)")) }
        XCTAssertTrue(fileExists(cache, "new"))
    }

    func testExpiredEntriesAreSweptOnFirstUseOfANewInstance() {
        let first = makeCache()
        first.store(Data([1]), forKey: "stale")
        clock.advance(by: 8 * day)
        let second = makeCache()
        second.store(Data([2]), forKey: "fresh")
        XCTAssertFalse(fileExists(second, "stale"))
    }

    func testShorterTTLTakesEffectAtTheNextAccess() {
        let cache = makeCache(memory: 0)
        cache.store(Data([1]), forKey: "k")
        clock.advance(by: 2 * day)
        XCTAssertEqual(cache.data(forKey: "k"), Data([1]))
        clock.advance(by: 2 * day)
        cache.setTTL(day)
        XCTAssertEqual(cache.ttl, day)
        cache.store(Data([3]), forKey: "other")
        XCTAssertFalse(fileExists(cache, "k"), "swept when the TTL shrank")
    }

    // MARK: Size bound

    func testDiskSizeBoundEvictsTheLeastRecentlyUsedByDate() {
        let entrySize = DiskTier.headerSize + 100
        let cache = makeCache(memory: 0, disk: 5 * entrySize)
        for index in 0..<5 {
            cache.store(Data(repeating: UInt8(index), count: 100), forKey: "k\(index)")
            clock.advance(by: 60)
        }
        XCTAssertEqual(cache.diskUsage, 5 * entrySize)
        XCTAssertNotNil(cache.data(forKey: "k0"), "k0 is read back, so k1 becomes the least recently used")
        clock.advance(by: 60)

        cache.store(Data(repeating: 5, count: 100), forKey: "k5")
        // Six entries are over the bound; eviction goes down to 90 % of it (four entries), oldest date first.
        XCTAssertEqual(cache.diskUsage, 4 * entrySize)
        XCTAssertFalse(fileExists(cache, "k1"))
        XCTAssertFalse(fileExists(cache, "k2"))
        for key in ["k0", "k3", "k4", "k5"] { XCTAssertTrue(fileExists(cache, key), key) }
    }

    func testEvictionGoesDownToNinetyPercent() {
        let entrySize = DiskTier.headerSize + 1000
        let cache = makeCache(memory: 0, disk: 10 * entrySize)
        for index in 0..<11 {
            cache.store(Data(count: 1000), forKey: "k\(index)")
            clock.advance(by: 1)
        }
        XCTAssertLessThanOrEqual(cache.diskUsage, 9 * entrySize)
        XCTAssertFalse(fileExists(cache, "k0"))
        XCTAssertFalse(fileExists(cache, "k1"))
        XCTAssertTrue(fileExists(cache, "k10"))
    }

    func testAnEntryLargerThanTheDiskBoundIsNotWritten() {
        let cache = makeCache(disk: 1000)
        cache.store(Data(count: 5000), forKey: "big")
        XCTAssertFalse(fileExists(cache, "big"))
        XCTAssertEqual(cache.data(forKey: "big")?.count, 5000, "still served from memory")
    }

    // MARK: Damaged files

    private func damage(_ cache: DataCache, _ key: String, _ change: (inout Data) -> Void) throws {
        let file = try XCTUnwrap(cache.fileURL(forKey: key))
        var bytes = try Data(contentsOf: file)
        change(&bytes)
        try bytes.write(to: file)
    }

    func testTruncatedCorruptAndForeignFilesAreMissesAndRemoved() throws {
        let cache = makeCache(memory: 0)
        let payload = Data((0..<4096).map { UInt8($0 % 256) })
        let damages: [(String, (inout Data) -> Void)] = [
            ("truncated body", { $0.removeLast(10) }),
            ("truncated header", { $0 = $0.prefix(10) }),
            ("empty", { $0 = Data() }),
            ("flipped body byte", { $0[$0.startIndex + 2000] ^= 0xFF }),
            ("flipped checksum", { $0[$0.startIndex + 16] ^= 0x01 }),
            ("wrong length", { $0[$0.startIndex + 8] ^= 0x01 }),
            ("extra bytes", { $0.append(contentsOf: [1, 2, 3]) }),
            ("bad magic", { $0[$0.startIndex] = UInt8(ascii: "X") }),
            ("not a cache file", { $0 = Data("<html>hello</html>".utf8) }),
        ]
        for (name, change) in damages {
            cache.store(payload, forKey: name)
            try damage(cache, name, change)
            XCTAssertNil(cache.data(forKey: name), name)
            XCTAssertFalse(fileExists(cache, name), "\(name) is removed")
            cache.store(payload, forKey: name)
            XCTAssertEqual(cache.data(forKey: name), payload, "\(name): a rewrite works again")
        }
    }

    // MARK: Concurrency

    func testConcurrentReadersAndWritersOfOneKeyNeverSeeAPartialBlob() async throws {
        let cache = makeCache(memory: 0)  // every read goes to disk
        let size = 256 * 1024
        let blobs = (0..<4).map { value in Data(repeating: UInt8(value + 1), count: size) }
        cache.store(blobs[0], forKey: "shared")

        let outcomes = await withTaskGroup(of: String?.self) { group in
            for index in 0..<100 {
                group.addTask {
                    if index.isMultiple(of: 2) {
                        cache.store(blobs[index % blobs.count], forKey: "shared")
                        return nil
                    }
                    guard let data = cache.data(forKey: "shared") else { return "miss" }
                    guard data.count == size, let first = data.first, data.allSatisfy({ $0 == first }),
                        (1...4).contains(first)
                    else { return "partial or mixed blob of \(data.count) bytes" }
                    return nil
                }
            }
            var failures: [String] = []
            for await outcome in group { if let outcome { failures.append(outcome) } }
            return failures
        }
        XCTAssertEqual(outcomes, [], "every read saw one complete blob")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: try XCTUnwrap(cache.directory).path)
        XCTAssertEqual(leftovers.count, 1, "no temporary files left: \(leftovers)")
    }
}
