#if os(Linux)
    import CCurlShim
    import Foundation
    import Glibc
    import Synchronization

    /// Raw libcurl for bulk bodies, written as a careful user would write it: the floor that
    /// `Networking`'s 10 MB download into memory (`download`) and 1 GiB download to a file
    /// (`files`) are measured against.
    ///
    /// One easy handle, reused (keep-alive), with libcurl's default options (16 KiB receive
    /// buffer); `curl_easy_perform` on the calling thread. Into memory, the write callback
    /// appends each chunk to a fresh `Data` reserved from the `Content-Length` libcurl read;
    /// to a file, it `write(2)`s each chunk to the file's descriptor as it comes.
    enum CurlBulkBaseline {
        /// The 10 MB download into memory: a fresh buffer per request, as a caller would get.
        static func memoryClient(_ key: String, url: URL) throws -> Client {
            let downloader = try Downloader()
            return Client(key: key) {
                let body = try downloader.data(from: url)
                guard !body.isEmpty else { throw BenchmarkFailure(description: "\(key): empty body") }
            }
        }

        /// The child of the `download` scenario's memory figure: a downloader warmed up on
        /// `small`, and the download of `large` whose peak RSS rise is measured.
        static func childDownload(small: URL, large: URL) throws -> @Sendable () async throws -> Int {
            let downloader = try Downloader()
            _ = try downloader.data(from: small)
            return { try downloader.data(from: large).count }
        }

        /// The child of the `files` scenario: a downloader warmed up on `small`, and the download
        /// of `huge` to `destination` (created or truncated) whose time and peak RSS rise are
        /// measured; it returns the bytes written.
        static func childFileDownload(
            small: URL, huge: URL, to destination: URL
        ) throws -> @Sendable () async throws -> Int64 {
            let downloader = try Downloader()
            _ = try downloader.data(from: small)
            return { try downloader.file(from: huge, to: destination.path) }
        }

        /// Where the write callback puts the body: `buffer`, or the file `descriptor` when it
        /// is not -1.
        private final class Sink {
            let easy: OpaquePointer
            var buffer = Data()
            var descriptor: Int32 = -1
            var written: Int64 = 0
            var writeError: Int32 = 0

            init(easy: OpaquePointer) { self.easy = easy }

            /// The first chunk of a body into memory: reserves the whole body when its length is
            /// known (`CURLINFO_CONTENT_LENGTH_DOWNLOAD_T` is -1 otherwise).
            func reserveFromContentLength() {
                var length: Int64 = -1
                _ = ncurl_easy_getinfo_off(easy, NCURLINFO_CONTENT_LENGTH_DOWNLOAD_T, &length)
                if length > 0 { buffer.reserveCapacity(Int(length)) }
            }

            /// Writes all of `bytes` to `descriptor`; false (with `writeError` set) on failure.
            func writeToFile(_ bytes: UnsafeRawPointer, _ count: Int) -> Bool {
                var offset = 0
                while offset < count {
                    let result = Glibc.write(descriptor, bytes + offset, count - offset)
                    if result < 0 {
                        if errno == EINTR { continue }
                        writeError = errno
                        return false
                    }
                    offset += result
                }
                written += Int64(count)
                return true
            }
        }

        /// One easy handle and its sink, used by one transfer at a time (a second caller waits for
        /// the lock; the benchmark's clients are sequential).
        private final class Downloader: Sendable {
            private struct Handle: ~Copyable {
                let easy: OpaquePointer
                let sink: Sink

                deinit { ncurl_easy_cleanup(easy) }
            }

            private let handle: Mutex<Handle>

            init() throws {
                guard ncurl_load() == 1, let easy = ncurl_easy_init() else {
                    throw BenchmarkFailure(description: "libcurl is not available")
                }
                let sink = Sink(easy: easy)
                _ = ncurl_easy_setopt_long(easy, NCURLOPT_NOSIGNAL, 1)
                _ = ncurl_easy_set_write_callback(
                    easy,
                    { bytes, size, count, userdata in
                        guard let bytes, let userdata else { return 0 }
                        let sink = Unmanaged<Sink>.fromOpaque(userdata).takeUnretainedValue()
                        let total = size * count
                        if sink.descriptor >= 0 { return sink.writeToFile(bytes, total) ? total : 0 }
                        if sink.buffer.isEmpty { sink.reserveFromContentLength() }
                        sink.buffer.append(UnsafeRawPointer(bytes).assumingMemoryBound(to: UInt8.self), count: total)
                        return total
                    }, Unmanaged.passUnretained(sink).toOpaque())
                handle = Mutex(Handle(easy: easy, sink: sink))
            }

            /// The body of `url`, collected into memory.
            func data(from url: URL) throws -> Data {
                try handle.withLock { handle in
                    handle.sink.buffer = Data()
                    try Self.perform(url, handle)
                    defer { handle.sink.buffer = Data() }
                    return handle.sink.buffer
                }
            }

            /// Writes the body of `url` to the file at `path`; returns the bytes written.
            func file(from url: URL, to path: String) throws -> Int64 {
                let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
                guard descriptor >= 0 else {
                    throw BenchmarkFailure(description: "cannot open \(path): \(String(cString: strerror(errno)))")
                }
                defer { close(descriptor) }
                return try handle.withLock { handle in
                    let sink = handle.sink
                    sink.descriptor = descriptor
                    sink.written = 0
                    sink.writeError = 0
                    defer { sink.descriptor = -1 }
                    try Self.perform(url, handle)
                    return sink.written
                }
            }

            private static func perform(_ url: URL, _ handle: borrowing Handle) throws {
                let easy = handle.easy
                _ = url.absoluteString.withCString { ncurl_easy_setopt_string(easy, NCURLOPT_URL, $0) }
                let code = ncurl_easy_perform(easy)
                var status = 0
                _ = ncurl_easy_getinfo_long(easy, NCURLINFO_RESPONSE_CODE, &status)
                guard code == 0, status == 200 else {
                    let error = handle.sink.writeError
                    let reason = error != 0 ? String(cString: strerror(error)) : ""
                    throw BenchmarkFailure(description: "libcurl: curl code \(code), HTTP \(status) \(reason)")
                }
            }
        }
    }
#endif
