/// Where a response is cached by the key→blob cache.
///
/// A response marked `Cache-Control: no-store` is never written to disk, whatever the level: at
/// `.memoryAndFile` it is not kept at all, and at `.memory` it is kept in memory only.
public enum CachingLevel: Sendable, Hashable {
    /// Not cached; for a download, a fresh fetch that also drops any cached copy.
    case none
    /// Kept in the in-memory tier only (a `no-store` response too: asking for this level keeps it
    /// for later calls of this process, never on disk).
    case memory
    /// Kept in memory and on disk; a `no-store` response is kept in neither and answers only the
    /// call that fetched it.
    case memoryAndFile
}
