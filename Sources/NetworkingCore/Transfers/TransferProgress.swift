import Foundation

/// How far one transfer (an upload or a download) has got.
///
/// `totalBytes` is `nil` while the total is unknown (a chunked response, a compressed body whose
/// decoded size differs from its `Content-Length`). The last value a transfer reports on success
/// always has `completedBytes == totalBytes`.
public struct TransferProgress: Sendable, Hashable, CustomStringConvertible {
    /// Bytes transferred so far (for a resumed download, including the bytes already on disk).
    public var completedBytes: Int64
    /// The expected total, or `nil` when unknown.
    public var totalBytes: Int64?

    /// Creates a progress value.
    public init(completedBytes: Int64, totalBytes: Int64?) {
        self.completedBytes = completedBytes
        self.totalBytes = totalBytes
    }

    /// The completed fraction between 0 and 1, or `nil` when the total is unknown.
    public var fractionCompleted: Double? {
        guard let totalBytes else { return nil }
        guard totalBytes > 0 else { return 1 }
        return min(1, Double(completedBytes) / Double(totalBytes))
    }

    /// Whether the transfer has reached its known total.
    public var isComplete: Bool { totalBytes.map { completedBytes >= $0 } ?? false }

    /// The bytes transferred, and the total when it is known.
    public var description: String {
        guard let totalBytes else { return "\(completedBytes) bytes" }
        return "\(completedBytes) of \(totalBytes) bytes"
    }
}
