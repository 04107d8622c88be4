import Foundation

/// Builds `multipart/form-data` bodies whose memory use stays bounded: a body larger than a
/// threshold is written to a temporary file (mode 0600) that the request then streams from disk.
///
/// Fields come first (sorted by name), then the in-memory parts, then the file parts, framed as
/// `MultipartEncoder` frames them. File parts are copied in 1 MiB chunks and checked for the
/// boundary on the way (a collision, astronomically unlikely, starts over with a new boundary).
@usableFromInline package enum MultipartSpooler {
    /// Bodies above this size go to disk by default: 10 MiB.
    @usableFromInline package static let defaultThreshold = 10 * 1024 * 1024

    /// An encoded body: in memory, or in a spool file the caller deletes after the request.
    package struct Output: Sendable {
        /// The body to send (`.data` or `.file`).
        package let body: RequestBody
        /// The spool file, when the body was written to disk; delete it once the request is done.
        package let spoolFile: URL?
        /// The body's size in bytes.
        package let size: Int64
        /// `multipart/form-data; boundary=…`.
        package let contentType: String
    }

    private enum Segment {
        case bytes(Data)
        case file(URL)
    }

    private static let chunkSize = 1024 * 1024

    /// Encodes the body, in memory when it is at most `threshold` bytes, else into a new file in
    /// `directory`. Unreadable files and write failures throw `.invalidRequest` naming the file.
    package static func encode(
        parts: [FormDataPart] = [], files: [FormDataFile] = [], fields: [String: String] = [:],
        threshold: Int = defaultThreshold, directory: URL = FileManager.default.temporaryDirectory
    ) throws(NetworkingError) -> Output {
        var fileSizes: [URL: Int64] = [:]
        for file in files { fileSizes[file.fileURL] = try size(of: file.fileURL) }
        while true {
            let boundary = MultipartEncoder.makeBoundary()
            let needle = Data(boundary.utf8)
            if fields.contains(where: { $0.key.contains(boundary) || $0.value.contains(boundary) })
                || parts.contains(where: { $0.data.range(of: needle) != nil })
            {
                continue
            }
            let segments = layout(parts: parts, files: files, fields: fields, boundary: boundary)
            let size = segments.reduce(Int64(0)) { total, segment in
                switch segment {
                case .bytes(let data): return total + Int64(data.count)
                case .file(let url): return total + (fileSizes[url] ?? 0)
                }
            }
            let contentType = "multipart/form-data; boundary=\(boundary)"
            if size <= Int64(threshold) {
                guard let data = try inMemory(segments, needle: needle) else { continue }
                return Output(
                    body: .data(data, contentType: contentType), spoolFile: nil, size: size, contentType: contentType)
            }
            guard let file = try spool(segments, needle: needle, directory: directory) else { continue }
            return Output(
                body: .file(file, contentType: contentType), spoolFile: file, size: size, contentType: contentType)
        }
    }

    private static func layout(
        parts: [FormDataPart], files: [FormDataFile], fields: [String: String], boundary: String
    ) -> [Segment] {
        var segments: [Segment] = []
        let dashBoundary = "--\(boundary)\r\n"
        for (name, value) in fields.sorted(by: { $0.key < $1.key }) {
            let head = dashBoundary + "Content-Disposition: form-data; name=\(MultipartEncoder.quoted(name))\r\n\r\n"
            segments.append(.bytes(Data((head + value + "\r\n").utf8)))
        }
        for part in parts {
            segments.append(.bytes(Data(header(dashBoundary, part.parameterName, part.filename, part.type).utf8)))
            segments.append(.bytes(part.data))
            segments.append(.bytes(Data("\r\n".utf8)))
        }
        for file in files {
            segments.append(.bytes(Data(header(dashBoundary, file.parameterName, file.filename, file.type).utf8)))
            segments.append(.file(file.fileURL))
            segments.append(.bytes(Data("\r\n".utf8)))
        }
        segments.append(.bytes(Data("--\(boundary)--\r\n".utf8)))
        return segments
    }

    private static func header(_ dashBoundary: String, _ name: String, _ filename: String?, _ type: FormDataPartType)
        -> String
    {
        var disposition = "Content-Disposition: form-data; name=\(MultipartEncoder.quoted(name))"
        if let filename { disposition += "; filename=\(MultipartEncoder.quoted(filename))" }
        let mime = String(type.rawValue.filter { $0 != "\r" && $0 != "\n" && $0 != "\r\n" })
        return dashBoundary + disposition + "\r\nContent-Type: \(mime)\r\n\r\n"
    }

    /// The body in memory, or `nil` when a file contains the boundary.
    private static func inMemory(_ segments: [Segment], needle: Data) throws(NetworkingError) -> Data? {
        var body = Data()
        for segment in segments {
            switch segment {
            case .bytes(let data):
                body.append(data)
            case .file(let url):
                let data: Data
                do {
                    data = try Data(contentsOf: url)
                } catch {
                    throw .invalidRequest("multipart file '\(url.path)' cannot be read: \(error.localizedDescription)")
                }
                if data.range(of: needle) != nil { return nil }
                body.append(data)
            }
        }
        return body
    }

    /// The body in a new spool file, or `nil` (and no file) when a file contains the boundary.
    private static func spool(_ segments: [Segment], needle: Data, directory: URL) throws(NetworkingError) -> URL? {
        let file = directory.appendingPathComponent("networking-multipart-\(UUID().uuidString).tmp")
        guard FileManager.default.createFile(atPath: file.path, contents: nil, attributes: [.posixPermissions: 0o600])
        else { throw .invalidRequest("cannot create the multipart spool file in '\(directory.path)'") }
        var keep = false
        defer { if !keep { try? FileManager.default.removeItem(at: file) } }
        do {
            let output = try FileHandle(forWritingTo: file)
            defer { try? output.close() }
            for segment in segments {
                switch segment {
                case .bytes(let data):
                    try output.write(contentsOf: data)
                case .file(let url):
                    guard try copy(url, to: output, needle: needle) else { return nil }
                }
            }
        } catch let error as NetworkingError {
            throw error
        } catch {
            throw .invalidRequest("cannot write the multipart spool file: \(error.localizedDescription)")
        }
        keep = true
        return file
    }

    /// Copies `url` into `output`; `false` when it contains `needle` (also across chunk seams).
    private static func copy(_ url: URL, to output: FileHandle, needle: Data) throws -> Bool {
        let input: FileHandle
        do {
            input = try FileHandle(forReadingFrom: url)
        } catch {
            throw NetworkingError.invalidRequest(
                "multipart file '\(url.path)' cannot be read: \(error.localizedDescription)")
        }
        defer { try? input.close() }
        var tail = Data()
        while let chunk = try input.read(upToCount: chunkSize), !chunk.isEmpty {
            let window = tail + chunk
            if window.range(of: needle) != nil { return false }
            tail = window.suffix(needle.count - 1)
            try output.write(contentsOf: chunk)
        }
        return true
    }

    private static func size(of url: URL) throws(NetworkingError) -> Int64 {
        guard url.isFileURL,
            let attributes = try? FileManager.default.attributesOfItem(atPath: url.path),
            attributes[.type] as? FileAttributeType == .typeRegular,
            let size = (attributes[.size] as? NSNumber)?.int64Value
        else { throw .invalidRequest("multipart file '\(url.path)' is not a readable regular file") }
        return size
    }
}
