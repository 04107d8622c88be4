import Foundation

@testable import FuzzSupport

// The query, form and multipart encoders: whatever the names and values, every pair survives a
// round trip (percent-decoding gives back the original), no value can split a pair or the query
// apart, and a multipart body has exactly one part per field and file, each with exactly the
// headers the encoder writes (no name or file name can inject a header or a boundary).

private let queryOK = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~!$'()*,:@/?%".utf8)
private let formOK = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789*-._%+".utf8)

private func decodeForm(_ text: Substring) -> String? {
    text.replacingOccurrences(of: "+", with: " ").removingPercentEncoding
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    var input = FuzzInput(start, count)
    var pairs: [(String, String)] = []
    for _ in 0..<(1 + input.int(below: 4)) { pairs.append((input.string(maxLength: 40), input.string(maxLength: 80))) }

    // Query: name=value pairs joined by "&", each side percent-decoding to the original.
    let query = PercentEncoding.query(pairs.map { URLQueryItem(name: $0.0, value: $0.1) })
    if let bad = query.utf8.first(where: { !queryOK.contains($0) && $0 != UInt8(ascii: "&") && $0 != UInt8(ascii: "=") }
    ) {
        fuzzFailure("query \(query.debugDescription) holds byte \(bad)")
    }
    let items = query.split(separator: "&", omittingEmptySubsequences: false)
    guard items.count == pairs.count else { fuzzFailure("\(pairs.count) pairs became \(items.count) in \(query)") }
    for (item, pair) in zip(items, pairs) {
        let sides = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        guard sides.count == 2, sides[0].removingPercentEncoding == pair.0, sides[1].removingPercentEncoding == pair.1
        else { fuzzFailure("query pair \(pair) came back as \(item)") }
    }

    // Form: the same with "+" for spaces.
    let form = PercentEncoding.form(pairs)
    if let bad = form.utf8.first(where: { !formOK.contains($0) && $0 != UInt8(ascii: "&") && $0 != UInt8(ascii: "=") })
    {
        fuzzFailure("form \(form.debugDescription) holds byte \(bad)")
    }
    for (item, pair) in zip(form.split(separator: "&", omittingEmptySubsequences: false), pairs) {
        let sides = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        guard sides.count == 2, decodeForm(sides[0]) == pair.0, decodeForm(sides[1]) == pair.1 else {
            fuzzFailure("form pair \(pair) came back as \(item)")
        }
    }

    // Flat encoder: a dictionary encodes to its pairs, sorted by key.
    let dictionary = Dictionary(pairs, uniquingKeysWith: { _, last in last })
    do {
        let flat = try FlatEncoder.encode(dictionary, as: "query")
        guard flat.map(\.0) == dictionary.keys.sorted(), flat.allSatisfy({ dictionary[$0.0] == $0.1 }) else {
            fuzzFailure("flat encoding of \(dictionary) gave \(flat)")
        }
    } catch {
        fuzzFailure("a flat dictionary was refused: \(error)")
    }

    // Multipart.
    var parts: [FormDataPart] = []
    for _ in 0..<input.int(below: 3) {
        parts.append(
            FormDataPart(
                type: FormDataPartType(input.string(maxLength: 40)), data: Data(input.data()),
                parameterName: input.string(maxLength: 40), filename: input.bool() ? input.string(maxLength: 40) : nil))
    }
    let fields = dictionary
    let output = MultipartEncoder.encode(parts: parts, fields: fields)
    let delimiter = Data("--\(output.boundary)".utf8)
    var ranges: [Range<Data.Index>] = []
    var searchFrom = output.body.startIndex
    while let found = output.body.range(of: delimiter, in: searchFrom..<output.body.endIndex) {
        ranges.append(found)
        searchFrom = found.upperBound
    }
    guard ranges.count == parts.count + fields.count + 1 else {
        fuzzFailure("\(parts.count) parts and \(fields.count) fields, \(ranges.count) delimiters")
    }
    let fieldList = fields.sorted { $0.key < $1.key }
    for (index, range) in ranges.dropLast().enumerated() {
        let section = output.body[range.upperBound..<ranges[index + 1].lowerBound]
        guard let end = section.range(of: Data("\r\n\r\n".utf8)) else { fuzzFailure("part \(index) has no header end") }
        // Everything is compared as bytes: a name may begin with a combining mark, which joins
        // the quote before it into one Character (found by this target; see FuzzRegressionTests).
        let lines = split(Array(section[section.startIndex..<end.lowerBound]), on: [0x0D, 0x0A]).dropFirst()
        let isFile = index >= fields.count
        guard lines.count == (isFile ? 2 : 1), let disposition = lines.first,
            disposition.starts(with: Array("Content-Disposition: form-data; name=".utf8)),
            !isFile || lines.last?.starts(with: Array("Content-Type: ".utf8)) == true
        else { fuzzFailure("part \(index) headers: \(lines.map { String(decoding: $0, as: UTF8.self) })") }
        // The parameters parse back (RFC 7578 quoted strings) to exactly the name and file name.
        var rest = disposition.dropFirst("Content-Disposition: form-data; name=".utf8.count)
        let name = isFile ? parts[index - fields.count].parameterName : fieldList[index].key
        guard let parsedName = quotedString(&rest), parsedName == escaped(name) else {
            fuzzFailure("part \(index): name \(name.debugDescription) does not parse back")
        }
        if isFile, let filename = parts[index - fields.count].filename {
            guard rest.starts(with: Array("; filename=".utf8)) else { fuzzFailure("part \(index): no filename") }
            rest = rest.dropFirst("; filename=".utf8.count)
            guard quotedString(&rest) == escaped(filename) else {
                fuzzFailure("part \(index): file name \(filename.debugDescription) does not parse back")
            }
        }
        guard rest.isEmpty else { fuzzFailure("part \(index): parameters continue after the quoted strings") }
    }
    return 0
}

/// `bytes` split at every `separator`.
private func split(_ bytes: [UInt8], on separator: [UInt8]) -> [[UInt8]] {
    var pieces: [[UInt8]] = []
    var current: [UInt8] = []
    var index = 0
    while index < bytes.count {
        if bytes[index...].starts(with: separator) {
            pieces.append(current)
            current = []
            index += separator.count
        } else {
            current.append(bytes[index])
            index += 1
        }
    }
    return pieces + [current]
}

/// Reads a quoted string (`"…"`, `\` escaping the next byte) off the front of `bytes`.
private func quotedString(_ bytes: inout ArraySlice<UInt8>) -> [UInt8]? {
    guard bytes.first == UInt8(ascii: "\"") else { return nil }
    var value: [UInt8] = []
    var index = bytes.index(after: bytes.startIndex)
    while index < bytes.endIndex {
        let byte = bytes[index]
        if byte == UInt8(ascii: "\\") {
            index += 1
            guard index < bytes.endIndex else { return nil }
            value.append(bytes[index])
        } else if byte == UInt8(ascii: "\"") {
            bytes = bytes[(index + 1)...]
            return value
        } else {
            value.append(byte)
        }
        index += 1
    }
    return nil
}

/// A name as the encoder sends it inside the quotes: `"`, CR and LF percent-encoded.
private func escaped(_ text: String) -> [UInt8] {
    text.utf8.flatMap { byte -> [UInt8] in
        switch byte {
        case UInt8(ascii: "\""): return Array("%22".utf8)
        case 0x0D: return Array("%0D".utf8)
        case 0x0A: return Array("%0A".utf8)
        default: return [byte]
        }
    }
}
