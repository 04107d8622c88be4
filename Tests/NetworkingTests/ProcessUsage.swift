import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// What this process has used so far: CPU time (`CLOCK_PROCESS_CPUTIME_ID`, every thread), the
/// wall clock and resident memory (`/proc/self/statm`), to bound what a fault costs the client.
struct ProcessUsage: Sendable {
    /// CPU seconds, user and system, of every thread of the process.
    let cpuSeconds: Double
    /// Seconds on a monotonic clock.
    let wallSeconds: Double
    /// Resident memory in bytes; 0 where `/proc/self/statm` cannot be read.
    let residentBytes: Int

    /// The usage at this moment.
    static func now() -> ProcessUsage {
        var cpu = timespec()
        var wall = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &cpu)
        clock_gettime(CLOCK_MONOTONIC, &wall)
        return ProcessUsage(
            cpuSeconds: Double(cpu.tv_sec) + Double(cpu.tv_nsec) / 1e9,
            wallSeconds: Double(wall.tv_sec) + Double(wall.tv_nsec) / 1e9, residentBytes: resident())
    }

    private static func resident() -> Int {
        guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let fields = statm.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    /// What the process used between `start` and this usage.
    func since(_ start: ProcessUsage) -> Interval {
        Interval(
            cpuSeconds: cpuSeconds - start.cpuSeconds, wallSeconds: wallSeconds - start.wallSeconds,
            residentGrowth: residentBytes - start.residentBytes)
    }

    /// The usage between two moments.
    struct Interval: Sendable, CustomStringConvertible {
        let cpuSeconds: Double
        let wallSeconds: Double
        /// Bytes of resident memory gained (negative: given back).
        let residentGrowth: Int

        /// CPU time as a share of the wall time (1: one core busy throughout).
        var cpuShare: Double { wallSeconds > 0 ? cpuSeconds / wallSeconds : 0 }

        var description: String {
            String(
                format: "%.3f s of CPU over %.3f s (%.0f %% of a core), resident memory %+d KiB", cpuSeconds,
                wallSeconds, cpuShare * 100, residentGrowth / 1024)
        }
    }
}
