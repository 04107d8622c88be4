// Stand-in for Apple's CryptoKit, for the Apple stand-in type-check (Tests/AppleStandIns/check.sh):
// the declarations the library uses, transcribed from Apple's documentation. Bodies are never run.
import Foundation

/// https://developer.apple.com/documentation/cryptokit/sha256 (macOS 10.15+, iOS 13+)
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
public struct SHA256: Sendable {
    /// https://developer.apple.com/documentation/cryptokit/sha256/hash(data:)
    public static func hash<D: DataProtocol>(data: D) -> SHA256Digest { fatalError() }
}

/// https://developer.apple.com/documentation/cryptokit/sha256digest
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
public struct SHA256Digest: Sequence, Sendable, Hashable {
    public func makeIterator() -> Array<UInt8>.Iterator { fatalError() }
}
