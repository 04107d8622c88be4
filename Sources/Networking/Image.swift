import Foundation

#if canImport(UIKit)
    import UIKit

    /// The image type downloads produce: `UIImage` on iOS, tvOS, watchOS and visionOS.
    public typealias Image = UIImage
#elseif canImport(AppKit)
    import AppKit

    /// The image type downloads produce: `NSImage` on macOS.
    public typealias Image = NSImage
#else
    /// An image as downloads produce it where there is no platform image type (Linux): the bytes,
    /// with the format and pixel size read from their header. The pixels are not decoded.
    ///
    /// ```swift
    /// if let image = Image(data: bytes) {
    ///     print(image.format, image.pixelWidth, image.pixelHeight)  // png 100 100
    /// }
    /// ```
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
#endif

/// Converts between bytes and the platform's `Image`.
enum ImageCoding {
    /// Whether `data` is an image this platform can use.
    static func isImage(_ data: Data) -> Bool {
        if ImageHeader(data: data) != nil { return true }
        #if canImport(UIKit) || canImport(AppKit)
            return Image(data: data) != nil
        #else
            return false
        #endif
    }

    /// The bytes to serve for a faked download of `image`, and their media type.
    static func encode(_ image: Image) -> (data: Data, contentType: String)? {
        #if canImport(UIKit)
            return image.pngData().map { ($0, "image/png") }
        #elseif canImport(AppKit)
            guard let tiff = image.tiffRepresentation, let bitmap = NSBitmapImageRep(data: tiff),
                let png = bitmap.representation(using: .png, properties: [:])
            else { return nil }
            return (png, "image/png")
        #else
            return (image.data, image.format.mimeType)
        #endif
    }
}
