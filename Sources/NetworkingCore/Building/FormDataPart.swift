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

/// One file part of a `multipart/form-data` body.
public struct FormDataPart: Sendable, Hashable {
    /// The part's content type.
    public let type: FormDataPartType
    /// The part's bytes.
    public let data: Data
    /// The form field name (`name=` in `Content-Disposition`).
    public let parameterName: String
    /// The file name (`filename=` in `Content-Disposition`), if any.
    public let filename: String?

    /// Creates a part.
    public init(type: FormDataPartType = .octetStream, data: Data, parameterName: String, filename: String? = nil) {
        self.type = type
        self.data = data
        self.parameterName = parameterName
        self.filename = filename
    }
}
