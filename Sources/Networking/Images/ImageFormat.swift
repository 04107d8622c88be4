import Foundation

/// An image file format recognised from its first bytes.
public enum ImageFormat: String, Sendable, Hashable, CaseIterable {
    /// Portable Network Graphics.
    case png
    /// JPEG (JFIF, Exif).
    case jpeg
    /// GIF 87a / 89a.
    case gif
    /// WebP (lossy, lossless or extended).
    case webp
    /// Windows bitmap.
    case bmp

    /// The media type, such as `image/png`.
    public var mimeType: String {
        switch self {
        case .png: return "image/png"
        case .jpeg: return "image/jpeg"
        case .gif: return "image/gif"
        case .webp: return "image/webp"
        case .bmp: return "image/bmp"
        }
    }
}
