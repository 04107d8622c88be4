import Foundation
import Synchronization

/// A two-tier key→blob cache: a memory tier bounded by cost with least-recently-used eviction, over
/// a disk tier with a sliding expiry and a size bound.
///
/// - **Memory** is the warm tier: a hit takes a lock and a dictionary lookup, no disk I/O. It never
///   expires entries by age and leaves the disk file's date alone.
/// - **Disk** keeps one file per key, named by the SHA-256 of the key, written atomically with
///   mode `0600` in a `0700` directory. A file's modification date is its last use: it is set when
///   the entry is written and when it is read back from disk (not on memory hits). An entry unused
///   for longer than `ttl` is removed; when the files outgrow `diskSizeLimit` the least recently
///   used go first. A truncated or corrupt file is a miss and is removed.
///
/// ```swift
/// let cache = DataCache(directory: DataCache.defaultDirectory(forBaseURL: "https://example.com"))
/// cache.store(Data("hello".utf8), forKey: "greeting")
/// let data = cache.data(forKey: "greeting")
/// ```
///
/// Every method is safe to call from any thread.
public final class DataCache: Sendable {
    /// The default sliding expiry of disk entries: 7 days.
    @usableFromInline package static let defaultTTL: TimeInterval = 7 * 24 * 60 * 60
    /// The default bound of the memory tier: 64 MiB.
    @usableFromInline package static let defaultMemoryCostLimit = 64 * 1024 * 1024
    /// The default bound of the disk tier: 512 MiB.
    @usableFromInline package static let defaultDiskSizeLimit = 512 * 1024 * 1024

    /// The directory of the disk tier, or `nil` for a memory-only cache.
    public var directory: URL? { disk?.directory }

    private let memory: Mutex<LRUMemoryCache>
    private let disk: DiskTier?

    /// Creates a cache.
    ///
    /// - Parameters:
    ///   - directory: where the disk tier keeps its files (created with mode 0700 when missing), or
    ///     `nil` for a memory-only cache. See `defaultDirectory(forBaseURL:)`.
    ///   - memoryCostLimit: the most the memory tier holds, in bytes of keys and values.
    ///   - diskSizeLimit: the most the disk tier holds, in bytes of files.
    ///   - ttl: how long a disk entry may go unused before it is removed, in seconds.
    ///   - clock: the current time; the disk tier's expiry is measured with it (inject one in tests).
    public init(
        directory: URL?, memoryCostLimit: Int = DataCache.defaultMemoryCostLimit,
        diskSizeLimit: Int = DataCache.defaultDiskSizeLimit, ttl: TimeInterval = DataCache.defaultTTL,
        clock: @escaping @Sendable () -> Date = { Date() }
    ) {
        memory = Mutex(LRUMemoryCache(costLimit: max(0, memoryCostLimit)))
        disk = directory.map {
            let (directory, path) = Self.standardized($0)
            return DiskTier(directory: directory, path: path, sizeLimit: max(0, diskSizeLimit), ttl: ttl, clock: clock)
        }
    }

    /// `directory` with `.` and `..` resolved, and its path; an absolute path without them is taken
    /// as it is (`standardizedFileURL` costs about 10 µs, which a client made per request would pay).
    private static func standardized(_ directory: URL) -> (URL, path: String) {
        let path = directory.path
        // Over the bytes: splitting the `String` walks it by grapheme.
        let components = path.utf8.split(separator: UInt8(ascii: "/"))
        guard directory.isFileURL, path.hasPrefix("/"),
            !components.contains(where: { $0.count <= 2 && $0.allSatisfy { $0 == UInt8(ascii: ".") } })
        else {
            let standardized = directory.standardizedFileURL
            return (standardized, standardized.path)
        }
        return (directory, path)
    }

    // MARK: Configuration

    /// How long, in seconds, a disk entry may go unused before it is removed.
    public var ttl: TimeInterval { disk?.ttl ?? Self.defaultTTL }

    /// Changes the sliding expiry; the next disk access sweeps entries now past it. Users set it
    /// through the client (`Networking.setCacheTTL(_:)`) or `init`'s `ttl`.
    package func setTTL(_ ttl: TimeInterval) {
        disk?.ttl = ttl
        disk?.scheduleSweep()
    }

    // MARK: Reading

    /// The bytes for `key`: from memory, else from disk (which refreshes the entry's date and puts it
    /// back in memory); `nil` on a miss.
    public func data(forKey key: String) -> Data? {
        if let data = memoryData(forKey: key) { return data }
        guard let data = disk?.read(forKey: key) else { return nil }
        memory.withLock { $0.setValue(data, forKey: key) }
        return data
    }

    /// The bytes for `key` if the memory tier has them. Never touches the disk.
    package func memoryData(forKey key: String) -> Data? {
        memory.withLock { $0.value(forKey: key) }
    }

    /// The memory entry for `key` with anything attached to it (see `attach(_:toKey:generation:)`).
    func memoryEntry(forKey key: String) -> LRUMemoryCache.Entry? {
        memory.withLock { $0.entry(forKey: key) }
    }

    /// Attaches `object`, derived from the bytes of the memory entry written as `generation`, so that
    /// later hits need not derive it again. Ignored if the entry has been replaced or evicted since.
    /// An object, so that a hit finds what it attached with a class cast.
    func attach(_ object: any AnyObject & Sendable, toKey key: String, generation: UInt64) {
        memory.withLock { $0.attach(object, toKey: key, generation: generation) }
    }

    // MARK: Writing

    /// Stores `data` for `key`: in memory, and on disk too for `.memoryAndFile`. Storing with
    /// `.memory` removes an older disk copy; `.none` removes the entry from both tiers.
    public func store(_ data: Data, forKey key: String, level: CachingLevel = .memoryAndFile) {
        switch level {
        case .none:
            removeData(forKey: key)
        case .memory:
            memory.withLock { $0.setValue(data, forKey: key) }
            disk?.remove(forKey: key)
        case .memoryAndFile:
            memory.withLock { $0.setValue(data, forKey: key) }
            disk?.write(data, forKey: key)
        }
    }

    /// Removes the entry for `key` from both tiers.
    public func removeData(forKey key: String) {
        memory.withLock { $0.removeValue(forKey: key) }
        disk?.remove(forKey: key)
    }

    /// Empties both tiers.
    public func removeAll() {
        memory.withLock { $0.removeAll() }
        disk?.removeAll()
    }

    /// Empties the memory tier only (the disk entries stay and are read back on demand).
    package func removeAllFromMemory() {
        memory.withLock { $0.removeAll() }
    }

    /// Removes the disk entries unused for longer than `ttl`, then the least recently used ones while
    /// the disk tier is over its size limit. This also happens on its own: on first use and then hourly.
    package func sweep() {
        disk?.sweep()
    }

    // MARK: Inspection

    /// The bytes (keys and values) the memory tier holds.
    package var memoryCost: Int { memory.withLock { $0.totalCost } }

    /// The bytes the disk tier's files take, counted now.
    package var diskUsage: Int { disk?.measuredUsage() ?? 0 }

    /// The file the disk tier uses for `key` (whether or not it exists), or `nil` without a disk tier.
    public func fileURL(forKey key: String) -> URL? {
        disk.map { URL(fileURLWithPath: $0.path(forKey: key)) }
    }
}
