import Foundation
import Synchronization

/// The URLs a `RequestBuilder` composed for paths without separate query items, by path, so that a
/// path it has joined before is neither joined nor parsed again.
///
/// Composing is a pure function of the base URL and the path, and `URL(string:)` alone costs more on
/// Linux than the rest of building a request; an app sends the same few paths again and again (a
/// feed, a thumbnail, a token refresh). The builder makes a new one whenever its base URL changes.
/// It is bounded: past `capacity` paths it starts over, so an app that sends unique paths (an ID in
/// each) pays one insertion a request and keeps at most `capacity` URLs, and a path longer than
/// `longestPath` bytes (data in a query, say) is not kept at all.
///
/// Only ASCII paths are kept or looked up: `String` equality is canonical equivalence, under which
/// `/a;b` equals `/a\u{37E}b` (a Greek question mark) and `/cafe\u{301}` equals `/caf\u{E9}`, whose URLs
/// differ byte for byte; between ASCII strings it is byte equality.
final class ComposedURLs: Sendable {
    /// How many paths are kept before the memo starts over.
    static let capacity = 128
    /// The longest path kept, in UTF-8 bytes: 2 KiB, past which URLs are rare and composing costs
    /// little beside what sending them does.
    static let longestPath = 2048

    private let urls = Mutex<[String: URL]>([:])

    /// The URL composed for `path` before, if any.
    func url(for path: String) -> URL? {
        guard Self.isASCII(path) else { return nil }
        return urls.withLock { $0[path] }
    }

    /// Remembers `url` as the composition of `path`, unless `path` is longer than `longestPath`.
    func remember(_ url: URL, for path: String) {
        guard path.utf8.count <= Self.longestPath, Self.isASCII(path) else { return }
        urls.withLock { urls in
            if urls.count >= Self.capacity { urls.removeAll(keepingCapacity: true) }
            urls[path] = url
        }
    }

    /// Whether every byte of `path` is ASCII, read from its contiguous UTF-8 where it has one.
    private static func isASCII(_ path: String) -> Bool {
        let bytes = path.utf8
        return bytes.withContiguousStorageIfAvailable { $0.allSatisfy { $0 < 0x80 } }
            ?? bytes.allSatisfy { $0 < 0x80 }
    }

    /// How many paths are kept (for tests).
    var count: Int { urls.withLock { $0.count } }
}
