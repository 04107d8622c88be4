import Foundation
import Networking

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Peak-memory figures come from a fresh process per measurement: in a process that has already
/// run other clients, the allocator's free memory would hide part of the rise.
enum ChildProcess {
    /// The clients a child can measure (the diagnostic clients of `BENCH_DIAG` are timed only).
    static let measurableClients: Set<String> = ["raw", "rawNoCache", "networking", "urlsession", "libcurl"]

    /// Runs `Benchmarks rss-child CLIENT BASE_URL` and returns the peak RSS rise in bytes.
    static func peakRise(client: String, baseURL: String) throws -> Int {
        let (status, text) = try run(["rss-child", client, baseURL])
        guard status == 0, let rise = text.split(separator: " ").first.flatMap({ Int($0) }) else {
            throw BenchmarkFailure(description: "rss-child \(client) failed (\(status)): \(text)")
        }
        return rise
    }

    /// Runs this executable with `arguments`; returns its exit status and what it printed.
    static func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(
            fileURLWithPath: (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
                ?? CommandLine.arguments[0])
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self))
    }

    /// The child: warms the client up on the small file, then downloads the 10 MB file and prints
    /// `rise baseline peak peakWasReset`.
    static func runChild(client: String, baseURL: String) async throws {
        let context = Context(baseURL: baseURL, rounds: 1, memoryRuns: 1)
        let small = try context.url(Fixtures.smallPath)
        let large = try context.url(Fixtures.largePath)
        let download: @Sendable () async throws -> Int
        switch client {
        case "raw", "rawNoCache":
            let configuration =
                client == "raw" ? Clients.rawConfiguration() : Clients.noCacheConfiguration()
            let session = URLSession(configuration: configuration)
            _ = try await session.data(for: URLRequest(url: small))
            download = { try await session.data(for: URLRequest(url: large)).0.count }
        case "networking", "urlsession":
            let networking =
                client == "urlsession"
                ? Networking(baseURL: baseURL, transport: URLSessionTransport()) : Networking(baseURL: baseURL)
            let warm: Result<Data, NetworkingError> = await networking.get(Fixtures.smallPath)
            _ = try warm.get()
            download = {
                let result: Result<Data, NetworkingError> = await networking.get(Fixtures.largePath)
                return try result.get().count
            }
        #if os(Linux)
            case "libcurl":
                download = try CurlBulkBaseline.childDownload(small: small, large: large)
        #endif
        default:
            throw BenchmarkFailure(description: "unknown client \(client)")
        }
        let baseline = Measure.status("VmRSS")
        let reset = Measure.resetPeakRSS()
        let count = try await download()
        let peak = Measure.status("VmHWM")
        guard count == Fixtures.largeSize else { throw BenchmarkFailure(description: "got \(count) bytes") }
        print("\(peak - baseline) \(baseline) \(peak) \(reset)")
    }
}
