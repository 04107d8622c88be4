import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The resume state of an interrupted download, kept on disk next to its partial file so that the
/// download can continue after a failure, a cancellation, a crash or a restart.
///
/// For a destination `movie.mp4` the bytes received so far are in `movie.mp4.partial` and this
/// state, as JSON (mode 0600), in `movie.mp4.partial.json`. The partial file's size is the
/// authority on how much arrived (`bytesOnDisk` is the figure when the state was last written).
public struct ResumableDownload: Sendable, Hashable, Codable {
    /// The format version of the JSON file.
    package static let formatVersion = 1

    /// The URL the download reads (absolute).
    public var url: URL
    /// The file the download ends up in.
    public var destination: URL
    /// The `ETag` of the representation being downloaded, if the server sent one.
    public var entityTag: String?
    /// The `Last-Modified` of the representation, if the server sent one.
    public var lastModified: String?
    /// Bytes in the partial file when the state was last written.
    public var bytesOnDisk: Int64
    /// The representation's full size, when known.
    public var totalBytes: Int64?
    private var version = ResumableDownload.formatVersion

    /// Creates a state.
    package init(
        url: URL, destination: URL, entityTag: String? = nil, lastModified: String? = nil, bytesOnDisk: Int64 = 0,
        totalBytes: Int64? = nil
    ) {
        self.url = url
        self.destination = destination
        self.entityTag = entityTag
        self.lastModified = lastModified
        self.bytesOnDisk = bytesOnDisk
        self.totalBytes = totalBytes
    }

    /// The partial file of a download to `destination`.
    package static func partialFileURL(for destination: URL) -> URL {
        destination.deletingLastPathComponent().appendingPathComponent(destination.lastPathComponent + ".partial")
    }

    /// The resume state file of a download to `destination`.
    package static func stateFileURL(for destination: URL) -> URL {
        destination.deletingLastPathComponent().appendingPathComponent(destination.lastPathComponent + ".partial.json")
    }

    /// The partial file of this download.
    package var partialFileURL: URL { Self.partialFileURL(for: destination) }

    /// The validator `If-Range` sends: a strong `ETag`, else `Last-Modified`; `nil` when there is
    /// neither (the download then cannot be resumed safely and starts over).
    package var validator: String? {
        let unsafe: (String) -> Bool = { $0.isEmpty || $0.utf8.contains { $0 == 0x0D || $0 == 0x0A || $0 == 0 } }
        if let entityTag, !entityTag.hasPrefix("W/"), !unsafe(entityTag) { return entityTag }
        if let lastModified, !unsafe(lastModified) { return lastModified }
        return nil
    }

    /// The saved state of a download to `destination`, if there is a readable one.
    package static func load(for destination: URL) -> ResumableDownload? {
        guard let state = TransferStateFile.read(ResumableDownload.self, from: stateFileURL(for: destination)),
            state.version == formatVersion
        else { return nil }
        return state
    }

    /// The interrupted downloads whose state files are in `directory`, with their partial files'
    /// current sizes as `bytesOnDisk`.
    package static func pending(in directory: URL) -> [ResumableDownload] {
        TransferStateFile.files(in: directory, withStateSuffix: ".partial.json").compactMap { destination in
            guard var state = load(for: destination) else { return nil }
            state.destination = destination
            state.bytesOnDisk = FileMover.size(of: partialFileURL(for: destination)) ?? 0
            return state
        }
    }

    /// Removes the partial file and the state of a download to `destination`.
    package static func discard(for destination: URL) {
        try? FileManager.default.removeItem(at: partialFileURL(for: destination))
        try? FileManager.default.removeItem(at: stateFileURL(for: destination))
    }

    /// Writes the state next to the partial file, atomically and readable by the owner only.
    package func save() throws(NetworkingError) {
        try TransferStateFile.write(self, to: Self.stateFileURL(for: destination))
    }

    /// The state for a response about to be written from `offset`: validators and size from the
    /// response, keeping the stored validators for a `206` that does not repeat them.
    func updated(with response: HTTPURLResponse, offset: Int64) -> ResumableDownload {
        var state = self
        let entityTag = response.value(forHTTPHeaderField: "ETag")
        let lastModified = response.value(forHTTPHeaderField: "Last-Modified")
        if response.statusCode == 206 {
            state.entityTag = entityTag ?? self.entityTag
            state.lastModified = lastModified ?? self.lastModified
        } else {
            state.entityTag = entityTag
            state.lastModified = lastModified
        }
        state.bytesOnDisk = offset
        let length = response.expectedContentLength
        if response.statusCode == 206 {
            state.totalBytes =
                response.value(forHTTPHeaderField: "Content-Range").flatMap(ContentRange.init)?.completeLength
                ?? (length >= 0 ? offset + length : nil)
        } else {
            state.totalBytes = length >= 0 ? length : nil
        }
        return state
    }
}
