import OrderKit
import Foundation

/// Reads the company's master data from the bytes of an uploaded CSV or XLSX file.
///
/// The format is recognised from the bytes, never from the file name (a ".csv" saved by Excel
/// may well be a workbook): a ZIP signature means XLSX, anything else that is text is CSV. Old
/// binary .xls files, password-protected workbooks (both OLE2 containers), OpenDocument sheets
/// and PDFs are named in the error so the user knows what to save instead.
///
/// How cells read:
/// - numbers as the shortest decimal of at most 15 significant digits, the precision Excel
///   shows, so the stored binary float 12.499999999999998 reads "12.5"; cells with a
///   percentage format read "10%" for a stored 0.1; integer formats such as "00000" keep
///   their leading zeros ("00184" for a postcode);
/// - booleans as "TRUE" and "FALSE";
/// - formulas as the value Excel last computed and saved;
/// - dates as Excel's serial day number, the value the file stores (45658 is 2025-01-01):
///   master data has no dates, and turning them into text would need the user's locale; a
///   note says which cell first held one.
public enum SpreadsheetReader {
    /// Reads `bytes` as XLSX or CSV, whichever they are.
    public static func read(_ bytes: [UInt8], limits: SpreadsheetLimits = .standard) throws(SpreadsheetError) -> SpreadsheetTable {
        guard !bytes.isEmpty else { throw .empty }
        // The upload itself, then (for XLSX) what it unzips to, each within the limit.
        guard bytes.count <= limits.maximumBytes else { throw .tooLarge(limit: limits.maximumBytes) }
        // "PK\u{3}\u{4}" starts a ZIP file's first entry ("PK\u{5}\u{6}" an empty ZIP).
        if bytes.count >= 4, bytes[0] == 0x50, bytes[1] == 0x4B, [0x03, 0x05, 0x07].contains(bytes[2]) {
            return try XLSXReader.read(bytes, limits: limits)
        }
        if let other = nonTextFormat(bytes) {
            throw .notASpreadsheet(looksLike: other)
        }
        return try CSVReader.read(bytes, limits: limits)
    }

    /// What a file that is certainly not CSV looks like, nil when it may be text.
    static func nonTextFormat(_ bytes: [UInt8]) -> String? {
        if bytes.starts(with: [0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1]) {
            return "an old Excel .xls workbook or a password-protected one"
        }
        if bytes.starts(with: Array("%PDF".utf8)) { return "a PDF document" }
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) { return nil }
        // Text never holds NUL bytes (UTF-16 text is recognised by its BOM above).
        if bytes.prefix(8192).contains(0) { return "a binary file" }
        return nil
    }
}
