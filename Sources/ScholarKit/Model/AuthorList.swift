/// Splits and joins author lists as the sources write them.
public enum AuthorList {
    /// Markers sources use for "and more authors not shown".
    static let truncationMarkers: Set<String> = ["…", "...", "et al", "et al.", "others", "and others"]

    /// Splits "Y Wang, B Lian, F Wu…" or "Tobler, W. R.; Snyder, J." into names, noting a cut list.
    ///
    /// A `;` anywhere means names are `;`-separated ("Last, First; Last, First", Zotero);
    /// a lone "Surname, Given" (one comma, no space before it) is one inverted name;
    /// otherwise names are `,`-separated (Google Scholar, Publish or Perish: "W Tobler, Q Yang").
    public static func split(_ text: String) -> (authors: [String], truncated: Bool) {
        if isSingleInvertedName(text) { return ([invertingLastFirst(text.trimmingWhitespace())], false) }
        let separator: Character = text.contains(";") ? ";" : ","
        let names = text.split(separator: separator).map { $0.trimmingWhitespace() }
        return cleaned(separator == ";" ? names.map(invertingLastFirst) : names)
    }

    /// Drops truncation markers ("…", "et al.", "others") from a list of names, and says whether there was one.
    public static func cleaned(_ names: [String]) -> (authors: [String], truncated: Bool) {
        var truncated = false
        var authors: [String] = []
        for rawName in names {
            var name = rawName.trimmingWhitespace()
            if name.hasSuffix("…") {
                truncated = true
                name = String(name.dropLast()).trimmingWhitespace()
            } else if name.hasSuffix("...") {
                truncated = true
                name = String(name.dropLast(3)).trimmingWhitespace()
            }
            if truncationMarkers.contains(name.lowercased()) {
                truncated = true
            } else if !name.isEmpty {
                authors.append(name)
            }
        }
        return (authors, truncated)
    }

    private static func isSingleInvertedName(_ text: String) -> Bool {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2, !text.contains(";") else { return false }
        let surname = parts[0].trimmingWhitespace()
        let given = parts[1].trimmingWhitespace()
        return !surname.isEmpty && !surname.contains(" ") && !given.isEmpty
            && !truncationMarkers.contains(given.lowercased()) && !given.hasSuffix("…")
    }

    /// Joins names the way Publish or Perish writes them, ending a cut list with "…".
    public static func join(_ authors: [String], truncated: Bool) -> String {
        authors.joined(separator: ", ") + (truncated ? "…" : "")
    }

    /// "Tobler, W. R." → "W. R. Tobler"; a name without a comma is returned unchanged.
    public static func invertingLastFirst(_ name: String) -> String {
        let parts = name.split(separator: ",", maxSplits: 1)
        guard parts.count == 2 else { return name }
        let last = parts[0].trimmingWhitespace()
        let first = parts[1].trimmingWhitespace()
        if first.isEmpty { return last }
        return "\(first) \(last)"
    }
}

extension StringProtocol {
    /// The text without leading and trailing whitespace and newlines.
    func trimmingWhitespace() -> String {
        guard let start = firstIndex(where: { !$0.isWhitespace }),
              let end = lastIndex(where: { !$0.isWhitespace }) else { return "" }
        return String(self[start...end])
    }
}
