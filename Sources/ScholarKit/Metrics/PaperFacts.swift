/// What the metrics need to know about one paper.
///
/// Gathered once, in input order, so that ranking and every sum scan small plain values:
/// copying whole `Publication`s (a dozen reference-counted fields each) in ranking order
/// took most of the time for a million papers.
struct PaperFacts {
    var citations: Int
    /// `nil` when the publication has no year.
    var year: Int?
    /// a_i: the listed authors, 1 when none are.
    var authorCount: Int
    var hasUncertainAuthorCount: Bool
    /// False for excluded papers (and uncited ones when they are left out): they take no part.
    var takesPart: Bool

    init(_ publication: Publication, options: MetricsOptions) {
        citations = publication.citations
        year = publication.year
        authorCount = publication.authorCountForMetrics
        hasUncertainAuthorCount = publication.hasUncertainAuthorCount
        takesPart = !publication.isExcluded && !(options.excludeZeroCited && publication.citations <= 0)
    }
}
