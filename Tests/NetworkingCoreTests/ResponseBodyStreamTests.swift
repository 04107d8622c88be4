import Foundation
import NetworkingCore
import Synchronization
import XCTest

final class ResponseBodyStreamTests: XCTestCase {
    private final class Flag: Sendable {
        private let value = Mutex(0)
        func increment() { value.withLock { $0 += 1 } }
        var count: Int { value.withLock { $0 } }
    }

    func testChunksArriveInOrderThenEnd() async throws {
        let (stream, continuation) = ResponseBodyStream.makeStream(bufferLimit: 1024)
        continuation.yield(Data("ab".utf8))
        continuation.yield(Data("cd".utf8))
        continuation.finish()
        var collected = Data()
        for try await chunk in stream { collected.append(chunk) }
        XCTAssertEqual(String(decoding: collected, as: UTF8.self), "abcd")
        XCTAssertEqual(stream.byteCount, 4)
    }

    func testReaderWaitsForChunksYieldedLater() async throws {
        let (stream, continuation) = ResponseBodyStream.makeStream(bufferLimit: 1024)
        let reader = Task { try await stream.collect(upTo: 100) }
        for piece in ["x", "y", "z"] { continuation.yield(Data(piece.utf8)) }
        continuation.finish()
        let body = try await reader.value
        XCTAssertEqual(String(decoding: body, as: UTF8.self), "xyz")
    }

    func testErrorComesAfterBufferedChunks() async {
        let (stream, continuation) = ResponseBodyStream.makeStream(bufferLimit: 1024)
        continuation.yield(Data("partial".utf8))
        continuation.finish(throwing: .transport(URLError(.networkConnectionLost)))
        var iterator = stream.makeAsyncIterator()
        do {
            let first = try await iterator.next()
            XCTAssertEqual(first.map { String(decoding: $0, as: UTF8.self) }, "partial")
            _ = try await iterator.next()
            XCTFail("expected the transport error")
        } catch {
            guard case .transport(let urlError) = error else { return XCTFail("unexpected \(error)") }
            XCTAssertEqual(urlError.code, .networkConnectionLost)
        }
    }

    func testBufferOverflowFailsReaderAndCancelsTransferOnce() async {
        let cancels = Flag()
        let (stream, continuation) = ResponseBodyStream.makeStream(bufferLimit: 10) { cancels.increment() }
        XCTAssertTrue(continuation.yield(Data(count: 6)))
        XCTAssertFalse(continuation.yield(Data(count: 6)), "the second chunk overflows the 10-byte buffer")
        XCTAssertFalse(continuation.yield(Data(count: 1)), "an overflowed stream takes no more data")
        XCTAssertEqual(cancels.count, 1)
        do {
            for try await _ in stream {}
            XCTFail("expected an overflow error")
        } catch {
            guard case .transport(let urlError) = error else { return XCTFail("unexpected \(error)") }
            XCTAssertEqual(urlError.code, .dataLengthExceedsMaximum)
        }
        guard case .failed(let error, let count) = await stream.termination() else {
            return XCTFail("expected a failed termination")
        }
        XCTAssertEqual(count, 12)
        guard case .transport = error else { return XCTFail("unexpected \(error)") }
    }

    func testTotalSizeIsNotLimitedWhenReaderKeepsUp() async throws {
        let (stream, continuation) = ResponseBodyStream.makeStream(bufferLimit: 8)
        let reader = Task {
            var total = 0
            for try await chunk in stream { total += chunk.count }
            return total
        }
        for _ in 0..<100 {
            while continuation.bufferedBytes > 0 { await Task.yield() }
            XCTAssertTrue(continuation.yield(Data(count: 8)))
        }
        continuation.finish()
        let total = try await reader.value
        XCTAssertEqual(total, 800)
    }

    func testCancellingTheReadingTaskCancelsTheTransfer() async {
        let cancels = Flag()
        let (stream, _) = ResponseBodyStream.makeStream(bufferLimit: 1024) { cancels.increment() }
        let reader = Task { () -> NetworkingError? in
            do throws(NetworkingError) {
                for try await _ in stream {}
                return nil
            } catch {
                return error
            }
        }
        reader.cancel()
        let error = await reader.value
        guard case .cancelled = error else { return XCTFail("expected .cancelled, got \(String(describing: error))") }
        XCTAssertEqual(cancels.count, 1)
    }

    func testDroppingTheStreamCancelsTheTransfer() {
        let cancels = Flag()
        var continuation: ResponseBodyStream.Continuation?
        do {
            let (stream, feed) = ResponseBodyStream.makeStream(bufferLimit: 1024) { cancels.increment() }
            continuation = feed
            XCTAssertEqual(stream.byteCount, 0)
        }
        XCTAssertEqual(cancels.count, 1)
        XCTAssertEqual(continuation?.isTerminated, true)
        XCTAssertEqual(continuation?.yield(Data("late".utf8)), false)
    }

    func testDroppingAFinishedStreamDoesNotCancel() {
        let cancels = Flag()
        do {
            let (stream, continuation) = ResponseBodyStream.makeStream(bufferLimit: 1024) { cancels.increment() }
            continuation.yield(Data("unread".utf8))
            continuation.finish()
            withExtendedLifetime(stream) {}
        }
        XCTAssertEqual(cancels.count, 0)
    }

    func testTerminationHandlersRunOnceWithByteCount() async {
        let (stream, continuation) = ResponseBodyStream.makeStream(bufferLimit: 1024)
        let calls = Flag()
        stream.onTermination { _ in calls.increment() }
        continuation.yield(Data(count: 5))
        continuation.finish()
        continuation.finish(throwing: .cancelled)
        stream.cancel()
        guard case .finished(let count) = await stream.termination() else { return XCTFail("expected finished") }
        XCTAssertEqual(count, 5)
        XCTAssertEqual(calls.count, 1)
    }

    func testCollectStopsAtLimit() async {
        let cancels = Flag()
        let (stream, continuation) = ResponseBodyStream.makeStream(bufferLimit: 1024) { cancels.increment() }
        continuation.yield(Data(count: 60))
        continuation.yield(Data(count: 60))
        do {
            _ = try await stream.collect(upTo: 100)
            XCTFail("expected the limit to be exceeded")
        } catch {
            guard case .transport(let urlError) = error else { return XCTFail("unexpected \(error)") }
            XCTAssertEqual(urlError.code, .dataLengthExceedsMaximum)
        }
        XCTAssertEqual(cancels.count, 1)
    }

    func testBytesView() async throws {
        let (stream, continuation) = ResponseBodyStream.makeStream(bufferLimit: 1024)
        continuation.yield(Data([1, 2]))
        continuation.yield(Data())
        continuation.yield(Data([3]))
        continuation.finish()
        var bytes: [UInt8] = []
        for try await byte in stream.bytes { bytes.append(byte) }
        XCTAssertEqual(bytes, [1, 2, 3])
    }

    func testLinesViewSplitsAtEveryTerminatorAcrossChunks() async throws {
        let (stream, continuation) = ResponseBodyStream.makeStream(bufferLimit: 1024)
        for piece in ["one\r", "\ntwo\n", "\nthree\rfo", "ur\r\n", "five"] { continuation.yield(Data(piece.utf8)) }
        continuation.finish()
        var lines: [String] = []
        for try await line in stream.lines { lines.append(line) }
        XCTAssertEqual(lines, ["one", "two", "", "three", "four", "five"])
    }

    func testOverlongLineCancelsAndThrows() async {
        let cancels = Flag()
        let (stream, continuation) = ResponseBodyStream.makeStream(bufferLimit: 1024) { cancels.increment() }
        continuation.yield(Data("short\n0123456789abcdef".utf8))
        var lines: [String] = []
        do {
            for try await line in stream.lines(maxLineLength: 10) { lines.append(line) }
            XCTFail("expected the line limit to be exceeded")
        } catch {
            guard case .transport(let urlError) = error else { return XCTFail("unexpected \(error)") }
            XCTAssertEqual(urlError.code, .dataLengthExceedsMaximum)
        }
        XCTAssertEqual(lines, [])
        XCTAssertEqual(cancels.count, 1)
    }

    func testSingleDataStream() async throws {
        let stream = ResponseBodyStream(data: Data("whole".utf8))
        let body = try await stream.collect(upTo: 10)
        XCTAssertEqual(String(decoding: body, as: UTF8.self), "whole")
    }

    func testCopiedPiecesArriveInOrderWhetherTheReaderWaitsOrFallsBehind() async throws {
        let (stream, continuation) = ResponseBodyStream.makeStream(bufferLimit: 1 << 20)
        let pieces = (0..<40).map { Data(repeating: UInt8($0), count: 1000) }
        func yield(_ piece: Data) {
            piece.withUnsafeBytes { XCTAssertTrue(continuation.yield(copying: $0, coalescingUpTo: 4096)) }
        }
        // Behind: the pieces wait, joined on the chunk the reader has not taken.
        for piece in pieces[..<20] { yield(piece) }
        var iterator = stream.makeAsyncIterator()
        var body = try await iterator.next() ?? Data()
        XCTAssertEqual(body, pieces[..<20].reduce(Data(), +))
        // Waiting: the reader gets the next piece at once, then the rest as they come.
        let reader = Task {
            var rest = Data()
            while let chunk = try await iterator.next() { rest.append(chunk) }
            return rest
        }
        for piece in pieces[20...] { yield(piece) }
        continuation.finish()
        body.append(try await reader.value)
        XCTAssertEqual(body, pieces.reduce(Data(), +))
        XCTAssertEqual(stream.byteCount, 40_000)
    }

    func testCopiedPiecesPastTheBufferLimitFailTheStream() async {
        let (stream, continuation) = ResponseBodyStream.makeStream(bufferLimit: 1500)
        let piece = Data(repeating: 1, count: 1000)
        piece.withUnsafeBytes { XCTAssertTrue(continuation.yield(copying: $0, coalescingUpTo: 4096)) }
        piece.withUnsafeBytes { XCTAssertFalse(continuation.yield(copying: $0, coalescingUpTo: 4096)) }
        do {
            _ = try await stream.collect(upTo: .max)
            XCTFail("the overflow fails the stream")
        } catch {
            guard case .transport(let underlying) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(underlying.code, .dataLengthExceedsMaximum)
        }
    }

    func testAChunkTheReaderTookIsFreedWhileLaterOnesStillWait() async throws {
        let (stream, continuation) = ResponseBodyStream.makeStream(bufferLimit: 4 << 20)
        let freed = Flag()
        let size = 300_000  // above 256 KiB: each chunk goes to the reader as it is
        for index in 0..<3 {
            let bytes = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 1)
            bytes.initializeMemory(as: UInt8.self, repeating: UInt8(index), count: size)
            let chunk = Data(
                bytesNoCopy: bytes, count: size,
                deallocator: .custom { pointer, _ in
                    pointer.deallocate()
                    freed.increment()
                })
            XCTAssertTrue(continuation.yield(chunk))
        }
        var iterator = stream.makeAsyncIterator()
        do {
            let first = try await iterator.next()
            XCTAssertEqual(first, Data(repeating: 0, count: size))
        }  // the reader is done with it
        XCTAssertEqual(freed.count, 1, "the taken chunk is freed while two wait behind it")
        let second = try await iterator.next()
        XCTAssertEqual(second, Data(repeating: 1, count: size))
        continuation.finish()
        let rest = try await iterator.next()
        XCTAssertEqual(rest, Data(repeating: 2, count: size))
        let end = try await iterator.next()
        XCTAssertNil(end)
    }
}
