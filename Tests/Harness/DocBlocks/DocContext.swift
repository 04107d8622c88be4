// The names the documentation's fragments use without declaring them. A fragment (a block that shows
// no `import`) is a piece of an app's file: Tests/Harness/check-doc-blocks.py compiles it after
// `import Networking; import DocContext` (this file's module), beside the README's models block (the
// app's `User`, `NewUser` and `APIError`, in the fragment's own module). A fragment that declares a
// name of its own hides the one here. The values stand for what the prose around a fragment says the
// reader already has; none of them is run.
import Networking

/// The model of the results below: a fragment's `User` is the README's, compiled beside it, and
/// this module cannot name that one.
public struct Account: Sendable, Equatable {
    public let id: Int
    public let name: String
}

/// The client every guide shares.
public let networking = Networking(baseURL: "https://api.example.com")

/// The result a guide's `switch result` or `if case … = result` inspects.
public let result: Result<Account, NetworkingError> = .success(Account(id: 1, name: "Ada"))

/// Getting started's first request, which its "Handle the result" section switches over.
public let user: Result<Account, NetworkingError> = .success(Account(id: 1, name: "Ada"))

/// The endpoint enum of the "Endpoints, HTTPClient and environments" article, for the guides that
/// use it elsewhere.
public enum AuthEndpoint: Endpoint {
    case login(email: String, password: String)
    case currentUser

    public var baseURL: URL { URL(string: "https://api.example.com")! }
    public var path: String {
        switch self {
        case .login: "/v1/auth/login"
        case .currentUser: "/v1/users/me"
        }
    }
    public var method: HTTPMethod {
        switch self {
        case .login: .post
        case .currentUser: .get
        }
    }
}

/// An endpoint client, as that article makes it.
public let client = HTTPClient(environment: .live)

/// "Your refresh call": the app's own authentication service.
public enum MyAuth {
    /// A new access token.
    public static func refreshAccessToken() async throws -> String { "new-token" }
    /// A new token from a refresh token, or `nil` to give up.
    public static func refresh(using refreshToken: String?) async throws -> Token? { nil }
}

/// The app's authentication service.
public let myAuth = MyAuth.self

/// A token provider the app already has.
public let provider: any TokenProvider = StoredTokenProvider(storage: InMemoryTokenStorage())

/// A bearer token the app already has.
public let token = "AAAFFAAAA3DAAAAAA"

/// The body of a sign-in request.
public struct Credentials: Encodable, Sendable {
    public let email: String
    public let password: String
}

/// A user's sign-in details.
public let credentials = Credentials(email: "ada@example.com", password: "…")

/// A cookie jar shared by several clients.
public let sharedJar: any CookieJar = InMemoryCookieJar()

/// A request the app built.
public let request = URLRequest(url: URL(string: "https://api.example.com/users")!)

/// The completion an observer was handed.
public var completion: RequestCompletion { fatalError("stands for an observer's argument") }

/// A transport the app made.
public let transport: any HTTPTransport = URLSessionTransport()

/// A progress reporter, as `ProgressReporter.makeStream()` returns one.
public let reporter = ProgressReporter(report: { _ in })

/// The `LogSink` of the "Send the log to your own logger" section of the Observability article.
public struct BugReportSink: LogSink {
    public init() {}
    public func write(_ record: LogRecord) { print(record.text, terminator: "") }
}

/// The error an app's own signing interceptor throws.
public struct SigningError: Error {}

/// Files and folders the app chose.
public let supportDirectory = URL(fileURLWithPath: "/tmp/MyApp")
public let destination = URL(fileURLWithPath: "/tmp/report.pdf")
public let iso = URL(fileURLWithPath: "/tmp/ubuntu.iso")
public let downloads = URL(fileURLWithPath: "/tmp/downloads")
public let video = URL(fileURLWithPath: "/tmp/holidays.mp4")

/// Bytes the app has: an image, a PNG file's bytes.
public let imageData = Data()
public let pngData = Data()
public let pngBytes = Data()

/// The trace context of the request a server is handling, from its header fields.
public let traceparent = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01"
public let tracestate: String? = nil

/// A proxy password, and the SHA-256 hashes (base64) of a server's current and backup public keys.
public let secret = "…"
public let currentKey = "ENSehQbl1gu0i2aPP4e1eS5SUFHIqWTnfCNIxwHbLGQ="
public let backupKey = "ENSehQbl1gu0i2aPP4e1eS5SUFHIqWTnfCNIxwHbLGQ="

extension Bundle {
    /// The accessor SwiftPM generates for a target with resources, as the README manifest's test
    /// target has (`resources: [.copy("Fixtures")]`).
    public static var module: Bundle { .main }
}
