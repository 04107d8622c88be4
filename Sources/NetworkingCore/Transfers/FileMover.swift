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

/// File operations of downloads.
enum FileMover {
    /// The destination's directory, which must exist.
    static func directory(of destination: URL) throws(NetworkingError) -> URL {
        guard destination.isFileURL else {
            throw .invalidRequest("download destination '\(destination)' is not a file URL")
        }
        let directory = destination.deletingLastPathComponent()
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory), isDirectory.boolValue
        else { throw .invalidRequest("the directory of the download destination '\(directory.path)' does not exist") }
        return directory
    }

    /// Atomically replaces `destination` with `source` (`rename(2)`: both in one file system).
    static func replace(_ destination: URL, with source: URL) throws(NetworkingError) {
        guard rename(source.path, destination.path) == 0 else {
            let reason = String(cString: strerror(errno))
            throw .transport(
                URLError(
                    .cannotMoveFile,
                    userInfo: [
                        NSLocalizedDescriptionKey: "Cannot move the download to '\(destination.path)': \(reason)",
                        NSURLErrorFailingURLErrorKey: destination,
                    ]))
        }
    }

    /// The size of a file, or `nil` when it does not exist.
    static func size(of file: URL) -> Int64? {
        (try? FileManager.default.attributesOfItem(atPath: file.path)[.size] as? NSNumber)?.int64Value
    }
}
