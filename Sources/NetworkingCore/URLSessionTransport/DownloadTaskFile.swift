import Foundation
import Synchronization

/// The file a download task's body is moved to: URLSession writes the body to a temporary file of
/// its own, which exists only during `urlSession(_:downloadTask:didFinishDownloadingTo:)`, and the
/// delegate moves it here then (a rename, not a copy).
///
/// The move and the end of the transfer can race (a cancellation on another thread): whichever
/// comes second removes the file, so it is never left behind.
final class DownloadTaskFile: Sendable {
    private enum Phase {
        case waiting
        case arrived
        case discarded
    }

    /// Where the body goes.
    let url: URL
    private let phase = Mutex(Phase.waiting)

    /// A destination in the temporary directory, named afresh.
    init(in directory: URL = FileManager.default.temporaryDirectory) {
        url = directory.appendingPathComponent("networking-download-\(UUID().uuidString)")
    }

    /// Whether the body was moved here and is still wanted.
    var hasArrived: Bool { phase.withLock { $0 == .arrived } }

    /// Records that the body was moved here. Returns `false`, having removed the file, when the
    /// transfer was discarded meanwhile. Called on URLSession's delegate thread.
    func arrive() -> Bool {
        let discarded = phase.withLock { phase -> Bool in
            guard phase == .waiting else { return true }
            phase = .arrived
            return false
        }
        if discarded { try? FileManager.default.removeItem(at: url) }
        return !discarded
    }

    /// The transfer ended without a reader for the body: removes the file if it arrived, off the
    /// caller's thread (which may be a thread of the cooperative pool).
    func discard() {
        let arrived = phase.withLock { phase -> Bool in
            defer { phase = .discarded }
            return phase == .arrived
        }
        guard arrived else { return }
        let url = self.url
        SessionDelegate.offQueue { try? FileManager.default.removeItem(at: url) }
    }
}
