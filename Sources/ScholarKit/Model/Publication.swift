/// One publication as Bottega knows it, whatever source or file it came from.
///
/// Author lists are often incomplete: Google Scholar cuts long lists with "…" and OpenAlex
/// lists at most 100 authors. `authorsTruncated` records that, so author-based metrics can
/// say they are approximate instead of silently under-counting.
public struct Publication: Sendable, Hashable, Codable {
    public var title: String
    /// Authors as the source wrote them ("JA Doudna", "Tobler, W. R." is stored as "W. R. Tobler").
    public var authors: [String]
    /// True when the source cut the author list short, so `authors` is a lower bound.
    public var authorsTruncated: Bool
    /// Publication year, `nil` when the source gives none.
    public var year: Int?
    public var citations: Int
    /// Journal, conference or book series.
    public var venue: String?
    public var publisher: String?
    public var articleURL: String?
    public var citesURL: String?
    public var doi: String?
    /// The source's kind of document ("BOOK", "article", "JOUR", …), as given.
    public var type: String?
    /// Rank of the result in the source's own list (Google Scholar's GSRank).
    public var sourceRank: Int?
    /// Google Scholar's cluster id (the number in `cites=`), which identifies a work across searches.
    public var clusterID: String?
    /// Ticked out by the user: an excluded publication takes no part in any metric.
    public var isExcluded: Bool
    /// Why it is excluded, as the workspace says it ("user", "name", "homepage", "remembered"),
    /// so an exported curation reads back whole; `nil` when included or not said.
    public var exclusionReason: String?
    /// Volume, issue, pages, ISSN, abstract, keywords and query date, when a file gave them.
    public var details: PublicationDetails? {
        get { detailsStorage?.value }
        set { detailsStorage = newValue.map(DetailsStorage.init) }
    }
    /// `details` behind one reference: a publication is copied whole many times between a
    /// file's bytes and the metrics (`ImportCollector`, arrays, sorting), and the dozen optional
    /// fields of the details would more than double what each copy moves.
    private var detailsStorage: DetailsStorage?

    private enum CodingKeys: String, CodingKey {
        case title, authors, authorsTruncated, year, citations, venue, publisher, articleURL, citesURL, doi, type
        case sourceRank, clusterID, isExcluded, exclusionReason
        case detailsStorage = "details"
    }

    public init(
        title: String,
        authors: [String] = [],
        authorsTruncated: Bool = false,
        year: Int? = nil,
        citations: Int = 0,
        venue: String? = nil,
        publisher: String? = nil,
        articleURL: String? = nil,
        citesURL: String? = nil,
        doi: String? = nil,
        type: String? = nil,
        sourceRank: Int? = nil,
        clusterID: String? = nil,
        isExcluded: Bool = false,
        exclusionReason: String? = nil,
        details: PublicationDetails? = nil
    ) {
        self.title = title
        self.authors = authors
        self.authorsTruncated = authorsTruncated
        self.year = year
        self.citations = citations
        self.venue = venue
        self.publisher = publisher
        self.articleURL = articleURL
        self.citesURL = citesURL
        self.doi = doi
        self.type = type
        self.sourceRank = sourceRank
        self.clusterID = clusterID
        self.isExcluded = isExcluded
        self.exclusionReason = isExcluded ? exclusionReason : nil
        self.details = details?.orNilWhenEmpty
    }

    /// True when the author count used by the metrics is a guess: no authors listed, or a cut list.
    public var hasUncertainAuthorCount: Bool { authors.isEmpty || authorsTruncated }

    /// The author count a_i used by the metrics, as Publish or Perish counts it (its AuthorCount
    /// column): the listed authors, one more for a cut list (the "…" hides at least one), and 1
    /// when none are known.
    public var authorCountForMetrics: Int { Self.authorCount(listed: authors.count, truncated: authorsTruncated) }

    static func authorCount(listed: Int, truncated: Bool) -> Int { max(1, listed + (truncated ? 1 : 0)) }
}

/// A publication's details, shared between copies and compared and coded as the value itself.
private final class DetailsStorage: Sendable, Hashable, Codable {
    let value: PublicationDetails

    init(_ value: PublicationDetails) { self.value = value }

    static func == (left: DetailsStorage, right: DetailsStorage) -> Bool { left === right || left.value == right.value }
    func hash(into hasher: inout Hasher) { value.hash(into: &hasher) }

    init(from decoder: any Decoder) throws { value = try PublicationDetails(from: decoder) }
    func encode(to encoder: any Encoder) throws { try value.encode(to: encoder) }
}
