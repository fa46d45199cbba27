/// What a bibliographic file says about a publication beyond what the metrics use: kept so
/// that a list read from RIS, BibTeX or a Publish or Perish CSV is written back with it
/// (issue 21's round trips). Every field is as the file gave it.
public struct PublicationDetails: Sendable, Hashable, Codable {
    public var volume: String?
    public var issue: String?
    /// "759-762", "e0123", or a start page alone.
    public var pages: String?
    public var issn: String?
    /// The abstract, or the snippet a search engine showed in its place.
    public var abstract: String?
    public var keywords: [String]
    /// When the list was retrieved (Publish or Perish's QueryDate, RIS Y2, BibTeX urldate).
    public var queryDate: String?
    /// Publish or Perish's links beside the article's own: its full text (FullTextURL), Google
    /// Scholar's "Related articles" (RelatedURL) and the citation record (CitationURL).
    public var fullTextURL: String?
    public var relatedURL: String?
    public var citationURL: String?
    /// Publish or Perish's estimated citation count (ECC), as its file gave it.
    public var estimatedCitations: Int?
    /// Its place in a merge, in a file Bottega exported with every paper (`MergeMark`).
    public var mergeMark: MergeMark?

    public init(
        volume: String? = nil, issue: String? = nil, pages: String? = nil, issn: String? = nil,
        abstract: String? = nil, keywords: [String] = [], queryDate: String? = nil,
        fullTextURL: String? = nil, relatedURL: String? = nil, citationURL: String? = nil, estimatedCitations: Int? = nil,
        mergeMark: MergeMark? = nil
    ) {
        self.volume = volume
        self.issue = issue
        self.pages = pages
        self.issn = issn
        self.abstract = abstract
        self.keywords = keywords
        self.queryDate = queryDate
        self.fullTextURL = fullTextURL
        self.relatedURL = relatedURL
        self.citationURL = citationURL
        self.estimatedCitations = estimatedCitations
        self.mergeMark = mergeMark
    }

    /// `nil` when the file gave none of the fields, so that publications from sources without
    /// them compare and store as before.
    var orNilWhenEmpty: PublicationDetails? { self == PublicationDetails() ? nil : self }

    /// Pages from a start and an end page, as RIS (SP, EP) and PoP (StartPage, EndPage) give them.
    static func pages(start: String?, end: String?) -> String? {
        switch (start?.isEmpty == false ? start : nil, end?.isEmpty == false ? end : nil) {
        case (let start?, let end?) where start != end: "\(start)-\(end)"
        case (let start?, _): start
        case (nil, let end?): end
        case (nil, nil): nil
        }
    }

    /// The start and end of `pages` ("759-762", "759–762", "759--762"; "e12" has no end).
    var pageRange: (start: String, end: String?)? {
        guard let pages, !pages.isEmpty else { return nil }
        let parts = pages.split(whereSeparator: { $0 == "-" || $0 == "\u{2013}" }).map { $0.trimmingWhitespace() }.filter { !$0.isEmpty }
        guard let first = parts.first else { return nil }
        let last = parts.count > 1 ? parts.last : nil
        return (first, last == first ? nil : last)
    }
}
