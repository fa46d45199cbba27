import Foundation

/// Everything that defines a search: which source, and what was asked of it. Two searches with
/// equal `matchKey`s asked the same question, so one can answer for the other (a fresh cached
/// search) or hand its edits on (the Ulm thesis's "remember").
public struct SearchParameters: Sendable, Hashable, Codable {
    public enum Source: String, Sendable, Hashable, Codable, CaseIterable {
        /// Google Scholar's search.
        case scholar
        /// One Google Scholar profile.
        case profile
        case openalex
        /// A file the user imported: never re-run, never a "fresh" answer for anything.
        case file
    }

    public var source: Source
    /// The Google Scholar query (every advanced field); for OpenAlex only `author` and the
    /// years are used.
    public var query: GoogleScholarQuery
    public var profileID: String?
    /// The Italian thesis's homonym rule (Google Scholar only).
    public var filterByAuthorName: Bool
    /// For `.file`: the file's name, shown in the history.
    public var fileName: String?

    public init(
        source: Source,
        query: GoogleScholarQuery = GoogleScholarQuery(),
        profileID: String? = nil,
        filterByAuthorName: Bool = true,
        fileName: String? = nil
    ) {
        self.source = source
        self.query = query
        self.profileID = profileID
        self.filterByAuthorName = filterByAuthorName
        self.fileName = fileName
    }

    /// A canonical text of the parameters: case, accents and spacing of the words don't make
    /// a different search ("Waldo  Tobler" asks what "waldo tobler" asks).
    public var matchKey: String {
        var canonical = self
        canonical.query.author = Self.canonical(query.author)
        canonical.query.allWords = Self.canonical(query.allWords)
        canonical.query.exactPhrase = Self.canonical(query.exactPhrase)
        canonical.query.anyWords = Self.canonical(query.anyWords)
        canonical.query.withoutWords = Self.canonical(query.withoutWords)
        canonical.query.publication = Self.canonical(query.publication)
        canonical.profileID = profileID?.trimmingCharacters(in: .whitespaces)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return (try? encoder.encode(canonical)).map { String(decoding: $0, as: UTF8.self) } ?? ""
    }

    /// A short label for lists: the author, the profile, the words or the file.
    public var label: String {
        let candidates: [String?] = [query.author, profileID.map { "profile \($0)" }, query.allWords, query.exactPhrase.map { "\"\($0)\"" }, query.anyWords, query.publication, fileName]
        return candidates.compactMap { $0?.trimmingCharacters(in: .whitespaces) }.first { !$0.isEmpty } ?? source.rawValue
    }

    private static func canonical(_ text: String?) -> String? {
        guard let text else { return nil }
        let folded = text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
            .split(whereSeparator: \.isWhitespace).joined(separator: " ")
        return folded.isEmpty ? nil : folded
    }
}
