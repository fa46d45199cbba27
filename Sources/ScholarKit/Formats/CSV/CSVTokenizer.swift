/// One row of a CSV file: its fields, unquoted, and the line it starts on.
struct CSVRecord: Sendable {
    /// 1-based line of the row's first byte; a quoted field may carry it over several lines.
    var line: Int
    var fields: [String]

    /// True for a blank line (one empty field) or a row of empty fields.
    var isBlank: Bool { fields.allSatisfy { $0.isEmpty } }
}

/// A quote that opens a field and is never closed: the rest of the file would become one field.
struct CSVUnterminatedQuote: Error {
    let line: Int
}

/// Splits CSV bytes into records following RFC 4180: fields separated by a delimiter, records
/// by CRLF or LF, fields in double quotes may hold delimiters, newlines and `""` for a quote.
///
/// It scans bytes with integer indices: every byte the grammar cares about is ASCII, so UTF-8
/// text passes through, and a field becomes a `String` once, when it is complete.
struct CSVTokenizer {
    let bytes: [UInt8]
    let delimiter: UInt8
    private var index = 0
    private var line = 1
    private var quotedField: [UInt8] = []

    private static let quote = UInt8(ascii: "\"")
    private static let lineFeed = UInt8(ascii: "\n")
    private static let carriageReturn = UInt8(ascii: "\r")

    init(bytes: [UInt8], delimiter: UInt8) {
        self.bytes = bytes
        self.delimiter = delimiter
    }

    /// The delimiter of a file: whichever of comma, semicolon (European Excel) and tab occurs
    /// most often, outside quotes, in its first row; a comma when there is none.
    static func detectDelimiter(in bytes: [UInt8]) -> UInt8 {
        let candidates = [UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "\t")]
        var counts = [0, 0, 0]
        var inQuotes = false
        for byte in bytes {
            if byte == quote {
                inQuotes.toggle()
            } else if !inQuotes {
                if byte == lineFeed || byte == carriageReturn { break }
                if let slot = candidates.firstIndex(of: byte) { counts[slot] += 1 }
            }
        }
        guard let best = counts.indices.max(by: { counts[$0] < counts[$1] }), counts[best] > 0 else { return candidates[0] }
        return candidates[best]
    }

    /// The next record, or `nil` at the end of the bytes.
    mutating func next() throws(CSVUnterminatedQuote) -> CSVRecord? {
        guard index < bytes.count else { return nil }
        var record = CSVRecord(line: line, fields: [])
        while true {
            if index < bytes.count, bytes[index] == Self.quote {
                record.fields.append(try readQuotedField())
            } else {
                let start = index
                while index < bytes.count, !isFieldEnd(bytes[index]) { index += 1 }
                record.fields.append(String(decoding: bytes[start..<index], as: UTF8.self))
            }
            guard index < bytes.count else { return record }
            if bytes[index] == delimiter {
                index += 1
                continue
            }
            if bytes[index] == Self.carriageReturn { index += 1 }
            if index < bytes.count, bytes[index] == Self.lineFeed { index += 1 }
            line += 1
            return record
        }
    }

    private func isFieldEnd(_ byte: UInt8) -> Bool {
        byte == delimiter || byte == Self.lineFeed || byte == Self.carriageReturn
    }

    /// A field in quotes, with `""` turned into `"`. Text after the closing quote and before
    /// the delimiter (`"a"b`, which Excel writes for nobody) is kept rather than lost.
    private mutating func readQuotedField() throws(CSVUnterminatedQuote) -> String {
        let openingLine = line
        index += 1
        quotedField.removeAll(keepingCapacity: true)
        while true {
            guard let closing = bytes[index...].firstIndex(of: Self.quote) else {
                throw CSVUnterminatedQuote(line: openingLine)
            }
            let segment = bytes[index..<closing]
            line += segment.reduce(0) { $0 + ($1 == Self.lineFeed ? 1 : 0) }
            quotedField.append(contentsOf: segment)
            index = closing + 1
            guard index < bytes.count, bytes[index] == Self.quote else { break }
            quotedField.append(Self.quote)
            index += 1
        }
        while index < bytes.count, !isFieldEnd(bytes[index]) {
            quotedField.append(bytes[index])
            index += 1
        }
        return String(decoding: quotedField, as: UTF8.self)
    }
}
