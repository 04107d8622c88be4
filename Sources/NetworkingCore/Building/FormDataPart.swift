import Foundation

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
