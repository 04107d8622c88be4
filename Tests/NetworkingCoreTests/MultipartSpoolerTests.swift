import Foundation
import NetworkingCore
import XCTest

final class MultipartSpoolerTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("spooler-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
    }

    private func body(_ output: MultipartSpooler.Output) throws -> Data {
        switch output.body {
        case .data(let data, _): return data
        case .file(let url, _): return try Data(contentsOf: url)
        default: throw NetworkingError.invalidRequest("unexpected body")
        }
    }

    /// The body with its boundary replaced by a fixed token, so two encodings can be compared.
    private func normalized(_ data: Data, contentType: String) throws -> String {
        let boundary = try XCTUnwrap(contentType.components(separatedBy: "boundary=").last)
        return String(decoding: data, as: UTF8.self).replacingOccurrences(of: boundary, with: "BOUNDARY")
    }

    private func makeFile(_ name: String, size: Int) throws -> (URL, Data) {
        let data = Data((0..<size).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ $0 >> 9) })
        let url = directory.appendingPathComponent(name)
        try data.write(to: url)
        return (url, data)
    }

    func testSmallBodyStaysInMemoryAndMatchesMultipartEncoder() throws {
        let parts = [FormDataPart(type: .plainText, data: Data("hello".utf8), parameterName: "note", filename: "n.txt")]
        let fields = ["b": "2", "a": "1"]
        let output = try MultipartSpooler.encode(parts: parts, fields: fields, directory: directory)
        XCTAssertNil(output.spoolFile)
        let reference = MultipartEncoder.encode(parts: parts, fields: fields)
        XCTAssertEqual(
            try normalized(body(output), contentType: output.contentType),
            try normalized(reference.body, contentType: reference.contentType))
        XCTAssertEqual(output.size, Int64(reference.body.count))
    }

    func testLargeBodyIsSpooledToAPrivateFileWithTheSameFraming() throws {
        let (fileURL, fileData) = try makeFile("big.bin", size: 3 * 1024 * 1024 + 17)
        let parts = [FormDataPart(data: Data("inline".utf8), parameterName: "inline")]
        let files = [FormDataFile(fileURL: fileURL, parameterName: "upload", type: .octetStream)]
        let spooled = try MultipartSpooler.encode(
            parts: parts, files: files, fields: ["k": "v"], threshold: 1024, directory: directory)
        let memory = try MultipartSpooler.encode(
            parts: parts, files: files, fields: ["k": "v"], threshold: .max, directory: directory)
        let spool = try XCTUnwrap(spooled.spoolFile)
        XCTAssertNil(memory.spoolFile)
        let attributes = try FileManager.default.attributesOfItem(atPath: spool.path)
        XCTAssertEqual((attributes[.posixPermissions] as? NSNumber)?.intValue, 0o600)
        let spooledBody = try body(spooled)
        XCTAssertEqual(Int64(spooledBody.count), spooled.size)
        XCTAssertEqual(
            try normalized(spooledBody, contentType: spooled.contentType),
            try normalized(body(memory), contentType: memory.contentType))
        XCTAssertNotNil(spooledBody.range(of: fileData), "the file's bytes are copied intact")
        XCTAssertNotNil(
            spooledBody.range(
                of: Data("name=\"upload\"; filename=\"big.bin\"\r\nContent-Type: application/octet-stream".utf8)))
    }

    func testUnreadableFileIsAnInvalidRequest() {
        let missing = directory.appendingPathComponent("missing.bin")
        XCTAssertThrowsError(
            try MultipartSpooler.encode(
                files: [FormDataFile(fileURL: missing, parameterName: "f")], directory: directory)
        ) { error in
            guard case .invalidRequest(let reason) = error as? NetworkingError else { return XCTFail("\(error)") }
            XCTAssertTrue(reason.contains("missing.bin"), reason)
        }
    }
}
