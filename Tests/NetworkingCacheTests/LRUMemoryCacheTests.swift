import Foundation
import XCTest

@testable import NetworkingCache

final class LRUMemoryCacheTests: XCTestCase {
    private func value(_ count: Int) -> Data { Data(repeating: 7, count: count) }

    func testEvictsLeastRecentlyUsedWhenOverCost() {
        var cache = LRUMemoryCache(costLimit: 3 * 101)  // three 100-byte values with 1-byte keys
        cache.setValue(value(100), forKey: "a")
        cache.setValue(value(100), forKey: "b")
        cache.setValue(value(100), forKey: "c")
        XCTAssertNotNil(cache.value(forKey: "a"))  // a is now the most recent; b the least
        cache.setValue(value(100), forKey: "d")
        XCTAssertNil(cache.value(forKey: "b"))
        XCTAssertEqual(Set(cache.keysByRecency), ["a", "c", "d"])
        XCTAssertEqual(cache.totalCost, 3 * 101)
    }

    func testNewestInsertsSurviveUnlikeNSCacheOnLinux() {
        var cache = LRUMemoryCache(costLimit: 100 * 4)  // 1-byte values, 3-byte keys
        for index in 0..<1000 { cache.setValue(value(1), forKey: String(format: "%03d", index)) }
        XCTAssertEqual(cache.count, 100)
        XCTAssertEqual(cache.keysByRecency.first, "999")
        XCTAssertEqual(cache.keysByRecency.last, "900")
        XCTAssertNil(cache.value(forKey: "000"))
    }

    func testReplacingAKeyUpdatesCostAndRecency() {
        var cache = LRUMemoryCache(costLimit: 1000)
        cache.setValue(value(10), forKey: "a")
        cache.setValue(value(10), forKey: "b")
        cache.setValue(value(50), forKey: "a")
        XCTAssertEqual(cache.keysByRecency, ["a", "b"])
        XCTAssertEqual(cache.totalCost, 51 + 11)
        XCTAssertEqual(cache.value(forKey: "a")?.count, 50)
    }

    func testValueLargerThanLimitIsNotKeptAndDropsOldCopy() {
        var cache = LRUMemoryCache(costLimit: 100)
        cache.setValue(value(10), forKey: "a")
        cache.setValue(value(500), forKey: "a")
        XCTAssertNil(cache.value(forKey: "a"))
        XCTAssertEqual(cache.totalCost, 0)
    }

    func testRemoveAndReuseOfSlotsKeepsListConsistent() {
        var cache = LRUMemoryCache(costLimit: 10_000)
        for index in 0..<50 { cache.setValue(value(index), forKey: "k\(index)") }
        for index in stride(from: 0, to: 50, by: 2) { cache.removeValue(forKey: "k\(index)") }
        for index in 50..<60 { cache.setValue(value(1), forKey: "k\(index)") }
        let keys = cache.keysByRecency
        XCTAssertEqual(keys.count, 35)
        XCTAssertEqual(Set(keys).count, 35)
        XCTAssertEqual(keys.first, "k59")
        XCTAssertEqual(keys.last, "k1")
        cache.removeAll()
        XCTAssertEqual(cache.count, 0)
        XCTAssertEqual(cache.totalCost, 0)
        XCTAssertEqual(cache.keysByRecency, [])
    }

    func testLoweringTheLimitEvictsFromTheTail() {
        var cache = LRUMemoryCache(costLimit: 1000)
        for key in ["a", "b", "c", "d"] { cache.setValue(value(99), forKey: key) }
        cache.costLimit = 200
        XCTAssertEqual(cache.keysByRecency, ["d", "c"])
    }
}
