import Foundation
import NetworkingCore
import Synchronization
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

final class FileBodyWriterTests: XCTestCase {
    private var file: URL!

    override func setUp() {
        file = FileManager.default.temporaryDirectory.appendingPathComponent("writer-\(UUID().uuidString).bin")
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: file)
    }

    private func response(_ status: Int, _ headers: [String: String] = [:]) throws -> HTTPURLResponse {
        try XCTUnwrap(
            HTTPURLResponse(
                url: URL(string: "http://example.test/file")!, statusCode: status, httpVersion: "HTTP/1.1",
                headerFields: headers))
    }

    func testWholeBodyReplacesTheFileAndEveryByteIsWrittenByClose() throws {
        try Data("stale content that is longer".utf8).write(to: file)
        let writer = FileBodyWriter(target: DownloadTarget(file: file), progress: nil)
        XCTAssertTrue(try writer.begin(response(200, ["Content-Length": "11"])))
        try writer.write(Data("hello ".utf8))
        try writer.write(Data("world".utf8))
        writer.close()
        XCTAssertEqual(try Data(contentsOf: file), Data("hello world".utf8))
        XCTAssertEqual(writer.bytesWritten, 11)
    }

    func testPartialContentIsAppendedAtTheResumeOffset() throws {
        try Data("0123456789-garbage".utf8).write(to: file)
        let offsets = Mutex<[Int64]>([])
        let target = DownloadTarget(file: file, resumeOffset: 10) { _, offset in offsets.withLock { $0.append(offset) }
        }
        let values = Mutex<[TransferProgress]>([])
        let writer = FileBodyWriter(
            target: target, progress: ProgressReporter(report: { value in values.withLock { $0.append(value) } }))
        XCTAssertTrue(try writer.begin(response(206, ["Content-Range": "bytes 10-14/15", "Content-Length": "5"])))
        try writer.write(Data("abcde".utf8))
        writer.close()
        XCTAssertEqual(String(decoding: try Data(contentsOf: file), as: UTF8.self), "0123456789abcde")
        XCTAssertEqual(offsets.withLock { $0 }, [10])
        XCTAssertEqual(
            values.withLock { $0 },
            [
                TransferProgress(completedBytes: 10, totalBytes: 15),
                TransferProgress(completedBytes: 15, totalBytes: 15),
            ])
        let outcome = writer.outcome(
            request: URLRequest(url: file), head: ResponseHead(try response(206)), body: Data(), metrics: nil)
        XCTAssertEqual(outcome.startOffset, 10)
        XCTAssertEqual(outcome.fileSize, 15)
    }

    func testPartialContentAtAnotherOffsetIsRejected() throws {
        try Data("0123456789".utf8).write(to: file)
        let writer = FileBodyWriter(target: DownloadTarget(file: file, resumeOffset: 10), progress: nil)
        XCTAssertThrowsError(try writer.begin(response(206, ["Content-Range": "bytes 5-14/15"]))) { error in
            guard case .invalidResponse = error as? NetworkingError else { return XCTFail("\(error)") }
        }
        XCTAssertEqual(try Data(contentsOf: file), Data("0123456789".utf8), "the file is untouched")
    }

    func testErrorResponseIsNotWritten() throws {
        let writer = FileBodyWriter(target: DownloadTarget(file: file), progress: nil)
        XCTAssertFalse(try writer.begin(response(404)))
        XCTAssertFalse(FileManager.default.fileExists(atPath: file.path))
    }

    func testThrowingWillWriteStopsBeforeTheFileIsTouched() throws {
        let target = DownloadTarget(file: file) { _, _ throws(NetworkingError) in throw .invalidRequest("no") }
        let writer = FileBodyWriter(target: target, progress: nil)
        XCTAssertThrowsError(try writer.begin(response(200)))
        XCTAssertFalse(FileManager.default.fileExists(atPath: file.path))
    }

    func testBatchedWritesReachTheDiskPastTheBufferSize() throws {
        let writer = FileBodyWriter(target: DownloadTarget(file: file), progress: nil)
        XCTAssertTrue(try writer.begin(response(200)))
        let chunk = Data(repeating: 7, count: 100_000)
        for _ in 0..<5 { try writer.write(chunk) }
        let onDiskBeforeClose = (try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? NSNumber)?
            .intValue
        XCTAssertGreaterThan(onDiskBeforeClose ?? 0, 0, "full batches are written while the transfer runs")
        writer.close()
        XCTAssertEqual(try Data(contentsOf: file).count, 500_000)
    }

    func testLargeChunksWrittenAsTheyAreKeepTheirOrderAmongGatheredOnes() throws {
        let writer = FileBodyWriter(target: DownloadTarget(file: file), progress: nil)
        XCTAssertTrue(try writer.begin(response(200)))
        let large = (0..<3).map { Data(repeating: UInt8($0), count: 300_000) }
        let small = Data(repeating: 9, count: 1000)
        // Large with nothing gathered (written as it is), small (gathered), large after a small
        // one (gathered with it), large again.
        let chunks = [large[0], small, large[1], large[2], small]
        for chunk in chunks { try writer.write(chunk) }
        writer.close()
        XCTAssertEqual(try Data(contentsOf: file), chunks.reduce(Data(), +))
        XCTAssertEqual(writer.bytesWritten, Int64(chunks.map(\.count).reduce(0, +)))
    }
}
