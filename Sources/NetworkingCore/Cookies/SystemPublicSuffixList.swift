import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The system's copy of the Public Suffix List, through libpsl (`libpsl.so.5`, which Debian's and
/// Ubuntu's libcurl links), loaded at run time with `dlopen`: nothing is needed to build, and a system
/// without it uses the shipped list. Linux only; elsewhere `load(newerThan:)` finds nothing.
///
/// libpsl's list is the newer of the one built into it and the distribution's file
/// (`/usr/share/publicsuffix/public_suffix_list.dafsa` on Debian, from the `publicsuffix` package),
/// by the files' modification times, as `psl_latest` chooses.
// @unchecked: the stored properties are never changed. `context` is a list libpsl loaded once and
// only reads afterwards (its lookups are thread-safe); it is never freed, and the library never closed.
struct SystemPublicSuffixList: @unchecked Sendable {
    /// `psl_is_public_suffix2(const psl_ctx_t *psl, const char *domain, int type)`.
    private typealias IsPublicSuffix = @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, Int32) -> Int32
    /// `psl_builtin()` and `psl_latest(const char *fname)`.
    private typealias Builtin = @convention(c) () -> OpaquePointer?
    private typealias Latest = @convention(c) (UnsafePointer<CChar>?) -> OpaquePointer?
    /// `psl_free(psl_ctx_t *psl)`.
    private typealias Free = @convention(c) (OpaquePointer?) -> Void
    /// `psl_builtin_file_time()`, a `time_t`, and `psl_dist_filename()`.
    private typealias BuiltinFileTime = @convention(c) () -> Int
    private typealias DistFilename = @convention(c) () -> UnsafePointer<CChar>?

    /// `PSL_TYPE_ANY`: the ICANN and the PRIVATE sections both (`PSL_TYPE_ICANN | PSL_TYPE_PRIVATE`).
    private static let anySection: Int32 = 1 | 2

    /// The names libpsl's library is loaded by.
    private static var libraryNames: [String] {
        #if os(Linux)
            ["libpsl.so.5"]
        #else
            []
        #endif
    }

    private let context: OpaquePointer
    private let isPublicSuffix2: IsPublicSuffix
    /// When the list libpsl loaded was written: the modification time of its file.
    let date: Date

    /// libpsl's list, when the library loads and its list is more recent than `date` (the shipped
    /// list's); otherwise `nil`, and nothing is left loaded. The dates are compared before libpsl
    /// reads any file, so a system whose list is older reads none.
    static func load(newerThan date: Date) -> SystemPublicSuffixList? {
        for name in libraryNames {
            guard let handle = dlopen(name, RTLD_NOW | RTLD_LOCAL) else { continue }
            if let list = load(from: handle, newerThan: date) { return list }
            dlclose(handle)
        }
        return nil
    }

    private static func load(from handle: UnsafeMutableRawPointer, newerThan date: Date) -> SystemPublicSuffixList? {
        func resolve<Function>(_ name: String, as type: Function.Type) -> Function? {
            dlsym(handle, name).map { unsafeBitCast($0, to: type) }
        }
        guard let isPublicSuffix2 = resolve("psl_is_public_suffix2", as: IsPublicSuffix.self),
            let builtin = resolve("psl_builtin", as: Builtin.self), let latest = resolve("psl_latest", as: Latest.self),
            let free = resolve("psl_free", as: Free.self),
            let builtinFileTime = resolve("psl_builtin_file_time", as: BuiltinFileTime.self),
            let distFilename = resolve("psl_dist_filename", as: DistFilename.self)
        else { return nil }
        let builtinDate = builtin() == nil ? Date.distantPast : Date(timeIntervalSince1970: Double(builtinFileTime()))
        let distDate = distFilename().flatMap(modificationDate(ofFileAt:)) ?? .distantPast
        // psl_latest loads the distribution's file when it is newer than the built-in list.
        guard max(builtinDate, distDate) > date, let context = latest(nil) else { return nil }
        let loadedDate = context == builtin() ? builtinDate : distDate
        guard loadedDate > date else {
            free(context)  // a no-op for the built-in list
            return nil
        }
        return SystemPublicSuffixList(context: context, isPublicSuffix2: isPublicSuffix2, date: loadedDate)
    }

    private static func modificationDate(ofFileAt path: UnsafePointer<CChar>) -> Date? {
        let attributes = try? FileManager.default.attributesOfItem(atPath: String(cString: path))
        return attributes?[.modificationDate] as? Date
    }

    /// Whether libpsl gives `domain` (lowercased UTF-8 or Punycode, without a trailing dot) as its own
    /// public suffix, by the rules of both sections.
    func isPublicSuffix(_ domain: String) -> Bool {
        domain.withCString { isPublicSuffix2(context, $0, Self.anySection) } == 1
    }
}
