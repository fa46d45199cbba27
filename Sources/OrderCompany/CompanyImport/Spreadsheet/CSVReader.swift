import OrderKit
/// Reads CSV as RFC 4180 describes it and as Excel writes it: fields separated by `,` or `;`
/// (or a tab, as in Excel's "Unicode text"), a field in double quotes may hold separators,
/// line breaks and `""` for a quote; records end with CRLF, LF or a lone CR.
///
/// The separator is Excel's `sep=;` first line when there is one, otherwise whichever of `;`,
/// `,` and tab occurs most often outside quotes in the first record (the header, which holds no
/// decimal commas); a tie goes to `;`, the separator Excel uses where the decimal separator is
/// a comma, as in Italy. Row numbers count records, not lines, as a spreadsheet shows them: a
/// quoted value spanning two lines is still one row.
///
/// Deviations from RFC 4180, following Excel: text after a closing quote is kept (`"a"b` reads
/// `ab`), a quote inside an unquoted field is an ordinary character (`5" screen`). An opening
/// quote that is never closed is an error rather than swallowing the rest of the file.
enum CSVReader {
    private static let quote = UInt8(ascii: "\"")
    private static let carriageReturn = UInt8(ascii: "\r")
    private static let lineFeed = UInt8(ascii: "\n")

    static func read(_ bytes: [UInt8], limits: SpreadsheetLimits) throws(SpreadsheetError) -> SpreadsheetTable {
        guard bytes.count <= limits.maximumBytes else { throw .tooLarge(limit: limits.maximumBytes) }
        let (text, encoding) = SpreadsheetTextDecoding.decode(bytes)
        let utf8 = Array(text.utf8)
        var start = 0
        let delimiter: UInt8
        if let explicit = excelSeparatorLine(utf8) {
            (delimiter, start) = explicit
        } else {
            delimiter = detectDelimiter(utf8)
        }
        let sheet = try parse(utf8[start...], delimiter: delimiter, limits: limits)
        let format = SpreadsheetFormat.csv(delimiter: Character(Unicode.Scalar(delimiter)), encoding: encoding)
        return try sheet.table(format: format, notes: encoding == .windows1252 ? [.readAsWindows1252] : [])
    }

    /// Excel's hint `sep=;` on a line of its own: the separator and where the data starts.
    static func excelSeparatorLine(_ bytes: [UInt8]) -> (delimiter: UInt8, dataStart: Int)? {
        let prefix = Array("sep=".utf8)
        guard bytes.count >= 5, Array(bytes[0..<4]).map({ $0 | 0x20 }) == prefix else { return nil }
        let candidate = bytes[4]
        guard candidate != carriageReturn, candidate != lineFeed, candidate != quote, candidate < 0x80 else { return nil }
        var end = 5
        guard end == bytes.count || bytes[end] == carriageReturn || bytes[end] == lineFeed else { return nil }
        if end < bytes.count, bytes[end] == carriageReturn { end += 1 }
        if end < bytes.count, bytes[end] == lineFeed { end += 1 }
        return (candidate, end)
    }

    static func detectDelimiter(_ bytes: [UInt8]) -> UInt8 {
        let candidates: [UInt8] = [UInt8(ascii: ";"), UInt8(ascii: ","), UInt8(ascii: "\t")]
        var counts = [Int](repeating: 0, count: candidates.count)
        var inQuotes = false
        for byte in bytes {
            if byte == quote {
                inQuotes.toggle()
            } else if !inQuotes {
                if byte == carriageReturn || byte == lineFeed { break }
                if let index = candidates.firstIndex(of: byte) { counts[index] += 1 }
            }
        }
        guard let best = counts.max(), best > 0, let index = counts.firstIndex(of: best) else { return UInt8(ascii: ",") }
        return candidates[index]
    }

    static func parse(_ bytes: ArraySlice<UInt8>, delimiter: UInt8, limits: SpreadsheetLimits) throws(SpreadsheetError) -> SparseSheet {
        var sheet = SparseSheet(limits: limits)
        var cells: [(column: Int, value: String)] = []
        var field: [UInt8] = []
        var column = 0
        var recordNumber = 1
        var line = 1
        var quoteLine = 0
        var inQuotes = false
        var atFieldStart = true
        var recordHasContent = false

        func endField() throws(SpreadsheetError) {
            if !field.isEmpty {
                cells.append((column, String(decoding: field, as: UTF8.self)))
                field.removeAll(keepingCapacity: true)
            }
            column += 1
            guard column <= limits.maximumColumns else { throw .tooManyColumns(row: recordNumber, limit: limits.maximumColumns) }
            atFieldStart = true
        }
        func endRecord() throws(SpreadsheetError) {
            try endField()
            try sheet.append(number: recordNumber, cells: cells)
            cells.removeAll(keepingCapacity: true)
            column = 0
            recordNumber += 1
            recordHasContent = false
        }

        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            let next: UInt8? = index + 1 < bytes.endIndex ? bytes[index + 1] : nil
            if inQuotes {
                if byte == quote {
                    if next == quote {
                        field.append(quote)
                        index += 1
                    } else {
                        inQuotes = false
                    }
                } else {
                    if byte == lineFeed || (byte == carriageReturn && next != lineFeed) { line += 1 }
                    field.append(byte)
                }
            } else if byte == quote && atFieldStart {
                inQuotes = true
                quoteLine = line
                atFieldStart = false
                recordHasContent = true
            } else if byte == delimiter {
                try endField()
                recordHasContent = true
            } else if byte == carriageReturn || byte == lineFeed {
                if byte == carriageReturn && next == lineFeed { index += 1 }
                try endRecord()
                line += 1
            } else {
                field.append(byte)
                atFieldStart = false
                recordHasContent = true
            }
            index += 1
        }
        if inQuotes { throw .unterminatedQuote(line: quoteLine) }
        if recordHasContent { try endRecord() }
        return sheet
    }
}
