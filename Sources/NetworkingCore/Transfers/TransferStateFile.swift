import Foundation

/// The JSON file beside a transfer's file that lets the transfer resume after the process restarts
/// (`ResumableDownload`, `ResumableUpload`): read whole or not at all, written atomically (a
/// temporary file moved over it) and readable by its owner only, so nothing half-written is read.
package enum TransferStateFile {
    /// The state in `file`, or `nil` when there is none or it does not decode as `State`.
    package static func read<State: Decodable>(_ type: State.Type, from file: URL) -> State? {
        guard let data = try? Data(contentsOf: file) else { return nil }
        return try? JSONDecoder().decode(State.self, from: data)
    }

    /// Writes `state` to `file`, atomically and with mode 0600.
    package static func write<State: Encodable>(_ state: State, to file: URL) throws(NetworkingError) {
        let temporary = file.deletingLastPathComponent().appendingPathComponent(".\(file.lastPathComponent).tmp")
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        guard let data = try? encoder.encode(state),
            FileManager.default.createFile(
                atPath: temporary.path, contents: data, attributes: [.posixPermissions: 0o600])
        else { throw FileBodyWriter.fileError(.cannotWriteToFile, file, nil) }
        try FileMover.replace(file, with: temporary)
    }

    /// The files in `directory` that have a state file beside them named with `suffix`, in order
    /// of name.
    package static func files(in directory: URL, withStateSuffix suffix: String) -> [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(suffix) }.sorted().map { name in
            directory.appendingPathComponent(String(name.dropLast(suffix.count)))
        }
    }
}
