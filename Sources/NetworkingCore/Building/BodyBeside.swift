import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A request body that travels beside its head through the interceptors: a file or a stream.
/// (Bytes ride on the head as `httpBody`, where interceptors read and replace them.)
///
/// Interceptors see the head alone. An interceptor that sets `httpBody` replaces the body; one
/// that leaves it has the body beside sent unchanged, from its file or as it is produced. A
/// one-shot body puts a `marker` stream on the head, so that `URLRequest.isBodyReplayable` tells
/// interceptors that the request cannot be sent again; the stream has no bytes of its own.
// @unchecked: `marker` is never read or written, only compared by identity.
package struct BodyBeside: @unchecked Sendable {
    /// The body.
    package let body: HTTPBody
    /// The stream on the head that stands for a one-shot body; `nil` for a body that can be sent
    /// again (a file, a replayable stream), whose head carries no stream.
    package let marker: InputStream?

    /// `body` beside a head; a one-shot body gets a marker.
    package init(_ body: HTTPBody) {
        self.body = body
        marker = body.iterationBehavior == .single ? InputStream(data: Data()) : nil
    }

    /// `head` as interceptors see it: without a body of its own, or with the marker.
    package func mark(_ head: inout URLRequest) {
        head.httpBody = nil
        head.httpBodyStream = marker
    }

    /// The body `head` (as an interceptor passed it on) is to be sent with: what the interceptor
    /// set on it (`httpBody`, or a stream of its own), or else this body.
    package func body(for head: URLRequest) -> HTTPBody? {
        if let data = head.httpBody { return HTTPBody(data) }
        guard let stream = head.httpBodyStream, stream !== marker else { return body }
        return HTTPBody(stream)
    }

    /// Puts this body on `head` for an API that takes a `URLRequest` with its body: a file as an
    /// `InputStream` over it; a streamed body cannot ride on a `URLRequest` (`.invalidRequest`).
    package func attach(to head: inout URLRequest) throws(NetworkingError) {
        guard let file = body.fileURL else {
            throw .invalidRequest("a streamed request body cannot be carried by a URLRequest")
        }
        head.httpBodyStream = InputStream(url: file)
    }
}
