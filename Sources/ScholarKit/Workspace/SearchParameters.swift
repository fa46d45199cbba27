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
        /// Crossref's works whose authors match the name (issue 43).
        case crossref
        /// A Semantic Scholar author record and its papers.
        case semanticScholar = "semantic-scholar"
        /// PubMed's `[Author]` search; no citation counts.
        case pubmed
        /// One researcher's ORCID works list (`profileID` is the iD); no citation counts.
        case orcid
        /// A dblp person's publication list; no citation counts.
        case dblp
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
    /// For the sources with author records (OpenAlex A…, Semantic Scholar, dblp's pid): the
    /// record the user chose among the name's matches. Stored under its first name,
    /// `openAlexAuthorID`, which searches saved before issue 43 carry.
    public var authorID: String?

    private enum CodingKeys: String, CodingKey {
        case source, query, profileID, filterByAuthorName, fileName, authorID = "openAlexAuthorID"
    }

    public init(
        source: Source,
        query: GoogleScholarQuery = GoogleScholarQuery(),
        profileID: String? = nil,
        filterByAuthorName: Bool = true,
        fileName: String? = nil,
        authorID: String? = nil
    ) {
        self.authorID = authorID
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
        let record = profileID.map { id in source == .orcid ? "ORCID \(id)" : source == .dblp ? "dblp \(id)" : "profile \(id)" }
        let candidates: [String?] = [query.author, record, query.allWords, query.exactPhrase.map { "\"\($0)\"" }, query.anyWords, query.publication, fileName]
        return candidates.compactMap { $0?.trimmingCharacters(in: .whitespaces) }.first { !$0.isEmpty } ?? source.rawValue
    }

    /// What else sets this search apart from another for the same researcher, for the history:
    /// the source, the years, the name filter and the other fields that narrow it
    /// ("Google Scholar · 1990–2000 · name filter off"). Two searches with different parameters
    /// never show the same label and qualifiers.
    public var qualifiers: String {
        var parts = [source == .file ? "file" : sourceName]
        switch (query.fromYear, query.toYear) {
        case (let from?, let to?): parts.append(from == to ? "\(from)" : "\(from)–\(to)")
        case (let from?, nil): parts.append("from \(from)")
        case (nil, let to?): parts.append("to \(to)")
        case (nil, nil): break
        }
        if source == .scholar, query.author != nil { parts.append(filterByAuthorName ? "name filter on" : "name filter off") }
        let label = self.label
        let fields: [(String, String?)] = [
            ("words", query.allWords), ("phrase", query.exactPhrase), ("any", query.anyWords), ("without", query.withoutWords),
            ("in", query.publication),
        ]
        for (name, value) in fields {
            guard let value = value?.trimmingCharacters(in: .whitespaces), !value.isEmpty, value != label,
                  "\"\(value)\"" != label else { continue }
            parts.append("\(name) \(value)")
        }
        if source != .file, query.maxResults != GoogleScholarQuery().maxResults { parts.append("at most \(query.maxResults)") }
        if let authorID { parts.append("author \(authorID)") }
        return parts.joined(separator: " · ")
    }

    /// The source as a user names it: "Google Scholar", "Semantic Scholar", "Imported file".
    public var sourceName: String {
        switch source {
        case .scholar: "Google Scholar"
        case .profile: "Scholar profile"
        case .openalex: "OpenAlex"
        case .file: "Imported file"
        case .crossref, .semanticScholar, .pubmed, .orcid, .dblp: service?.name ?? source.rawValue
        }
    }

    /// The service behind the issue-43 sources; nil for Google Scholar, OpenAlex and files.
    public var service: ScholarService? {
        switch source {
        case .crossref: .crossref
        case .semanticScholar: .semanticScholar
        case .pubmed: .pubmed
        case .orcid: .orcid
        case .dblp: .dblp
        case .scholar, .profile, .openalex, .file: nil
        }
    }

    private static func canonical(_ text: String?) -> String? {
        guard let text else { return nil }
        let folded = text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
            .split(whereSeparator: \.isWhitespace).joined(separator: " ")
        return folded.isEmpty ? nil : folded
    }
}
