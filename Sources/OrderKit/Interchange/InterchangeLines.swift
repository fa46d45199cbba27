/// Splits `||` text into numbered lines, on UTF-8 bytes (a sync of 100,000 records is one
/// string of several megabytes, and `Character` iteration would cost more than the parsing).
/// LF or CRLF; a byte-order mark at the start is dropped; numbers count every line, blank ones
/// included, so they match what an editor shows.
enum InterchangeLines {
    struct Line {
        /// 1-based.
        let number: Int
        let bytes: ArraySlice<UInt8>

        var isBlank: Bool { bytes.allSatisfy { $0 == 0x20 || $0 == 0x09 } }
    }

    static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    static func split(_ bytes: [UInt8]) -> [Line] {
        var start = bytes.starts(with: byteOrderMark) ? byteOrderMark.count : 0
        var lines: [Line] = []
        var number = 1
        while start <= bytes.count {
            let end = bytes[start...].firstIndex(of: 0x0A) ?? bytes.count
            var contentEnd = end
            if contentEnd > start, bytes[contentEnd - 1] == 0x0D { contentEnd -= 1 }
            // Text ending in a line break has no line after it.
            if end == bytes.count, start == end { break }
            lines.append(Line(number: number, bytes: bytes[start..<contentEnd]))
            number += 1
            start = end + 1
        }
        return lines
    }
}
