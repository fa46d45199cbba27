import Foundation
import TestSupport

/// Just enough MIME reading for the tests to check what was sent by hand, independently of
/// the code that wrote it: headers unfolded, `multipart/mixed` split at its boundary.
struct SimpleMIME {
    struct Part {
        var headers: [String: String]
        var body: String
    }

    var headers: [String: String]
    var parts: [Part]

    init(_ raw: String) throws {
        let (headers, body) = try Self.split(raw)
        self.headers = headers
        guard let contentType = headers["content-type"], let range = contentType.range(of: "boundary=\"") else {
            throw SinkError("no multipart boundary in \(headers)")
        }
        let boundary = contentType[range.upperBound...].prefix { $0 != "\"" }
        var pieces = body.components(separatedBy: "\r\n--" + boundary)
        pieces.removeFirst()  // the preamble
        guard pieces.last?.hasPrefix("--") == true else { throw SinkError("no closing boundary") }
        pieces.removeLast()
        parts = try pieces.map { piece in
            let (headers, body) = try Self.split(String(piece.drop { $0 == "\r\n" }))
            return Part(headers: headers, body: body)
        }
    }

    private static func split(_ text: String) throws -> ([String: String], String) {
        guard let end = text.range(of: "\r\n\r\n") else { throw SinkError("no blank line after the headers") }
        // RFC 5322 §2.2.3: a line starting with white space continues the previous one.
        let unfolded = text[..<end.lowerBound].replacingOccurrences(of: "\r\n ", with: " ")
        var headers: [String: String] = [:]
        for line in unfolded.components(separatedBy: "\r\n") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return (headers, String(text[end.upperBound...]))
    }

    /// Decodes RFC 2047 `=?UTF-8?B?…?=` words; white space between two words is dropped (§6.2).
    static func decodeEncodedWords(_ value: String) -> String {
        let words = value.split(separator: " ")
        guard words.allSatisfy({ $0.hasPrefix("=?UTF-8?B?") && $0.hasSuffix("?=") }) else { return value }
        let bytes = words.flatMap { word in
            Data(base64Encoded: String(word.dropFirst(10).dropLast(2))) ?? Data()
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Decodes quoted-printable (RFC 2045 §6.7): `=XX` escapes, `=` CRLF soft breaks.
    static func decodeQuotedPrintable(_ text: String) -> String {
        let input = Array(text.replacingOccurrences(of: "=\r\n", with: "").utf8)
        var bytes: [UInt8] = []
        var index = 0
        while index < input.count {
            if input[index] == UInt8(ascii: "="), index + 2 < input.count,
                let byte = UInt8(String(decoding: input[index + 1...index + 2], as: UTF8.self), radix: 16)
            {
                bytes.append(byte)
                index += 3
            } else {
                bytes.append(input[index])
                index += 1
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
