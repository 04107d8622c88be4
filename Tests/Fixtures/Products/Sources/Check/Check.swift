import Foundation

/// The base URL of the httpbin the programs talk to, from `HTTPBIN_BASE_URL`.
public let httpbin: String = {
    guard let base = ProcessInfo.processInfo.environment["HTTPBIN_BASE_URL"], !base.isEmpty else {
        fail("HTTPBIN_BASE_URL is not set: run the programs through `make products`.")
    }
    return base
}()

/// Fails the program with `message` unless `condition` holds.
public func check(
    _ condition: @autoclosure () throws -> Bool, _ message: @autoclosure () -> String,
    file: StaticString = #fileID, line: UInt = #line
) rethrows {
    if try !condition() { fail("\(file):\(line): \(message())") }
}

/// Prints `message` to standard error and exits with status 1.
public func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("error: \(message)\n".utf8))
    exit(1)
}

/// Prints one line saying what a program showed.
public func passed(_ program: String, _ what: String) {
    print("\(program): \(what)")
}

/// A directory of its own under the temporary directory, for a program's files.
public func scratchDirectory(_ name: String) throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("products-\(name)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}
