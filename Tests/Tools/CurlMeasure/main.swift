// An ad-hoc measurement of CurlTransport against URLSessionTransport (not a test, not the
// benchmark suite). Build in release and point it at a local server:
//
//   swift build -c release --product CurlMeasure
//   .build/release/CurlMeasure compare http://127.0.0.1:8080/small.json   # latency and throughput
//   .build/release/CurlMeasure memory http://127.0.0.1:8080/small.json 100000
//   .build/release/CurlMeasure cancel http://127.0.0.1:8080/delay/5         # cancellation latency
//   .build/release/CurlMeasure tls https://127.0.0.1:8443/small.json CA.pem  # protocol and reuse
import Foundation

#if os(Linux)
    import FoundationNetworking
    import Glibc
    import NetworkingCore
    import NetworkingCurl

    func cpuSeconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1_000_000 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }

    func residentMegabytes() -> Double {
        guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8),
            let pages = statm.split(separator: " ").dropFirst().first.flatMap({ Double($0) })
        else { return 0 }
        return pages * Double(sysconf(Int32(_SC_PAGESIZE))) / 1_048_576
    }

    func microseconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) * 1_000_000 + Double(attoseconds) / 1_000_000_000_000
    }

    func sequential(_ name: String, _ transport: any HTTPTransport, _ url: URL, count: Int) async throws {
        for _ in 0..<200 { _ = try await transport.send(URLRequest(url: url)) }
        var samples: [Double] = []
        samples.reserveCapacity(count)
        let cpu = cpuSeconds()
        let clock = ContinuousClock()
        let start = clock.now
        for _ in 0..<count {
            let begin = clock.now
            _ = try await transport.send(URLRequest(url: url))
            samples.append(microseconds(clock.now - begin))
        }
        let wall = microseconds(clock.now - start) / 1_000_000
        samples.sort()
        let cpuPerRequest = (cpuSeconds() - cpu) / Double(count) * 1_000_000
        print(
            String(
                format: "%@ sequential x%d: p50 %.0f µs, p99 %.0f µs, %.0f req/s, CPU %.0f µs/req", name, count,
                samples[count / 2], samples[count * 99 / 100], Double(count) / wall, cpuPerRequest))
    }

    func concurrent(_ name: String, _ transport: any HTTPTransport, _ url: URL, count: Int, inFlight: Int) async throws
    {
        let cpu = cpuSeconds()
        let clock = ContinuousClock()
        let start = clock.now
        try await withThrowingTaskGroup(of: Void.self) { group in
            var started = 0
            while started < min(inFlight, count) {
                group.addTask { _ = try await transport.send(URLRequest(url: url)) }
                started += 1
            }
            while try await group.next() != nil {
                if started < count {
                    group.addTask { _ = try await transport.send(URLRequest(url: url)) }
                    started += 1
                }
            }
        }
        let wall = microseconds(clock.now - start) / 1_000_000
        let cpuPerRequest = (cpuSeconds() - cpu) / Double(count) * 1_000_000
        print(
            String(
                format: "%@ %d in flight x%d: %.0f req/s, CPU %.0f µs/req", name, inFlight, count,
                Double(count) / wall, cpuPerRequest))
    }

    func memory(_ url: URL, count: Int) async throws {
        let transport = try CurlTransport()
        let step = max(1, count / 10)
        print(String(format: "RSS before: %.1f MB", residentMegabytes()))
        for batch in 0..<10 {
            try await withThrowingTaskGroup(of: Void.self) { group in
                for _ in 0..<8 {
                    group.addTask { for _ in 0..<(step / 8) { _ = try await transport.send(URLRequest(url: url)) } }
                }
                try await group.waitForAll()
            }
            print(String(format: "after %6d requests: RSS %.1f MB", (batch + 1) * step, residentMegabytes()))
        }
    }

    func cancellation(_ url: URL) async throws {
        let transport = try CurlTransport()
        var latencies: [Double] = []
        let clock = ContinuousClock()
        for _ in 0..<20 {
            let task = Task { try await transport.send(URLRequest(url: url)) }
            try await Task.sleep(for: .milliseconds(100))
            let cancelledAt = clock.now
            task.cancel()
            _ = try? await task.value
            latencies.append(microseconds(clock.now - cancelledAt))
        }
        latencies.sort()
        print(
            String(format: "cancel → .cancelled: median %.0f µs, max %.0f µs (20 runs)", latencies[10], latencies[19]))
    }

    func tls(_ url: URL, caFile: String) async throws {
        let transport = try CurlTransport(configuration: .init(caCertificateFile: caFile))
        let exchanges = try await withThrowingTaskGroup(of: HTTPExchange.self) { group in
            for _ in 0..<100 { group.addTask { try await transport.send(URLRequest(url: url)) } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        let protocols = Set(exchanges.compactMap { $0.metrics?.networkProtocol })
        let fresh = exchanges.filter { $0.metrics?.isReusedConnection == false }.count
        print("TLS: 100 concurrent requests, protocols \(protocols.sorted()), new connections \(fresh)")
    }

    let arguments = CommandLine.arguments
    guard arguments.count >= 3, let url = URL(string: arguments[2]) else {
        print("usage: CurlMeasure compare|sequential|memory|cancel|tls URL [count|CA file]")
        exit(2)
    }
    switch arguments[1] {
    case "compare":
        let curl = try CurlTransport()
        let session = URLSessionTransport()
        try await sequential("curl      ", curl, url, count: 5000)
        try await sequential("URLSession", session, url, count: 2000)
        try await concurrent("curl      ", curl, url, count: 50_000, inFlight: 64)
        try await concurrent("URLSession", session, url, count: 5000, inFlight: 64)
    case "sequential":
        try await sequential("curl      ", try CurlTransport(), url, count: 20_000)
    case "memory":
        try await memory(url, count: arguments.count > 3 ? Int(arguments[3]) ?? 100_000 : 100_000)
    case "cancel":
        try await cancellation(url)
    case "tls":
        try await tls(url, caFile: arguments.count > 3 ? arguments[3] : "")
    default:
        print("unknown mode \(arguments[1])")
    }
#else
    print("NetworkingCurl is for Linux.")
#endif
