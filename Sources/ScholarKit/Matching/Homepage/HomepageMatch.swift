/// What the homepage filter found: the structure the page lists its publications in, those
/// publications, and which search results are among them (the thesis's green and red rows).
public struct HomepageMatch: Sendable, Equatable, Codable {
    /// The XPath that selects the element holding each title, as inferred from the matched
    /// titles, e.g. `//ol[@class='bibliography']/li/div/div[@class='title']`.
    public var titlePattern: String
    /// The XPath of the element holding each author list; `nil` when none was inferred or when
    /// it selects a different number of elements than `titlePattern`, so that it cannot be
    /// paired with the titles one to one.
    public var authorPattern: String?
    /// Every publication the page lists, in page order.
    public var homepagePublications: [HomepagePublication]
    /// One flag per search result, in the order given: whether the page lists it.
    public var resultsOnHomepage: [Bool]

    public init(titlePattern: String, authorPattern: String?, homepagePublications: [HomepagePublication], resultsOnHomepage: [Bool]) {
        self.titlePattern = titlePattern
        self.authorPattern = authorPattern
        self.homepagePublications = homepagePublications
        self.resultsOnHomepage = resultsOnHomepage
    }
}

/// A publication as the homepage lists it.
public struct HomepagePublication: Sendable, Equatable, Codable {
    /// The title as the page writes it, whitespace collapsed, without enclosing quotes or a
    /// trailing full stop or comma.
    public var title: String
    /// The authors, when an author pattern was inferred; empty otherwise.
    public var authors: [String]
    /// The index of the search result it matched, `nil` when none did (a red row).
    public var matchedResult: Int?
    /// The year the entry gives beside the title (the Italian thesis §4.1), when it gives one.
    public var year: Int?

    /// Whether the search results contain this publication.
    public var inResults: Bool { matchedResult != nil }

    public init(title: String, authors: [String], matchedResult: Int?, year: Int? = nil) {
        self.title = title
        self.authors = authors
        self.matchedResult = matchedResult
        self.year = year
    }
}
