/// One publication as a Google Scholar page lists it: a search result, or a row of a profile.
///
/// Every field but the title may be missing on a real page, and is then `nil` (`citations`
/// is 0: Scholar shows no "Cited by" link for an uncited paper).
public struct GoogleScholarResult: Sendable, Hashable, Codable {
    /// The title as shown, without the "[PDF]"/"[CITATION]" markers and query highlighting.
    public var title: String
    /// The kind marker before the title, without brackets: "BOOK", "PDF", "CITATION", "HTML".
    public var type: String?
    /// The result's own link (the title's `href`; for a profile row, its `citation_for_view` page).
    public var url: String?
    public var authors: [String]
    /// The author list was cut with "…" (results) or "..." (profiles).
    public var authorsTruncated: Bool
    public var venue: String?
    public var year: Int?
    /// The host or publisher shown after the last " - " of a result's author line.
    public var publisher: String?
    public var citations: Int
    /// The "Cited by N" link: the search for the papers citing this one.
    public var citedByURL: String?
    /// Scholar's cluster id, the decimal number of `cites=` and `cluster=` links.
    public var clusterID: String?
    /// Position in Scholar's whole result list, from 1 (`data-rp` + 1 since 2020), `nil` when the page does not say.
    public var rank: Int?

    public init(
        title: String,
        type: String? = nil,
        url: String? = nil,
        authors: [String] = [],
        authorsTruncated: Bool = false,
        venue: String? = nil,
        year: Int? = nil,
        publisher: String? = nil,
        citations: Int = 0,
        citedByURL: String? = nil,
        clusterID: String? = nil,
        rank: Int? = nil
    ) {
        self.title = title
        self.type = type
        self.url = url
        self.authors = authors
        self.authorsTruncated = authorsTruncated
        self.venue = venue
        self.year = year
        self.publisher = publisher
        self.citations = citations
        self.citedByURL = citedByURL
        self.clusterID = clusterID
        self.rank = rank
    }

    /// The result as a ScholarKit publication, for metrics and exports.
    /// `sourceRank` overrides `rank` when the caller counts across pages itself.
    public func publication(sourceRank: Int? = nil) -> Publication {
        Publication(
            title: title,
            authors: authors,
            authorsTruncated: authorsTruncated,
            year: year,
            citations: citations,
            venue: venue,
            publisher: publisher,
            articleURL: url,
            citesURL: citedByURL,
            type: type,
            sourceRank: sourceRank ?? rank,
            clusterID: clusterID
        )
    }
}
