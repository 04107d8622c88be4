/// Where a response is cached by the key→blob cache.
public enum CachingLevel: Sendable, Hashable {
    /// Not cached; for a download, a fresh fetch that also drops any cached copy.
    case none
    /// Kept in the in-memory tier only.
    case memory
    /// Kept in memory and on disk.
    case memoryAndFile
}
