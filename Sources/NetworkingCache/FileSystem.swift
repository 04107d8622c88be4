import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The few POSIX file operations the disk tier needs, with the modes and atomicity it relies on:
/// files created `0600` with `O_EXCL`, directories `0700`, explicit modification dates, and
/// `rename(2)` to publish a fully written file.
enum FileSystem {
    /// What `stat` reports about a file that matters here.
    struct Status: Equatable {
        var size: Int
        var modificationDate: Date
        var inode: UInt64
        var device: UInt64
        var isRegularFile: Bool
        var permissions: Int
    }

    /// The status of an open file.
    static func status(of descriptor: Int32) -> Status? {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return nil }
        return Status(info)
    }

    /// The status of the file at `path`, not following a final symbolic link.
    static func status(atPath path: String) -> Status? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        return Status(info)
    }

    /// Opens `path` for reading.
    static func openForReading(_ path: String) -> Int32? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        return descriptor >= 0 ? descriptor : nil
    }

    /// Creates `path`, which must not exist, for writing with mode 0600.
    static func createExclusively(_ path: String) -> (descriptor: Int32?, error: Int32) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, mode_t(0o600))
        guard descriptor >= 0 else { return (nil, errno) }
        _ = fchmod(descriptor, mode_t(0o600))
        return (descriptor, 0)
    }

    /// Closes a descriptor.
    static func close(_ descriptor: Int32) {
        #if canImport(Glibc)
            _ = Glibc.close(descriptor)
        #elseif canImport(Musl)
            _ = Musl.close(descriptor)
        #elseif canImport(Darwin)
            _ = Darwin.close(descriptor)
        #endif
    }

    /// Reads exactly `count` bytes at `offset`, or returns `nil` if the file ends first or fails.
    /// The buffer is not zeroed first (`Data(count:)` would write every byte once more).
    static func read(_ descriptor: Int32, count: Int, at offset: Int) -> Data? {
        guard count > 0 else { return count == 0 ? Data() : nil }
        let base = UnsafeMutableRawPointer.allocate(byteCount: count, alignment: 16)
        var done = 0
        while done < count {
            let result = pread(descriptor, base + done, count - done, off_t(offset + done))
            if result < 0, errno == EINTR { continue }
            guard result > 0 else {
                base.deallocate()
                return nil
            }
            done += result
        }
        return Data(bytesNoCopy: base, count: count, deallocator: .custom { pointer, _ in pointer.deallocate() })
    }

    /// Writes all of `data`, retrying short writes.
    static func writeAll(_ descriptor: Int32, _ data: Data) -> Bool {
        data.withUnsafeBytes { buffer -> Bool in
            guard let base = buffer.baseAddress else { return true }
            var done = 0
            while done < buffer.count {
                let result = write(descriptor, base + done, buffer.count - done)
                if result < 0, errno == EINTR { continue }
                guard result > 0 else { return false }
                done += result
            }
            return true
        }
    }

    /// Sets the access and modification dates of an open file.
    @discardableResult
    static func setModificationDate(_ descriptor: Int32, _ date: Date) -> Bool {
        let seconds = date.timeIntervalSince1970.rounded(.down)
        let nanoseconds = (date.timeIntervalSince1970 - seconds) * 1_000_000_000
        var time = timespec()
        time.tv_sec = time_t(seconds)
        time.tv_nsec = Int(nanoseconds.rounded(.down))
        let times = [time, time]
        return times.withUnsafeBufferPointer { futimens(descriptor, $0.baseAddress) } == 0
    }

    /// Atomically replaces `destination` with `source`.
    static func rename(_ source: String, to destination: String) -> Bool {
        #if canImport(Glibc)
            return Glibc.rename(source, destination) == 0
        #elseif canImport(Musl)
            return Musl.rename(source, destination) == 0
        #else
            return Darwin.rename(source, destination) == 0
        #endif
    }

    /// Removes the file at `path`; `true` if it is gone afterwards.
    @discardableResult
    static func remove(_ path: String) -> Bool { unlink(path) == 0 || errno == ENOENT }

    /// Creates `path` and any missing parents, each new one with mode 0700.
    static func createDirectory(_ path: String) -> Bool {
        var info = stat()
        if stat(path, &info) == 0 { return (info.st_mode & S_IFMT) == S_IFDIR }
        let parent = (path as NSString).deletingLastPathComponent
        if !parent.isEmpty, parent != path, !createDirectory(parent) { return false }
        if mkdir(path, mode_t(0o700)) == 0 {
            _ = chmod(path, mode_t(0o700))
            return true
        }
        return errno == EEXIST
    }

    /// The names in a directory (empty if it cannot be read).
    static func contentsOfDirectory(_ path: String) -> [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
    }
}

extension FileSystem.Status {
    fileprivate init(_ info: stat) {
        #if canImport(Darwin)
            let time = info.st_mtimespec
        #else
            let time = info.st_mtim
        #endif
        self.init(
            size: Int(info.st_size),
            modificationDate: Date(timeIntervalSince1970: TimeInterval(time.tv_sec) + TimeInterval(time.tv_nsec) / 1e9),
            inode: UInt64(info.st_ino), device: UInt64(info.st_dev),
            isRegularFile: (info.st_mode & S_IFMT) == S_IFREG, permissions: Int(info.st_mode & 0o7777))
    }
}
