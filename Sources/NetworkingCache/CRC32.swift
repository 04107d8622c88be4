import Foundation

/// CRC-32 (IEEE 802.3, the zlib/PNG polynomial), the checksum a cache file carries in its header so
/// that a damaged file is recognised and dropped instead of served. Slicing-by-8: eight bytes per
/// step through eight 256-entry tables.
enum CRC32 {
    private static let tables: [UInt32] = {
        var tables = [UInt32](repeating: 0, count: 8 * 256)
        for index in 0..<256 {
            var value = UInt32(index)
            for _ in 0..<8 { value = value & 1 == 1 ? (value >> 1) ^ 0xEDB8_8320 : value >> 1 }
            tables[index] = value
        }
        for index in 0..<256 {
            for slice in 1..<8 {
                let previous = tables[(slice - 1) * 256 + index]
                tables[slice * 256 + index] = (previous >> 8) ^ tables[Int(previous & 0xFF)]
            }
        }
        return tables
    }()

    /// The checksum of `bytes`.
    static func checksum(_ bytes: UnsafeRawBufferPointer) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        tables.withUnsafeBufferPointer { table in
            var offset = 0
            let count = bytes.count
            while count - offset >= 8 {
                let low =
                    UInt32(bytes[offset]) | UInt32(bytes[offset + 1]) << 8 | UInt32(bytes[offset + 2]) << 16
                    | UInt32(bytes[offset + 3]) << 24
                let high =
                    UInt32(bytes[offset + 4]) | UInt32(bytes[offset + 5]) << 8
                    | UInt32(bytes[offset + 6]) << 16 | UInt32(bytes[offset + 7]) << 24
                let mixed = crc ^ low
                crc =
                    table[7 * 256 + Int(mixed & 0xFF)] ^ table[6 * 256 + Int((mixed >> 8) & 0xFF)]
                    ^ table[5 * 256 + Int((mixed >> 16) & 0xFF)] ^ table[4 * 256 + Int(mixed >> 24)]
                    ^ table[3 * 256 + Int(high & 0xFF)] ^ table[2 * 256 + Int((high >> 8) & 0xFF)]
                    ^ table[1 * 256 + Int((high >> 16) & 0xFF)] ^ table[Int(high >> 24)]
                offset += 8
            }
            while offset < count {
                crc = table[Int((crc ^ UInt32(bytes[offset])) & 0xFF)] ^ (crc >> 8)
                offset += 1
            }
        }
        return crc ^ 0xFFFF_FFFF
    }

    /// The checksum of `data`.
    static func checksum(_ data: Data) -> UInt32 { data.withUnsafeBytes { checksum($0) } }
}
