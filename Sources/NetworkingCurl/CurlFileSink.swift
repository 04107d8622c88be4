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
        private var writing = false

        init(writer: FileBodyWriter, limit: Int) {
            self.writer = writer
            self.memory = BufferedBodySink(limit: limit)
        }

        func responseStarted(_ head: ResponseHead, expectedLength: Int64?) -> NetworkingError? {
            if (200..<300).contains(head.statusCode) {
                do {
                    writing = try writer.begin(head.response)
                } catch {
                    return error
                }
            }
            return writing ? nil : memory.responseStarted(head, expectedLength: expectedLength)
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
