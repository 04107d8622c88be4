import Foundation
import NetworkingCore
import Synchronization
import XCTest

final class TransferProgressTrackerTests: XCTestCase {
    private final class Recorder: Sendable {
        private let state = Mutex<(values: [TransferProgress], finishes: Int)>(([], 0))
        var values: [TransferProgress] { state.withLock { $0.values } }
        var finishes: Int { state.withLock { $0.finishes } }
        var reporter: ProgressReporter {
            ProgressReporter(
                report: { value in self.state.withLock { $0.values.append(value) } },
                finish: { self.state.withLock { $0.finishes += 1 } })
        }
    }

    func testValuesNeverDecreaseAcrossARetry() {
        let recorder = Recorder()
        let tracker = TransferProgressTracker(recorder.reporter, granularity: 1)
        for completed in [0, 40, 80, 0, 50, 90, 100] as [Int64] {
            tracker.update(TransferProgress(completedBytes: completed, totalBytes: 100))
        }
        tracker.complete()
        XCTAssertEqual(recorder.values.map(\.completedBytes), [0, 40, 80, 90, 100])
        XCTAssertEqual(recorder.values.last, TransferProgress(completedBytes: 100, totalBytes: 100))
        XCTAssertEqual(recorder.finishes, 1)
    }

    func testUnknownTotalIsNilUntilCompletion() {
        let recorder = Recorder()
        let tracker = TransferProgressTracker(recorder.reporter, granularity: 1)
        tracker.update(TransferProgress(completedBytes: 10, totalBytes: nil))
        tracker.update(TransferProgress(completedBytes: 20, totalBytes: nil))
        tracker.complete()
        XCTAssertEqual(recorder.values.map(\.totalBytes), [nil, nil, 20])
        XCTAssertEqual(recorder.values.last?.fractionCompleted, 1)
    }

    func testTotalSmallerThanReceivedBecomesUnknown() {
        let recorder = Recorder()
        let tracker = TransferProgressTracker(recorder.reporter, granularity: 1)
        tracker.update(TransferProgress(completedBytes: 50, totalBytes: 40))
        XCTAssertEqual(recorder.values, [TransferProgress(completedBytes: 50, totalBytes: nil)])
    }

    func testThrottlesToGranularityButKeepsTheFinalValue() {
        let recorder = Recorder()
        let tracker = TransferProgressTracker(recorder.reporter, granularity: 100)
        for completed in stride(from: Int64(0), through: 1000, by: 10) {
            tracker.update(TransferProgress(completedBytes: completed, totalBytes: 1000))
        }
        tracker.complete()
        XCTAssertEqual(recorder.values.map(\.completedBytes), Array(stride(from: Int64(0), through: 1000, by: 100)))
    }

    func testFinishWithoutCompletionSendsNoFinalValueAndFinishesOnce() {
        let recorder = Recorder()
        let tracker = TransferProgressTracker(recorder.reporter, granularity: 1)
        tracker.update(TransferProgress(completedBytes: 5, totalBytes: 10))
        tracker.finish()
        tracker.finish()
        tracker.complete()
        tracker.update(TransferProgress(completedBytes: 10, totalBytes: 10))
        XCTAssertEqual(recorder.values, [TransferProgress(completedBytes: 5, totalBytes: 10)])
        XCTAssertEqual(recorder.finishes, 1)
    }

    func testStreamReporterEndsWhenTheTransferEnds() async {
        let (updates, reporter) = ProgressReporter.makeStream()
        let tracker = TransferProgressTracker(reporter, granularity: 1)
        tracker.update(TransferProgress(completedBytes: 3, totalBytes: 6))
        tracker.complete(completedBytes: 6)
        var values: [TransferProgress] = []
        for await value in updates { values.append(value) }
        XCTAssertEqual(values.map(\.completedBytes), [3, 6])
    }

    func testFoundationProgressBridge() {
        let progress = Progress(totalUnitCount: 0)
        let tracker = TransferProgressTracker(ProgressReporter(updating: progress), granularity: 1)
        tracker.update(TransferProgress(completedBytes: 25, totalBytes: nil))
        XCTAssertTrue(progress.isIndeterminate)
        tracker.update(TransferProgress(completedBytes: 50, totalBytes: 200))
        XCTAssertEqual(progress.fractionCompleted, 0.25, accuracy: 0.0001)
        tracker.complete(completedBytes: 200)
        XCTAssertTrue(progress.isFinished)
    }
}
