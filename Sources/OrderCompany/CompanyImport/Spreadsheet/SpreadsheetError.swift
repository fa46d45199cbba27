import OrderKit
import Foundation

/// Why a file could not be read as a spreadsheet.
public enum SpreadsheetError: Error, Sendable, Hashable, LocalizedError {
    case empty
    /// Neither CSV nor XLSX; `looksLike` says what it seems to be, for the message.
    case notASpreadsheet(looksLike: String)
    /// The XLSX file's ZIP container cannot be read (truncated upload, not a real ZIP).
    case damagedArchive(reason: String)
    /// A part the workbook needs is absent, e.g. "xl/workbook.xml" or the sheet it names.
    case missingPart(String)
    /// A part is there but cannot be used: bad checksum, not XML, a cell reference like "1A".
    case damagedPart(String, reason: String)
    /// More than `limit` rows under the header.
    case tooManyRows(limit: Int)
    /// More than `limit` columns in one row (Excel's own limit is 16,384, column XFD).
    case tooManyColumns(row: Int, limit: Int)
    /// More than `limit` cells in all (rows × columns), which would exhaust memory.
    case tooManyCells(limit: Int)
    /// Larger than `limit` bytes once unzipped (or as text, for CSV).
    case tooLarge(limit: Int)
    /// A CSV quoted field opened on `line` is never closed.
    case unterminatedQuote(line: Int)

    /// The short, stable reason the API and the CLI report.
    public var code: String {
        switch self {
        case .empty: "empty file"
        case .notASpreadsheet: "not a spreadsheet"
        case .damagedArchive: "damaged archive"
        case .missingPart: "missing part"
        case .damagedPart: "damaged part"
        case .tooManyRows: "too many rows"
        case .tooManyColumns: "too many columns"
        case .tooManyCells: "too many cells"
        case .tooLarge: "too large"
        case .unterminatedQuote: "unterminated quote"
        }
    }

    public var errorDescription: String? {
        switch self {
        case .empty:
            "the file holds no data: check that the sheet with the data is the first one, and export it again as CSV or XLSX"
        case .notASpreadsheet(let looksLike):
            "the file is \(looksLike), not a CSV or XLSX spreadsheet: save it from Excel or LibreOffice as .xlsx or .csv"
        case .damagedArchive(let reason):
            "the XLSX file is damaged (\(reason)): it may have been cut short while uploading; save it again and upload it once more"
        case .missingPart(let part):
            "the XLSX file has no “\(part)”, which every workbook needs: open it in Excel or LibreOffice and save it again as .xlsx"
        case .damagedPart(let part, let reason):
            "the XLSX part “\(part)” is damaged (\(reason)): open the file in Excel or LibreOffice and save it again as .xlsx"
        case .tooManyRows(let limit):
            "the sheet has more than \(limit) rows: split it into several files"
        case .tooManyColumns(let row, let limit):
            "row \(row) has more than \(limit) columns: is this really the master data sheet?"
        case .tooManyCells(let limit):
            "the sheet has more than \(limit) cells in all: remove unused columns or split it into several files"
        case .tooLarge(let limit):
            "the file is larger than \(limit >= 1_048_576 ? "\(limit / 1_048_576) MB" : "\(limit) bytes") once unzipped: split it into several files"
        case .unterminatedQuote(let line):
            "the quoted value that starts on line \(line) is never closed with \"\": check that line"
        }
    }
}
