/// Author names as RIS writes them, and Bottega's "First Last" form.
///
/// The RIS specification writes a person as "Last, First, Suffix" ("King, Martin Luther, Jr.").
/// A name that must not be taken apart (a corporate author whose name has a comma) ends with
/// a comma instead: that is EndNote's convention, and the only one RIS readers share.
enum RISNames {
    /// Generational suffixes, which RIS keeps after a second comma rather than in the given name.
    static let suffixes: Set<String> = ["jr", "jr.", "sr", "sr.", "ii", "iii", "iv"]

    /// "Tobler, W. R." → "W. R. Tobler"; "King, Martin Luther, Jr." → "Martin Luther King Jr.";
    /// "Ministry of Health, Labour and Welfare," → the name without its final comma; a name
    /// without a comma ("Plato", "World Health Organization") is kept as it is.
    static func reading(_ value: String) -> String {
        let name = value.trimmingWhitespace()
        let comma = UInt8(ascii: ",")
        // Byte-wise: the comma is ASCII, and Character-wise splitting of every name was the
        // largest cost of reading a big RIS file.
        if name.utf8.last == comma { return String(decoding: name.utf8.dropLast(), as: UTF8.self).trimmingWhitespace() }
        let parts = name.utf8.split(separator: comma, omittingEmptySubsequences: false)
        guard parts.count == 3 else { return AuthorList.invertingLastFirst(name) }
        let texts = parts.map { String(decoding: $0, as: UTF8.self).trimmingWhitespace() }
        return [texts[1], texts[0], texts[2]].filter { !$0.isEmpty }.joined(separator: " ")
    }

    /// The inverse of `reading`: "W. R. Tobler" → "Tobler, W. R.".
    ///
    /// The surname is the last word together with the lowercase particles before it
    /// ("Ludwig van Beethoven" → "van Beethoven, Ludwig"), as BibTeX's "von" part and
    /// EndNote's sorting both expect. A single word is kept as it is; a name that already
    /// holds a comma cannot be inverted without being misread, so it gets the closing comma.
    static func writing(_ name: String) -> String {
        let name = name.trimmingWhitespace()
        if name.contains(",") { return name + "," }
        var words = name.split(whereSeparator: \.isWhitespace).map(String.init)
        guard words.count > 1 else { return name }
        var suffix: String?
        if words.count > 2, let last = words.last, suffixes.contains(last.lowercased()) {
            suffix = last
            words.removeLast()
        }
        var surnameStart = words.count - 1
        while surnameStart > 1, words[surnameStart - 1].first?.isLowercase == true {
            surnameStart -= 1
        }
        let surname = words[surnameStart...].joined(separator: " ")
        let given = words[..<surnameStart].joined(separator: " ")
        return "\(surname), \(given)" + (suffix.map { ", \($0)" } ?? "")
    }
}
