import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension URLRequest {
    /// `value(forHTTPHeaderField:)`: the value of the header named `name`, compared
    /// case-insensitively.
    ///
    /// On Linux that method lowercases both names for every field it compares (a few thousand
    /// instructions per lookup): here the names are compared byte by byte, ASCII case folded, over
    /// one read of the fields.
    package func headerValue(_ name: String) -> String? {
        #if canImport(FoundationNetworking)
            guard let fields = allHTTPHeaderFields else { return nil }
            for (key, value) in fields where key.caseInsensitiveEquals(name) { return value }
            return nil
        #else
            return value(forHTTPHeaderField: name)
        #endif
    }

    /// Whether the request has a header named by one of `names` (compared as `headerValue(_:)`
    /// does, over one read of the fields).
    package func hasHeader(namedAnyOf names: [String]) -> Bool {
        #if canImport(FoundationNetworking)
            guard let fields = allHTTPHeaderFields else { return false }
            return fields.keys.contains { key in names.contains { key.caseInsensitiveEquals($0) } }
        #else
            return names.contains { value(forHTTPHeaderField: $0) != nil }
        #endif
    }
}
