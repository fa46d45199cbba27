import Foundation

/// The normal forms titles and names are compared in, shared by duplicate suggestions,
/// "remember", compare and the homepage filter so that all four agree on what "the same" is.
public enum MatchText {
    /// Zotero's duplicate rule for titles: diacritics removed, ASCII punctuation to spaces,
    /// case-folded, runs of spaces collapsed ("Élan: a  Study!" → "elan a study").
    /// Zotero: `removeDiacritics(s).replace(/[ !-/:-@[-`{-~]+/g, ' ').trim().toLowerCase()`.
    /// Typographic quotes and dashes count as punctuation too, as homepages are full of them.
    public static func normalizedTitle(_ title: String) -> String {
        // Most titles are ASCII, where folding is lowercasing; Foundation's folding costs
        // more than the rest of the work together, so it runs only when needed.
        let isASCII = title.utf8.allSatisfy { $0 < 0x80 }
        let folded = isASCII ? title : title.folding(options: [.diacriticInsensitive, .caseInsensitive, .widthInsensitive], locale: nil)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(folded.utf8.count)
        var pendingSpace = false
        for scalar in folded.unicodeScalars {
            if scalar.isASCII {
                if isASCIISeparator(scalar.value) {
                    pendingSpace = !bytes.isEmpty
                    continue
                }
                if pendingSpace { bytes.append(0x20); pendingSpace = false }
                let byte = UInt8(scalar.value)
                bytes.append((0x41...0x5A).contains(byte) ? byte + 0x20 : byte)
                continue
            }
            // Soft hyphens and zero-width characters are invisible and sit inside words
            // ("co\u{AD}operation" from a PDF); they vanish instead of splitting the word.
            let category = scalar.properties.generalCategory
            if category == .format { continue }
            if isSeparator(category) {
                pendingSpace = !bytes.isEmpty
                continue
            }
            if pendingSpace { bytes.append(0x20); pendingSpace = false }
            if let letters = foldedLetters(scalar) {
                bytes.append(contentsOf: letters.utf8)
            } else {
                UTF8.encode(scalar) { bytes.append($0) }
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Letters that carry a stroke or are ligatures have no Unicode decomposition, so
    /// `.diacriticInsensitive` keeps them; Zotero's `removeDiacritics` table folds them
    /// ("Łukasiewicz" = "Lukasiewicz"). The dotless ı is in real Scholar data
    /// ("Mıgratıon: Ravensteın", a PoP export of W. Tobler's papers).
    private static func foldedLetters(_ scalar: Unicode.Scalar) -> String? {
        switch scalar {
        case "ł": "l"
        case "ø": "o"
        case "đ": "d"
        case "ħ": "h"
        case "ŧ": "t"
        case "ı": "i"
        case "æ": "ae"
        case "œ": "oe"
        default: nil
        }
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
    /// A generational suffix ("WD Tobler Jr") and initials written after the surname in the
    /// Vancouver style of PubMed and Scopus ("Doudna JA") are skipped.
    public static func surname(_ author: String) -> String? {
        let name = AuthorList.invertingLastFirst(author)
        var rawWords = name.unicodeScalars.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(Substring.init)
        while rawWords.count > 1, let last = rawWords.last, last.utf8.count <= 4,
              generationalSuffixes.contains(last.lowercased().filter { $0 != "." }) {
            rawWords.removeLast()
        }
        if rawWords.count > 1, let first = rawWords.first, let last = rawWords.last,
           looksLikeInitials(last), !looksLikeInitials(first) {
            rawWords.removeLast()
        }
        let words = normalizedTitle(rawWords.joined(separator: " ")).split(separator: " ")
        guard let last = words.last(where: { $0.count > 1 }) ?? words.last else { return nil }
        return String(last)
    }

    private static let generationalSuffixes: Set<String> = ["jr", "sr", "ii", "iii", "iv"]

    /// "JA", "J.A.", "W": one to three capital letters, dots allowed.
    private static func looksLikeInitials(_ word: Substring) -> Bool {
        guard word.utf8.count <= 12 else { return false }
        let letters = word.unicodeScalars.filter { $0 != "." }
        return (1...3).contains(letters.count) && letters.allSatisfy { $0.properties.isUppercase }
    }

    /// Zotero's classes: space and !-/ :-@ [-` {-~, and controls.
    private static func isASCIISeparator(_ value: UInt32) -> Bool {
        value <= 0x2F || (0x3A...0x40).contains(value) || (0x5B...0x60).contains(value) || (0x7B...0x7F).contains(value)
    }

    /// Outside ASCII: spaces, controls and every kind of punctuation.
    private static func isSeparator(_ category: Unicode.GeneralCategory) -> Bool {
        switch category {
        case .spaceSeparator, .lineSeparator, .paragraphSeparator, .control,
             .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation,
             .initialPunctuation, .finalPunctuation, .otherPunctuation:
            return true
        default:
            return false
        }
    }
}
