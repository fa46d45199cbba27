/// Readings of a field's UTF-8 bytes that give what the `String` readings give (`FieldText`,
/// `AuthorList`, `trimmingWhitespace`), without making a `String`: the metrics of a million-row
/// file need a year, a count and a number of authors per row, and a string per field was most of
/// their cost. Where only the Unicode tables can answer (whitespace beyond ASCII at a field's
/// edge), a reading returns `nil` and the caller asks the `String` reading instead.
enum FieldBytes {
    typealias Bytes = UnsafeBufferPointer<UInt8>

    static func isASCIIWhitespace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || (0x09...0x0D).contains(byte)
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte &- UInt8(ascii: "0") < 10
    }

    /// The range left after trimming whitespace from both ends, or `nil` when an end is a
    /// non-ASCII scalar that may be whitespace (NBSP, thin space…).
    static func trimmed(_ bytes: Bytes, _ range: Range<Int>) -> Range<Int>? {
        var start = range.lowerBound, end = range.upperBound
        while start < end, isASCIIWhitespace(bytes[start]) { start += 1 }
        while end > start, isASCIIWhitespace(bytes[end - 1]) { end -= 1 }
        guard start < end else { return start..<start }
        if bytes[start] >= 0x80, startsWithUnicodeWhitespace(bytes, start..<end) { return nil }
        if bytes[end - 1] >= 0x80, endsWithUnicodeWhitespace(bytes, start..<end) { return nil }
        return start..<end
    }

    private static func startsWithUnicodeWhitespace(_ bytes: Bytes, _ range: Range<Int>) -> Bool {
        var iterator = UnsafeBufferPointer(rebasing: bytes[range]).makeIterator()
        var decoder = UTF8()
        guard case .scalarValue(let scalar) = decoder.decode(&iterator) else { return true }
        return scalar.properties.isWhitespace
    }

    private static func endsWithUnicodeWhitespace(_ bytes: Bytes, _ range: Range<Int>) -> Bool {
        var start = range.upperBound - 1
        while start > range.lowerBound, bytes[start] & 0xC0 == 0x80 { start -= 1 }
        return startsWithUnicodeWhitespace(bytes, start..<range.upperBound)
    }

    /// `FieldText.year(in:)` for a trimmed, non-empty value of plain digits; `nil` for anything
    /// else, which the `String` reading decides.
    static func plainYear(_ bytes: Bytes, _ range: Range<Int>) -> Int?? {
        guard range.count <= 18, let value = plainNumber(bytes, range) else { return nil }
        return .some(value > 0 ? value : nil)
    }

    /// `CSVReader.wholeNumber` for a trimmed value: digits, maybe ending ".0". The outer `nil`
    /// means "not plain ASCII digits or too long: ask the String reading".
    static func wholeNumber(_ bytes: Bytes, _ range: Range<Int>) -> Int?? {
        var digits = range
        if digits.count >= 2, bytes[digits.upperBound - 2] == UInt8(ascii: "."), bytes[digits.upperBound - 1] == UInt8(ascii: "0") {
            digits = digits.lowerBound..<(digits.upperBound - 2)
        }
        guard digits.count <= 18 else { return nil }
        return .some(plainNumber(bytes, digits))
    }

    private static func plainNumber(_ bytes: Bytes, _ range: Range<Int>) -> Int? {
        guard !range.isEmpty else { return nil }
        var value = 0
        for index in range {
            let byte = bytes[index]
            guard isDigit(byte) else { return nil }
            value = value * 10 + Int(byte &- UInt8(ascii: "0"))
        }
        return value
    }

    /// `AuthorList.split(text).authors.count` and `.truncated` for a trimmed value, or `nil`
    /// when a name's edge needs the Unicode tables.
    static func authorCount(_ bytes: Bytes, _ range: Range<Int>) -> (count: Int, truncated: Bool)? {
        var commas = 0, semicolon = false, firstComma = -1
        for index in range {
            switch bytes[index] {
            case UInt8(ascii: ","):
                if firstComma < 0 { firstComma = index }
                commas += 1
            case UInt8(ascii: ";"): semicolon = true
            default: continue
            }
        }
        if commas == 1, !semicolon {
            guard let single = isSingleInvertedName(bytes, range, comma: firstComma) else { return nil }
            if single { return (1, false) }
        }
        let separator = semicolon ? UInt8(ascii: ";") : UInt8(ascii: ",")
        var count = 0, truncated = false
        var nameStart = range.lowerBound
        var index = range.lowerBound
        while index <= range.upperBound {
            if index == range.upperBound || bytes[index] == separator {
                // `split` leaves out empty pieces; trimmed-empty ones are dropped by `cleaned` too.
                if index > nameStart {
                    guard let name = cleanedName(bytes, nameStart..<index) else { return nil }
                    switch name {
                    case .marker: truncated = true
                    case .name(let cut): count += 1; truncated = truncated || cut
                    case .empty(let cut): truncated = truncated || cut
                    }
                }
                nameStart = index + 1
            }
            index += 1
        }
        return (count, truncated)
    }

    private enum CleanedName {
        case name(cut: Bool)
        case marker
        case empty(cut: Bool)
    }

    /// One name as `AuthorList.cleaned` sees it: trimmed, a trailing "…" or "..." taken off
    /// (the list was cut), a bare marker ("et al.", "others") counted as none.
    private static func cleanedName(_ bytes: Bytes, _ raw: Range<Int>) -> CleanedName? {
        guard var name = trimmed(bytes, raw) else { return nil }
        var cut = false
        if endsWith(bytes, name, [0xE2, 0x80, 0xA6]) || endsWith(bytes, name, [0x2E, 0x2E, 0x2E]) {
            cut = true
            guard let rest = trimmed(bytes, name.lowerBound..<(name.upperBound - 3)) else { return nil }
            name = rest
        }
        if name.isEmpty { return .empty(cut: cut) }
        if name.count <= longestMarkerLength, isMarker(bytes, name) { return .marker }
        return .name(cut: cut)
    }

    private static let markers: [[UInt8]] = AuthorList.truncationMarkers.map { Array($0.utf8) }
    private static let longestMarkerLength = markers.map(\.count).max() ?? 0

    /// A marker, compared ASCII-case-blind: every marker is ASCII but "…", and no non-ASCII name
    /// lowercases into one (a lone "…" never gets here: it is cut off as a trailing ellipsis).
    private static func isMarker(_ bytes: Bytes, _ range: Range<Int>) -> Bool {
        markers.contains { marker in
            marker.count == range.count && zip(marker, range).allSatisfy { letter, index in
                let byte = bytes[index]
                return (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte) == letter
            }
        }
    }

    private static func endsWith(_ bytes: Bytes, _ range: Range<Int>, _ suffix: [UInt8]) -> Bool {
        guard range.count >= suffix.count else { return false }
        return zip(suffix, (range.upperBound - suffix.count)..<range.upperBound).allSatisfy { bytes[$1] == $0 }
    }

    /// `AuthorList.isSingleInvertedName` for a value with one comma and no semicolon: a surname
    /// without spaces, then given names that are neither a marker nor cut with "…".
    private static func isSingleInvertedName(_ bytes: Bytes, _ range: Range<Int>, comma: Int) -> Bool? {
        guard let surname = trimmed(bytes, range.lowerBound..<comma),
              let given = trimmed(bytes, (comma + 1)..<range.upperBound) else { return nil }
        guard !surname.isEmpty, !given.isEmpty else { return false }
        if surname.contains(where: { bytes[$0] == UInt8(ascii: " ") }) { return false }
        if given.count <= longestMarkerLength, isMarker(bytes, given) { return false }
        return !endsWith(bytes, given, [0xE2, 0x80, 0xA6])
    }
}
