/// Splits and joins author lists as the sources write them.
public enum AuthorList {
    /// Markers sources use for "and more authors not shown".
    static let truncationMarkers: Set<String> = ["…", "...", "et al", "et al.", "others", "and others"]
    private static let longestMarkerLength = truncationMarkers.map(\.utf8.count).max() ?? 0

    /// Splits "Y Wang, B Lian, F Wu…" or "Tobler, W. R.; Snyder, J." into names, noting a cut list.
    ///
    /// A `;` anywhere means names are `;`-separated ("Last, First; Last, First", Zotero);
    /// a lone "Surname, Given" (one comma, no space before it) is one inverted name;
    /// otherwise names are `,`-separated (Google Scholar, Publish or Perish: "W Tobler, Q Yang").
    public static func split(_ text: String) -> (authors: [String], truncated: Bool) {
        if isSingleInvertedName(text) { return ([invertingLastFirst(text.trimmingWhitespace())], false) }
        // Both separators are ASCII, so splitting the UTF-8 bytes is exact and avoids
        // grapheme breaking, which dominated the import of large files.
        let semicolon = UInt8(ascii: ";")
        let separator = text.utf8.contains(semicolon) ? semicolon : UInt8(ascii: ",")
        let names = text.utf8.split(separator: separator).map { String(decoding: $0, as: UTF8.self).trimmingWhitespace() }
        return cleaned(separator == semicolon ? names.map(invertingLastFirst) : names)
    }

    /// Drops truncation markers ("…", "et al.", "others") from a list of names, and says whether there was one.
    public static func cleaned(_ names: [String]) -> (authors: [String], truncated: Bool) {
        var truncated = false
        var authors: [String] = []
        for rawName in names {
            var name = rawName.trimmingWhitespace()
            // Byte comparisons: String.hasSuffix compares canonical equivalents, which is
            // needless for these two ASCII/precomposed markers and slow on every name.
            if name.utf8.reversed().starts(with: [0xA6, 0x80, 0xE2]) || name.utf8.reversed().starts(with: [0x2E, 0x2E, 0x2E]) {
                truncated = true
                name = String(decoding: name.utf8.dropLast(3), as: UTF8.self).trimmingWhitespace()
            }
            // The markers are short; most names are not, and need no lowercased copy.
            if name.utf8.count <= longestMarkerLength, truncationMarkers.contains(name.lowercased()) {
                truncated = true
            } else if !name.isEmpty {
                authors.append(name)
            }
        }
        return (authors, truncated)
    }

    private static func isSingleInvertedName(_ text: String) -> Bool {
        let utf8 = text.utf8
        guard let comma = utf8.firstIndex(of: UInt8(ascii: ",")),
              !utf8[utf8.index(after: comma)...].contains(UInt8(ascii: ",")),
              !utf8.contains(UInt8(ascii: ";")) else { return false }
        let surname = String(decoding: utf8[..<comma], as: UTF8.self).trimmingWhitespace()
        let given = String(decoding: utf8[utf8.index(after: comma)...], as: UTF8.self).trimmingWhitespace()
        return !surname.isEmpty && !surname.contains(" ") && !given.isEmpty
            && !truncationMarkers.contains(given.lowercased()) && !given.hasSuffix("…")
    }

    /// Joins names the way Publish or Perish writes them, ending a cut list with "…".
    public static func join(_ authors: [String], truncated: Bool) -> String {
        authors.joined(separator: ", ") + (truncated ? "…" : "")
    }

    /// "Tobler, W. R." → "W. R. Tobler"; a name without a comma is returned unchanged.
    public static func invertingLastFirst(_ name: String) -> String {
        let utf8 = name.utf8
        guard let comma = utf8.firstIndex(of: UInt8(ascii: ",")) else { return name }
        let last = String(decoding: utf8[..<comma], as: UTF8.self).trimmingWhitespace()
        let first = String(decoding: utf8[utf8.index(after: comma)...], as: UTF8.self).trimmingWhitespace()
        if last.isEmpty { return name }
        if first.isEmpty { return last }
        return "\(first) \(last)"
    }
}

extension Substring {
    /// The text without leading and trailing whitespace and newlines.
    ///
    /// Works on Unicode scalars, not Characters: importers call it on every field, and
    /// grapheme breaking would cost more than the rest of the parse.
    func trimmingWhitespace() -> String {
        guard let firstByte = utf8.first, let lastByte = utf8.last else { return "" }
        if firstByte < 0x80, lastByte < 0x80, !Self.isASCIIWhitespace(firstByte), !Self.isASCIIWhitespace(lastByte) {
            return String(self)
        }
        // ASCII spaces first, byte by byte; the Unicode tables only where an edge left is not ASCII.
        var start = utf8.startIndex, end = utf8.endIndex
        while start < end, Self.isASCIIWhitespace(utf8[start]) { start = utf8.index(after: start) }
        while end > start, Self.isASCIIWhitespace(utf8[utf8.index(before: end)]) { end = utf8.index(before: end) }
        if start == end { return "" }
        if utf8[start] < 0x80, utf8[utf8.index(before: end)] < 0x80 { return String(Substring(utf8[start..<end])) }
        let scalars = unicodeScalars
        guard let start = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
              let end = scalars.lastIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        return String(scalars[start...end])
    }

    static func isASCIIWhitespace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || (0x09...0x0D).contains(byte)
    }
}

extension String {
    /// The text without leading and trailing whitespace and newlines.
    func trimmingWhitespace() -> String {
        guard let firstByte = utf8.first, let lastByte = utf8.last else { return "" }
        if firstByte < 0x80, lastByte < 0x80, !Substring.isASCIIWhitespace(firstByte), !Substring.isASCIIWhitespace(lastByte) {
            return self   // the common case, without a copy
        }
        return self[...].trimmingWhitespace()
    }
}
