import OrderKit
/// A spreadsheet's first sheet as text: the header row and the rows under it, each cell as the
/// user sees it in the sheet (see `SpreadsheetReader` for how numbers, booleans and dates read).
///
/// Rows keep their place: `rows[i]` is the sheet's row `rowNumber(at: i)`, empty rows included,
/// so a message about "row 12" points at the row the user sees as 12 in Excel or LibreOffice.
/// Every row has exactly `header.count` cells (short rows are padded with ""); cells right of
/// the last header cell have no column name to map them to and are left out, with a note.
public struct SpreadsheetTable: Sendable, Hashable {
    /// The first non-empty row, trailing empty cells removed.
    public var header: [String]
    public var rows: [[String]]
    /// The header's row number as the user sees it (1 unless the sheet starts with empty rows).
    public var headerRowNumber: Int
    public var format: SpreadsheetFormat
    /// What the reader had to assume or leave out, for the person who uploaded the file.
    public var notes: [SpreadsheetNote]

    public init(header: [String], rows: [[String]], headerRowNumber: Int = 1, format: SpreadsheetFormat, notes: [SpreadsheetNote] = []) {
        self.header = header
        self.rows = rows
        self.headerRowNumber = headerRowNumber
        self.format = format
        self.notes = notes
    }

    /// The row number the user sees for `rows[index]`.
    public func rowNumber(at index: Int) -> Int {
        headerRowNumber + 1 + index
    }

    /// The column's name as spreadsheets show it: 0 → "A", 26 → "AA", 16383 → "XFD".
    public static func columnName(_ index: Int) -> String {
        precondition(index >= 0, "a column index is never negative")
        var letters: [Character] = []
        var remaining = index + 1
        while remaining > 0 {
            let digit = (remaining - 1) % 26
            letters.append(Character(Unicode.Scalar(UInt8(65 + digit))))
            remaining = (remaining - 1) / 26
        }
        return String(letters.reversed())
    }
}

/// Which kind of file the table came from, and how it was read.
public enum SpreadsheetFormat: Sendable, Hashable {
    case csv(delimiter: Character, encoding: SpreadsheetTextEncoding)
    /// An Office Open XML workbook; `sheet` is the name of the sheet read.
    case xlsx(sheet: String)
}

/// The character encodings a CSV file is read in.
public enum SpreadsheetTextEncoding: String, Sendable, Hashable {
    case utf8 = "UTF-8"
    /// Excel's "Unicode text" export, recognised by its byte order mark only.
    case utf16LittleEndian = "UTF-16LE"
    case utf16BigEndian = "UTF-16BE"
    /// What Excel on an Italian Windows writes for "CSV (delimitato da separatore)".
    case windows1252 = "Windows-1252"
}

/// Something the reader assumed or left out, worth showing next to the imported data.
public enum SpreadsheetNote: Sendable, Hashable, CustomStringConvertible {
    /// The CSV file is not valid UTF-8, so it was read as Windows-1252.
    case readAsWindows1252
    /// The workbook has more sheets; only `sheet` was read.
    case otherSheetsIgnored(sheet: String, ignored: [String])
    /// Cells formatted as dates are given as Excel serial day numbers (1 = 1900-01-01), the
    /// value the file stores, not as a date in some locale; `firstCell` is e.g. "D2".
    case datesAsSerialNumbers(firstCell: String)
    /// Non-empty cells right of the header's last column (no column name to import them by).
    case cellsOutsideHeaderIgnored(count: Int, firstCell: String)

    public var description: String {
        switch self {
        case .readAsWindows1252:
            "the file is not UTF-8, so it was read as Windows-1252 (Excel's CSV on Windows): check that accented letters such as “à” and “è” look right, or save it as “CSV UTF-8”"
        case .otherSheetsIgnored(let sheet, let ignored):
            "only the sheet “\(sheet)” was read; \(ignored.map { "“\($0)”" }.joined(separator: ", ")) ignored"
        case .datesAsSerialNumbers(let cell):
            "dates (from cell \(cell)) are shown as Excel day numbers, e.g. 45658 for 2025-01-01"
        case .cellsOutsideHeaderIgnored(let count, let cell):
            "\(count) cell\(count == 1 ? "" : "s") right of the last column heading (from \(cell)) ignored: give the column a heading to import it"
        }
    }
}
