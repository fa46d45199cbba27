/// One row of a CSV file: its fields, unquoted, where it starts, and its place among the rows.
public struct CSVRecord: Sendable {
    /// 1-based line of the row's first byte; a quoted field may carry it over several lines.
    public var line: Int
    /// 1-based row number, as a spreadsheet shows it: a quoted value spanning two lines is
    /// still one row.
    public var number: Int
    public var fields: [String]

    /// True for a blank line (one empty field) or a row of empty fields.
    public var isBlank: Bool { fields.allSatisfy { $0.isEmpty } }
}

/// A quote that opens a field and is never closed: the rest of the file would become one field.
public struct CSVUnterminatedQuote: Error, Sendable {
    /// The line the quote opens on.
    public let line: Int
}

/// Splits CSV bytes into records following RFC 4180, and Excel where it departs from it: fields
/// separated by a delimiter, records by CRLF, LF or a lone CR; a field in double quotes may hold
/// delimiters, line breaks and `""` for a quote. The one reader of CSV for Scholar's publication
/// lists and the Orders company's spreadsheets.
///
/// Like Excel, text after a closing quote is kept (`"a"b` reads `ab`) and a quote inside an
/// unquoted field is an ordinary character (`5" screen`); an opening quote that is never closed
/// is an error rather than swallowing the rest of the file.
///
/// It scans bytes with integer indices: every byte the grammar cares about is ASCII, so UTF-8
/// text passes through, and a field becomes a `String` once, when it is complete.
public struct CSVTokenizer {
    let bytes: ArraySlice<UInt8>
    public let delimiter: UInt8
    private var index: Int
    private var line = 1
    private var number = 1
    private var quotedField: [UInt8] = []

    private static let quote = UInt8(ascii: "\"")
    private static let lineFeed = UInt8(ascii: "\n")
    private static let carriageReturn = UInt8(ascii: "\r")

    public init(bytes: ArraySlice<UInt8>, delimiter: UInt8) {
        self.bytes = bytes
        self.delimiter = delimiter
        index = bytes.startIndex
    }

    public init(bytes: [UInt8], delimiter: UInt8) {
        self.init(bytes: bytes[...], delimiter: delimiter)
    }

    /// The delimiter of a file: whichever of `candidates` occurs most often, outside quotes, in
    /// its first row; of equally frequent ones, the earlier in `candidates`; a comma (a one-column
    /// file's most likely kind) when there is none. Publication lists prefer the comma; Italian spreadsheets the semicolon
    /// Excel writes where the decimal separator is a comma.
    public static func detectDelimiter(in bytes: some Collection<UInt8>, candidates: [UInt8] = [UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "\t")]) -> UInt8 {
        var counts = [Int](repeating: 0, count: candidates.count)
        var inQuotes = false
        for byte in bytes {
            if byte == quote {
                inQuotes.toggle()
            } else if !inQuotes {
                if byte == lineFeed || byte == carriageReturn { break }
                if let slot = candidates.firstIndex(of: byte) { counts[slot] += 1 }
            }
        }
        guard let best = counts.max(), best > 0, let slot = counts.firstIndex(of: best) else { return UInt8(ascii: ",") }
        return candidates[slot]
    }

    /// The next record, or `nil` at the end of the bytes.
    public mutating func next() throws(CSVUnterminatedQuote) -> CSVRecord? {
        guard index < bytes.endIndex else { return nil }
        var record = CSVRecord(line: line, number: number, fields: [])
        number += 1
        while true {
            if index < bytes.endIndex, bytes[index] == Self.quote {
                record.fields.append(try readQuotedField())
            } else {
                let start = index
                while index < bytes.endIndex, !isFieldEnd(bytes[index]) { index += 1 }
                record.fields.append(String(decoding: bytes[start..<index], as: UTF8.self))
            }
            guard index < bytes.endIndex else { return record }
            if bytes[index] == delimiter {
                index += 1
                continue
            }
            if bytes[index] == Self.carriageReturn { index += 1 }
            if index < bytes.endIndex, bytes[index] == Self.lineFeed { index += 1 }
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
            line += Self.lineBreaks(in: segment)
            quotedField.append(contentsOf: segment)
            index = closing + 1
            guard index < bytes.endIndex, bytes[index] == Self.quote else { break }
            quotedField.append(Self.quote)
            index += 1
        }
        while index < bytes.endIndex, !isFieldEnd(bytes[index]) {
            quotedField.append(bytes[index])
            index += 1
        }
        return String(decoding: quotedField, as: UTF8.self)
    }

    /// LF, CRLF and a lone CR each end one line.
    private static func lineBreaks(in segment: ArraySlice<UInt8>) -> Int {
        var count = 0
        var previousWasCR = false
        for byte in segment {
            if byte == lineFeed {
                if !previousWasCR { count += 1 }
            } else if byte == carriageReturn {
                count += 1
            }
            previousWasCR = byte == carriageReturn
        }
        return count
    }
}
