import Foundation

/// The problem details a server sent with an error response (RFC 9457): a JSON object of media type
/// `application/problem+json` that says what went wrong in a form both people and programs read.
///
/// ``HTTPError/problem`` reads it from the response, when the response is one; its title and detail
/// are then in the error's message, and so in the log.
///
/// ```swift
/// if case .http(let error) = failure, let problem = error.problem {
///     print(problem.type, problem.title ?? "", problem.detail ?? "")
///     if case .int(let balance)? = problem.extensions["balance"] { print("balance:", balance) }
/// }
/// ```
///
/// Members whose value is not of the type the RFC gives them are ignored, as its section 3.1 asks
/// (a numeric `title`, a `status` in quotes); every other member of the object is an extension.
public struct ProblemDetails: Sendable, Hashable {
    /// A URI reference naming the kind of problem; `about:blank` (the problem is no more than its
    /// status) when the server named none.
    public let type: String
    /// A short summary of the kind of problem, the same for every occurrence of it.
    public let title: String?
    /// The status code the server gave the problem (normally the response's).
    public let status: Int?
    /// An explanation of this occurrence of the problem, for people.
    public let detail: String?
    /// A URI reference naming this occurrence of the problem.
    public let instance: String?
    /// The members beyond the five the RFC defines, as the server sent them.
    public let extensions: [String: AnyCodable]

    /// The media type of problem details in JSON.
    public static let mediaType = "application/problem+json"

    /// The largest body read as problem details; a larger one is not decoded, so an error response
    /// never costs more than this to describe.
    public static let maximumBodySize = 64 * 1024

    /// Creates problem details.
    public init(
        type: String = "about:blank", title: String? = nil, status: Int? = nil, detail: String? = nil,
        instance: String? = nil, extensions: [String: AnyCodable] = [:]
    ) {
        self.type = type
        self.title = title
        self.status = status
        self.detail = detail
        self.instance = instance
        self.extensions = extensions
    }

    /// Reads the problem details of a response: `nil` unless its `Content-Type` is
    /// `application/problem+json` and its body a JSON object of at most `maximumBodySize` bytes.
    public init?(_ metadata: ResponseMetadata) {
        guard Self.isProblem(metadata.header("Content-Type")), metadata.body.count <= Self.maximumBodySize,
            let object = try? JSONDecoder().decode([String: AnyCodable].self, from: metadata.body)
        else { return nil }
        self.init(object: object)
    }

    /// The problem details in a decoded JSON object, each member of the wrong type ignored.
    init(object: [String: AnyCodable]) {
        type = object["type"]?.stringValue ?? "about:blank"
        title = object["title"]?.stringValue
        if case .int(let status)? = object["status"] { self.status = status } else { status = nil }
        detail = object["detail"]?.stringValue
        instance = object["instance"]?.stringValue
        extensions = object.filter { !Self.members.contains($0.key) }
    }

    /// The members RFC 9457 defines.
    private static let members: Set<String> = ["type", "title", "status", "detail", "instance"]

    /// Whether a `Content-Type` value names `application/problem+json` (its parameters and the case
    /// of its letters aside).
    static func isProblem(_ contentType: String?) -> Bool {
        guard let contentType else { return false }
        let essence = contentType.split(separator: ";", maxSplits: 1).first ?? ""
        return essence.trimmingCharacters(in: .whitespaces).lowercased() == mediaType
    }

    /// The title and the detail as sentences, for an error's message; `nil` when there is neither.
    var summary: String? {
        let parts = [title, detail].compactMap { text -> String? in
            guard let text = text?.trimmingCharacters(in: .whitespacesAndNewlines), !text.isEmpty else { return nil }
            return NetworkingError.sentence(text)
        }
        return parts.isEmpty ? nil : parts.joined(separator: " ")
    }
}
