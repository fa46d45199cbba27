/// What the metrics need to know about one paper.
///
/// Gathered once, in input order, so that ranking and every sum scan small plain values:
/// copying whole `Publication`s (a dozen reference-counted fields each) in ranking order
/// took most of the time for a million papers. Stored in 24 bytes, so a streamed list of a
/// million papers keeps 24 MB of facts and nothing else per paper.
struct PaperFacts: Sendable {
    var citations: Int
    private var storedYear: Int32
    private var storedAuthorCount: Int32
    var hasUncertainAuthorCount: Bool
    /// False for excluded papers (and uncited ones when they are left out): they take no part.
    var takesPart: Bool

    private static let noYear = Int32.min

    /// `nil` when the publication has no year.
    var year: Int? { storedYear == Self.noYear ? nil : Int(storedYear) }
    /// a_i: `Publication.authorCountForMetrics`.
    var authorCount: Int { Int(storedAuthorCount) }

    init(citations: Int, year: Int?, authorCount: Int, hasUncertainAuthorCount: Bool, takesPart: Bool) {
        self.citations = citations
        // Years and author counts past 32 bits are nonsense no file holds; they are clamped, not trapped on.
        storedYear = year.map { Int32(clamping: $0) } ?? Self.noYear
        if storedYear == Self.noYear, year != nil { storedYear = Self.noYear + 1 }
        storedAuthorCount = Int32(clamping: authorCount)
        self.hasUncertainAuthorCount = hasUncertainAuthorCount
        self.takesPart = takesPart
    }

    init(_ publication: Publication, options: MetricsOptions) {
        self.init(
            citations: publication.citations,
            year: publication.year,
            authorCount: publication.authorCountForMetrics,
            hasUncertainAuthorCount: publication.hasUncertainAuthorCount,
            takesPart: !publication.isExcluded && !publication.isMergeMember && !(options.excludeZeroCited && publication.citations <= 0)
        )
    }

    /// A paper read straight from a file, as `init(_:options:)` would see its `Publication`.
    init(citations: Int, year: Int?, listedAuthors: Int, authorsTruncated: Bool, excluded: Bool = false, options: MetricsOptions) {
        self.init(
            citations: citations, year: year, authorCount: Publication.authorCount(listed: listedAuthors, truncated: authorsTruncated),
            hasUncertainAuthorCount: listedAuthors == 0 || authorsTruncated,
            takesPart: !excluded && !(options.excludeZeroCited && citations <= 0)
        )
    }
}
