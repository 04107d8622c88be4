import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension NetworkingError {
    /// `.transport(URLError(.dataLengthExceedsMaximum))` naming the limit that was exceeded.
    static func bodyTooLarge(limit: Int) -> NetworkingError {
        .transport(
            URLError(
                .dataLengthExceedsMaximum,
                userInfo: [NSLocalizedDescriptionKey: "its body exceeds the limit of \(limit) bytes"]))
    }
}
