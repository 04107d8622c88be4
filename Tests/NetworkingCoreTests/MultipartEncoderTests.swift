import Foundation
import XCTest

@testable import NetworkingCore

final class MultipartEncoderTests: XCTestCase {
    /// One part as a server's parser sees it.
    private struct ParsedPart {
        let headerLines: [String]
        let content: Data

        func header(_ name: String) -> String? {
            headerLines.first { $0.lowercased().hasPrefix(name.lowercased() + ":") }
                .map { String($0.dropFirst(name.count + 1)).trimmingCharacters(in: .whitespaces) }
        }
    }

    /// Splits a `multipart/form-data` body the way RFC 2046 §5.1.1 describes; fails on any deviation.
    private func parse(_ body: Data, boundary: String) throws -> [ParsedPart] {
        let delimiter = Data("\r\n--\(boundary)".utf8)
        let crlf = Data("\r\n".utf8)
        var rest = Data("\r\n".utf8) + body
        var parts: [ParsedPart] = []
        guard let first = rest.range(of: delimiter), first.lowerBound == rest.startIndex else {
            throw ParseError("body does not start with the boundary")
        }
        rest = rest[first.upperBound...]
        while true {
            if rest.starts(with: Data("--".utf8)) {
                XCTAssertEqual(rest, Data("--\r\n".utf8), "only the closing CRLF may follow the close delimiter")
                return parts
            }
            guard rest.starts(with: crlf) else { throw ParseError("delimiter not followed by CRLF") }
            rest = rest.dropFirst(2)
            guard let next = rest.range(of: delimiter) else { throw ParseError("unterminated part") }
            let part = rest[rest.startIndex..<next.lowerBound]
            guard let split = part.range(of: Data("\r\n\r\n".utf8)) else { throw ParseError("part without headers") }
            let headers = String(decoding: part[part.startIndex..<split.lowerBound], as: UTF8.self)
            parts.append(
                ParsedPart(
                    headerLines: headers.components(separatedBy: "\r\n"),
                    content: Data(part[split.upperBound...])))
            rest = rest[next.upperBound...]
        }
    }

    private struct ParseError: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    func testFieldsThenPartsEachWithTheirHeaders() throws {
        let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        let output = MultipartEncoder.encode(
            parts: [
                FormDataPart(type: .png, data: png, parameterName: "file1", filename: "selfie1.png"),
                FormDataPart(type: .jpeg, data: Data("jpeg".utf8), parameterName: "file2", filename: "selfie2.jpg"),
                FormDataPart(type: FormDataPartType("application/pdf"), data: Data("%PDF".utf8), parameterName: "doc"),
                FormDataPart(data: Data("raw".utf8), parameterName: "blob"),
            ],
            fields: ["username": "3lvis", "age": "12"])
        XCTAssertEqual(output.contentType, "multipart/form-data; boundary=\(output.boundary)")
        let parts = try parse(output.body, boundary: output.boundary)
        XCTAssertEqual(parts.count, 6)
        XCTAssertEqual(parts[0].headerLines, [#"Content-Disposition: form-data; name="age""#])
        XCTAssertEqual(parts[0].content, Data("12".utf8))
        XCTAssertEqual(parts[1].headerLines, [#"Content-Disposition: form-data; name="username""#])
        XCTAssertEqual(parts[1].content, Data("3lvis".utf8))
        XCTAssertEqual(
            parts[2].header("Content-Disposition"), #"form-data; name="file1"; filename="selfie1.png""#)
        XCTAssertEqual(parts[2].header("Content-Type"), "image/png")
        XCTAssertEqual(parts[2].content, png)
        XCTAssertEqual(parts[3].header("Content-Type"), "image/jpeg")
        XCTAssertEqual(parts[4].header("Content-Disposition"), #"form-data; name="doc""#)
        XCTAssertEqual(parts[4].header("Content-Type"), "application/pdf")
        XCTAssertEqual(parts[5].header("Content-Type"), "application/octet-stream")
    }

    func testBoundaryDoesNotOccurInTheContent() throws {
        let output = MultipartEncoder.encode(
            parts: [FormDataPart(data: Data("--networking.\r\n--".utf8), parameterName: "f")],
            fields: ["--networking.": "--networking."])
        XCTAssertTrue(output.boundary.count >= 27, "a boundary needs enough entropy: \(output.boundary)")
        XCTAssertEqual(try parse(output.body, boundary: output.boundary).count, 2)
        let boundaries = Set((0..<50).map { _ in MultipartEncoder.encode(parts: [], fields: [:]).boundary })
        XCTAssertEqual(boundaries.count, 50, "boundaries are random")
    }

    func testBoundaryFoundInTheContentIsReplaced() throws {
        var candidates = ["COLLIDES", "ALSOINNAME", "fresh"]
        let output = MultipartEncoder.encode(
            parts: [FormDataPart(data: Data("xxCOLLIDESxx".utf8), parameterName: "ALSOINNAME")], fields: [:],
            makeBoundary: { candidates.removeFirst() })
        XCTAssertEqual(output.boundary, "fresh")
        XCTAssertEqual(try parse(output.body, boundary: "fresh").first?.content, Data("xxCOLLIDESxx".utf8))
    }

    func testNamesAndFilenamesAreQuotedAndEscaped() throws {
        let output = MultipartEncoder.encode(
            parts: [FormDataPart(data: Data(), parameterName: #"a"b\c"#, filename: #"my "best" \ pic.png"#)],
            fields: ["døgn": "ø"])
        let parts = try parse(output.body, boundary: output.boundary)
        XCTAssertEqual(parts[0].header("Content-Disposition"), #"form-data; name="døgn""#)
        XCTAssertEqual(parts[0].content, Data("ø".utf8))
        XCTAssertEqual(
            parts[1].header("Content-Disposition"), #"form-data; name="a%22b\\c"; filename="my %22best%22 \\ pic.png""#)
    }

    func testLineBreaksInNamesCannotInjectHeadersOrParts() throws {
        let evil = "x\"\r\nContent-Type: text/html\r\n\r\n--injected"
        let output = MultipartEncoder.encode(
            parts: [
                FormDataPart(
                    type: FormDataPartType("text/plain\r\nX-Evil: 1"), data: Data("v".utf8), parameterName: evil,
                    filename: "a\nb\rc")
            ],
            fields: [evil: "v"])
        let parts = try parse(output.body, boundary: output.boundary)
        XCTAssertEqual(parts.count, 2)
        XCTAssertEqual(parts[0].headerLines.count, 1, "\(parts[0].headerLines)")
        XCTAssertEqual(parts[1].headerLines.count, 2, "\(parts[1].headerLines)")
        XCTAssertEqual(
            parts[1].header("Content-Disposition"),
            #"form-data; name="x%22%0D%0AContent-Type: text/html%0D%0A%0D%0A--injected"; filename="a%0Ab%0Dc""#)
        XCTAssertEqual(parts[1].header("Content-Type"), "text/plainX-Evil: 1")
    }

    func testEmptyMultipartIsJustTheCloseDelimiter() throws {
        let output = MultipartEncoder.encode(parts: [], fields: [:])
        XCTAssertEqual(output.body, Data("--\(output.boundary)--\r\n".utf8))
    }

    func testRequestBodyUsesTheEncoder() throws {
        let encoded = try RequestBody.multipart(
            parts: [FormDataPart(data: Data("x".utf8), parameterName: "f", filename: "f.bin")], fields: ["k": "v"]
        ).encoded(with: JSONCoding.makeEncoder())
        XCTAssertTrue(encoded.contentType.hasPrefix("multipart/form-data; boundary="))
        let boundary = String(encoded.contentType.dropFirst("multipart/form-data; boundary=".count))
        XCTAssertEqual(try parse(XCTUnwrap(encoded.data), boundary: boundary).count, 2)
    }
}
