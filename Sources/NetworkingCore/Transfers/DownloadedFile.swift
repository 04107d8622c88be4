import Foundation

/// A download that has been moved into place.
public struct DownloadedFile: Sendable {
    /// Where the file is (the destination asked for).
    public let url: URL
    /// The status of the response that completed it (`200`, `206` for a resumed download, or
    /// `416` when an interrupted download turned out to be complete already).
    public let statusCode: Int
    /// The headers of that response.
    public let headers: HTTPHeaders
    /// The file's size in bytes.
    public let byteCount: Int64
    /// Bytes kept from an earlier, interrupted attempt (0 for a download from scratch).
    public let resumedFrom: Int64

    /// Creates a value.
    package init(url: URL, statusCode: Int, headers: HTTPHeaders, byteCount: Int64, resumedFrom: Int64 = 0) {
        self.url = url
        self.statusCode = statusCode
        self.headers = headers
        self.byteCount = byteCount
        self.resumedFrom = resumedFrom
    }
}
