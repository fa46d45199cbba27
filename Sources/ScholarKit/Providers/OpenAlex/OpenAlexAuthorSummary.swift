import Foundation

/// An OpenAlex author as `/authors?search=` and `/authors/ID` return it, reduced to what
/// Bottega shows and uses to choose between namesakes. Every field may be missing.
public struct OpenAlexAuthorSummary: Decodable, Sendable, Equatable {
    /// The full URL form, `https://openalex.org/A…`.
    public var id: String?
    public var displayName: String?
    public var displayNameAlternatives: [String]
    public var orcid: String?
    public var worksCount: Int?
    public var citedByCount: Int?
    public var summaryStats: SummaryStats?
    public var countsByYear: [OpenAlexYearCount]
    /// The names of the author's last known institutions, in OpenAlex's order.
    public var lastKnownInstitutions: [String]

    /// OpenAlex's own indices (`summary_stats`), for cross-checking Bottega's metrics.
    public struct SummaryStats: Decodable, Sendable, Equatable {
        public var hIndex: Int?
        public var i10Index: Int?
        public var twoYearMeanCitedness: Double?

        private enum CodingKeys: String, CodingKey {
            case hIndex = "h_index"
            case i10Index = "i10_index"
            case twoYearMeanCitedness = "2yr_mean_citedness"
        }
    }

    private struct Institution: Decodable {
        var displayName: String?
        private enum CodingKeys: String, CodingKey { case displayName = "display_name" }
    }

    private enum CodingKeys: String, CodingKey {
        case id, orcid
        case displayName = "display_name"
        case displayNameAlternatives = "display_name_alternatives"
        case worksCount = "works_count"
        case citedByCount = "cited_by_count"
        case summaryStats = "summary_stats"
        case countsByYear = "counts_by_year"
        case lastKnownInstitutions = "last_known_institutions"
    }

    public init(
        id: String?, displayName: String?, displayNameAlternatives: [String] = [], orcid: String? = nil,
        worksCount: Int?, citedByCount: Int?, summaryStats: SummaryStats? = nil,
        countsByYear: [OpenAlexYearCount] = [], lastKnownInstitutions: [String] = []
    ) {
        self.id = id
        self.displayName = displayName
        self.displayNameAlternatives = displayNameAlternatives
        self.orcid = orcid
        self.worksCount = worksCount
        self.citedByCount = citedByCount
        self.summaryStats = summaryStats
        self.countsByYear = countsByYear
        self.lastKnownInstitutions = lastKnownInstitutions
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decodeIfPresent(String.self, forKey: .id)
        displayName = try container.decodeIfPresent(String.self, forKey: .displayName)
        displayNameAlternatives = try container.decodeIfPresent([String].self, forKey: .displayNameAlternatives) ?? []
        orcid = try container.decodeIfPresent(String.self, forKey: .orcid)
        worksCount = try container.decodeIfPresent(Int.self, forKey: .worksCount)
        citedByCount = try container.decodeIfPresent(Int.self, forKey: .citedByCount)
        summaryStats = try container.decodeIfPresent(SummaryStats.self, forKey: .summaryStats)
        countsByYear = try container.decodeIfPresent([OpenAlexYearCount].self, forKey: .countsByYear) ?? []
        lastKnownInstitutions = (try container.decodeIfPresent([Institution].self, forKey: .lastKnownInstitutions) ?? [])
            .compactMap(\.displayName)
    }

    /// The short key (`A5017898742`) used in filters and paths.
    public var shortID: String? { id.map(OpenAlexID.short) }

    /// True for the placeholder OpenAlex keeps for an author record it removed (merged or
    /// withdrawn): named "Deleted Author", with no works and no citations
    /// (fixture `openalex-author-A5317838346-deleted.json`).
    public var isDeleted: Bool {
        displayName == "Deleted Author" && (worksCount ?? 0) == 0 && (citedByCount ?? 0) == 0
    }
}
