import CSVText
import OrderKit

/// Reads a company's spreadsheet saved as CSV, with the shared `CSVTokenizer`: RFC 4180 as Excel
/// writes it, fields separated by `,` or `;` (or a tab, as in Excel's "Unicode text"), a field
/// in double quotes may hold separators, line breaks and `""` for a quote; records end with
/// CRLF, LF or a lone CR.
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

    /// The semicolon first: where the decimal separator is a comma, as in Italy, Excel parts
    /// fields with semicolons, and the header holds no decimal commas to confuse the count.
    static func detectDelimiter(_ bytes: [UInt8]) -> UInt8 {
        CSVTokenizer.detectDelimiter(in: bytes, candidates: [UInt8(ascii: ";"), UInt8(ascii: ","), UInt8(ascii: "\t")])
    }

    /// The records as the sheet's rows: each non-empty field a cell in its column.
    static func parse(_ bytes: ArraySlice<UInt8>, delimiter: UInt8, limits: SpreadsheetLimits) throws(SpreadsheetError) -> SparseSheet {
        var sheet = SparseSheet(limits: limits)
        var tokenizer = CSVTokenizer(bytes: bytes, delimiter: delimiter)
        while true {
            let record: CSVRecord
            do {
                guard let next = try tokenizer.next() else { break }
                record = next
            } catch {
                throw .unterminatedQuote(line: error.line)
            }
            guard record.fields.count <= limits.maximumColumns else { throw .tooManyColumns(row: record.number, limit: limits.maximumColumns) }
            let cells = record.fields.enumerated().compactMap { column, value in value.isEmpty ? nil : (column: column, value: value) }
            try sheet.append(number: record.number, cells: cells)
        }
        return sheet
    }
}
