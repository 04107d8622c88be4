import Foundation
import NetworkingCore
import XCTest

/// The state of a resumable upload on disk (beside its file, mode 0600, found again after a
/// restart) and the body that continues an upload from an offset.
final class ResumableUploadStateTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("uploads-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: directory)
    }

    func testTheStateIsSavedBesideTheFileReadableByTheOwnerOnlyAndFoundAgain() throws {
        let file = directory.appendingPathComponent("movie.mp4")
        try Data(count: 10).write(to: file)
        let state = ResumableUpload(
            url: URL(string: "https://example.com/files")!, method: "PUT",
            uploadURL: URL(string: "https://example.com/uploads/1")!, fileURL: file, uploadedBytes: 4, totalBytes: 10,
            interopVersion: .interop9)
        try state.save()
        let saved = directory.appendingPathComponent("movie.mp4.upload.json")
        let mode = try FileManager.default.attributesOfItem(atPath: saved.path)[.posixPermissions] as? NSNumber
        XCTAssertEqual(mode?.intValue, 0o600)
        XCTAssertEqual(ResumableUpload.load(for: file), state)
        XCTAssertEqual(ResumableUpload.pending(in: directory), [state])
        ResumableUpload.discard(for: file)
        XCTAssertNil(ResumableUpload.load(for: file))
        XCTAssertTrue(ResumableUpload.pending(in: directory).isEmpty)
    }

    func testAnUnreadableStateIsIgnored() throws {
        let file = directory.appendingPathComponent("a.bin")
        try Data("{\"url\": 1}".utf8).write(to: ResumableUpload.stateFileURL(for: file))
        XCTAssertNil(ResumableUpload.load(for: file))
        XCTAssertTrue(ResumableUpload.pending(in: directory).isEmpty)
    }

    private func collect(_ body: HTTPBody) async throws -> Data {
        try await body.collect(upTo: 1 << 24)
    }

    func testTheBodyContinuesFromAnOffset() async throws {
        let bytes = Data((0..<200_000).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        let file = directory.appendingPathComponent("b.bin")
        try bytes.write(to: file)
        let fromFile = try UploadSource.file(file).body(from: 123_457)
        XCTAssertEqual(fromFile.length, Int64(bytes.count - 123_457))
        let fileRest = try await collect(fromFile)
        XCTAssertEqual(fileRest, bytes.suffix(from: 123_457))
        let dataRest = try await collect(try UploadSource.data(bytes).body(from: 70_000))
        XCTAssertEqual(dataRest, bytes.suffix(from: 70_000))
        let chunks = [bytes.prefix(50_000), bytes.dropFirst(50_000)].map { Data($0) }
        let stream = HTTPBody(chunks.async, length: Int64(bytes.count), iterationBehavior: .multiple)
        let streamRest = try await collect(try UploadSource.stream(stream).body(from: 60_000))
        XCTAssertEqual(streamRest, bytes.suffix(from: 60_000))
        XCTAssertEqual(try UploadSource.file(file).body(from: 0).fileURL, file, "from the start a file stays a file")
    }

    func testAOneShotStreamCannotContinue() throws {
        let body = HTTPBody([Data("x".utf8)].async, length: 1, iterationBehavior: .single)
        XCTAssertFalse(UploadSource.stream(body).isResumable)
        XCTAssertThrowsError(try UploadSource.stream(body).body(from: 1)) { error in
            guard case .invalidRequest(let reason) = error as? NetworkingError else { return XCTFail("\(error)") }
            XCTAssertTrue(reason.contains("one-shot stream"), reason)
        }
    }
}

/// Chunks as an asynchronous sequence that starts afresh on each iteration.
private struct Chunks: AsyncSequence, Sendable {
    let chunks: [Data]

    func makeAsyncIterator() -> IndexingIterator<[Data]>.AsyncAdapter { .init(base: chunks.makeIterator()) }
}

extension IndexingIterator where Elements == [Data] {
    /// An array's iterator, read asynchronously.
    fileprivate struct AsyncAdapter: AsyncIteratorProtocol {
        var base: IndexingIterator<[Data]>

        mutating func next() async -> Data? { base.next() }
    }
}

extension Array where Element == Data {
    fileprivate var async: Chunks { Chunks(chunks: self) }
}
