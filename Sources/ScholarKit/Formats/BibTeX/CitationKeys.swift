import Foundation

extension BibTeXWriter {
    /// Citation keys in Google Scholar's style: first author's surname, year, first word of the
    /// title that is not a stop word ("tobler1970computer"), lowercase ASCII, made unique by
    /// "a", "b", "c", … suffixes.
    struct CitationKeys {
        private var used: Set<String> = []

        mutating func unique(for publication: Publication) -> String {
            var base = Self.surname(publication.authors.first ?? "") + (publication.year.map(String.init) ?? "")
                + Self.firstWord(publication.title)
            if base.isEmpty { base = "publication" }
            var key = base
            var counter = 0
            while used.contains(key) {
                key = base + Self.suffix(counter)
                counter += 1
            }
            used.insert(key)
            return key
        }

        private static let generationalSuffixes: Set<String> = ["jr", "sr", "ii", "iii", "iv"]
        private static let stopWords: Set<String> = ["a", "an", "the", "on", "of", "in", "for", "and", "to", "with", "at", "by", "from"]

        /// The surname of "First von Last" ("Last, First" also works): the last word that is not "Jr".
        private static func surname(_ name: String) -> String {
            let lastFirst = name.split(separator: ",", maxSplits: 1)
            let family = lastFirst.count == 2 ? String(lastFirst[0]) : name
            let words = family.split(whereSeparator: { $0.isWhitespace }).map { asciiKeyText(String($0)) }.filter { !$0.isEmpty }
            return words.last { !generationalSuffixes.contains($0) } ?? words.last ?? ""
        }

        private static func firstWord(_ title: String) -> String {
            let words = title.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).lazy.map { asciiKeyText(String($0)) }
            return words.first { !$0.isEmpty && !stopWords.contains($0) } ?? ""
        }

        /// Lowercase ASCII letters and digits: accents dropped ("Dvořák" → "dvorak"), letters with
        /// no decomposition spelled out ("ß" → "ss", "ø" → "o").
        private static func asciiKeyText(_ text: String) -> String {
            let spelled: [Character: String] = ["ß": "ss", "ø": "o", "æ": "ae", "œ": "oe", "ł": "l", "đ": "d", "ð": "d", "þ": "th", "ı": "i"]
            let lowered = text.lowercased()
            if lowered.utf8.allSatisfy({ $0 < 0x80 }) { return lowered.filter { $0.isLetter || $0.isNumber } }
            var output = ""
            for character in lowered.decomposedStringWithCanonicalMapping {
                if let replacement = spelled[character] {
                    output += replacement
                } else if let ascii = character.asciiValue, character.isLetter || character.isNumber {
                    output.unicodeScalars.append(Unicode.Scalar(ascii))
                } else if let base = character.unicodeScalars.first, base.isASCII, base.properties.isAlphabetic || base.properties.numericType != nil {
                    output.unicodeScalars.append(base)   // a decomposed letter: keep its base, drop the marks
                }
            }
            return output
        }

        /// "a" … "z", then "aa", "ab", …
        private static func suffix(_ counter: Int) -> String {
            let letters = Array("abcdefghijklmnopqrstuvwxyz")
            var number = counter
            var text = ""
            repeat {
                text = String(letters[number % 26]) + text
                number = number / 26 - 1
            } while number >= 0
            return text
        }
    }
}
