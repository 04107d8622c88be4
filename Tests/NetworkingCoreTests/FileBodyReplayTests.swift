import Foundation
import Synchronization
import XCTest

@testable import NetworkingCore

/// A file replayed as a response body at its reader's pace: the next chunk is read only once the
/// reader took the last, so a file far larger than the stream's buffer reaches a slow reader whole,
/// and a reader that stops early stops the reading; the file is removed either way.
final class FileBodyReplayTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("FileBodyReplayTests-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
    }

    /// A file of `count` bytes of a repeating pattern that no two chunk boundaries share.
    private func file(bytes count: Int) throws -> (URL, Data) {
        let data = Data((0..<count).map { UInt8(truncatingIfNeeded: $0 * 7 + $0 / 251) })
        let url = directory.appendingPathComponent("body-\(UUID())")
        try data.write(to: url)
        return (url, data)
    }

    /// The bytes a replay read, once it ended.
    private final class ReadCount: Sendable {
        private let bytes = Mutex<Int64?>(nil)
        func set(_ value: Int64) { bytes.withLock { $0 = value } }
        func withLock<T>(_ body: (inout Int64?) -> T) -> T { bytes.withLock { body(&$0) } }
    }

    /// An expectation fulfilled by the replay's end, and the bytes it read.
    private func ending() -> (XCTestExpectation, ReadCount, @Sendable (Int64) -> Void) {
        let ended = expectation(description: "the replay ended")
        let read = ReadCount()
        return (
            ended, read,
            { bytes in
                read.set(bytes)
                ended.fulfill()
            }
        )
    }

    func testAFileLargerThanTheBufferReachesASlowReaderWhole() async throws {
        let chunk = 16 * 1024
        let (url, expected) = try file(bytes: 40 * chunk + 123)  // the buffer holds one chunk
        let (ended, read, onEnd) = ending()
        let stream = FileBodyReplay.stream(of: url, chunkSize: chunk, onEnd: onEnd)
        var received = Data()
        var chunks = 0
        for try await piece in stream {
            XCTAssertLessThanOrEqual(piece.count, chunk)
            received.append(piece)
            chunks += 1
            try await Task.sleep(for: .milliseconds(2))  // a slow reader: the file must wait for it
        }
        XCTAssertEqual(received, expected)
        XCTAssertEqual(chunks, 41)
        await fulfillment(of: [ended], timeout: 10)
        XCTAssertEqual(read.withLock { $0 }, Int64(expected.count))
        XCTAssertFalse(FileManager.default.fileExists(atPath: url.path), "the file was left behind")
    }

    func testAReaderThatStopsEarlyStopsTheReadingAndTheFileIsRemoved() async throws {
        let chunk = 16 * 1024
        let (url, expected) = try file(bytes: 64 * chunk)
        let (ended, read, onEnd) = ending()
        let stream = FileBodyReplay.stream(of: url, chunkSize: chunk, onEnd: onEnd)
        var iterator = stream.makeAsyncIterator()
        let first = try await iterator.next()
        XCTAssertEqual(first, expected.prefix(chunk))
        try await Task.sleep(for: .milliseconds(50))  // time enough to read on, were it not paced
        stream.cancel()
        await fulfillment(of: [ended], timeout: 10)
        // The first chunk, and at most the one read ahead when the reader took it.
        XCTAssertLessThanOrEqual(read.withLock { $0 } ?? .max, Int64(2 * chunk))
        XCTAssertFalse(FileManager.default.fileExists(atPath: url.path), "the file was left behind")
    }

    func testDroppingTheStreamUnreadEndsTheReplayAndRemovesTheFile() async throws {
        let (url, _) = try file(bytes: 1024 * 1024)
        let (ended, read, onEnd) = ending()
        do {
            let stream = FileBodyReplay.stream(of: url, chunkSize: 64 * 1024, onEnd: onEnd)
            _ = stream.byteCount
        }
        await fulfillment(of: [ended], timeout: 10)
        XCTAssertLessThanOrEqual(read.withLock { $0 } ?? .max, Int64(64 * 1024))
        XCTAssertFalse(FileManager.default.fileExists(atPath: url.path), "the file was left behind")
    }

    func testAnEmptyFileIsAnEmptyBody() async throws {
        let (url, _) = try file(bytes: 0)
        let body = try await FileBodyReplay.stream(of: url).collect(upTo: 10)
        XCTAssertEqual(body, Data())
        XCTAssertFalse(FileManager.default.fileExists(atPath: url.path))
    }

    func testAMissingFileEndsTheBodyWithAnErrorNamingIt() async {
        let url = directory.appendingPathComponent("missing")
        do {
            _ = try await FileBodyReplay.stream(of: url).collect(upTo: 10)
            XCTFail("a missing file gave a body")
        } catch {
            guard case .transport(let cause) = error else { return XCTFail("expected a transport error, got \(error)") }
            XCTAssertEqual(cause.code, .cannotOpenFile)
            XCTAssertTrue(cause.localizedDescription.contains("missing"), cause.localizedDescription)
        }
    }
}
