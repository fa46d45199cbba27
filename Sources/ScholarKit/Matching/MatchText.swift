import Foundation

/// The normal forms titles and names are compared in, shared by duplicate suggestions,
/// "remember", compare and the homepage filter so that all four agree on what "the same" is.
public enum MatchText {
    /// Zotero's duplicate rule for titles: diacritics removed, ASCII punctuation to spaces,
    /// case-folded, runs of spaces collapsed ("Élan: a  Study!" → "elan a study").
    /// Zotero: `removeDiacritics(s).replace(/[ !-/:-@[-`{-~]+/g, ' ').trim().toLowerCase()`.
    /// Typographic quotes and dashes count as punctuation too, as homepages are full of them.
    public static func normalizedTitle(_ title: String) -> String {
        let folded = title.folding(options: [.diacriticInsensitive, .caseInsensitive, .widthInsensitive], locale: nil)
        var result = ""
        result.reserveCapacity(folded.utf8.count)
        var pendingSpace = false
        for scalar in folded.unicodeScalars {
            if isSeparator(scalar) {
                pendingSpace = !result.isEmpty
                continue
            }
            if pendingSpace {
                result.append(" ")
                pendingSpace = false
            }
            result.unicodeScalars.append(scalar)
        }
        return result
    }

    /// A DOI in the form DOIs are compared in: bare ("10.1/x"), lowercased (DOIs are
    /// case-insensitive by the DOI Handbook, 2.4), `nil` when empty.
    public static func normalizedDOI(_ doi: String?) -> String? {
        guard let doi else { return nil }
        let bare = FieldText.bareDOI(doi.trimmingCharacters(in: .whitespacesAndNewlines)).lowercased()
        return bare.isEmpty ? nil : bare
    }

    /// The surname of an author as sources write it ("JA Doudna", "Doudna, Jennifer A.",
    /// "Jennifer A. Doudna" → "doudna"): the last word of the name, folded.
    public static func surname(_ author: String) -> String? {
        let name = AuthorList.invertingLastFirst(author)
        let words = normalizedTitle(name).split(separator: " ")
        guard let last = words.last(where: { $0.count > 1 }) ?? words.last else { return nil }
        return String(last)
    }

    private static func isSeparator(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII {
            let value = scalar.value
            // Zotero's classes: space and !-/ :-@ [-` {-~, and controls.
            return value <= 0x2F || (0x3A...0x40).contains(value) || (0x5B...0x60).contains(value) || (0x7B...0x7F).contains(value)
        }
        switch scalar.properties.generalCategory {
        case .spaceSeparator, .lineSeparator, .paragraphSeparator, .control, .format,
             .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation,
             .initialPunctuation, .finalPunctuation, .otherPunctuation:
            return true
        default:
            return false
        }
    }
}
