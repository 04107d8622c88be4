import Foundation
import Networking

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// The 10 MB download into memory: the time of each client in this process, and the peak RSS rise
// of each in a fresh child process (`ChildProcess`), beside raw libcurl (`CurlBulkBaseline`), the
// floor for a transport on libcurl.

extension Scenarios {
    /// The clients of the 10 MB download (also `Benchmarks profile large:CLIENT`): those of
    /// `networkClients`, and raw libcurl on Linux.
    nonisolated static func largeClients(_ context: Context) throws -> [Client] {
        var clients = try networkClients(context, path: Fixtures.largePath, as: Data.self)
        #if os(Linux)
            clients.append(try CurlBulkBaseline.memoryClient("libcurl", url: try context.url(Fixtures.largePath)))
        #endif
        return clients
    }

    static func download(_ context: Context, _ report: Report) async throws {
        let clients = try largeClients(context)
        try await Runner.warmUp(clients, count: 1)
        // A 10 MB download takes about 10 ms: twice the rounds of the other scenarios keep the
        // medians steady for little time.
        let times = try await Runner.single(clients, rounds: max(context.rounds * 2, 6))
        var rises: [String: [Double]] = [:]
        let measured = clients.map(\.key).filter(ChildProcess.measurableClients.contains)
        for run in 0..<context.memoryRuns {
            for client in measured.rotated(by: run) {
                let rise = try ChildProcess.peakRise(client: client, baseURL: context.baseURL)
                rises[client, default: []].append(Double(rise))
            }
        }
        let body = Double(Fixtures.largeSize)
        var titles = titles(clients.map(\.key))
        titles = titles.map { $0.0 == "libcurl" ? ($0.0, "libcurl (raw)") : $0 }
        report.begin(
            "download", "10 MB download into memory (time in this process; peak RSS rise in a fresh process each)",
            clients: titles, baseline: "raw", subject: "networking",
            floor: clients.last?.key == "libcurl" ? "libcurl" : nil)
        let medians = times.mapValues { Stats($0).median }
        report.add("time ms (median)", key: "time_ms", medians)
        report.add("peak RSS rise MB", key: "rss_rise_mb", rises.mapValues { Stats($0).median / 1_048_576 })
        report.add("rise / body size", key: "rss_rise_per_body", rises.mapValues { Stats($0).median / body })
        report.note("peak RSS rise = VmHWM after the download − VmRSS before it, median of \(context.memoryRuns) runs")
        report.note(
            "raw libcurl: curl_easy_perform on one reused handle, a write callback appending to a Data reserved "
                + "from Content-Length")
        let ratio = Stats(rises["networking"] ?? []).median / body
        report.target("Networking.get 10 MB peak RSS rise / body size", value: ratio, atMost: 1.0)
        if let networking = medians["networking"], let libcurl = medians["libcurl"] {
            report.target("Networking.get 10 MB time / raw libcurl", value: networking / libcurl, atMost: 1.1)
        }
        if let onURLSession = rises["urlsession"] {
            let ratio = Stats(onURLSession).median / body
            report.note(String(format: "Networking on URLSessionTransport: peak RSS rise %.2f× the body", ratio))
        }
    }
}
