import Foundation

@testable import FuzzSupport

// The image header reader: any bytes, at any offset of a larger buffer (a `Data` slice whose
// indices do not start at zero), give `nil` or a header with a positive size. Never a trap.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = Data(UnsafeRawBufferPointer(start: start, count: count))
    let whole = ImageHeader(data: bytes)
    if let whole, whole.width <= 0 || whole.height <= 0 { fuzzFailure("non-positive size \(whole)") }
    // The same bytes as a slice of a bigger buffer must read the same.
    let padded = Data([0xAA, 0xBB, 0xCC]) + bytes
    let slice = padded.dropFirst(3)
    guard ImageHeader(data: slice) == whole else { fuzzFailure("a slice reads differently") }
    // Every prefix is safe to read (a truncated download).
    if bytes.count <= 64 {
        for length in 0..<bytes.count { _ = ImageHeader(data: bytes.prefix(length)) }
    }
    return 0
}
