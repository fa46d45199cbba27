/// A `multipart/form-data` body (RFC 7578), the only way the webservice takes an image
/// (API-NOTES §10). AsyncHTTPClient has no multipart helper, and this needs only files and
/// plain fields, so it is built here rather than pulling in a form library.
public struct MultipartFormData: Sendable, Equatable {
    /// The delimiter between parts. Random (128 bits) so that it cannot plausibly occur inside a
    /// file; ``body`` still checks, because a collision would silently cut the file.
    public let boundary: String
    public private(set) var parts: [Part] = []

    public struct Part: Sendable, Equatable {
        public let name: String
        public let filename: String?
        public let contentType: String?
        public let bytes: [UInt8]
    }

    public init(boundary: String = MultipartFormData.randomBoundary()) {
        self.boundary = boundary
    }

    /// `ShopKit-` and 32 hex digits from the system's random generator.
    public static func randomBoundary() -> String {
        var generator = SystemRandomNumberGenerator()
        let high = generator.next() as UInt64
        let low = generator.next() as UInt64
        return "ShopKit-" + hex(high) + hex(low)
    }

    private static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// A file field: `Content-Disposition: form-data; name="…"; filename="…"` and its type.
    public mutating func addFile(name: String, filename: String, contentType: String, bytes: [UInt8]) {
        parts.append(Part(name: name, filename: filename, contentType: contentType, bytes: bytes))
    }

    /// A plain text field.
    public mutating func addField(name: String, value: String) {
        parts.append(Part(name: name, filename: nil, contentType: nil, bytes: Array(value.utf8)))
    }

    /// The request's `Content-Type` header value.
    public var contentType: String { "multipart/form-data; boundary=\(boundary)" }

    /// The encoded body: each part as `--boundary CRLF headers CRLF CRLF bytes CRLF`, then
    /// `--boundary--` CRLF. Throws when a part holds the boundary line (practically never
    /// with a random boundary; a fixed test boundary can hit it).
    public func body() throws(MultipartError) -> [UInt8] {
        let delimiter = Array("--\(boundary)".utf8)
        var body: [UInt8] = []
        for part in parts {
            if part.bytes.count >= delimiter.count, Self.contains(part.bytes, delimiter) {
                throw .boundaryInContent(part: part.name, boundary: boundary)
            }
            var head = "--\(boundary)\r\nContent-Disposition: form-data; name=\"\(Self.quoted(part.name))\""
            if let filename = part.filename { head += "; filename=\"\(Self.quoted(filename))\"" }
            head += "\r\n"
            if let type = part.contentType { head += "Content-Type: \(type)\r\n" }
            head += "\r\n"
            body += Array(head.utf8)
            body += part.bytes
            body += Array("\r\n".utf8)
        }
        body += Array("--\(boundary)--\r\n".utf8)
        return body
    }

    /// A name or file name inside the quotes of `Content-Disposition`: quotes and line breaks
    /// percent-encoded, as the HTML standard does for form submissions, so a file name cannot
    /// end the header or add one.
    static func quoted(_ text: String) -> String {
        text.replacingOccurrences(of: "\"", with: "%22").replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }

    static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        guard let first = needle.first, haystack.count >= needle.count else { return false }
        var index = 0
        while index <= haystack.count - needle.count {
            if haystack[index] == first, haystack[index..<(index + needle.count)].elementsEqual(needle) { return true }
            index += 1
        }
        return false
    }
}

/// A multipart body that cannot be encoded; nothing was sent.
public enum MultipartError: Error, Sendable, Equatable, CustomStringConvertible {
    case boundaryInContent(part: String, boundary: String)

    public var description: String {
        switch self {
        case .boundaryInContent(let part, let boundary):
            "the part “\(part)” contains the boundary “\(boundary)”; build the form again with another (random) boundary"
        }
    }
}
