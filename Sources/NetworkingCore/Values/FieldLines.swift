/// Reads header field lines as a transport received them (`Name: value`, each line ending in LF or
/// CRLF): a lookup walks the bytes where they lie, and `parse` makes the dictionary only for a
/// caller that wants every field.
///
/// The rules, the same for every reading: a line ends at its LF, and the CRs before it are no part
/// of it; names and values are trimmed of spaces and tabs, and of nothing else (a CR at the start of
/// a line or before the colon is part of the name, as for libcurl and any proxy on the way); a
/// repeated name's values are joined with ", " in the order they came; an obsolete folded line
/// (one starting with a space or a tab) continues the field before it, joined with " "; a line
/// without a colon is ignored. Names are kept as received, so two spellings of one name are two
/// fields.
package enum FieldLines {
    /// Calls `body` with each line's name and value, trimmed; a folded line comes with an empty
    /// name and `folded` set.
    private static func forEachField(
        in lines: [UInt8],
        _ body: (_ name: UnsafeRawBufferPointer, _ value: UnsafeRawBufferPointer, _ folded: Bool) -> Void
    ) {
        lines.withUnsafeBytes { head in
            var start = 0
            while start < head.count {
                let end = head.firstIndex(ofByte: UInt8(ascii: "\n"), from: start).map { $0 + 1 } ?? head.count
                let line = ResponseHead.withoutLineEnd(UnsafeRawBufferPointer(rebasing: head[start..<end]))
                start = end
                if line.isEmpty { continue }
                if line[0] == UInt8(ascii: " ") || line[0] == UInt8(ascii: "\t") {
                    let folded = ResponseHead.trimmingSpacesAndTabs(line)
                    if folded.isEmpty { continue }
                    body(UnsafeRawBufferPointer(rebasing: folded[folded.startIndex..<folded.startIndex]), folded, true)
                    continue
                }
                guard let colon = line.firstIndex(ofByte: UInt8(ascii: ":")) else { continue }
                body(
                    ResponseHead.trimmingSpacesAndTabs(UnsafeRawBufferPointer(rebasing: line[..<colon])),
                    ResponseHead.trimmingSpacesAndTabs(UnsafeRawBufferPointer(rebasing: line[(colon + 1)...])), false)
            }
        }
    }

    /// Whether `bytes` spell `name`, exactly or with ASCII case folded.
    private static func matches(_ bytes: UnsafeRawBufferPointer, _ name: String.UTF8View, foldingCase: Bool) -> Bool {
        guard bytes.count == name.count else { return false }
        var index = 0
        for byte in name {
            let received = bytes[index]
            let differs =
                foldingCase ? String.asciiLowercased(received) != String.asciiLowercased(byte) : received != byte
            if differs { return false }
            index += 1
        }
        return true
    }

    /// Whether a field named `name` (ASCII case folded) is present. Asked of every response (for
    /// `Set-Cookie`), so it compares each line's start with `name` in place, without trimming or
    /// splitting lines that cannot match.
    static func contains(_ name: String, in lines: [UInt8]) -> Bool {
        var name = name
        return name.withUTF8 { wanted in
            lines.withUnsafeBytes { head in
                var start = 0
                while start < head.count {
                    let end = head.firstIndex(ofByte: UInt8(ascii: "\n"), from: start) ?? head.count
                    defer { start = end + 1 }
                    guard end - start > wanted.count else { continue }
                    var index = 0
                    while index < wanted.count,
                        String.asciiLowercased(head[start + index]) == String.asciiLowercased(wanted[index])
                    {
                        index += 1
                    }
                    guard index == wanted.count else { continue }
                    var after = start + index
                    while after < end, head[after] == UInt8(ascii: " ") || head[after] == UInt8(ascii: "\t") {
                        after += 1
                    }
                    if after < end, head[after] == UInt8(ascii: ":") { return true }
                }
                return false
            }
        }
    }

    /// The value of the field named `name`, as `parse` would give it: the spelling that matches
    /// `name` exactly, else the first received that matches it with case folded.
    static func value(of name: String, in lines: [UInt8]) -> String? {
        var hasExact = false
        var folded: [UInt8]?
        forEachField(in: lines) { fieldName, _, isFold in
            guard !isFold, !hasExact else { return }
            if matches(fieldName, name.utf8, foldingCase: false) {
                hasExact = true
            } else if folded == nil, matches(fieldName, name.utf8, foldingCase: true) {
                folded = Array(fieldName)
            }
        }
        guard hasExact || folded != nil else { return nil }
        let spelling = hasExact ? name : String(decoding: folded ?? [], as: UTF8.self)
        var value: String?
        var continuing = false
        forEachField(in: lines) { fieldName, fieldValue, isFold in
            if isFold {
                if continuing { value? += " " + String(decoding: fieldValue, as: UTF8.self) }
                return
            }
            continuing = matches(fieldName, spelling.utf8, foldingCase: false)
            guard continuing else { return }
            let text = String(decoding: fieldValue, as: UTF8.self)
            value = value.map { $0 + ", " + text } ?? text
        }
        return value
    }

    /// Every field, by name as received.
    static func parse(_ lines: [UInt8]) -> [String: String] {
        var fields: [String: String] = [:]
        fields.reserveCapacity(16)
        var lastName: String?
        forEachField(in: lines) { name, value, folded in
            if folded {
                if let lastName { fields[lastName, default: ""] += " " + String(decoding: value, as: UTF8.self) }
                return
            }
            let name = String(decoding: name, as: UTF8.self)
            let text = String(decoding: value, as: UTF8.self)
            if let existing = fields[name] {
                fields[name] = existing + ", " + text
            } else {
                fields[name] = text
            }
            lastName = name
        }
        return fields
    }

    /// Every field in the order received, a repeated name kept as separate fields (for trailers,
    /// which come as a list rather than a head).
    package static func headers(in lines: [UInt8]) -> HTTPHeaders {
        var fields: [HTTPHeaders.Field] = []
        forEachField(in: lines) { name, value, folded in
            let text = String(decoding: value, as: UTF8.self)
            if folded {
                if let last = fields.indices.last { fields[last].value += " " + text }
                return
            }
            fields.append(HTTPHeaders.Field(name: String(decoding: name, as: UTF8.self), value: text))
        }
        var headers = HTTPHeaders()
        for field in fields { headers.add(name: field.name, value: field.value) }
        return headers
    }
}
