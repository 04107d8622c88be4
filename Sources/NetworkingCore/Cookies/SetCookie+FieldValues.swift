import Foundation

extension SetCookie {
    /// The `Set-Cookie` field values in `combined`, the form a response gives them in when its
    /// fields are joined by name (`HTTPURLResponse`, `ResponseHead`): one value, the lines joined
    /// with `, `.
    ///
    /// A comma inside an `Expires` date (`Wed, 09 Jun 2021`) or a value (`a=1,2`) does not start
    /// a line: a piece starts a new line only when its part before the first `;` has an `=`
    /// (a name) and does not start with a space-free date fragment. A nameless cookie after
    /// another in one joined value cannot be told apart and stays part of the line before it.
    package static func fieldValues(in combined: String) -> [String] {
        guard combined.utf8.contains(UInt8(ascii: ",")) else { return combined.isEmpty ? [] : [combined] }
        var lines: [String] = []
        for piece in combined.split(separator: ",", omittingEmptySubsequences: false) {
            let head = piece.prefix { $0 != ";" }
            if let last = lines.indices.last, !head.contains("=") || isInsideExpires(lines[last]) {
                lines[last] += "," + piece
            } else {
                lines.append(String(trimmed(piece)))
            }
        }
        return lines.filter { !$0.isEmpty }
    }

    /// Whether `line` ends inside an `Expires` value that a comma follows (`…; Expires=Wed`).
    private static func isInsideExpires(_ line: String) -> Bool {
        guard let semicolon = line.utf8.lastIndex(of: UInt8(ascii: ";")) else { return false }
        let attribute = trimmed(line[line.utf8.index(after: semicolon)...]).lowercased()
        guard attribute.hasPrefix("expires") else { return false }
        let value = attribute.drop { $0 != "=" }.dropFirst()
        return !value.contains(where: \.isNumber)
    }
}
