import Foundation

/// The Italian thesis's homonym rule, generalised: a result is kept only when its author line
/// names the searched researcher — the same surname, and initials that agree with the given
/// names — compared without accents or case ("Tobler, Waldo R." matches "WR Tobler" and
/// "W Tobler", not "S Tobler").
public struct AuthorNameFilter: Sendable {
    /// What the filter did, for the user to judge it.
    public struct Outcome: Sendable, Equatable, Codable {
        public var kept: Int
        public var dropped: Int
    }

    let surname: [String]
    let initials: String

    /// `nil` when the name has no surname to match.
    public init?(searchedName: String) {
        let name = AuthorList.invertingLastFirst(searchedName)
        let words = Self.words(name)
        guard !words.isEmpty else { return nil }
        // "Ludwig van Beethoven": lowercase particles belong to the surname.
        var surnameStart = words.count - 1
        let original = name.split(whereSeparator: { $0 == " " || $0 == "." || $0 == "-" })
        while surnameStart > 0, surnameStart - 1 < original.count, original[surnameStart - 1].first?.isLowercase == true {
            surnameStart -= 1
        }
        surname = Array(words[surnameStart...])
        initials = Self.initials(of: Array(words[..<surnameStart]), original: Array(original.prefix(surnameStart)))
    }

    /// True when one of the author names matches the searched researcher. A result whose
    /// author list is empty is kept: there is nothing to disagree with.
    public func matches(_ authors: [String]) -> Bool {
        authors.isEmpty || authors.contains(where: matches(name:))
    }

    public func matches(name: String) -> Bool {
        let original = AuthorList.invertingLastFirst(name).split(whereSeparator: { $0 == " " || $0 == "." || $0 == "-" })
        let words = Self.words(AuthorList.invertingLastFirst(name))
        guard words.count >= surname.count, Array(words.suffix(surname.count)) == surname else { return false }
        let given = Self.initials(of: Array(words.dropLast(surname.count)), original: Array(original.prefix(words.count - surname.count)))
        // Scholar shortens given names to one or two initials; agreement on the initials
        // both sides give is the most that can be asked.
        return given.isEmpty || initials.isEmpty || given.hasPrefix(initials) || initials.hasPrefix(given)
    }

    /// Filters publications, reporting how many were kept and dropped.
    public func apply<T>(_ items: [T], authors: (T) -> [String]) -> (kept: [T], outcome: Outcome) {
        let kept = items.filter { matches(authors($0)) }
        return (kept, Outcome(kept: kept.count, dropped: items.count - kept.count))
    }

    /// Lowercased words without accents or punctuation.
    static func words(_ name: String) -> [String] {
        name.folding(options: [.diacriticInsensitive, .caseInsensitive], locale: nil)
            .split(whereSeparator: { !$0.isLetter })
            .map(String.init)
    }

    /// "JA" (Scholar's run of capitals) gives "ja"; "Jennifer Anne" gives "ja".
    static func initials(of words: [String], original: [Substring]) -> String {
        var result = ""
        for (index, word) in words.enumerated() {
            let written = index < original.count ? String(original[index]) : word
            let isInitialRun = written.count <= 3 && written.allSatisfy { $0.isUppercase }
            if isInitialRun { result += word } else if let first = word.first { result.append(first) }
        }
        return result
    }
}
