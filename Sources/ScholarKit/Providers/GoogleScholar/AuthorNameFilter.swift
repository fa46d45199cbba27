import Foundation

/// The Italian thesis's homonym rule, generalised, as evidence (docs/NAME-FILTER.md): a result
/// whose author line names the searched researcher — the same surname, and initials that agree
/// with the given names — is kept; one whose line names that surname only with initials that
/// cannot be the researcher's is a namesake's and stored excluded; a line cut ("…") before any
/// bearer of the surname is kept and marked. Names are compared without accents or case
/// ("Tobler, Waldo R." matches "WR Tobler" and "W Tobler", not "S Tobler" or "WE Tobler").
public struct AuthorNameFilter: Sendable {
    /// What the filter did, for the user to judge it.
    public struct Outcome: Sendable, Equatable, Codable {
        public var kept: Int
        /// Results that name someone else: stored excluded (reason `name`), never lost.
        public var dropped: Int
        /// Of the kept, those whose author list is cut ("…") before any name matched: they may be
        /// the author's, so they are kept and marked.
        public var keptTruncated: Int
        /// The researcher's initials as the results write them, when they completed the searched
        /// ones ("wr" for "Waldo Tobler"): `nil` when the searched initials were used as given.
        public var learnedInitials: String?

        public init(kept: Int, dropped: Int, keptTruncated: Int = 0, learnedInitials: String? = nil) {
            self.kept = kept
            self.dropped = dropped
            self.keptTruncated = keptTruncated
            self.learnedInitials = learnedInitials
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            kept = try container.decode(Int.self, forKey: .kept)
            dropped = try container.decode(Int.self, forKey: .dropped)
            keptTruncated = try container.decodeIfPresent(Int.self, forKey: .keptTruncated) ?? 0
            learnedInitials = try container.decodeIfPresent(String.self, forKey: .learnedInitials)
        }
    }

    /// What the filter makes of one result.
    public enum Verdict: Sendable, Equatable {
        /// An author is the searched researcher (or the list is empty: nothing disagrees).
        case matches
        /// No visible author matches, but the list is cut short: the researcher may be hidden.
        case truncatedBeforeName
        /// Someone else's: no bearer of the surname on a whole list, or only namesakes whose
        /// initials cannot be the researcher's (even on a cut list).
        case noMatch
    }

    let surname: [String]
    private(set) var initials: String

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
        initialsOfBearer(name).map(isCompatible) ?? false
    }

    /// The given-name initials of `name` when it bears the searched surname, else `nil`.
    func initialsOfBearer(_ name: String) -> String? {
        if let given = initialsAsWritten(name) { return given }
        // "Zhang F", "Tobler WR": the surname first, the initials after, without a comma.
        let parts = name.split(separator: " ")
        guard parts.count >= 2, let last = parts.last, last.count <= 4,
              last.allSatisfy({ $0.isUppercase || $0 == "." }) else { return nil }
        return initialsAsWritten((parts.suffix(1) + parts.dropLast()).joined(separator: " "))
    }

    private func initialsAsWritten(_ name: String) -> String? {
        let original = AuthorList.invertingLastFirst(name).split(whereSeparator: { $0 == " " || $0 == "." || $0 == "-" })
        let words = Self.words(AuthorList.invertingLastFirst(name))
        guard words.count >= surname.count, Array(words.suffix(surname.count)) == surname else { return nil }
        return Self.initials(of: Array(words.dropLast(surname.count)), original: Array(original.prefix(words.count - surname.count)))
    }

    /// Scholar shortens given names to one or two initials; agreement on the initials both
    /// sides give is the most that can be asked ("W" and "WR" agree, "WE" and "WR" do not).
    func isCompatible(_ given: String) -> Bool {
        given.isEmpty || initials.isEmpty || given.hasPrefix(initials) || initials.hasPrefix(given)
    }

    public func verdict(_ authors: [String], truncated: Bool) -> Verdict {
        if authors.isEmpty { return .matches }
        var namesake = false
        for author in authors {
            guard let given = initialsOfBearer(author) else { continue }
            if isCompatible(given) { return .matches }
            namesake = true
        }
        // A listed namesake is evidence against, whether or not the list goes on.
        return truncated && !namesake ? .truncatedBeforeName : .noMatch
    }

    /// The filter with the researcher's initials completed from the results themselves. The
    /// searched "Waldo Tobler" gives only "w"; where the results write a longer form of it
    /// ("WR Tobler") on more papers than every other longer form together ("WD", "WE", "WJ"…),
    /// and on at least `minimumPapers`, that form is the researcher's, and the others are
    /// namesakes'. A searched name without initials, or with two or more, is used as given.
    public func learningInitials<T>(from items: [T], authors: (T) -> [String], minimumPapers: Int = 3) -> AuthorNameFilter {
        guard initials.count == 1 else { return self }
        var papers: [String: Int] = [:]
        for item in items {
            let longer = Set(authors(item).compactMap(initialsOfBearer).filter { $0.count > initials.count && $0.hasPrefix(initials) })
            for form in longer { papers[form, default: 0] += 1 }
        }
        let total = papers.values.reduce(0, +)
        guard let (form, count) = papers.max(by: { ($0.value, $1.key) < ($1.value, $0.key) }),
              count >= minimumPapers, count * 2 > total else { return self }
        var learned = self
        learned.initials = form
        return learned
    }

    /// Filters publications, reporting how many were kept and dropped.
    public func apply<T>(_ items: [T], authors: (T) -> [String]) -> (kept: [T], outcome: Outcome) {
        let kept = items.filter { matches(authors($0)) }
        return (kept, Outcome(kept: kept.count, dropped: items.count - kept.count))
    }

    /// The positions of the results that name someone else, and what the filter did; nothing
    /// is dropped — the caller stores the rejected ones excluded, restorable.
    public func judge<T>(_ items: [T], authors: (T) -> [String], truncated: (T) -> Bool) -> (rejected: Set<Int>, outcome: Outcome) {
        let filter = learningInitials(from: items, authors: authors)
        var rejected: Set<Int> = []
        var keptTruncated = 0
        for (index, item) in items.enumerated() {
            switch filter.verdict(authors(item), truncated: truncated(item)) {
            case .matches: break
            case .truncatedBeforeName: keptTruncated += 1
            case .noMatch: rejected.insert(index)
            }
        }
        return (rejected, Outcome(
            kept: items.count - rejected.count, dropped: rejected.count, keptTruncated: keptTruncated,
            learnedInitials: filter.initials == initials ? nil : filter.initials))
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
