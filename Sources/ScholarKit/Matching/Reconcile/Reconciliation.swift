import Foundation

/// One stored search's papers found again in other sources (issue 43, "one paper, every
/// source"): each paper's citation count in each source side by side, the evidence that matched
/// it (DOI, else title and year), and the papers whose counts disagree by more than a factor or
/// that no other source knows.
public struct Reconciliation: Sendable, Equatable, Codable {
    /// The sources a paper can be looked up in.
    public enum Source: String, Sendable, Hashable, Codable, CaseIterable {
        case crossref
        case openalex
        case semanticScholar = "semantic-scholar"

        public var name: String {
            switch self {
            case .crossref: "Crossref"
            case .openalex: "OpenAlex"
            case .semanticScholar: "Semantic Scholar"
            }
        }
    }

    /// The paper as one source knows it.
    public struct Found: Sendable, Equatable, Codable {
        public var citations: Int
        public var evidence: OwnListMatch.Evidence
        public var title: String
        public var doi: String?

        public init(citations: Int, evidence: OwnListMatch.Evidence, title: String, doi: String?) {
            self.citations = citations
            self.evidence = evidence
            self.title = title
            self.doi = doi
        }
    }

    public struct Row: Sendable, Equatable, Codable {
        public var publicationID: Int64
        public var title: String
        public var year: Int?
        public var doi: String?
        /// The count the stored search holds (its own source's).
        public var citations: Int
        /// Keyed by `Source.rawValue`; a source that does not know the paper is absent.
        public var found: [String: Found]

        public init(publicationID: Int64, title: String, year: Int?, doi: String?, citations: Int, found: [String: Found]) {
            self.publicationID = publicationID
            self.title = title
            self.year = year
            self.doi = doi
            self.citations = citations
            self.found = found
        }

        public func found(in source: Source) -> Found? { found[source.rawValue] }

        /// Every known count, the search's own first.
        public var counts: [Int] { [citations] + Source.allCases.compactMap { found[$0.rawValue]?.citations } }

        /// Whether the largest count is more than `factor` times the smallest. A count of 0 is
        /// taken as 1, so 0 and 1 citations never differ "by a factor".
        public func disagrees(by factor: Double) -> Bool {
            guard let low = counts.min(), let high = counts.max(), counts.count > 1 else { return false }
            return Double(high) > factor * Double(max(low, 1))
        }

        /// No other source knows the paper: only the search's own source does.
        public var onlyOneSource: Bool { found.isEmpty }
    }

    /// What the stored search's counts are ("Google Scholar").
    public var searchSource: String
    public var sources: [Source]
    public var factor: Double
    public var ranAt: Date
    public var rows: [Row]
    /// Sources that stopped answering part-way (a rate limit), with why; their later rows are
    /// not looked up, which is not the same as not found.
    public var stopped: [String: String]

    public init(searchSource: String, sources: [Source], factor: Double, ranAt: Date, rows: [Row], stopped: [String: String] = [:]) {
        self.searchSource = searchSource
        self.sources = sources
        self.factor = factor
        self.ranAt = ranAt
        self.rows = rows
        self.stopped = stopped
    }

    public var disagreeing: [Row] { rows.filter { $0.disagrees(by: factor) } }
    public var knownToOneSource: [Row] { rows.filter(\.onlyOneSource) }

    /// The papers with the citations `source` counts (nil: the search's own); a paper the source
    /// does not know counts 0 there, as it would in a search of that source.
    public func publications(countedBy source: Source?) -> [Publication] {
        rows.map { row in
            Publication(title: row.title, year: row.year, citations: source.map { row.found(in: $0)?.citations ?? 0 } ?? row.citations, doi: row.doi)
        }
    }
}

extension Reconciliation {
    /// One column of the comparison: how many papers the source knew, how they were matched,
    /// and the metrics on its counts.
    public struct Column: Sendable, Equatable, Codable {
        /// `search` for the stored search's own counts, else the source's raw value.
        public var key: String
        public var name: String
        public var found: Int
        public var byDOI: Int
        public var byTitle: Int
        public var h: Int
        public var g: Int
        public var citations: Int
    }

    /// The search's own column, then one per source, with the metrics `options` compute.
    public func columns(options: MetricsOptions) -> [Column] {
        func metrics(_ source: Source?) -> ImpactMetrics { MetricsReport(publications: publications(countedBy: source), options: options).metrics }
        let own = metrics(nil)
        var columns = [Column(key: "search", name: searchSource, found: rows.count, byDOI: 0, byTitle: 0, h: own.h, g: own.g, citations: own.citations)]
        for source in sources {
            let found = rows.compactMap { $0.found(in: source) }
            let counted = metrics(source)
            columns.append(Column(
                key: source.rawValue, name: source.name, found: found.count, byDOI: found.filter { $0.evidence == .doi }.count,
                byTitle: found.filter { $0.evidence == .title }.count, h: counted.h, g: counted.g, citations: counted.citations))
        }
        return columns
    }
}
