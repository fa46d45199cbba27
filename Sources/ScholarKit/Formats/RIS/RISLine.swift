/// A two-character RIS tag ("TY", "AU", "N1"), kept as its two bytes: records are searched
/// by tag a dozen times each, and comparing two bytes is what keeps that cheap.
struct RISTag: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    let code: UInt16

    init(first: UInt8, second: UInt8) {
        code = UInt16(first) << 8 | UInt16(second)
    }

    init(stringLiteral value: StaticString) {
        precondition(value.utf8CodeUnitCount == 2, "an RIS tag has two characters")
        let bytes = value.utf8Start
        self.init(first: bytes[0], second: bytes[1])
    }

    var description: String {
        String(decoding: [UInt8(code >> 8), UInt8(code & 0xFF)], as: UTF8.self)
    }
}

/// One line of an RIS file: its number, its tag if it is a tag line, and the bytes of its value.
struct RISLine {
    let number: Int
    let tag: RISTag?
    /// The value of a tag line (after "XX  - "), or the whole line when it has no tag.
    let value: Range<Int>

    /// Splits at LF, CRLF or a lone CR (classic Mac OS EndNote), so line numbers match what
    /// an editor shows.
    /// `firstLine` numbers the first line: a piece of a file read in pieces starts past line 1.
    static func split(_ bytes: [UInt8], firstLine: Int = 1) -> [RISLine] {
        var lines: [RISLine] = []
        var start = 0
        var number = firstLine
        var index = 0
        while index <= bytes.count {
            let atEnd = index == bytes.count
            if atEnd || bytes[index] == UInt8(ascii: "\n") || bytes[index] == UInt8(ascii: "\r") {
                if !(atEnd && start == index) { lines.append(parse(bytes, start..<index, number: number)) }
                if !atEnd, bytes[index] == UInt8(ascii: "\r"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "\n") {
                    index += 1
                }
                number += 1
                start = index + 1
            }
            index += 1
        }
        return lines
    }

    /// A tag line is "XX  - value": a capital letter, a capital letter or digit, two spaces,
    /// a hyphen, then a space (or the end of the line, as in "ER  -" with its space trimmed).
    /// Zotero's importer also insists the tag start with a letter, which keeps a wrapped line
    /// such as "12  - 15 May" from passing for a tag.
    private static func parse(_ bytes: [UInt8], _ range: Range<Int>, number: Int) -> RISLine {
        let start = range.lowerBound
        guard range.count >= 5,
              isCapital(bytes[start]), isCapital(bytes[start + 1]) || isDigit(bytes[start + 1]),
              bytes[start + 2] == UInt8(ascii: " "), bytes[start + 3] == UInt8(ascii: " "), bytes[start + 4] == UInt8(ascii: "-"),
              range.count == 5 || bytes[start + 5] == UInt8(ascii: " ")
        else {
            return RISLine(number: number, tag: nil, value: range)
        }
        let tag = RISTag(first: bytes[start], second: bytes[start + 1])
        return RISLine(number: number, tag: tag, value: min(start + 6, range.upperBound)..<range.upperBound)
    }

    private static func isCapital(_ byte: UInt8) -> Bool { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) }
    private static func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }
}
