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
    if let bad = query.utf8.first(where: { !queryOK.contains($0) && $0 != UInt8(ascii: "&") && $0 != UInt8(ascii: "=") }) {
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
    if let bad = form.utf8.first(where: { !formOK.contains($0) && $0 != UInt8(ascii: "&") && $0 != UInt8(ascii: "=") }) {
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
    for (index, range) in ranges.dropLast().enumerated() {
        let section = output.body[range.upperBound..<ranges[index + 1].lowerBound]
        guard let end = section.range(of: Data("\r\n\r\n".utf8)) else { fuzzFailure("part \(index) has no header end") }
        let head = String(decoding: section[section.startIndex..<end.lowerBound], as: UTF8.self)
        // Compared as bytes: a name may begin with a combining mark, which joins the quote
        // before it into one Character (found by this target; see FuzzRegressionTests).
        let lines = head.split(separator: "\r\n", omittingEmptySubsequences: false).dropFirst()  // after "--b"
        let isFile = index >= fields.count
        guard lines.count == (isFile ? 2 : 1),
            lines.first?.utf8.starts(with: "Content-Disposition: form-data; name=\"".utf8) == true,
            !isFile || lines.last?.utf8.starts(with: "Content-Type: ".utf8) == true
        else { fuzzFailure("part \(index) headers: \(lines)") }
    }
    return 0
}
