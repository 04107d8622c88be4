import Foundation

/// A downloaded image: the bytes as received, with the format and pixel size read from their
/// header. The same `Sendable` value on every platform, so it crosses actors freely; the platform's
/// image (`UIImage`, `NSImage`) is made from it where it is shown, on the caller's actor
/// (`uiImage`/`nsImage`, or the `downloadImage` overloads that return them).
///
/// ```swift
/// if let image = Image(data: bytes) {
///     print(image.format, image.pixelWidth, image.pixelHeight)  // png 100 100
/// }
/// ```
///
/// In a file that also imports SwiftUI, whose `Image` is a view, write `Networking.Image` (or
/// `NetworkingImage`) for this type.
public struct Image: Sendable, Hashable {
    /// The encoded image, exactly as received.
    public let data: Data
    /// The format the bytes are in.
    public let format: ImageFormat
    /// The width in pixels.
    public let pixelWidth: Int
    /// The height in pixels.
    public let pixelHeight: Int

    /// Reads the header of `data`; `nil` if it is not a PNG, JPEG, GIF, WebP or BMP image.
    public init?(data: Data) {
        guard let header = ImageHeader(data: data) else { return nil }
        self.data = data
        self.format = header.format
        self.pixelWidth = header.width
        self.pixelHeight = header.height
    }

    /// The size in pixels (like `UIImage.size` at scale 1).
    public var size: CGSize { CGSize(width: pixelWidth, height: pixelHeight) }
}

/// The library's `Image`, under a name no other framework uses: for a file that imports SwiftUI
/// (whose `Image` is a view) beside Networking.
public typealias NetworkingImage = Image

extension Networking {
    /// The library's `Image`, spelled `Networking.Image` in a file that also imports SwiftUI.
    public typealias Image = NetworkingImage
}

/// Recognizes and serves image bytes for downloads and their fakes.
enum ImageCoding {
    /// Whether `data` is an image the library can return (its header is one `Image` reads).
    static func isImage(_ data: Data) -> Bool {
        ImageHeader(data: data) != nil
    }

    /// The bytes to serve for a faked download of `image`, and their media type.
    static func encode(_ image: Image) -> (data: Data, contentType: String) {
        (image.data, image.format.mimeType)
    }
}
