// Stand-in for Apple's UIKit (iOS, tvOS, watchOS, visionOS), for the Apple stand-in type-check
// (Tests/AppleStandIns/check.sh): the declarations the library and its callers use, transcribed
// from Apple's documentation. Bodies are never run.
@_exported import AppleFoundation

/// https://developer.apple.com/documentation/uikit/uiimage
/// `UIImage` is `Sendable` in the SDK ("Image objects are immutable ... safe to create and use
/// from any thread"): `open class UIImage : NSObject, @unchecked Sendable`.
open class UIImage: NSObject, @unchecked Sendable {
    /// https://developer.apple.com/documentation/uikit/uiimage/init(data:)
    public init?(data: Data) { fatalError() }
    /// https://developer.apple.com/documentation/uikit/uiimage/init(data:scale:)
    public init?(data: Data, scale: CGFloat) { fatalError() }
    /// https://developer.apple.com/documentation/uikit/uiimage/init(named:)
    public init?(named name: String) { fatalError() }
    /// https://developer.apple.com/documentation/uikit/uiimage/size
    open var size: CGSize { fatalError() }
    /// https://developer.apple.com/documentation/uikit/uiimage/scale
    open var scale: CGFloat { fatalError() }
    /// https://developer.apple.com/documentation/uikit/uiimage/pngdata()
    open func pngData() -> Data? { fatalError() }
    /// https://developer.apple.com/documentation/uikit/uiimage/jpegdata(compressionquality:)
    open func jpegData(compressionQuality: CGFloat) -> Data? { fatalError() }
}

/// https://developer.apple.com/documentation/uikit/uiimageview (main-actor isolated, as every UIView)
@MainActor open class UIImageView: NSObject {
    /// https://developer.apple.com/documentation/uikit/uiimageview/init(image:)
    public init(image: UIImage?) { fatalError() }
    /// https://developer.apple.com/documentation/uikit/uiimageview/image
    open var image: UIImage?
}
