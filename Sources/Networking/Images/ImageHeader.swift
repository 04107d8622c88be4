import Foundation

/// The format and pixel size of an image, read from the header of its bytes without decoding the
/// pixels: PNG (`IHDR`), JPEG (the first start-of-frame marker), GIF (the logical screen), WebP
/// (`VP8 `, `VP8L` or `VP8X`) and BMP.
///
/// Reading never traps: bytes that are short, truncated or of another kind give `nil`.
package struct ImageHeader: Sendable, Hashable {
    /// The format.
    package let format: ImageFormat
    /// The width in pixels.
    package let width: Int
    /// The height in pixels.
    package let height: Int

    /// Creates a header from its parts.
    package init(format: ImageFormat, width: Int, height: Int) {
        self.format = format
        self.width = width
        self.height = height
    }

    /// Reads the header of `data`, or returns `nil` if it is not an image in a known format.
    package init?(data: Data) {
        guard let header = data.withUnsafeBytes({ Self.parse(Bytes(raw: $0)) }) else { return nil }
        self = header
    }

    /// The header of the image in `bytes`, when it is one with a size.
    private static func parse(_ bytes: Bytes) -> ImageHeader? {
        let header: ImageHeader?
        if bytes.matches([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], at: 0) {
            header = Self.png(bytes)
        } else if bytes.matches([0xFF, 0xD8, 0xFF], at: 0) {
            header = Self.jpeg(bytes)
        } else if bytes.matches("GIF87a".utf8, at: 0) || bytes.matches("GIF89a".utf8, at: 0) {
            header = Self.gif(bytes)
        } else if bytes.matches("RIFF".utf8, at: 0) && bytes.matches("WEBP".utf8, at: 8) {
            header = Self.webp(bytes)
        } else if bytes.matches("BM".utf8, at: 0) {
            header = Self.bmp(bytes)
        } else {
            header = nil
        }
        guard let header, header.width > 0, header.height > 0 else { return nil }
        return header
    }

    private static func png(_ bytes: Bytes) -> ImageHeader? {
        guard bytes.matches("IHDR".utf8, at: 12), let width = bytes.uint32BE(at: 16),
            let height = bytes.uint32BE(at: 20)
        else { return nil }
        return ImageHeader(format: .png, width: Int(width), height: Int(height))
    }

    private static func jpeg(_ bytes: Bytes) -> ImageHeader? {
        var offset = 2
        while let marker = bytes[offset] {
            guard marker == 0xFF, let type = bytes[offset + 1] else { return nil }
            if type == 0xFF {  // fill byte
                offset += 1
                continue
            }
            if type == 0xD8 || type == 0x01 || (0xD0...0xD7).contains(type) {  // no length
                offset += 2
                continue
            }
            if type == 0xD9 || type == 0xDA { return nil }  // end of image or scan before any frame
            guard let length = bytes.uint16BE(at: offset + 2), length >= 2 else { return nil }
            let isStartOfFrame = (0xC0...0xCF).contains(type) && type != 0xC4 && type != 0xC8 && type != 0xCC
            if isStartOfFrame {
                guard let height = bytes.uint16BE(at: offset + 5), let width = bytes.uint16BE(at: offset + 7) else {
                    return nil
                }
                return ImageHeader(format: .jpeg, width: Int(width), height: Int(height))
            }
            offset += 2 + Int(length)
        }
        return nil
    }

    private static func gif(_ bytes: Bytes) -> ImageHeader? {
        guard let width = bytes.uint16LE(at: 6), let height = bytes.uint16LE(at: 8) else { return nil }
        return ImageHeader(format: .gif, width: Int(width), height: Int(height))
    }

    private static func webp(_ bytes: Bytes) -> ImageHeader? {
        if bytes.matches("VP8 ".utf8, at: 12) {
            // Lossy: a 3-byte frame tag, the start code 9D 01 2A, then 14-bit width and height.
            guard bytes.matches([0x9D, 0x01, 0x2A], at: 23), let width = bytes.uint16LE(at: 26),
                let height = bytes.uint16LE(at: 28)
            else { return nil }
            return ImageHeader(format: .webp, width: Int(width & 0x3FFF), height: Int(height & 0x3FFF))
        }
        if bytes.matches("VP8L".utf8, at: 12) {
            // Lossless: signature 0x2F, then width − 1 and height − 1 in 14 bits each.
            guard bytes[20] == 0x2F, let bits = bytes.uint32LE(at: 21) else { return nil }
            return ImageHeader(format: .webp, width: Int(bits & 0x3FFF) + 1, height: Int((bits >> 14) & 0x3FFF) + 1)
        }
        if bytes.matches("VP8X".utf8, at: 12) {
            // Extended: canvas width − 1 and height − 1 in 24 bits each.
            guard let width = bytes.uint24LE(at: 24), let height = bytes.uint24LE(at: 27) else { return nil }
            return ImageHeader(format: .webp, width: Int(width) + 1, height: Int(height) + 1)
        }
        return nil
    }

    private static func bmp(_ bytes: Bytes) -> ImageHeader? {
        guard let headerSize = bytes.uint32LE(at: 14) else { return nil }
        if headerSize == 12 {  // OS/2 BITMAPCOREHEADER
            guard let width = bytes.uint16LE(at: 18), let height = bytes.uint16LE(at: 20) else { return nil }
            return ImageHeader(format: .bmp, width: Int(width), height: Int(height))
        }
        guard headerSize >= 40, let width = bytes.uint32LE(at: 18), let height = bytes.uint32LE(at: 22) else {
            return nil
        }
        // The height is negative for a top-down bitmap.
        return ImageHeader(
            format: .bmp, width: Int(Int32(bitPattern: width)), height: abs(Int(Int32(bitPattern: height))))
    }
}

/// Bounds-checked reads from the start of a buffer.
/// The bytes of an image being read, bounds-checked: every read outside them is `nil` or `false`.
/// A view of the data's memory for the length of one parse (`Data`'s own subscript costs a
/// check of its representation on every byte).
private struct Bytes {
    let raw: UnsafeRawBufferPointer

    subscript(offset: Int) -> UInt8? {
        guard offset >= 0, offset < raw.count else { return nil }
        return raw[offset]
    }

    func matches(_ expected: some Collection<UInt8>, at offset: Int) -> Bool {
        guard offset >= 0, offset + expected.count <= raw.count else { return false }
        var index = offset
        for byte in expected {
            guard raw[index] == byte else { return false }
            index += 1
        }
        return true
    }

    private func value(at offset: Int, count: Int, bigEndian: Bool) -> UInt32? {
        guard offset >= 0, offset + count <= raw.count else { return nil }
        var result: UInt32 = 0
        for index in 0..<count {
            let byte = UInt32(raw[offset + (bigEndian ? index : count - 1 - index)])
            result = result << 8 | byte
        }
        return result
    }

    func uint16BE(at offset: Int) -> UInt32? { value(at: offset, count: 2, bigEndian: true) }
    func uint32BE(at offset: Int) -> UInt32? { value(at: offset, count: 4, bigEndian: true) }
    func uint16LE(at offset: Int) -> UInt32? { value(at: offset, count: 2, bigEndian: false) }
    func uint24LE(at offset: Int) -> UInt32? { value(at: offset, count: 3, bigEndian: false) }
    func uint32LE(at offset: Int) -> UInt32? { value(at: offset, count: 4, bigEndian: false) }
}
