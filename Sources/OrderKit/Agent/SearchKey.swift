import Foundation

/// Text folded for sorting and the order form's autocomplete: lower case, without accents, and
/// with every run of other characters (spaces, punctuation, apostrophes) as one space, so
/// "citta" finds "Città di Castello" and "dell'orto" finds "Dell’Orto".
package enum SearchKey {
    package static func fold(_ text: String) -> String {
        let folded = text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil).lowercased()
        var key = String.UnicodeScalarView()
        var pendingSpace = false
        for scalar in folded.unicodeScalars {
            if scalar.properties.isAlphabetic || scalar.properties.numericType != nil {
                if pendingSpace, !key.isEmpty { key.append(" ") }
                pendingSpace = false
                key.append(scalar)
            } else {
                pendingSpace = true
            }
        }
        return String(key)
    }

    /// LIKE patterns for "starts with `typed`" and "a word starts with `typed`", with LIKE's
    /// wildcards escaped (`ESCAPE '\'`).
    static func prefixPatterns(_ typed: String) -> (start: String, word: String) {
        var escaped = ""
        for character in fold(typed) {
            if character == "%" || character == "_" || character == "\\" { escaped.append("\\") }
            escaped.append(character)
        }
        return (escaped + "%", "% " + escaped + "%")
    }
}
