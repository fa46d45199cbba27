/// How far BibTeX's `@string` macros and `#` concatenation may expand: the one home of the rule,
/// which `BibTeXScanner` applies for the whole-file importer and the streamed metrics reader alike.
///
/// Without a bound, 39 chained `@string{aN = aN-1 # aN-1}` (934 bytes) expand one title to 2^39
/// characters (issue 36). Two bounds stop every such chain early, whatever its shape:
/// - one value, once joined, holds at most `valueBytes`: the longest field Bottega keeps
///   (`ImportFieldLimits.abstract`, 20,000 characters of up to 4 bytes) fits, so no real value
///   is refused; a doubling chain stops at its 17th link;
/// - a file's expansions together copy at most `totalBytes(forFileOf:)`: 4 bytes per byte of
///   the file plus 1 MiB, so many references to one large macro stay within k × the input. A
///   real file's `month = jan` and `journal = jgr` copy a few bytes per entry of hundreds.
enum BibTeXExpansionLimits {
    static let valueBytes = 1 << 16

    static func totalBytes(forFileOf size: Int) -> Int {
        4 * size + (1 << 20)
    }
}
