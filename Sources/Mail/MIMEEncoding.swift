import Foundation

/// The content encodings a message needs, as pure functions over text and bytes.
enum MIMEEncoding {
    /// Base64 in lines of 76 characters joined by CRLF (RFC 2045 §6.8), without a final CRLF.
    static func base64Lines(_ bytes: some Sequence<UInt8>) -> String {
        let encoded = Array(Data(bytes).base64EncodedString().utf8)
        return stride(from: 0, to: encoded.count, by: 76)
            .map { String(decoding: encoded[$0..<min($0 + 76, encoded.count)], as: UTF8.self) }
            .joined(separator: "\r\n")
    }

    /// Quoted-printable (RFC 2045 §6.7) of UTF-8 text whose line breaks, whatever they were,
    /// become CRLF hard breaks; lines longer than 76 characters get soft breaks (`=` CRLF).
    ///
    /// Dots are left alone: a line starting with “.” is the transport's business (dot-stuffing,
    /// RFC 5321 §4.5.2), not the encoding's.
    static func quotedPrintable(_ text: String) -> String {
        var output = ""
        for (index, line) in lines(of: text).enumerated() {
            if index > 0 { output += "\r\n" }
            let bytes = Array(line.utf8)
            var current = ""
            for (position, byte) in bytes.enumerated() {
                let isLast = position == bytes.count - 1
                let isWhitespace = byte == 0x20 || byte == 0x09
                // Rule 2 keeps printable ASCII but “=”; rule 3 encodes a space or tab that ends a
                // line, which transports that trim lines would lose.
                let isLiteral = (33...126).contains(byte) && byte != UInt8(ascii: "=") || (isWhitespace && !isLast)
                let token = isLiteral ? String(UnicodeScalar(byte)) : hex(byte)
                // Rule 5: at most 76 characters per encoded line, the soft break's “=” included.
                if current.utf8.count + token.utf8.count > 75 {
                    output += current + "=\r\n"
                    current = ""
                }
                current += token
            }
            output += current
        }
        return output
    }

    /// A header value as it may appear in a header: unchanged when it is short printable ASCII,
    /// otherwise as RFC 2047 `B` encoded-words of at most 75 characters (§2), each holding whole
    /// characters (§5 (3)), folded onto continuation lines (RFC 5322 §2.2.3).
    static func headerText(_ value: String) -> String {
        let isPlain = value.utf8.allSatisfy { (32...126).contains($0) } && value.utf8.count <= 66
        if isPlain { return value }
        // 75 - "=?UTF-8?B?".count - "?=".count = 63 base64 characters, so 45 bytes (60 characters).
        let maxBytes = 45
        var words: [String] = []
        var chunk: [UInt8] = []
        func flush() {
            if !chunk.isEmpty { words.append("=?UTF-8?B?" + Data(chunk).base64EncodedString() + "?=") }
            chunk = []
        }
        for character in value {
            let bytes = Array(String(character).utf8)
            if chunk.count + bytes.count > maxBytes { flush() }
            chunk += bytes
        }
        flush()
        return words.joined(separator: "\r\n ")
    }

    /// A `name="value"` MIME parameter, or `name*=UTF-8''…` (RFC 2231 §4) when the value is
    /// not plain ASCII; a client reading `filename*` shows the original name.
    static func parameter(_ name: String, _ value: String) -> String {
        let plain = value.utf8.allSatisfy { (32...126).contains($0) && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }
        if plain { return "\(name)=\"\(value)\"" }
        // RFC 2231 §7: attribute-char excludes "*", "'", "%" and the tspecials of RFC 2045.
        var encoded = ""
        for byte in value.utf8 {
            let isAttributeChar = (byte >= 0x21 && byte <= 0x7E) && !"*'%()<>@,;:\\\"/[]?= ".utf8.contains(byte)
            encoded += isAttributeChar ? String(UnicodeScalar(byte)) : "%" + hex(byte).dropFirst()
        }
        return "\(name)*=UTF-8''\(encoded)"
    }

    /// The text's lines, split at CRLF, LF or a lone CR.
    static func lines(of text: String) -> [Substring] {
        // Swift treats "\r\n" as one Character, so three separators cover the three conventions.
        text.split(omittingEmptySubsequences: false) { $0 == "\r\n" || $0 == "\n" || $0 == "\r" }
    }

    private static func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return "=" + String(digits[Int(byte >> 4)]) + String(digits[Int(byte & 0x0F)])
    }
}
