import Foundation
import Synchronization

/// The disk tier: one file per key in one directory.
///
/// - A file is named by the SHA-256 of its key (64 hex digits), so any key, however long or
///   hostile (`../../etc/x`, 2,000 characters, non-ASCII), maps to a safe name inside the directory.
/// - A file is a 24-byte header (magic, payload length, XXH64 checksum of the payload) then the
///   payload. A file that is short, long, or fails its checksum is a miss and is removed (so is a
///   file of the earlier format, whose checksum was a CRC-32: its magic differs).
/// - Writes go to a `0600` temporary file in the same directory, which is then renamed over the
///   entry: a reader sees the old bytes or the new ones, never a mix.
/// - The modification date is the clock of the sliding expiry: set on every write and on every
///   read, from the injected clock. An entry unused for longer than the TTL is a miss and is removed;
///   a sweep removes every such entry, then the least recently used ones while the directory is over
///   its size limit (down to 90 % of it).
final class DiskTier: Sendable {
    private struct State {
        var ttl: TimeInterval
        /// Bytes on disk, as counted by the last sweep and adjusted since; `nil` before the first.
        var usage: Int?
        var lastSweep: Date?
    }

    static let headerSize = 24
    private static let magic = Array("NWCACHE2".utf8)
    private static let temporaryPrefix = ".tmp-"
    /// How often expired entries are swept while the cache is in use.
    static let sweepInterval: TimeInterval = 3600

    let directory: URL
    /// `directory`'s path, read once: `URL.path` and `appendingPathComponent` cost tens of
    /// microseconds on Linux, which every read would pay.
    let directoryPath: String
    let sizeLimit: Int
    private let clock: @Sendable () -> Date
    private let state: Mutex<State>
    private let sweeping = Mutex<Void>(())

    /// A tier in `directory`, whose path is `path` (`directory.path`).
    init(directory: URL, path: String, sizeLimit: Int, ttl: TimeInterval, clock: @escaping @Sendable () -> Date) {
        self.directory = directory
        self.directoryPath = path
        self.sizeLimit = sizeLimit
        self.clock = clock
        self.state = Mutex(State(ttl: ttl))
    }

    /// A tier in `directory`.
    convenience init(directory: URL, sizeLimit: Int, ttl: TimeInterval, clock: @escaping @Sendable () -> Date) {
        self.init(directory: directory, path: directory.path, sizeLimit: sizeLimit, ttl: ttl, clock: clock)
    }

    var ttl: TimeInterval {
        get { state.withLock { $0.ttl } }
        set { state.withLock { $0.ttl = newValue } }
    }

    /// The file an entry lives in.
    func path(forKey key: String) -> String { path(ofFile: Self.fileName(forKey: key)) }

    /// The path of the file named `name` in the directory.
    private func path(ofFile name: String) -> String {
        directoryPath.hasSuffix("/") ? directoryPath + name : directoryPath + "/" + name
    }

    /// The file name of an entry: 64 lowercase hex digits.
    static func fileName(forKey key: String) -> String { SHA256.hexDigest(key) }

    // MARK: Reading

    /// The payload stored for `key`, refreshing its modification date; `nil` if absent, expired,
    /// truncated or corrupt (the last three are removed).
    func read(forKey key: String) -> Data? {
        // No sweep here: reading adds nothing, and an expired file is dropped below when read.
        let path = path(forKey: key)
        guard let descriptor = FileSystem.openForReading(path) else { return nil }
        defer { FileSystem.close(descriptor) }
        guard let status = FileSystem.status(of: descriptor), status.isRegularFile else { return nil }
        let now = clock()
        if now.timeIntervalSince(status.modificationDate) > ttl {
            discard(path, ifStill: status)
            return nil
        }
        guard let payload = Self.readPayload(descriptor, fileSize: status.size) else {
            discard(path, ifStill: status)
            return nil
        }
        FileSystem.setModificationDate(descriptor, now)
        return payload
    }

    private static func readPayload(_ descriptor: Int32, fileSize: Int) -> Data? {
        guard fileSize >= headerSize, let header = FileSystem.read(descriptor, count: headerSize, at: 0),
            header.prefix(8).elementsEqual(magic)
        else { return nil }
        let length = header.loadLittleEndian(UInt64.self, at: 8)
        let checksum = header.loadLittleEndian(UInt64.self, at: 16)
        guard length == UInt64(fileSize - headerSize),
            let payload = FileSystem.read(descriptor, count: Int(length), at: headerSize),
            XXH64.hash(payload) == checksum
        else { return nil }
        return payload
    }

    /// Removes `path` if it is still the file described by `status` (a writer may have replaced it).
    private func discard(_ path: String, ifStill status: FileSystem.Status) {
        guard let current = FileSystem.status(atPath: path), current.inode == status.inode,
            current.device == status.device
        else { return }
        if FileSystem.remove(path) { adjustUsage(by: -status.size) }
    }

    // MARK: Writing

    /// Stores `payload` for `key`; `false` if it could not be written (it is then absent).
    @discardableResult
    func write(_ payload: Data, forKey key: String) -> Bool {
        let fileSize = Self.headerSize + payload.count
        guard fileSize <= sizeLimit else {
            remove(forKey: key)
            return false
        }
        sweepIfDue()
        let temporary = path(ofFile: Self.temporaryPrefix + UUID().uuidString)
        var created = FileSystem.createExclusively(temporary)
        if created.descriptor == nil, created.error == ENOENT, FileSystem.createDirectory(directoryPath) {
            created = FileSystem.createExclusively(temporary)
        }
        guard let descriptor = created.descriptor else { return false }
        var header = Data(Self.magic)
        header.appendLittleEndian(UInt64(payload.count))
        header.appendLittleEndian(XXH64.hash(payload))
        let written =
            FileSystem.writeAll(descriptor, header) && FileSystem.writeAll(descriptor, payload)
            && FileSystem.setModificationDate(descriptor, clock())
        FileSystem.close(descriptor)
        let destination = path(forKey: key)
        let replaced = FileSystem.status(atPath: destination)?.size ?? 0
        guard written, FileSystem.rename(temporary, to: destination) else {
            FileSystem.remove(temporary)
            return false
        }
        if adjustUsage(by: fileSize - replaced) > sizeLimit { sweep() }
        return true
    }

    /// Removes the entry for `key`.
    func remove(forKey key: String) {
        let path = path(forKey: key)
        guard let status = FileSystem.status(atPath: path), status.isRegularFile else { return }
        if FileSystem.remove(path) { adjustUsage(by: -status.size) }
    }

    /// Removes every entry (and leftover temporary file); other files in the directory are left alone.
    func removeAll() {
        sweeping.withLock { _ in
            for name in FileSystem.contentsOfDirectory(directoryPath) where Self.isOwnFile(name) {
                FileSystem.remove(path(ofFile: name))
            }
            state.withLock { $0.usage = 0 }
        }
    }

    // MARK: Sweeping

    /// The bytes the entries take on disk, counted afresh.
    func measuredUsage() -> Int {
        entries().reduce(0) { $0 + $1.status.size }
    }

    /// Removes expired entries, then the least recently used ones while over the size limit.
    func sweep() {
        sweeping.withLock { _ in
            let now = clock()
            let ttl = self.ttl
            var live: [(path: String, status: FileSystem.Status)] = []
            for entry in entries() {
                let age = now.timeIntervalSince(entry.status.modificationDate)
                if entry.isTemporary {
                    // A writer renames its temporary file within moments; an old one is debris.
                    if age > 3600 || age < -3600 { FileSystem.remove(entry.path) }
                } else if age > ttl {
                    FileSystem.remove(entry.path)
                } else {
                    live.append((entry.path, entry.status))
                }
            }
            var usage = live.reduce(0) { $0 + $1.status.size }
            if usage > sizeLimit {
                let target = sizeLimit / 10 * 9
                for entry in live.sorted(by: { $0.status.modificationDate < $1.status.modificationDate }) {
                    guard usage > target else { break }
                    if FileSystem.remove(entry.path) { usage -= entry.status.size }
                }
            }
            state.withLock {
                $0.usage = usage
                $0.lastSweep = now
            }
        }
    }

    /// Sweeps on first use and then once per `sweepInterval` of the clock.
    private func sweepIfDue() {
        let now = clock()
        let due = state.withLock { state -> Bool in
            guard let last = state.lastSweep else { return true }
            return abs(now.timeIntervalSince(last)) > Self.sweepInterval
        }
        if due { sweep() }
    }

    /// Forgets when the last sweep ran, so that the next access sweeps (after the TTL changes).
    func scheduleSweep() { state.withLock { $0.lastSweep = nil } }

    @discardableResult
    private func adjustUsage(by delta: Int) -> Int {
        state.withLock { state -> Int in
            guard let usage = state.usage else { return 0 }
            state.usage = max(0, usage + delta)
            return state.usage ?? 0
        }
    }

    private func entries() -> [(path: String, status: FileSystem.Status, isTemporary: Bool)] {
        FileSystem.contentsOfDirectory(directoryPath).compactMap { name in
            guard Self.isOwnFile(name) else { return nil }
            let path = path(ofFile: name)
            guard let status = FileSystem.status(atPath: path), status.isRegularFile else { return nil }
            return (path, status, name.hasPrefix(Self.temporaryPrefix))
        }
    }

    /// Entry files (64 hex digits) and this tier's temporary files.
    private static func isOwnFile(_ name: String) -> Bool {
        if name.hasPrefix(temporaryPrefix) { return true }
        return name.utf8.count == 64 && name.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }
}

extension Data {
    fileprivate func loadLittleEndian<T: FixedWidthInteger>(_ type: T.Type, at offset: Int) -> T {
        var value = T.zero
        for index in 0..<MemoryLayout<T>.size {
            value |= T(self[startIndex + offset + index]) << (8 * index)
        }
        return value
    }

    fileprivate mutating func appendLittleEndian<T: FixedWidthInteger>(_ value: T) {
        for index in 0..<MemoryLayout<T>.size { append(UInt8(truncatingIfNeeded: value >> (8 * index))) }
    }
}
