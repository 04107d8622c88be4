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

    /// A stream over `fileURL`; `nil` if Foundation refuses the URL.
    public init?(fileURL: URL) {
        self.fileURL = fileURL
        super.init(url: fileURL)
    }
}

extension URLRequest {
    /// This request with its file body's stream made afresh: a stream is read once, the file can
    /// be read again. The chain hands every attempt to the transport this way, so a transport that
    /// reads the stream (rather than the file) sends the whole body on a retry or a replay too.
    func withFreshFileBody() -> URLRequest {
        guard let file = fileBodyURL else { return self }
        var request = self
        request.httpBodyStream = FileBodyStream(fileURL: file)
        return request
    }
}
