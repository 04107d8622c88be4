extension WebSocketCompression {
    /// Whether both window sizes are in the range RFC 7692 allows, as an offer must be.
    var isValidOffer: Bool {
        Self.windowBits.contains(serverMaxWindowBits) && Self.windowBits.contains(clientMaxWindowBits)
    }

    /// The parameters agreed when the server answers `offer` with the `Sec-WebSocket-Extensions`
    /// value `response`, or why the answer is refused (RFC 7692 §5 and §7.1): an extension other
    /// than permessage-deflate or more than one of it, an unknown or repeated parameter, a value
    /// where none belongs or none where one must be, a window size outside 8–15 or larger than
    /// offered, or an offered requirement the server left out.
    static func agreed(to offer: WebSocketCompression, response: String) throws(Refusal) -> WebSocketCompression {
        let elements = split(response, on: ",").filter { !$0.isEmpty }
        guard let element = elements.first else { throw Refusal("it answered an empty extension list") }
        guard elements.count == 1 else {
            throw Refusal("it chose the extensions \"\(response)\", more than the one offered")
        }
        let parts = split(element, on: ";")
        guard parts[0].lowercased() == name else {
            throw Refusal("it chose the extension \"\(parts[0])\", which was not offered")
        }
        var agreed = WebSocketCompression(clientNoContextTakeover: offer.clientNoContextTakeover)
        var seen: Set<String> = []
        for parameter in parts.dropFirst() {
            let (key, value) = keyAndValue(parameter)
            guard seen.insert(key).inserted else {
                throw Refusal("its permessage-deflate answer repeats the parameter \(key)")
            }
            switch key {
            case "server_no_context_takeover", "client_no_context_takeover":
                guard value == nil else {
                    throw Refusal("its permessage-deflate parameter \(key) has a value")
                }
                if key == "server_no_context_takeover" {
                    agreed.serverNoContextTakeover = true
                } else {
                    agreed.clientNoContextTakeover = true
                }
            case "server_max_window_bits", "client_max_window_bits":
                let limit = key == "server_max_window_bits" ? offer.serverMaxWindowBits : offer.clientMaxWindowBits
                guard let value, let bits = windowBits(value), bits <= limit else {
                    throw Refusal(
                        "its permessage-deflate parameter \(key) is \(value.map { "\"\($0)\"" } ?? "missing its value"), not 8 to \(limit)"
                    )
                }
                if key == "server_max_window_bits" {
                    agreed.serverMaxWindowBits = bits
                } else {
                    agreed.clientMaxWindowBits = bits
                }
            default:
                throw Refusal("its permessage-deflate answer has the parameter \(key), which was not offered")
            }
        }
        if offer.serverNoContextTakeover, !agreed.serverNoContextTakeover {
            throw Refusal("its permessage-deflate answer leaves out server_no_context_takeover, which was required")
        }
        if offer.serverMaxWindowBits < 15, !seen.contains("server_max_window_bits") {
            throw Refusal("its permessage-deflate answer leaves out server_max_window_bits, which was required")
        }
        // A client that announced a smaller window keeps to it whatever the server answered.
        agreed.clientMaxWindowBits = min(agreed.clientMaxWindowBits, offer.clientMaxWindowBits)
        return agreed
    }

    /// Why a server's extension answer is refused, as a sentence fragment ("it chose …").
    struct Refusal: Error, Hashable {
        /// The fragment, to follow "the server refused the WebSocket upgrade: ".
        let reason: String

        init(_ reason: String) { self.reason = reason }
    }

    /// `text` cut at each `separator` outside double quotes, each piece trimmed of spaces and tabs.
    private static func split(_ text: String, on separator: Character) -> [String] {
        var pieces: [String] = []
        var current = ""
        var quoted = false
        for character in text {
            if character == "\"" { quoted.toggle() }
            if character == separator, !quoted {
                pieces.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        pieces.append(current)
        return pieces.map(trimmed)
    }

    /// A parameter's lowercased name and its value, unquoted, when it has one.
    private static func keyAndValue(_ parameter: String) -> (String, String?) {
        guard let equals = parameter.firstIndex(of: "=") else { return (parameter.lowercased(), nil) }
        let key = trimmed(parameter[..<equals]).lowercased()
        var value = trimmed(parameter[parameter.index(after: equals)...])
        if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") {
            value = String(value.dropFirst().dropLast())
        }
        return (key, value)
    }

    /// A window size written as RFC 7692 §7.1.2 requires (decimal digits, no leading zero, 8–15).
    private static func windowBits(_ value: String) -> Int? {
        guard !value.isEmpty, !value.hasPrefix("0"), value.utf8.allSatisfy({ (0x30...0x39).contains($0) }),
            let bits = Int(value), Self.windowBits.contains(bits)
        else { return nil }
        return bits
    }

    /// `text` without leading and trailing spaces and tabs.
    private static func trimmed(_ text: some StringProtocol) -> String {
        var slice = Substring(text)
        while let first = slice.first, first == " " || first == "\t" { slice = slice.dropFirst() }
        while let last = slice.last, last == " " || last == "\t" { slice = slice.dropLast() }
        return String(slice)
    }
}
