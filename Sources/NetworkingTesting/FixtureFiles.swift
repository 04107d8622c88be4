import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Naming, listing and writing fixture files.
enum FixtureFiles {
    /// `NNNN-METHOD-path.json`, the path reduced to letters, digits and dashes (at most 60).
    static func name(index: Int, for request: Fixture.Request) -> String {
        let path = URL(string: request.url).map { RequestPattern.path(of: $0) } ?? request.url
        var slug = ""
        for scalar in path.lowercased().unicodeScalars {
            let isWordCharacter = CharacterSet.alphanumerics.contains(scalar) && scalar.isASCII
            if isWordCharacter {
                slug.unicodeScalars.append(scalar)
            } else if !slug.isEmpty, !slug.hasSuffix("-") {
                slug += "-"
            }
        }
        while slug.hasSuffix("-") { slug.removeLast() }
        if slug.isEmpty { slug = "root" }
        let number = String(index)
        let padded = String(repeating: "0", count: max(0, 4 - number.count)) + number
        return "\(padded)-\(request.method.uppercased())-\(slug.prefix(60)).json"
    }

    /// The fixture files in `directory`, sorted by name (so in recording order).
    static func list(in directory: URL) throws -> [URL] {
        try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "json" && !$0.lastPathComponent.hasPrefix(".") }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
    }

    /// The largest leading number among the fixtures in `directory` (0 when there are none).
    static func highestIndex(in directory: URL) -> Int {
        let files = (try? list(in: directory)) ?? []
        return files.compactMap { Int($0.lastPathComponent.prefix { $0.isNumber }) }.max() ?? 0
    }

    /// Writes `data` to a new file at `url` readable by its owner only (0600), through a hidden
    /// temporary file renamed into place, so the file is never wider open nor half written.
    static func writePrivately(_ data: Data, to url: URL) throws {
        let temporary = url.deletingLastPathComponent().appendingPathComponent(".\(UUID().uuidString).tmp")
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL, 0o600)
        guard descriptor >= 0 else { throw posixError(errno, temporary) }
        var failure: Int32 = 0
        data.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = Glue.write(descriptor, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                offset += written
            }
        }
        close(descriptor)
        if failure != 0 {
            unlink(temporary.path)
            throw posixError(failure, temporary)
        }
        guard rename(temporary.path, url.path) == 0 else {
            let code = errno
            unlink(temporary.path)
            throw posixError(code, url)
        }
    }

    private static func posixError(_ code: Int32, _ url: URL) -> NSError {
        NSError(
            domain: NSPOSIXErrorDomain, code: Int(code),
            userInfo: [NSLocalizedDescriptionKey: "\(url.path): \(String(cString: strerror(code)))"])
    }
}

/// The C `write`, named apart from Swift methods called `write`.
private enum Glue {
    static func write(_ descriptor: Int32, _ pointer: UnsafeRawPointer?, _ count: Int) -> Int {
        #if canImport(Glibc)
            return Glibc.write(descriptor, pointer, count)
        #elseif canImport(Musl)
            return Musl.write(descriptor, pointer, count)
        #else
            return Darwin.write(descriptor, pointer, count)
        #endif
    }
}
