import Foundation

/// The state of a resumable upload (draft-ietf-httpbis-resumable-upload): where the server keeps
/// it, how much of it the server has, and how long it is, so that an interrupted upload continues
/// from the server's offset instead of starting over.
///
/// The upload resource is learned from the server's `104 (Upload Resumption Supported)`. For a
/// file `movie.mp4` the state is kept, as JSON (mode 0600, written atomically), in
/// `movie.mp4.upload.json` beside it, so that a later call, in this process or after a crash or a
/// restart, resumes it (see `UploadManager.pendingUploads(in:)`); an upload of bytes in memory
/// keeps its state for the call alone. When the file's directory cannot be written, the upload
/// still resumes within the call.
public struct ResumableUpload: Sendable, Hashable, Codable {
    /// The interop versions of the draft the library speaks. A client announces one; a server
    /// that speaks another answers as to a plain upload, which then cannot be resumed.
    public enum InteropVersion: Int, Sendable, Hashable, Codable, CaseIterable {
        /// Interop version 8: drafts -09 to -11, what URLSession on iOS 26 and macOS 26 sends.
        case interop8 = 8
        /// Interop version 9: the draft after -11.
        case interop9 = 9
    }

    /// The format version of the JSON file.
    package static let formatVersion = 1

    /// The URL the upload was sent to (the resource that processes the representation).
    public var url: URL
    /// The method of the request that created the upload (`POST`, `PUT`, …).
    public var method: String
    /// The upload resource the server created, which takes the appends.
    public var uploadURL: URL
    /// The file being uploaded; `nil` for bytes held in memory.
    public var fileURL: URL?
    /// The bytes the server said it had processed, when it last said so.
    public var uploadedBytes: Int64
    /// The representation's full length, when known.
    public var totalBytes: Int64?
    /// The interop version the server confirmed.
    public var interopVersion: InteropVersion
    private var version = ResumableUpload.formatVersion

    /// Creates a state.
    package init(
        url: URL, method: String, uploadURL: URL, fileURL: URL?, uploadedBytes: Int64 = 0, totalBytes: Int64?,
        interopVersion: InteropVersion
    ) {
        self.url = url
        self.method = method
        self.uploadURL = uploadURL
        self.fileURL = fileURL
        self.uploadedBytes = uploadedBytes
        self.totalBytes = totalBytes
        self.interopVersion = interopVersion
    }

    /// The state file of an upload of `file`.
    package static func stateFileURL(for file: URL) -> URL {
        file.deletingLastPathComponent().appendingPathComponent(file.lastPathComponent + ".upload.json")
    }

    /// The saved state of an upload of `file`, if there is a readable one.
    package static func load(for file: URL) -> ResumableUpload? {
        guard let state = TransferStateFile.read(ResumableUpload.self, from: stateFileURL(for: file)),
            state.version == formatVersion
        else { return nil }
        return state
    }

    /// The interrupted uploads of the files in `directory` whose states are there.
    package static func pending(in directory: URL) -> [ResumableUpload] {
        TransferStateFile.files(in: directory, withStateSuffix: ".upload.json").compactMap { file in
            guard var state = load(for: file) else { return nil }
            state.fileURL = file
            return state
        }
    }

    /// Removes the state of an upload of `file`.
    package static func discard(for file: URL) {
        try? FileManager.default.removeItem(at: stateFileURL(for: file))
    }

    /// Writes the state beside its file, atomically and readable by the owner only; does nothing
    /// for an upload from memory.
    package func save() throws(NetworkingError) {
        guard let fileURL else { return }
        try TransferStateFile.write(self, to: Self.stateFileURL(for: fileURL))
    }
}
