import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A request body read from a file, as a `URLRequest.httpBodyStream`: what a file body (an
/// upload from disk, a spooled multipart body) is on the request.
///
/// Being a stream, it reaches any transport as a body, never as a local path in a header field.
/// Being a file, it can be sent again: the library's transports and policies recognise it
/// (`URLRequest.fileBodyURL`, `URLRequest.isBodyReplayable`) and read the file afresh for every
/// attempt, retry and 307/308 redirect, with its length known; a transport that does not know it
/// reads it once, as the stream it is.
public final class FileBodyStream: InputStream {
    /// The file the body is read from.
    public let fileURL: URL
    /// Told the bytes of the file as the transport sends them, when set (upload progress), with
    /// the file's size as the body measured it.
    package var progress: (reporter: ProgressReporter, totalBytes: Int64?)?

    /// A stream over `fileURL`; `nil` if Foundation refuses the URL.
    public init?(fileURL: URL) {
        self.fileURL = fileURL
        super.init(url: fileURL)
    }
}
