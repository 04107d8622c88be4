import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Keeps the token in a JSON file readable by the owner only.
///
/// - The file is created with permissions `0600` (its directory, when created, `0700`) from the
///   start: there is no moment at which it is readable by others.
/// - Writes are atomic: the token goes to a temporary file in the same directory, is flushed to
///   disk, and is renamed over the old file, so a crash leaves the old token or the new one,
///   never half of one.
/// - A missing file means "no token". A file that exists but does not hold a token throws
///   `TokenStorageError.corrupted` and is left in place: a damaged store is reported, not
///   mistaken for a sign-out.
///
/// On Apple platforms prefer `KeychainTokenStorage`; this storage is for Linux, servers and tools.
public struct FileTokenStorage: TokenStorage {
    /// The file the token is kept in.
    package let fileURL: URL

    /// Creates a storage keeping the token at `fileURL` (a `file:` URL).
    public init(fileURL: URL) {
        self.fileURL = fileURL
    }

    /// Reads the token from the file; a missing file means no token.
    public func loadToken() throws -> Token? {
        let path = fileURL.path
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        if descriptor < 0 {
            if errno == ENOENT { return nil }
            throw TokenStorageError.fileSystem(operation: "open", location: path, code: errno)
        }
        defer { close(descriptor) }
        let data = try readAll(descriptor, path: path)
        return try TokenCoding.decode(data, location: path)
    }

    /// Writes the token atomically, to a file readable by the owner only.
    public func saveToken(_ token: Token) throws {
        let data = try TokenCoding.encode(token)
        let directory = fileURL.deletingLastPathComponent()
        try createDirectory(directory)
        let temporary = directory.appendingPathComponent(".\(fileURL.lastPathComponent).\(UUID().uuidString).tmp").path
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw TokenStorageError.fileSystem(operation: "create", location: temporary, code: errno)
        }
        var renamed = false
        defer { if !renamed { unlink(temporary) } }
        do {
            defer { close(descriptor) }
            // The umask can only narrow 0600; fchmod makes the mode exact whatever it is.
            guard fchmod(descriptor, 0o600) == 0 else {
                throw TokenStorageError.fileSystem(operation: "protect", location: temporary, code: errno)
            }
            try writeAll(data, to: descriptor, path: temporary)
            guard fsync(descriptor) == 0 else {
                throw TokenStorageError.fileSystem(operation: "flush", location: temporary, code: errno)
            }
        }
        guard rename(temporary, fileURL.path) == 0 else {
            throw TokenStorageError.fileSystem(operation: "replace", location: fileURL.path, code: errno)
        }
        renamed = true
    }

    /// Deletes the file; succeeds when there is none.
    public func removeToken() throws {
        guard unlink(fileURL.path) == 0 || errno == ENOENT else {
            throw TokenStorageError.fileSystem(operation: "remove", location: fileURL.path, code: errno)
        }
    }

    private func createDirectory(_ directory: URL) throws {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory), isDirectory.boolValue {
            return
        }
        do {
            try FileManager.default.createDirectory(
                at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw TokenStorageError.fileSystem(
                operation: "create the directory of", location: directory.path, code: (error as NSError).posixCode)
        }
    }

    private func readAll(_ descriptor: Int32, path: String) throws -> Data {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count == 0 { return data }
            if count < 0 {
                if errno == EINTR { continue }
                throw TokenStorageError.fileSystem(operation: "read", location: path, code: errno)
            }
            data.append(contentsOf: buffer[0..<count])
        }
    }

    private func writeAll(_ data: Data, to descriptor: Int32, path: String) throws {
        try data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
            var offset = 0
            while offset < bytes.count {
                let written = write(descriptor, bytes.baseAddress?.advanced(by: offset), bytes.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    throw TokenStorageError.fileSystem(operation: "write", location: path, code: errno)
                }
                offset += written
            }
        }
    }
}

extension NSError {
    /// The POSIX error code underneath a Foundation file error, or `EIO` when there is none.
    fileprivate var posixCode: Int32 {
        if domain == NSPOSIXErrorDomain { return Int32(code) }
        if let underlying = userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return Int32(underlying.code)
        }
        return EIO
    }
}
