import Foundation

/// The model every client decodes: about 1 KB of JSON, the shape of a typical API object.
struct Profile: Codable, Sendable, Equatable {
    struct Address: Codable, Sendable, Equatable {
        let street: String
        let city: String
        let postcode: String
        let country: String
    }

    struct Friend: Codable, Sendable, Equatable {
        let id: Int
        let name: String
        let since: Int
    }

    let id: Int
    let name: String
    let email: String
    let active: Bool
    let score: Double
    let tags: [String]
    let address: Address
    let friends: [Friend]
}

/// The files the server serves, written by `Benchmarks fixtures DIR` before nginx starts.
enum Fixtures {
    static let smallPath = "/small.json"
    static let mediumPath = "/medium.bin"
    /// 100 KB whose first bytes are a PNG header (what `downloadImage` checks on Linux).
    static let mediumImagePath = "/medium.png"
    static let largePath = "/large.bin"
    /// 1 GiB, sparse (`FileTransfers`); never committed, made under .build/bench by `write(to:)`.
    static let hugePath = "/huge.bin"
    /// Where nginx takes an upload and discards it (answers 204).
    static let uploadPath = "/upload"
    /// 32 KB that the connection-logging HTTP listener sends in two halves 20 ms apart (see
    /// `location /slow/` in nginx.conf.in), so that identical requests overlap (`CoalescingScenario`).
    static let slowPath = "/slow/32k.bin"
    static let slowSize = 32 * 1024
    static let mediumSize = 100 * 1024
    static let largeSize = 10 * 1024 * 1024

    static let profile = Profile(
        id: 4711, name: "Elvis Nuñez", email: "elvis@example.com", active: true, score: 98.25,
        tags: ["swift", "linux", "networking", "benchmark", "json"],
        address: Profile.Address(street: "Karl Johans gate 1", city: "Oslo", postcode: "0154", country: "NO"),
        friends: (1...14).map { Profile.Friend(id: $0 * 37, name: "Friend number \($0)", since: 2_000 + $0) })

    /// The 1 KB JSON body.
    static var smallJSON: Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return (try? encoder.encode(profile)) ?? Data()
    }

    /// Deterministic binary content of `size` bytes.
    static func binary(size: Int) -> Data {
        var data = Data(count: size)
        data.withUnsafeMutableBytes { buffer in
            var state: UInt32 = 2_463_534_242
            for index in buffer.indices {
                state ^= state << 13
                state ^= state >> 17
                state ^= state << 5
                buffer[index] = UInt8(truncatingIfNeeded: state)
            }
        }
        return data
    }

    /// A PNG signature and `IHDR` chunk (64×64) followed by binary content, `mediumSize` bytes in all.
    static var mediumImage: Data {
        var data = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13])
        data.append(contentsOf: Array("IHDR".utf8))
        data.append(contentsOf: [0, 0, 0, 64, 0, 0, 0, 64, 8, 6, 0, 0, 0, 0, 0, 0, 0])
        data.append(binary(size: mediumSize - data.count))
        return data
    }

    /// Writes the served files into `directory`.
    static func write(to directory: URL) throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try smallJSON.write(to: directory.appendingPathComponent(String(smallPath.dropFirst())))
        try binary(size: mediumSize).write(to: directory.appendingPathComponent(String(mediumPath.dropFirst())))
        try mediumImage.write(to: directory.appendingPathComponent(String(mediumImagePath.dropFirst())))
        try binary(size: largeSize).write(to: directory.appendingPathComponent(String(largePath.dropFirst())))
        let slow = directory.appendingPathComponent(String(slowPath.dropFirst()))
        try FileManager.default.createDirectory(at: slow.deletingLastPathComponent(), withIntermediateDirectories: true)
        try binary(size: slowSize).write(to: slow)
        let huge = directory.appendingPathComponent(String(hugePath.dropFirst()))
        guard FileManager.default.createFile(atPath: huge.path, contents: nil) else {
            throw BenchmarkFailure(description: "cannot create \(huge.path)")
        }
        let handle = try FileHandle(forWritingTo: huge)
        try handle.truncate(atOffset: UInt64(FileTransfers.size))  // sparse: no disk blocks
        try handle.close()
    }
}
