import Foundation

/// The MIME type of a multipart part, such as `image/png`.
public struct FormDataPartType: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral {
    /// The MIME string sent in the part's `Content-Type`.
    public let rawValue: String

    /// Creates a type from a MIME string.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Creates a type from a MIME string: `FormDataPartType("application/pdf")`.
    public init(_ mimeType: String) { self.rawValue = mimeType }

    /// Creates a type from a MIME string literal: `"application/pdf"`.
    public init(stringLiteral value: String) { self.rawValue = value }

    /// `application/octet-stream`, the default.
    public static let octetStream: FormDataPartType = "application/octet-stream"
    /// `image/png`.
    public static let png: FormDataPartType = "image/png"
    /// `image/jpeg`.
    public static let jpeg: FormDataPartType = "image/jpeg"
    /// `application/json`.
    public static let json: FormDataPartType = "application/json"
    /// `text/plain; charset=utf-8`.
    public static let plainText: FormDataPartType = "text/plain; charset=utf-8"
    /// `application/pdf`.
    public static let pdf: FormDataPartType = "application/pdf"
}
