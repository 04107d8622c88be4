import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// An exclusive advisory lock (`flock`) on a file, held by this process until released or until
/// the process dies (the kernel drops it then, so a killed download never blocks the next one).
final class FileLock {
    private var descriptor: Int32

    /// Opens (creating it if needed) and locks `file`, or throws `.invalidRequest` when another
    /// download holds it.
    init(_ file: URL) throws(NetworkingError) {
        let descriptor = open(file.path, O_RDWR | O_CREAT, 0o644)
        guard descriptor >= 0 else {
            throw FileBodyWriter.fileError(.cannotCreateFile, file, nil)
        }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            close(descriptor)
            throw .invalidRequest("another download to '\(file.path)' is in progress")
        }
        self.descriptor = descriptor
    }

    /// Releases the lock. Idempotent.
    func release() {
        guard descriptor >= 0 else { return }
        flock(descriptor, LOCK_UN)
        close(descriptor)
        descriptor = -1
    }

    deinit { release() }
}
