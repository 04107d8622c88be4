#if os(Linux)
    import Foundation
    import NetworkingCore

    /// Where a transfer's response body goes. The event loop's driver (its thread, or a sending
    /// thread running a lone request) calls it from libcurl's header and write callbacks, one
    /// transfer at a time, so an implementation needs no locking of its own, but must return
    /// quickly: it runs on the thread every transfer shares.
    ///
    /// `BufferedBodySink` collects the body in memory (what `send` returns for a body read whole),
    /// `CurlStreamSink` feeds a `ResponseBodyStream` (pausing the transfer for a slow reader).
    protocol CurlBodySink: AnyObject {
        /// The final (non-1xx) response head has arrived. `expectedLength` is its `Content-Length`
        /// when the body is not content-encoded. Returning an error aborts the transfer with it.
        func responseStarted(_ head: ResponseHead, expectedLength: Int64?) -> NetworkingError?
        /// Body bytes arrived (already content-decoded). Returning an error aborts the transfer.
        func receive(_ bytes: UnsafeRawBufferPointer) -> NetworkingError?
        /// Asked before each `receive`: `true` pauses the transfer instead (back-pressure); libcurl
        /// delivers the same bytes again once the transfer is resumed (`CurlEventLoop.unpause`).
        func shouldPause() -> Bool
        /// The size of the buffer libcurl receives the body into (`CURLOPT_BUFFERSIZE`, set for
        /// every transfer): each `recv(2)` reads up to that many bytes, which libcurl then hands
        /// to `receive` in pieces of at most 16 KiB (`CURL_MAX_WRITE_SIZE`).
        var receiveBufferSize: Int { get }
    }

    extension CurlBodySink {
        func shouldPause() -> Bool { false }

        /// libcurl's own default, 16 KiB: a body collected in memory is mostly small, and libcurl
        /// allocates the buffer whole for every transfer.
        var receiveBufferSize: Int { CurlReceiveBuffer.defaultSize }
    }

    /// The sizes of libcurl's receive buffer (`CURLOPT_BUFFERSIZE`).
    enum CurlReceiveBuffer {
        /// libcurl's default (`CURL_MAX_WRITE_SIZE`).
        static let defaultSize = 16 * 1024
        /// The largest a transfer asks for: a bulk body is read with up to 32 times fewer
        /// `recv(2)` calls than with libcurl's default.
        static let bulkSize = 512 * 1024
        /// `CURLOPT_BUFFERSIZE` (`CURLOPTTYPE_LONG` + 98).
        static let option: Int32 = 98
    }

    /// Collects the response body into one `Data`, up to a limit (what `send` returns for a
    /// caller that collects).
    final class BufferedBodySink: CurlBodySink {
        private(set) var body = Data()
        private let limit: Int
        /// The most memory reserved up front from a `Content-Length` (the rest grows as it comes).
        private static let maximumReservation = 8 * 1024 * 1024

        init(limit: Int) { self.limit = limit }

        func responseStarted(_ head: ResponseHead, expectedLength: Int64?) -> NetworkingError? {
            body = Data()
            guard let expectedLength, expectedLength > 0 else { return nil }
            if expectedLength > Int64(limit) { return Self.tooLarge(expectedLength, limit: limit) }
            body.reserveCapacity(min(Int(expectedLength), Self.maximumReservation))
            return nil
        }

        func receive(_ bytes: UnsafeRawBufferPointer) -> NetworkingError? {
            if body.count + bytes.count > limit { return Self.tooLarge(Int64(body.count + bytes.count), limit: limit) }
            body.append(contentsOf: bytes)
            return nil
        }

        /// The same error `URLSessionTransport` gives for a body over its cap (`Int64.max`: a
        /// `Content-Length` too large to represent).
        static func tooLarge(_ size: Int64, limit: Int) -> NetworkingError {
            let body =
                size == .max
                ? "the length its head declares cannot be represented, which"
                : "its body (\(size) bytes or more)"
            return .transport(
                URLError(
                    .dataLengthExceedsMaximum,
                    userInfo: [NSLocalizedDescriptionKey: "\(body) exceeds the limit of \(limit) bytes"]))
        }
    }
#endif
