import Foundation

/// A file part of a `multipart/form-data` body, read from disk as the body is built.
public struct FormDataFile: Sendable, Hashable {
    /// The file to send.
    public let fileURL: URL
    /// The form field name (`name=` in `Content-Disposition`).
    public let parameterName: String
    /// The file name sent (`filename=`); the file's own name unless given.
    public let filename: String
    /// The part's content type.
    public let type: FormDataPartType

    /// Creates a file part.
    public init(
        fileURL: URL, parameterName: String, filename: String? = nil, type: FormDataPartType = .octetStream
    ) {
        self.fileURL = fileURL
        self.parameterName = parameterName
        self.filename = filename ?? fileURL.lastPathComponent
        self.type = type
    }
}
