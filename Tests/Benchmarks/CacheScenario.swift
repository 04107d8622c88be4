import Foundation
import Networking

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// Cache hits of a 100 KB body: `get` with a caching level, and `downloadData`/`downloadImage` as
// they are called, from the memory tier and from disk (a fresh instance for each disk hit).

extension Scenarios {
    static func cacheHits(_ context: Context, _ report: Report) async throws {
        let directory = cacheDirectory
        defer { try? FileManager.default.removeItem(at: directory) }
        let clients = try cacheClients(context, directory: directory)
        try await Runner.warmUp(clients, count: 20)
        let perRound = 100
        let result = try await Runner.sequential(clients, rounds: context.rounds, perRound: perRound)
        report.begin(
            "cache",
            "Cache hits of a 100 KB body: Networking.get with cachingLevel (\(context.rounds)×\(perRound) each)",
            clients: titles(clients.map(\.key)), baseline: "raw", subject: "memoryHit")
        addLatencyRows(result, clients, report)
        report.note("raw = URLSession fetching the same 100 KB from nginx; disk hit = memory tier emptied first")
        report.target("memory-cache hit (p50)", value: result.stats("memoryHit").median, atMost: 5, unit: " µs")
        report.target("disk-cache hit (p50)", value: result.stats("diskHit").median, atMost: 100, unit: " µs")
        report.target(
            "downloadData memory hit (p50)", value: result.stats("dataMemoryHit").median, atMost: 3, unit: " µs")
        report.target(
            "dataFromCache, the bytes ahead of the pipeline (p50)", value: result.stats("dataFromCache").median,
            atMost: 3, unit: " µs")
        report.target(
            "downloadImage memory hit (p50)", value: result.stats("imageMemoryHit").median, atMost: 5, unit: " µs")
        for (key, name) in [("dataDiskHit", "downloadData"), ("imageDiskHit", "downloadImage")] {
            report.target(
                "\(name) disk hit, fresh instance (p50)", value: result.stats(key).median, atMost: 100, unit: " µs")
        }
    }

    /// `dataFromCache`: the cached bytes read ahead of the pipeline, as an app shows what it has
    /// before it asks the network (no interceptor, observer or metrics); the bytes are downloaded
    /// first when the cache does not hold them yet.
    nonisolated static func fromCache(_ networking: Networking, path: String) -> Client {
        Client(key: "dataFromCache") {
            if let data = await networking.dataFromCache(path) {
                guard !data.isEmpty else { throw BenchmarkFailure(description: "dataFromCache: empty body") }
                return
            }
            _ = try await networking.downloadData(path, cachingLevel: .memory).mapError {
                BenchmarkFailure(description: "dataFromCache: \($0)")
            }.get()
        }
    }

    nonisolated static var cacheDirectory: URL {
        URL(fileURLWithPath: ".build/bench/cache-\(ProcessInfo.processInfo.processIdentifier)")
    }

    /// URLSession fetching 100 KB, and `Networking.get` of it from the memory tier and from disk.
    nonisolated static func cacheClients(_ context: Context, directory: URL) throws -> [Client] {
        let diskCache = DataCache(directory: directory)
        let transport = URLSessionTransport()
        let memory = Networking(baseURL: context.baseURL, transport: transport, cache: DataCache(directory: nil))
        let disk = Networking(baseURL: context.baseURL, transport: transport, cache: diskCache)
        let path = Fixtures.mediumPath
        var diskHit = Clients.networking("diskHit", disk, path: path, as: Data.self, cachingLevel: .memoryAndFile)
        diskHit.prepare = { diskCache.removeAllFromMemory() }
        let baseURL = context.baseURL
        let downloadClients = [false, true].flatMap { image -> [Client] in
            let name = image ? "image" : "data"
            let downloadPath = image ? Fixtures.mediumImagePath : path
            let shared = Networking(baseURL: baseURL, transport: transport, cache: DataCache(directory: nil))
            // A fresh instance (and DataCache) per fetch, over the directory the first fetch filled.
            let fresh: @Sendable () -> Networking = {
                Networking(baseURL: baseURL, transport: transport, cache: DataCache(directory: directory))
            }
            return [
                Clients.download("\(name)MemoryHit", path: downloadPath, image: image, cachingLevel: .memory) {
                    shared
                },
                Clients.download(
                    "\(name)DiskHit", path: downloadPath, image: image, cachingLevel: .memoryAndFile, fresh),
            ] + (image ? [] : [fromCache(shared, path: downloadPath)])
        }
        return [
            Clients.raw("raw", configuration: Clients.rawConfiguration(), url: try context.url(path), as: Data.self),
            Clients.networking("memoryHit", memory, path: path, as: Data.self, cachingLevel: .memory),
            diskHit,
        ] + downloadClients
    }
}
