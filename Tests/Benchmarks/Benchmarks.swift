import Foundation
import Networking

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `make bench`: Networking against raw URLSession on a local nginx, side by side in one process.
///
///     Benchmarks [--base-url URL] [--rounds N] [--only a,b] [--output FILE]
///                                             --only takes the keys of `Scenarios.all`, and
///                                             `connection-limits` (`ConnectionLimitSweep`), which
///                                             runs only when named
///     Benchmarks fixtures DIR                 write the files nginx serves
///     Benchmarks profile SET:CLIENT COUNT [N] COUNT requests of one client, N in flight (for callgrind);
///                                             SET:CLIENT is stub|net:raw|rawNoCache|networking|
///                                             curlTransport|libcurl (libcurl: N = 1 only)|
///                                             libcurlMulti (libcurl's multi loop, the floor)|
///                                             networkingOnCurl (tuned like curlTransport),
///                                             memory:direct|actor (in-memory transport),
///                                             large:raw|networking|libcurl (10 MB into memory),
///                                             cache:memoryHit|diskHit,
///                                             decode:tape|foundation|tapeList|foundationList|
///                                             tapeWide|foundationWide|tapeSnake|foundationSnake|
///                                             tapeDates|foundationDates|libraryDates|
///                                             libraryFractionalDates,
///                                             ws:sequential|pipelined (WebSocket echoes)
///     Benchmarks websocket [--rounds N] [--output FILE]
///                                             64-byte WebSocket echoes against the websockets
///                                             server and a native echo server, beside the
///                                             websockets package's own Python client
///     Benchmarks ws-echo-server               (internal) the native WebSocket echo server
///     Benchmarks rss-child CLIENT BASE_URL    (internal) one peak-RSS measurement
@main
enum Benchmarks {
    static func main() {
        #if os(Linux)
            if CommandLine.arguments.dropFirst().first == "ws-echo-server" { NativeEchoServer.run() }
        #endif
        // `profile` runs under valgrind, which crashes on an async `main` (the main thread parks in
        // `dispatch_main`): there the work runs on a detached task while the main thread waits.
        if CommandLine.arguments.dropFirst().first == "profile" {
            let done = DispatchSemaphore(value: 0)
            Task.detached {
                await mainAsync()
                done.signal()
            }
            done.wait()
        } else {
            Task { @MainActor in
                await mainAsync()
                exit(0)
            }
            dispatchMain()
        }
    }

    static func mainAsync() async {
        do {
            var arguments = Array(CommandLine.arguments.dropFirst())
            switch arguments.first {
            case "fixtures":
                guard arguments.count == 2 else { throw BenchmarkFailure(description: "usage: fixtures DIR") }
                try Fixtures.write(to: URL(fileURLWithPath: arguments[1]))
            case "rss-child":
                guard arguments.count == 3 else { throw BenchmarkFailure(description: "usage: rss-child CLIENT URL") }
                try await ChildProcess.runChild(client: arguments[1], baseURL: arguments[2])
            case "files-child":
                guard arguments.count == 5 else {
                    throw BenchmarkFailure(description: "usage: files-child download|upload CLIENT URL DIR")
                }
                try await FileTransfers.runChild(
                    mode: arguments[1], client: arguments[2], baseURL: arguments[3],
                    directory: URL(fileURLWithPath: arguments[4]))
            case "websocket":
                var rounds = 3
                var output: String?
                var rest = arguments.dropFirst()
                while let flag = rest.popFirst(), let value = rest.popFirst() {
                    if flag == "--rounds" { rounds = max(Int(value) ?? rounds, 1) }
                    if flag == "--output" { output = value }
                }
                try await WebSocketBench.run(rounds: rounds, output: output)
            case "profile":
                guard arguments.count >= 3, let count = Int(arguments[2]) else {
                    throw BenchmarkFailure(description: "usage: profile SET:CLIENT COUNT [IN_FLIGHT]")
                }
                let inFlight = arguments.count > 3 ? Int(arguments[3]) ?? 1 : 1
                try await profile(arguments[1], count: count, inFlight: inFlight)
            default:
                let options = try Options(&arguments)
                try await run(options)
            }
        } catch {
            FileHandle.standardError.write(Data("Benchmarks: error: \(error)\n".utf8))
            exit(1)
        }
    }

    struct Options {
        var baseURL = ProcessInfo.processInfo.environment["BENCH_BASE_URL"] ?? "http://127.0.0.1:8089"
        var rounds = 10
        var memoryRuns = 3
        var only: Set<String> = []
        var output = "bench-results.json"

        init(_ arguments: inout [String]) throws {
            while !arguments.isEmpty {
                let flag = arguments.removeFirst()
                guard !arguments.isEmpty else { throw BenchmarkFailure(description: "\(flag) needs a value") }
                let value = arguments.removeFirst()
                switch flag {
                case "--base-url": baseURL = value
                case "--rounds": rounds = max(Int(value) ?? rounds, 1)
                case "--memory-runs": memoryRuns = max(Int(value) ?? memoryRuns, 1)
                case "--only": only = Set(value.split(separator: ",").map(String.init))
                case "--output": output = value
                default: throw BenchmarkFailure(description: "unknown option \(flag)")
                }
            }
        }
    }

    @MainActor
    static func run(_ options: Options) async throws {
        let context = Context(baseURL: options.baseURL, rounds: options.rounds, memoryRuns: options.memoryRuns)
        try await checkServer(context)
        let report = Report()
        let loadBefore = Measure.loadAverage()
        let cpuBefore = Measure.cpuMicros()
        let start = ContinuousClock.now
        print("Benchmarks against \(options.baseURL), \(options.rounds) rounds; load average \(loadBefore)")
        let known = Set((Scenarios.all + Scenarios.optIn).map(\.key))
        if let unknown = options.only.subtracting(known).sorted().first {
            throw BenchmarkFailure(
                description: "unknown scenario \(unknown) (known: \(known.sorted().joined(separator: ", ")))")
        }
        let chosen =
            Scenarios.all.filter { options.only.isEmpty || options.only.contains($0.key) }
            + Scenarios.optIn.filter { options.only.contains($0.key) }
        for scenario in chosen {
            try await scenario.run(context, report)
        }
        let loadAfter = Measure.loadAverage()
        report.printTables()
        let seconds = Measure.micros(ContinuousClock.now - start) / 1e6
        print(
            String(
                format: "\nRun took %.0f s (%.0f s CPU); load average before %@, after %@ on %d CPUs", seconds,
                (Measure.cpuMicros() - cpuBefore) / 1e6, "\(loadBefore)", "\(loadAfter)",
                ProcessInfo.processInfo.activeProcessorCount))
        let environment = ProcessInfo.processInfo.environment
        let machine: [String: Any] = [
            "cpus": ProcessInfo.processInfo.activeProcessorCount, "loadAverageBefore": loadBefore,
            "loadAverageAfter": loadAfter, "seconds": seconds, "rounds": options.rounds,
            "server": environment["BENCH_SERVER"] ?? "nginx", "commit": environment["BENCH_COMMIT"] ?? "",
            "defaultTransport": String(describing: type(of: Networking(baseURL: options.baseURL).transport)),
        ]
        let data = try JSONSerialization.data(
            withJSONObject: report.json(machine: machine), options: [.prettyPrinted, .sortedKeys])
        try data.write(to: URL(fileURLWithPath: options.output))
        print("Wrote \(options.output)")
    }

    /// Fails with a clear message when the server is not there or serves other files.
    static func checkServer(_ context: Context) async throws {
        let session = URLSession(configuration: Clients.noCacheConfiguration())
        defer { session.finishTasksAndInvalidate() }
        do {
            let (data, response) = try await session.data(for: URLRequest(url: try context.url(Fixtures.smallPath)))
            if let status = (response as? HTTPURLResponse)?.statusCode, status != 200 {
                throw BenchmarkFailure(
                    description: "\(context.baseURL)\(Fixtures.smallPath) answered HTTP \(status) (can nginx's worker "
                        + "user read the html directory of the run under .build/bench?)")
            }
            guard data == Fixtures.smallJSON else {
                throw BenchmarkFailure(description: "\(context.baseURL) serves other fixtures; rerun `make bench`")
            }
        } catch let error as BenchmarkFailure {
            throw error
        } catch {
            throw BenchmarkFailure(
                description: "no server at \(context.baseURL) (\(error.localizedDescription)); use `make bench`")
        }
    }

    /// Runs `count` requests of one client, for `valgrind --tool=callgrind`.
    static func profile(_ spec: String, count: Int, inFlight: Int) async throws {
        let parts = spec.split(separator: ":").map(String.init)
        guard parts.count == 2 else { throw BenchmarkFailure(description: "profile SET:CLIENT, got \(spec)") }
        // The server of the `net` and `cache` sets.
        let server = Context(
            baseURL: ProcessInfo.processInfo.environment["BENCH_BASE_URL"] ?? "http://127.0.0.1:8089", rounds: 1,
            memoryRuns: 1)
        #if os(Linux)
            if parts[0] == "ws" { return try await WebSocketProfile.run(parts[1], count: count) }
            // The floor under concurrency: libcurl's own multi loop, on a thread of its own.
            if spec == "net:libcurlMulti" {
                let url = try server.url(Fixtures.smallPath)
                let loop = try CurlMultiLoop("libcurlMulti", url: url, tls: Scenarios.profiledTLS(url))
                _ = try await loop.run(requests: count, inFlight: inFlight)
                return
            }
        #endif
        let clients: [Client]
        switch parts[0] {
        case "stub":
            clients = try await Scenarios.stubClients()
        case "net":
            clients =
                try Scenarios.networkClients(server, path: Fixtures.smallPath, as: Profile.self)
                + Scenarios.transportClients(server, withLibcurl: inFlight == 1)
                + Scenarios.tunedNetworkingClients(server)
        case "large":
            clients = try Scenarios.largeClients(server)
        case "cache":
            clients = try Scenarios.cacheClients(server, directory: Scenarios.cacheDirectory)
        case "decode":
            clients = DecodingClients.all()
        case "memory":
            let context = Context(baseURL: "http://stub.invalid", rounds: 1, memoryRuns: 1)
            clients = Scenarios.actorClients(context, transport: InMemoryTransport())
        default:
            throw BenchmarkFailure(description: "unknown set \(parts[0])")
        }
        guard let client = clients.first(where: { $0.key == parts[1] }) else {
            throw BenchmarkFailure(description: "unknown client \(parts[1])")
        }
        defer { try? FileManager.default.removeItem(at: Scenarios.cacheDirectory) }
        if inFlight > 1 {
            _ = try await Runner.throughput([client], rounds: 1, requests: count, inFlight: inFlight)
        } else {
            for _ in 0..<count {
                client.prepare?()
                try await client.fetch()
            }
        }
    }
}
