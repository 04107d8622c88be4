import Foundation

/// Which copy of the Public Suffix List a cookie store asks: the system's libpsl when its list is more
/// recent than the shipped one (a distribution that updates its `publicsuffix` package between the
/// library's releases), the shipped list otherwise (Apple platforms, a Linux without libpsl, or one
/// whose list is older: Debian 12's is from February 2023).
enum PublicSuffixSource: Sendable {
    /// The more recent of the two, chosen once per process, on first use.
    case automatic
    /// The list the library ships.
    case shipped
    /// libpsl's list.
    case system(SystemPublicSuffixList)

    /// What `automatic` stands for. Choosing costs a `dlopen` (of a library libcurl has usually loaded
    /// already), a `stat` and, only where libpsl's list is the newer, reading its file: once.
    static let preferred: PublicSuffixSource =
        SystemPublicSuffixList.load(newerThan: PublicSuffixList.shippedDate).map { .system($0) } ?? .shipped

    /// Whether `domain` (lowercased, without a trailing dot) is a public suffix in this list.
    func isPublicSuffix(_ domain: String) -> Bool {
        switch self {
        case .automatic: Self.preferred.isPublicSuffix(domain)
        case .shipped: PublicSuffixList.shipped.isPublicSuffix(domain)
        case .system(let list): list.isPublicSuffix(domain)
        }
    }
}
