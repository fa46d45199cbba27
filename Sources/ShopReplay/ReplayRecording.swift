/// One recorded answer and the request it answers: method, path under `/api/`, decoded query.
public struct ReplayRecording: Sendable {
    public let key: ReplayKey
    public let status: Int
    /// The response headers as recorded, in order (cookies were removed by the recorder).
    public let headers: [(name: String, value: String)]
    /// nil for a HEAD (no body).
    public let body: [UInt8]?
    /// Where the body came from, for messages.
    public let source: String
    /// Its place in the recording (0 when the set has no order), to tell answers older than a
    /// recorded write from newer ones.
    public var sequence = 0
}

/// What a request is matched on: the method, the path after `/api/` without a trailing slash,
/// and the query decoded and sorted, so `?b=2&a=1` finds the recording of `?a=1&b=2`.
public struct ReplayKey: Sendable, Hashable, CustomStringConvertible {
    public let method: String
    public let path: String
    public let query: [ReplayQuery.Pair]

    public init(method: String, path: String, query: [ReplayQuery.Pair]) {
        self.method = method.uppercased()
        var trimmed = Substring(path)
        while trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        while trimmed.hasPrefix("/") { trimmed = trimmed.dropFirst() }
        self.path = String(trimmed)
        self.query = query.sorted { ($0.name, $0.value) < ($1.name, $1.value) }
    }

    /// The key of a request URI's path (`/api/products/1`) and raw query.
    public init?(method: String, uriPath: String, rawQuery: String?) {
        guard let range = uriPath.range(of: "/api") , uriPath[range.upperBound...].isEmpty || uriPath[range.upperBound...].hasPrefix("/") else { return nil }
        let rest = ReplayQuery.percentDecode(String(uriPath[range.upperBound...]), plusIsSpace: false)
        self.init(method: method, path: rest, query: ReplayQuery.decode(rawQuery ?? ""))
    }

    public var description: String {
        let query = self.query.map { "\($0.name)=\($0.value)" }.joined(separator: "&")
        return "\(method) /api/\(path)" + (query.isEmpty ? "" : "?" + query)
    }
}

/// Form-encoded query strings, decoded as PHP reads them (`+` is a space).
public enum ReplayQuery {
    public struct Pair: Sendable, Hashable {
        public let name: String
        public let value: String
    }

    public static func decode(_ raw: String) -> [Pair] {
        raw.split(separator: "&", omittingEmptySubsequences: true).map { item in
            let parts = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = percentDecode(String(parts[0]), plusIsSpace: true)
            let value = parts.count > 1 ? percentDecode(String(parts[1]), plusIsSpace: true) : ""
            return Pair(name: name, value: value)
        }
    }

    static func percentDecode(_ text: String, plusIsSpace: Bool) -> String {
        var bytes: [UInt8] = []
        var input = Array(text.utf8)[...]
        while let byte = input.popFirst() {
            if byte == UInt8(ascii: "%"), input.count >= 2, let high = hex(input[input.startIndex]),
                let low = hex(input[input.startIndex + 1])
            {
                bytes.append(high << 4 | low)
                input = input.dropFirst(2)
            } else if byte == UInt8(ascii: "+"), plusIsSpace {
                bytes.append(UInt8(ascii: " "))
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func hex(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
