#if os(Linux)
    import Foundation
    import Networking
    import Synchronization
    import XCTest

    @testable import NetworkingCurl

    /// Records the progress values a transport reports.
    final class ProgressValues: Sendable {
        private let recorded = Mutex<[TransferProgress]>([])

        var reporter: ProgressReporter {
            ProgressReporter(report: { value in self.recorded.withLock { $0.append(value) } })
        }

        var values: [TransferProgress] { recorded.withLock { $0 } }
    }

    /// Collects the valves `CurlTransport.openStream(_:highWatermark:limit:observe:)` creates (one per transfer).
    final class Valves {
        private(set) var all: [CurlStreamValve] = []
        func append(_ valve: CurlStreamValve) { all.append(valve) }
        var last: CurlStreamValve? { all.last }
    }

    /// Waits for a state change made on another thread (the loop pausing or ending a transfer);
    /// a change that never comes fails the test after about ten seconds instead of hanging it.
    func waitUntil(
        file: StaticString = #filePath, line: UInt = #line, _ condition: () -> Bool
    ) async throws {
        for _ in 0..<2000 {
            if condition() { return }
            try await Task.sleep(for: .milliseconds(5))
        }
        XCTFail("the awaited state was never reached", file: file, line: line)
    }
#endif
