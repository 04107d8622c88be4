import Foundation
import XCTest

@testable import Networking

/// The image header reader on made-up and damaged bytes, and `Image` from httpbin's images.
final class ImageTests: XCTestCase {
    // MARK: Made-up headers

    private func be16(_ value: Int) -> [UInt8] { [UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)] }
    private func be32(_ value: Int) -> [UInt8] { be16(value >> 16) + be16(value) }
    private func le16(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF)] }
    private func le24(_ value: Int) -> [UInt8] { le16(value) + [UInt8(value >> 16 & 0xFF)] }
    private func le32(_ value: Int) -> [UInt8] { le16(value) + le16(value >> 16) }

    private func png(_ width: Int, _ height: Int) -> Data {
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        return Data(signature + be32(13) + Array("IHDR".utf8) + be32(width) + be32(height) + [8, 2, 0, 0, 0] + be32(0))
    }

    private func jpeg(_ width: Int, _ height: Int, frame: UInt8 = 0xC0) -> Data {
        let app0: [UInt8] = [0xFF, 0xE0] + be16(16) + Array("JFIF".utf8) + [0, 1, 1, 0, 0, 1, 0, 1, 0, 0]
        let huffman: [UInt8] = [0xFF, 0xC4] + be16(5) + [0, 1, 2]  // DHT (0xC4) is not a frame
        let frameSegment: [UInt8] =
            [0xFF, frame] + be16(17) + [8] + be16(height) + be16(width) + [3] + Array(repeating: 1, count: 9)
        return Data([0xFF, 0xD8] + app0 + huffman + [0xFF, 0xFF] + frameSegment + [0xFF, 0xD9])
    }

    private func gif(_ width: Int, _ height: Int) -> Data {
        Data(Array("GIF89a".utf8) + le16(width) + le16(height) + [0xF7, 0, 0])
    }

    private func webp(_ chunk: String, _ payload: [UInt8]) -> Data {
        let riff = Array("RIFF".utf8) + le32(4 + 8 + payload.count) + Array("WEBP".utf8)
        return Data(riff + Array(chunk.utf8) + le32(payload.count) + payload)
    }

    private func bmp(_ width: Int, _ height: Int) -> Data {
        let fileHeader = Array("BM".utf8) + le32(54) + le32(0) + le32(54)
        return Data(fileHeader + le32(40) + le32(width) + le32(height) + le16(1) + le16(24))
    }

    private var samples: [(Data, ImageHeader)] {
        [
            (png(100, 100), ImageHeader(format: .png, width: 100, height: 100)),
            (png(70_000, 3), ImageHeader(format: .png, width: 70_000, height: 3)),
            (jpeg(239, 178), ImageHeader(format: .jpeg, width: 239, height: 178)),
            (jpeg(4032, 3024, frame: 0xC2), ImageHeader(format: .jpeg, width: 4032, height: 3024)),
            (gif(640, 480), ImageHeader(format: .gif, width: 640, height: 480)),
            (
                webp("VP8 ", [0x30, 0x01, 0x00, 0x9D, 0x01, 0x2A] + le16(274) + le16(367)),
                ImageHeader(format: .webp, width: 274, height: 367)
            ),
            (
                webp("VP8L", [0x2F] + le32((400 - 1) | (300 - 1) << 14)),
                ImageHeader(format: .webp, width: 400, height: 300)
            ),
            (
                webp("VP8X", [0x10, 0, 0, 0] + le24(1919) + le24(1079)),
                ImageHeader(format: .webp, width: 1920, height: 1080)
            ),
            (bmp(32, 16), ImageHeader(format: .bmp, width: 32, height: 16)),
            (bmp(32, -16), ImageHeader(format: .bmp, width: 32, height: 16)),
        ]
    }

    func testReadsFormatAndPixelSizeOfEachFormat() {
        for (data, expected) in samples {
            XCTAssertEqual(ImageHeader(data: data), expected, "\(expected)")
            XCTAssertEqual(ImageHeader(data: Data(data.dropFirst(0))), expected, "a zero-based copy")
            var sliced = Data([0xAA, 0xBB]) + data
            sliced = sliced.dropFirst(2)
            XCTAssertEqual(ImageHeader(data: sliced), expected, "a slice that does not start at 0")
        }
    }

    func testTruncatedHeadersAreNotImagesAndNeverTrap() {
        for (data, expected) in samples {
            for length in 0..<data.count {
                let header = ImageHeader(data: data.prefix(length))
                XCTAssertTrue(header == nil || header == expected, "\(expected.format) cut at \(length)")
            }
        }
        XCTAssertNil(ImageHeader(data: png(100, 100).prefix(23)))
        XCTAssertNil(ImageHeader(data: jpeg(10, 10).prefix(30)))
    }

    func testDamagedAndForeignBytesNeverTrap() {
        var generator = SystemRandomNumberGenerator()
        for (data, _) in samples {
            for _ in 0..<300 {
                var damaged = data
                for _ in 0..<3 { damaged[Int.random(in: 0..<damaged.count, using: &generator)] = .random(in: 0...255) }
                _ = ImageHeader(data: damaged)
            }
        }
        for _ in 0..<2000 {
            let bytes = Data((0..<Int.random(in: 0...64, using: &generator)).map { _ in UInt8.random(in: 0...255) })
            _ = ImageHeader(data: bytes)
        }
        for notImage in ["<html><body>Not found</body></html>", "{\"json\": true}", "", "GIF", "RIFF....WEBPVP8 "] {
            XCTAssertNil(ImageHeader(data: Data(notImage.utf8)), notImage)
        }
        XCTAssertNil(ImageHeader(data: png(0, 10)), "a zero dimension is not an image")
        XCTAssertNil(ImageHeader(data: bmp(-5, 10)))
    }

    func testFormatsKnowTheirMediaTypes() {
        XCTAssertEqual(
            ImageFormat.allCases.map(\.mimeType), ["image/png", "image/jpeg", "image/gif", "image/webp", "image/bmp"])
    }

    #if !canImport(UIKit) && !canImport(AppKit)
        func testLinuxImageCarriesBytesFormatAndSize() throws {
            let data = gif(12, 34)
            let image = try XCTUnwrap(Image(data: data))
            XCTAssertEqual(image.data, data)
            XCTAssertEqual(image.format, .gif)
            XCTAssertEqual(image.pixelWidth, 12)
            XCTAssertEqual(image.pixelHeight, 34)
            XCTAssertEqual(image.size, CGSize(width: 12, height: 34))
            XCTAssertNil(Image(data: Data("<html>".utf8)))
        }
    #endif

    // MARK: httpbin

    private func download(_ path: String) async -> Result<ImageResponse, NetworkingError> {
        let directory = DownloadsTestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let networking = Networking(
            baseURL: DownloadsTestSupport.baseURL, transport: TestTransport.make(),
            cache: DataCache(directory: directory))
        return await networking.downloadImage(path)
    }

    func testHTTPBinImagesDecode() async throws {
        await DownloadsTestSupport.requireHTTPBin()
        let expected: [(String, ImageFormat, Int, Int)] = [
            ("/image/png", .png, 100, 100), ("/image/jpeg", .jpeg, 239, 178), ("/image/webp", .webp, 274, 367),
            ("/image", .png, 100, 100),
        ]
        for (path, format, width, height) in expected {
            let response = try await download(path).get()
            XCTAssertEqual(response.headers["Content-Type"], format.mimeType, path)
            #if !canImport(UIKit) && !canImport(AppKit)
                XCTAssertEqual(response.image.format, format, path)
                XCTAssertEqual(response.image.pixelWidth, width, path)
                XCTAssertEqual(response.image.pixelHeight, height, path)
            #else
                XCTAssertEqual(response.image.size.width, CGFloat(width), path)
            #endif
        }
    }

    func testSVGIsNotAnImageHere() async {
        await DownloadsTestSupport.requireHTTPBin()
        guard case .failure(.decoding(_, let metadata)) = await download("/image/svg") else {
            return XCTFail("SVG has no pixel header: a decoding error")
        }
        XCTAssertEqual(metadata.headers["Content-Type"], "image/svg+xml")
    }
}
