import Foundation

/// Finds the files that `fakeGET(_:fileName:bundle:statusCode:delay:)` and its siblings answer with.
enum FakeFile {
    /// How deep below the bundle's resources a bare file name is searched for.
    static let searchDepth = 2

    /// The URL of `fileName` in `bundle`: `name.ext` or `subdirectory/name.ext` as a resource, or,
    /// for a bare name, the first file of that name in the resources' subdirectories.
    static func locate(_ fileName: String, in bundle: Bundle) -> URL? {
        let nsName = fileName as NSString
        let directory = nsName.deletingLastPathComponent
        let file = nsName.lastPathComponent as NSString
        let name = file.deletingPathExtension
        let ext = file.pathExtension
        if let url = bundle.url(
            forResource: name, withExtension: ext.isEmpty ? nil : ext, subdirectory: directory.isEmpty ? nil : directory
        ) {
            return url
        }
        guard directory.isEmpty, let root = bundle.resourceURL else { return nil }
        return search(root, for: fileName, depth: searchDepth)
    }

    private static func search(_ directory: URL, for fileName: String, depth: Int) -> URL? {
        guard depth > 0 else { return nil }
        let entries =
            (try? FileManager.default.contentsOfDirectory(
                at: directory, includingPropertiesForKeys: [.isDirectoryKey], options: [.skipsHiddenFiles])) ?? []
        var subdirectories: [URL] = []
        for entry in entries.sorted(by: { $0.lastPathComponent < $1.lastPathComponent }) {
            let isDirectory = (try? entry.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) ?? false
            if isDirectory {
                subdirectories.append(entry)
            } else if entry.lastPathComponent == fileName {
                return entry
            }
        }
        for subdirectory in subdirectories {
            if let found = search(subdirectory, for: fileName, depth: depth - 1) { return found }
        }
        return nil
    }

    /// The `Content-Type` for a file extension (`application/octet-stream` when unknown).
    static func contentType(forExtension ext: String) -> String {
        switch ext.lowercased() {
        case "json": return "application/json"
        case "txt": return "text/plain; charset=utf-8"
        case "html", "htm": return "text/html; charset=utf-8"
        case "xml": return "application/xml"
        case "png": return "image/png"
        case "jpg", "jpeg": return "image/jpeg"
        case "gif": return "image/gif"
        case "webp": return "image/webp"
        case "pdf": return "application/pdf"
        default: return "application/octet-stream"
        }
    }
}
