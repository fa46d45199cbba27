import OrderKit
/// A cell reference in A1 style ("B7", "XFD1048576"): ECMA-376 Part 1, §18.3.1.4 (`c@r`).
struct XLSXCellReference: Hashable {
    /// 0-based: A is 0, XFD is 16,383.
    var column: Int
    /// 1-based, as the user sees it.
    var row: Int

    static let maximumColumn = 16_383
    static let maximumRow = 1_048_576

    /// Parses "B7"; nil for anything else, including columns beyond XFD and row 0.
    init?(_ text: String) {
        var column = 0
        var letters = 0
        var row = 0
        var digits = 0
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z") where digits == 0:
                column = column * 26 + Int(byte - UInt8(ascii: "A")) + 1
                letters += 1
            case UInt8(ascii: "a")...UInt8(ascii: "z") where digits == 0:
                column = column * 26 + Int(byte - UInt8(ascii: "a")) + 1
                letters += 1
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                row = row * 10 + Int(byte - UInt8(ascii: "0"))
                digits += 1
            default:
                return nil
            }
            if letters > 3 || digits > 7 { return nil }
        }
        guard letters > 0, digits > 0, column - 1 <= Self.maximumColumn, (1...Self.maximumRow).contains(row) else { return nil }
        self.column = column - 1
        self.row = row
    }

    /// Parses a row's `r` attribute ("7").
    static func row(_ text: String) -> Int? {
        guard let row = Int(text), (1...maximumRow).contains(row) else { return nil }
        return row
    }
}
