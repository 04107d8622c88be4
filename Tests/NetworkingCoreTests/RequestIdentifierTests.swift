import Foundation
import XCTest

@testable import NetworkingCore

/// The ids of `RequestContext`: unique, shaped like version-4 UUIDs, and made without a system call.
final class RequestIdentifierTests: XCTestCase {
    func testIdentifiersAreUniqueAcrossConcurrentCallers() async {
        let batches = await withTaskGroup(of: [UUID].self) { group in
            for _ in 0..<8 {
                group.addTask { (0..<2000).map { _ in RequestContext(method: .get, url: nil, headers: [:]).id } }
            }
            var all: [[UUID]] = []
            for await batch in group { all.append(batch) }
            return all
        }
        let ids = batches.flatMap { $0 }
        XCTAssertEqual(ids.count, 16000)
        XCTAssertEqual(Set(ids).count, ids.count, "every request gets its own id")
    }

    func testIdentifiersAreVersion4RFC4122UUIDs() {
        for _ in 0..<100 {
            let bytes = RequestIdentifier.next().uuid
            XCTAssertEqual(bytes.6 >> 4, 4, "version 4")
            XCTAssertEqual(bytes.8 >> 6, 0b10, "RFC 4122 variant")
        }
    }

    func testTheMixIsABijectionOf62BitValues() {
        // Distinct counters must give distinct identifiers: spot-check the mixing on consecutive
        // values, powers of two and the largest values, where a lossy mix would collide first.
        var inputs: [UInt64] = Array(0..<5000)
        inputs += (0..<62).map { UInt64(1) << $0 }
        inputs += (0..<1000).map { (UInt64(1) << 62) - 1 - $0 }
        let outputs = inputs.map(RequestIdentifier.mix62)
        XCTAssertEqual(Set(outputs).count, Set(inputs).count)
        XCTAssertTrue(outputs.allSatisfy { $0 < 1 << 62 }, "the variant bits stay free")
    }

    func testAnExplicitIdIsKept() {
        let id = UUID()
        XCTAssertEqual(RequestContext(id: id, method: .get, url: nil, headers: [:]).id, id)
    }
}
