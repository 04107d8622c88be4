import Foundation
import NetworkingObservability
import XCTest

final class LogFileSinkTests: XCTestCase {
    private static func record(_ index: Int) -> LogRecord {
        LogRecord(
            date: Date(), severity: .info, requestID: UUID(), headline: "→ GET /item/\(index) [\(index)]",
            details: (0..<5).map { "  > X-Line-\($0): \(index)" })
    }

    func testCreatesTheFileAndItsDirectoryPrivately() throws {
        let url = temporaryFileURL()
        let sink = try XCTUnwrap(LogFileSink.open(url))
        sink.write(Self.record(1))
        let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
        XCTAssertEqual((attributes[.posixPermissions] as? NSNumber)?.intValue, 0o600)
        let text = try String(contentsOf: url, encoding: .utf8)
        XCTAssertTrue(text.hasSuffix(" → GET /item/1 [1]\n" + (0..<5).map { "  > X-Line-\($0): 1\n" }.joined()), text)
    }

    func testAppendsToAnExistingFile() throws {
        let url = temporaryFileURL()
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("earlier line\n".utf8).write(to: url)
        try XCTUnwrap(LogFileSink.open(url)).write(Self.record(2))
        let lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n")
        XCTAssertEqual(lines.first, "earlier line")
        XCTAssertEqual(lines.count, 7)
    }

    func testClientsLoggingToOnePathShareASink() throws {
        let url = temporaryFileURL()
        let first = try XCTUnwrap(LogFileSink.open(url))
        let second = try XCTUnwrap(
            LogFileSink.open(url.deletingLastPathComponent().appendingPathComponent("./networking.log")))
        XCTAssertTrue(first === second)
    }

    func testAFileThatCannotBeOpenedIsReportedNotThrown() throws {
        let blocker = temporaryFileURL("not-a-directory")
        try FileManager.default.createDirectory(
            at: blocker.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data().write(to: blocker)
        XCTAssertNil(LogFileSink.open(blocker.appendingPathComponent("networking.log")))
    }

    func testConcurrentRecordsNeverInterleave() async throws {
        let url = temporaryFileURL()
        let sink = try XCTUnwrap(LogFileSink.open(url))
        let count = 2_000
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<count { group.addTask { sink.write(Self.record(index)) } }
        }
        let lines = try String(contentsOf: url, encoding: .utf8).split(
            separator: "\n", omittingEmptySubsequences: false)
        XCTAssertEqual(lines.count, count * 6 + 1)
        var seen = Set<Int>()
        for start in stride(from: 0, to: count * 6, by: 6) {
            let headline = lines[start]
            guard let open = headline.lastIndex(of: "["), let index = Int(headline[open...].dropFirst().dropLast())
            else {
                return XCTFail("not a headline: \(headline)")
            }
            XCTAssertTrue(headline.hasSuffix(" → GET /item/\(index) [\(index)]"))
            XCTAssertEqual(
                lines[(start + 1)...(start + 5)].map(String.init), (0..<5).map { "  > X-Line-\($0): \(index)" })
            seen.insert(index)
        }
        XCTAssertEqual(seen.count, count)
    }
}
