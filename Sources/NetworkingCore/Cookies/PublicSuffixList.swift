import Foundation

/// A copy of the Public Suffix List (https://publicsuffix.org/list/), its ICANN and PRIVATE sections
/// both, as browsers and curl use it: the names under which anyone can register a name of their own
/// (`co.uk`, `edu.pl`, `github.io`), which a cookie's `Domain` may therefore not name.
///
/// The library ships one, generated from a published copy by `Tests/Tools/generate-public-suffix-list.py`
/// into `PublicSuffixData/` (its version is `shippedVersion`). It is read into sets on first use: a
/// lookup hashes a few strings whatever the size of the list.
struct PublicSuffixList: Sendable {
    /// The normal rules with two labels or more (`co.uk`).
    private var rules: Set<String> = []
    /// The parents of the wildcard rules: `ck` for `*.ck`.
    private var wildcardParents: Set<String> = []
    /// The exception rules without their `!`: `www.ck` for `!www.ck`.
    private var exceptions: Set<String> = []

    /// The list the library ships, read on first use.
    static let shipped = PublicSuffixList(compactRules: shippedRules)

    /// How many rules the list holds, single labels left out.
    var count: Int { rules.count + wildcardParents.count + exceptions.count }

    /// A list from rules in the generator's compact form: words separated by spaces and line breaks,
    /// where a word ending in `:` names the parent of the words after it, until the next such word.
    /// `ck: * !www uk: co` stands for `*.ck`, `!www.ck` and `co.uk`.
    init(compactRules parts: [String]) {
        // Read as bytes, once per process: a few milliseconds, where splitting the text into Characters
        // takes several times as long.
        var rules = Set<String>(minimumCapacity: 10_000)
        for var part in parts {
            part.withUTF8 { text in
                var parent = text[0..<0]
                for word in text.split(whereSeparator: { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\n") }) {
                    if word.last == UInt8(ascii: ":") {
                        parent = word.dropLast()
                    } else if word.count == 1, word.first == UInt8(ascii: "*") {
                        wildcardParents.insert(String(decoding: parent, as: UTF8.self))
                    } else if word.first == UInt8(ascii: "!") {
                        exceptions.insert(Self.joined(word.dropFirst(), parent))
                    } else {
                        rules.insert(Self.joined(word, parent))
                    }
                }
            }
        }
        self.rules = rules
    }

    /// `label.parent`, from the UTF-8 of each.
    private static func joined(_ label: Slice<UnsafeBufferPointer<UInt8>>, _ parent: Slice<UnsafeBufferPointer<UInt8>>)
        -> String
    {
        String(unsafeUninitializedCapacity: label.count + 1 + parent.count) { buffer in
            var end = buffer.initialize(fromContentsOf: label)
            buffer[end] = UInt8(ascii: ".")
            end = buffer[(end + 1)...].initialize(fromContentsOf: parent)
            return end
        }
    }

    /// Whether `domain` (lowercased, without a trailing dot) is a public suffix: whether the list's
    /// algorithm gives `domain` itself as its public suffix. A rule naming it (`co.at`), or a wildcard
    /// rule covering it (`*.ck` covers `foo.ck`), makes it one, unless an exception rule matches it or
    /// one of its parents (`!www.ck`: `www.ck`'s public suffix is `ck`). A single label always is one
    /// (the list's implicit `*` rule), and so is the parent of a wildcard rule (`sch.uk`, under
    /// `*.sch.uk`), as libpsl and the browsers have it: nobody registers a name the registry divides.
    func isPublicSuffix(_ domain: String) -> Bool {
        guard let dot = domain.utf8.firstIndex(of: UInt8(ascii: ".")) else { return true }
        var rest = Substring(domain)
        while true {
            if exceptions.contains(String(rest)) { return false }
            guard let next = rest.utf8.firstIndex(of: UInt8(ascii: ".")) else { break }
            rest = rest[rest.utf8.index(after: next)...]
        }
        let parent = String(domain[domain.utf8.index(after: dot)...])
        return rules.contains(domain) || wildcardParents.contains(domain) || wildcardParents.contains(parent)
    }
}
