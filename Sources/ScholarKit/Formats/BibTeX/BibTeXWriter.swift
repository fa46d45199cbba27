import Foundation

/// Writes publications as BibTeX that BibTeX, biber and `BibTeXReader` all read back.
///
/// Text stays UTF-8 (biber and BibTeX 0.99d+ read it); only characters BibTeX would misread
/// are escaped. Every entry carries `citations = {N}` so counts survive a round trip.
enum BibTeXWriter {
    static func write(_ publications: [Publication]) -> String {
        var output = ""
        output.reserveCapacity(publications.count * 300)
        var keys = CitationKeys()
        for publication in publications {
            let type = entryType(of: publication)
            output += "@\(type){\(keys.unique(for: publication)),\n"
            var fields: [(String, String)] = [("title", LaTeXText.escape(publication.title))]
            if let author = authorField(publication) { fields.append(("author", author)) }
            if let year = publication.year { fields.append(("year", String(year))) }
            if let venue = publication.venue, !venue.isEmpty { fields.append((venueField(for: type), LaTeXText.escape(venue))) }
            if let publisher = publication.publisher, !publisher.isEmpty { fields.append(("publisher", LaTeXText.escape(publisher))) }
            if let doi = publication.doi, !doi.isEmpty { fields.append(("doi", verbatim(doi))) }
            if let url = publication.articleURL, !url.isEmpty { fields.append(("url", verbatim(url))) }
            fields.append(("citations", String(publication.citations)))
            output += fields.map { "  \($0.0) = {\($0.1)}" }.joined(separator: ",\n")
            output += "\n}\n\n"
        }
        return output
    }

    /// Entry types of BibTeX's standard styles and of biblatex.
    static let knownTypes: Set<String> = [
        "article", "book", "booklet", "conference", "inbook", "incollection", "inproceedings", "manual",
        "mastersthesis", "misc", "phdthesis", "proceedings", "techreport", "unpublished",
        "online", "report", "thesis", "collection", "dataset", "software", "patent", "periodical", "mvbook",
    ]

    /// RIS types (Scopus, Zotero, EndNote) for which BibTeX has a counterpart.
    static let risTypes: [String: String] = [
        "jour": "article", "book": "book", "chap": "incollection", "conf": "inproceedings", "cpaper": "inproceedings",
        "thes": "phdthesis", "rprt": "techreport", "unpb": "unpublished", "elec": "online", "gen": "misc",
    ]

    static func entryType(of publication: Publication) -> String {
        let given = publication.type?.lowercased() ?? ""
        if knownTypes.contains(given) { return given }
        if let mapped = risTypes[given] { return mapped }
        return publication.venue?.isEmpty == false ? "article" : "misc"
    }

    /// Where a style looks for the venue: the proceedings or book a part appears in, a
    /// book's series, otherwise the journal.
    private static func venueField(for type: String) -> String {
        switch type {
        case "inproceedings", "incollection", "conference", "inbook": "booktitle"
        case "book", "proceedings", "collection", "mvbook": "series"
        default: "journal"
        }
    }

    /// Names as given, joined by "and". A name that BibTeX would take apart (one containing
    /// "and" or a comma, or the word "others") is braced so it reads back whole.
    private static func authorField(_ publication: Publication) -> String? {
        var names = publication.authors.map { name -> String in
            let escaped = LaTeXText.escape(name)
            let lowered = name.lowercased()
            let needsBraces = name.contains(",") || lowered == "others"
                || lowered.split(whereSeparator: \.isWhitespace).contains("and")
            return needsBraces ? "{\(escaped)}" : escaped
        }
        if publication.authorsTruncated { names.append("others") }
        return names.isEmpty ? nil : names.joined(separator: " and ")
    }

    /// URLs and DOIs are verbatim in biblatex, so they are not escaped; only characters that
    /// would end the value or be dropped as grouping are percent-encoded.
    private static func verbatim(_ text: String) -> String {
        var output = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "{": output += "%7B"
            case "}": output += "%7D"
            case " ": output += "%20"
            case "\\": output += "%5C"
            default: output.unicodeScalars.append(scalar)
            }
        }
        return output
    }
}

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
