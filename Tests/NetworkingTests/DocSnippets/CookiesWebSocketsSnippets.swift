// The code blocks of the DocC articles "Cookies" and "WebSockets"
// (Sources/Networking/Networking.docc), compiled here and never run.
import Foundation
import Networking

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

private enum CookiesWebSocketsSnippets {
    typealias User = DocModels.User
    struct Credentials: Encodable, Sendable {
        let email: String
        let password: String
    }

    // Cookies, "Overview".
    static func session(credentials: Credentials) async {
        let networking = Networking(baseURL: "https://api.example.com")
        let login: Result<JSONResponse, NetworkingError> = await networking.post("/login", body: credentials)
        // The session cookie the login set goes with this request.
        let me: Result<User, NetworkingError> = await networking.get("/me")
        _ = (login, me)
    }

    // Cookies, "Persistence" and "Sharing a jar".
    static func jars(networking: Networking, supportDirectory: URL, sharedJar: any CookieJar) async {
        await networking.setCookieJar(FileCookieJar(fileURL: supportDirectory.appendingPathComponent("cookies.json")))
        await networking.setCookieJar(nil)  // off: nothing stored or sent

        let client = HTTPClient(configuration: .init(cookies: .jar(sharedJar)))  // or .ownJar (default), .off
        _ = client
    }

    // Cookies, "HTTPCookieStorage".
    static func sharedStorage(networking: Networking) async {
        await networking.setCookieJar(HTTPCookieStorageJar(.shared))
    }

    // WebSockets, "Overview".
    static func chat(token: String) async throws {
        let networking = Networking(baseURL: "https://chat.example.com")
        await networking.setAuthorizationHeader(token: token)
        let socket = try await networking.webSocket("/rooms/42", protocols: ["chat.v1"])

        let reader = Task {
            for try await message in socket.messages {
                if case .text(let line) = message { print(line) }
            }
            print("closed by the server: \(socket.closeCode.map { "\($0)" } ?? "no close frame")")
        }
        try await socket.send(.text("hello"))
        try await socket.ping()
        await socket.close()
        _ = reader
    }

    // WebSockets, an endpoint's connection.
    enum ChatEndpoint: Endpoint {
        case room(Int)

        var baseURL: URL { URL(string: "https://chat.example.com")! }
        var path: String {
            switch self {
            case .room(let id): "/rooms/\(id)"
            }
        }
        var method: HTTPMethod { .get }
    }

    static func endpointChat() async throws {
        let client = HTTPClient()
        let room = try await client.webSocket(ChatEndpoint.room(42), protocols: ["chat.v1"])
        try await room.send(.text("hello"))
    }

    // WebSockets, "Compression".
    static func compression(networking: Networking) async throws {
        let socket = try await networking.webSocket("/rooms/42")
        if let compression = socket.negotiatedCompression {
            print("compressed, server window \(1 << compression.serverMaxWindowBits) bytes")
        }

        // Ask the server to keep no context between messages (less memory on both sides).
        let lean = WebSocketCompression(serverNoContextTakeover: true, clientNoContextTakeover: true)
        let frugal = try await networking.webSocket("/rooms/42", options: WebSocketOptions(compression: lean))

        // Turn compression off: nothing is offered.
        let plain = try await networking.webSocket("/rooms/42", options: WebSocketOptions(compression: nil))
        _ = (frugal, plain)
    }
}
