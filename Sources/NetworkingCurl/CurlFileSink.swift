#if os(Linux)
    import Foundation
    import FoundationNetworking
    import NetworkingCore

    /// Writes a 2xx response body to a `DownloadTarget` through a `FileBodyWriter`, on the loop
    /// thread as it arrives (memory stays at the writer's batch size whatever the body size);
    /// any other body (a redirect, an error page) is collected in memory up to a limit.
    final class CurlFileSink: CurlBodySink {
        let writer: FileBodyWriter
        /// Collects the body when it does not go to the file.
        let memory: BufferedBodySink
        /// The transfer this sink belongs to, for its response head (set before submission).
        weak var transfer: CurlTransfer?
        private var writing = false

        init(writer: FileBodyWriter, limit: Int) {
            self.writer = writer
            self.memory = BufferedBodySink(limit: limit)
        }

        func responseStarted(statusCode: Int, expectedLength: Int64?) -> NetworkingError? {
            guard (200..<300).contains(statusCode) else {
                return memory.responseStarted(statusCode: statusCode, expectedLength: expectedLength)
            }
            guard let response = transfer?.makeResponse() else { return .invalidResponse }
            do {
                writing = try writer.begin(response)
            } catch {
                return error
            }
            return writing ? nil : memory.responseStarted(statusCode: statusCode, expectedLength: expectedLength)
        }

        func receive(_ bytes: UnsafeRawBufferPointer) -> NetworkingError? {
            guard writing else { return memory.receive(bytes) }
            do {
                try writer.write(Data(bytes))
            } catch {
                return error
            }
            return nil
        }
    }
#endif
