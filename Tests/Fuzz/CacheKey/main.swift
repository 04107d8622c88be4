import Foundation

@testable import FuzzSupport

// The cache key mapping: whatever the key, the entry's file is named by 64 lowercase hex digits
// and lies directly inside the cache directory; a base URL's folder name is one safe path
// component; a credential identity is 32 hex digits that never contain the credential; distinct
// credentials give distinct keys.

private let directory = URL(fileURLWithPath: "/tmp/fuzz-cache/dir", isDirectory: true)
private let tier = DiskTier(directory: directory, sizeLimit: 1 << 20, ttl: 60, clock: { Date() })
private let folderOK = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789.-_".utf8)

private func isLowercaseHex(_ text: String, count: Int) -> Bool {
    text.utf8.count == count && text.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    var input = FuzzInput(start, count)
    let key = input.pick(["../../etc/passwd", "/abs", "", ".", "..", "a/b", "\0", "https://h/x?y#z"])

    let name = DiskTier.fileName(forKey: key)
    guard isLowercaseHex(name, count: 64) else { fuzzFailure("file name \(name.debugDescription)") }
    let path = URL(fileURLWithPath: tier.path(forKey: key))
    guard path.deletingLastPathComponent().standardizedFileURL.path == directory.path, path.lastPathComponent == name
    else { fuzzFailure("\(key.debugDescription) maps to \(path.path)") }

    let baseURL = input.pick(["https://api.example.com", "http://127.0.0.1:8080/x", "http://../..", "http://[::1]"])
    let folder = DataCache.folderName(forBaseURL: baseURL)
    guard !folder.isEmpty, folder != ".", folder != "..", !folder.hasPrefix("."), folder.utf8.count <= 64 + 17,
        folder.utf8.allSatisfy(folderOK.contains)
    else { fuzzFailure("folder name \(folder.debugDescription) for \(baseURL.debugDescription)") }

    let secret = "Bearer " + input.string(maxLength: 40)
    let otherSecret = secret + "x"
    let identity = CacheKey.credentialIdentity(of: ["Authorization": secret])
    guard let identity, isLowercaseHex(identity, count: 32) else {
        fuzzFailure("identity \(String(describing: identity))")
    }
    let full = CacheKey.key(key, credential: identity)
    if secret.utf8.count > 12, full.containsBytes(secret) { fuzzFailure("the credential is part of the key") }
    guard CacheKey.credentialIdentity(of: ["authorization": secret]) == identity else {
        fuzzFailure("the identity depends on the header name's case")
    }
    guard CacheKey.credentialIdentity(of: ["Authorization": otherSecret]) != identity else {
        fuzzFailure("two credentials share an identity")
    }
    guard CacheKey.credentialIdentity(of: HTTPHeaders(["Accept": secret])) == nil else {
        fuzzFailure("a request without a credential has an identity")
    }
    return 0
}
