// Stand-in for Apple's AppKit (macOS), for the Apple stand-in type-check
// (Tests/AppleStandIns/check.sh): the declarations the library and its callers use, transcribed
// from Apple's documentation. Bodies are never run.
@_exported import AppleFoundation

/// https://developer.apple.com/documentation/appkit/nsimage
/// Not `Sendable`: since the macOS 14 SDK, AppKit declares
/// `@available(*, unavailable) extension NSImage : @unchecked Sendable {}`.
open class NSImage: NSObject {
    /// https://developer.apple.com/documentation/appkit/nsimage/init(data:)
    public init?(data: Data) { fatalError() }
    /// https://developer.apple.com/documentation/appkit/nsimage/init(size:)
    public init(size: NSSize) { fatalError() }
    /// https://developer.apple.com/documentation/appkit/nsimage/size
    open var size: NSSize { fatalError() }
    /// https://developer.apple.com/documentation/appkit/nsimage/tiffrepresentation
    open var tiffRepresentation: Data? { fatalError() }
}

@available(*, unavailable)
extension NSImage: @unchecked Sendable {}

/// https://developer.apple.com/documentation/foundation/nssize
public typealias NSSize = CGSize

/// https://developer.apple.com/documentation/appkit/nsbitmapimagerep
open class NSBitmapImageRep: NSObject {
    /// https://developer.apple.com/documentation/appkit/nsbitmapimagerep/filetype
    public enum FileType: UInt, Sendable {
        case tiff, bmp, gif, jpeg, png, jpeg2000
    }
    /// https://developer.apple.com/documentation/appkit/nsbitmapimagerep/propertykey
    public struct PropertyKey: Hashable, Sendable, RawRepresentable {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
    }
    /// https://developer.apple.com/documentation/appkit/nsbitmapimagerep/init(data:)
    public init?(data: Data) { fatalError() }
    /// https://developer.apple.com/documentation/appkit/nsbitmapimagerep/representation(using:properties:)
    open func representation(using storageType: FileType, properties: [PropertyKey: Any]) -> Data? { fatalError() }
}

/// https://developer.apple.com/documentation/appkit/nsimageview (main-actor isolated, as every NSView)
@MainActor open class NSImageView: NSObject {
    /// https://developer.apple.com/documentation/appkit/nsimageview/image
    open var image: NSImage?
}
