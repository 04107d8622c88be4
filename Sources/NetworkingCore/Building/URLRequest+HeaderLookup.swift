import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension URLRequest {
    /// `value(forHTTPHeaderField:)`: the value of the header named `name`, compared
    /// case-insensitively.
    ///
    /// On Linux that method lowercases both names for every field it compares (a few thousand
    /// instructions per lookup, and the library looks up several option headers per request):
    /// here the names are compared byte by byte, ASCII case folded, over one read of the fields.
    package func headerValue(_ name: String) -> String? {
        #if canImport(FoundationNetworking)
            guard let fields = allHTTPHeaderFields else { return nil }
            for (key, value) in fields where key.caseInsensitiveEquals(name) { return value }
            return nil
        #else
            return value(forHTTPHeaderField: name)
        #endif
    }
}
