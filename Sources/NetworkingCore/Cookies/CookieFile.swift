import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The file a `FileCookieJar` keeps: JSON, `{"version": 1, "cookies": […]}`, dates in seconds
/// since 1970, written whole to a temporary file of mode 0600 beside it and renamed over it, so a
/// reader sees the old file or the new one, never a part.
enum CookieFile {
    private struct Contents: Codable {
        var version: Int
        var cookies: [Cookie]
    }

    /// The cookies in the file at `url`: `[]` when there is no file, a description of what is
    /// wrong when it cannot be read or decoded.
    static func read(_ url: URL) -> Result<[Cookie], CookieFileProblem> {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            if !FileManager.default.fileExists(atPath: url.path) { return .success([]) }
            return .failure(CookieFileProblem("The cookie file \(url.path) could not be read (\(error))."))
        }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        guard let contents = try? decoder.decode(Contents.self, from: data), contents.version == 1 else {
            return .failure(
                CookieFileProblem("The cookie file \(url.path) is not a cookie jar of this library; it was ignored."))
        }
        return .success(contents.cookies)
    }

    /// Writes `cookies` to `url` atomically, the file's mode 0600; the directory is created
    /// (mode 0700) when missing.
    static func write(_ cookies: [Cookie], to url: URL) -> CookieFileProblem? {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .secondsSince1970
        encoder.outputFormatting = [.sortedKeys]
        guard let data = try? encoder.encode(Contents(version: 1, cookies: cookies)) else {
            return CookieFileProblem("The cookies could not be encoded for \(url.path).")
        }
        let directory = url.deletingLastPathComponent()
        try? FileManager.default.createDirectory(
            at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let temporary = directory.appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString).tmp").path
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, mode_t(0o600))
        guard descriptor >= 0 else { return problem("create", temporary, errno) }
        _ = fchmod(descriptor, mode_t(0o600))
        var failure: Int32 = 0
        data.withUnsafeBytes { bytes in
            var done = 0
            while done < bytes.count {
                let written = Foundation.write(descriptor, bytes.baseAddress! + done, bytes.count - done)
                if written < 0, errno == EINTR { continue }
                guard written > 0 else {
                    failure = errno
                    return
                }
                done += written
            }
        }
        if failure == 0, fsync(descriptor) != 0 { failure = errno }
        _ = close(descriptor)
        if failure != 0 {
            unlink(temporary)
            return problem("write", temporary, failure)
        }
        guard rename(temporary, url.path) == 0 else {
            let code = errno
            unlink(temporary)
            return problem("replace", url.path, code)
        }
        return nil
    }

    private static func problem(_ operation: String, _ path: String, _ code: Int32) -> CookieFileProblem {
        CookieFileProblem(
            "The cookie file could not be saved: \(operation) \(path) failed (\(String(cString: strerror(code)))).")
    }
}

/// What went wrong reading or writing a cookie file, in a sentence.
struct CookieFileProblem: Error, Sendable {
    let message: String
    init(_ message: String) { self.message = message }
}
