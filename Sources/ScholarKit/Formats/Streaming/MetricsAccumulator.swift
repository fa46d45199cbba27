/// The metrics of publication lists read one paper at a time: each paper leaves 24 bytes of
/// facts (citations, year, author count) and nothing else, so a million-paper file is measured
/// without keeping a million `Publication`s.
public struct MetricsAccumulator: Sendable {
    /// The options asked for; `resolvedOptions` has the reference year the metrics use.
    public let options: MetricsOptions
    private var facts: [PaperFacts] = []
    /// The latest query date's year among the papers added.
    private var latestQueryYear: Int?

    public init(options: MetricsOptions) {
        self.options = options
    }

    /// Papers added so far, whether or not they take part.
    public var count: Int { facts.count }

    public mutating func add(_ publication: Publication) {
        facts.append(PaperFacts(publication, options: options))
        noteQueryYear(publication.queryYear)
    }

    mutating func add(citations: Int, year: Int?, listedAuthors: Int, authorsTruncated: Bool, queryYear: Int? = nil, excluded: Bool = false) {
        facts.append(PaperFacts(
            citations: citations, year: year, listedAuthors: listedAuthors, authorsTruncated: authorsTruncated, excluded: excluded, options: options))
        noteQueryYear(queryYear)
    }

    private mutating func noteQueryYear(_ year: Int?) {
        guard let year else { return }
        if year > latestQueryYear ?? .min { latestQueryYear = year }
    }

    /// The options the metrics use: a reference year not given is the latest query date's.
    public var resolvedOptions: MetricsOptions { options.resolved(queryYear: latestQueryYear) }

    /// The same metrics `MetricsReport` gives for the same publications.
    public var metrics: ImpactMetrics {
        MetricsReport.metrics(of: facts, options: resolvedOptions)
    }
}



/// What reading one file for its metrics found besides the papers: the bad records skipped and
/// the records kept with a field dropped. Only the first few of each are kept, with their count,
/// so a file of a million bad rows does not keep a million messages.
public struct MetricsReadSummary: Sendable {
    public static let keptProblems = 10

    public var papers = 0
    /// False when the file was read whole instead (JSON, not UTF-8, a record a piece cut).
    public internal(set) var readInPieces = false
    public private(set) var skipped: [ImportProblem] = []
    public private(set) var skippedCount = 0
    public private(set) var changed: [ImportProblem] = []
    public private(set) var changedCount = 0
    /// What the file is, when that says something about its numbers (`ImportResult.notices`).
    public internal(set) var notices: [String] = []

    public init() {}

    mutating func skip(_ problem: ImportProblem) {
        skippedCount += 1
        if skipped.count < Self.keptProblems { skipped.append(problem) }
    }

    mutating func change(_ problem: ImportProblem) {
        changedCount += 1
        if changed.count < Self.keptProblems { changed.append(problem) }
    }
}
