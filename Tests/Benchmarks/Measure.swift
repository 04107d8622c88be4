import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Clocks, CPU time and memory of this process.
enum Measure {
    /// Microseconds in a duration.
    static func micros(_ duration: Duration) -> Double {
        let parts = duration.components
        return Double(parts.seconds) * 1e6 + Double(parts.attoseconds) / 1e12
    }

    /// User plus system CPU time of this process, in microseconds (`getrusage`).
    static func cpuMicros() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        let user = Double(usage.ru_utime.tv_sec) * 1e6 + Double(usage.ru_utime.tv_usec)
        let system = Double(usage.ru_stime.tv_sec) * 1e6 + Double(usage.ru_stime.tv_usec)
        return user + system
    }

    /// A field of `/proc/self/status` in bytes (`VmRSS`, `VmHWM`), or 0.
    static func status(_ field: String) -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
        for line in text.split(separator: "\n") where line.hasPrefix(field + ":") {
            let digits = line.dropFirst(field.count + 1).filter(\.isNumber)
            return (Int(digits) ?? 0) * 1024
        }
        return 0
    }

    /// Resets the peak RSS (`VmHWM`) to the current RSS; false where the kernel refuses.
    static func resetPeakRSS() -> Bool {
        guard let handle = FileHandle(forWritingAtPath: "/proc/self/clear_refs") else { return false }
        defer { try? handle.close() }
        do {
            try handle.write(contentsOf: Data("5".utf8))
            return true
        } catch {
            return false
        }
    }

    /// The 1-, 5- and 15-minute load averages.
    static func loadAverage() -> [Double] {
        guard let text = try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8) else { return [] }
        return text.split(separator: " ").prefix(3).compactMap { Double($0) }
    }
}

/// Summary statistics of samples.
struct Stats {
    private(set) var samples: [Double]

    init(_ samples: [Double]) { self.samples = samples.sorted() }

    /// The `p`-th percentile (nearest rank), 0 for no samples.
    func percentile(_ p: Double) -> Double {
        guard !samples.isEmpty else { return 0 }
        let rank = Int((p / 100 * Double(samples.count)).rounded(.up)) - 1
        return samples[min(max(rank, 0), samples.count - 1)]
    }

    var median: Double { percentile(50) }
    var mean: Double { samples.isEmpty ? 0 : samples.reduce(0, +) / Double(samples.count) }
}
