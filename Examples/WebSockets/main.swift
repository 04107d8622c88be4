// WebSockets recipe: a chat-like echo. Opens a connection with a subprotocol, sends a few chat
// lines while a task prints what comes back, checks the connection with a ping, then closes.
//
// Starts the test server Tests/Harness/websocket_server.py itself (the `websockets` package, from
// the harness venv that Tests/Harness/httpbin.sh creates; loopback only), or uses
// WEBSOCKET_BASE_URL when it is set.
import Foundation
import Networking

#if os(Linux)
    func write(_ text: String) { FileHandle.standardOutput.write(Data(text.utf8 + [0x0A])) }

    /// Starts `websocket_server.py` and returns its ws base URL (the process ends when we do).
    func startServer() throws -> (Process, String) {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let process = Process()
        let output = Pipe()
        process.executableURL = root.appendingPathComponent(".build/harness-venv/bin/python")
        process.arguments = [
            root.appendingPathComponent("Tests/Harness/websocket_server.py").path,
            root.appendingPathComponent("Tests/NetworkingCurlTests/Fixtures").path,
        ]
        process.standardOutput = output
        process.standardInput = Pipe()  // the server exits when this pipe closes, i.e. when we exit
        try process.run()
        let line = String(decoding: output.fileHandleForReading.availableData, as: UTF8.self)
        guard let port = line.split(separator: " ").first.flatMap({ Int($0) }) else {
            throw NetworkingError.invalidRequest("websocket_server.py did not start: \(line)")
        }
        return (process, "http://127.0.0.1:\(port)")
    }

    var server: Process?
    var baseURL = ProcessInfo.processInfo.environment["WEBSOCKET_BASE_URL"] ?? ""
    if baseURL.isEmpty { (server, baseURL) = try startServer() }
    defer { server?.terminate() }

    let networking = Networking(baseURL: baseURL)
    let socket = try await networking.webSocket("/echo", protocols: ["chat.v1"])
    write("connected to \(socket.url) with subprotocol \(socket.negotiatedProtocol ?? "none")")

    // The reader: one task owns the message sequence; cancelling it would close with 1001.
    let lines = ["hello", "how are you?", "é€😀 travel fine", "bye"]
    let reader = Task {
        var received = 0
        for try await message in socket.messages {
            switch message {
            case .text(let text): write("  < \(text)")
            case .binary(let data): write("  < \(data.count) bytes")
            }
            received += 1
            if received == lines.count + 1 { break }
        }
        return received
    }

    for line in lines {
        write("> \(line)")
        try await socket.send(.text(line))
    }
    try await socket.send(.binary(Data(repeating: 7, count: 70_000)))

    let start = ContinuousClock.now
    try await socket.ping()
    write("ping answered in \(ContinuousClock.now - start)")

    let received = try await reader.value
    await socket.close(code: .normalClosure, reason: "done")
    write("received \(received) messages; closed with \(socket.closeCode.map { "\($0)" } ?? "no close frame")")
#else
    print("WebSockets are not yet supported on this platform: the client runs on Linux over libcurl.")
#endif
