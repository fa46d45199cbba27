import Foundation
import GRDB

/// A row of `scholar_search`.
struct SearchRow: Codable, FetchableRecord, MutablePersistableRecord, Sendable {
    static let databaseTableName = "scholar_search"
    var id: Int64?
    var matchKey: String
    var parameters: SearchParameters
    var label: String
    var ranAt: Date
    var savedAt: Date?
    var totalResults: Int?
    var nameFilterKept: Int?
    var nameFilterDropped: Int?
    var nameFilterLearnedInitials: String?
    var citationsPerYear: YearCounts?
    var note: String?
    var mergeCounter: Int
    var openAlexCandidates: [AuthorCandidate]?
    /// The account the search belongs to (``ScholarWorkspace/owner``).
    var ownerId: Int64

    mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }
}

/// A row of `scholar_publication`: an original record of the source, or a merged record.
struct PublicationRow: Codable, FetchableRecord, MutablePersistableRecord, Sendable, Equatable {
    static let databaseTableName = "scholar_publication"
    var id: Int64?
    var searchId: Int64
    var position: Int
    var title: String
    var authors: [String]
    var authorsTruncated: Bool
    var year: Int?
    var citations: Int
    var venue: String?
    var publisher: String?
    var articleURL: String?
    var citesURL: String?
    var doi: String?
    var type: String?
    var sourceRank: Int?
    var clusterID: String?
    var citationsPerYear: YearCounts?
    var isExcluded: Bool
    var exclusionReason: String?
    var mergeNumber: Int?
    var mergedInto: Int64?
    var onHomepage: Bool?
    var details: PublicationDetails?

    mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }

    init(searchID: Int64, position: Int, publication: Publication, citationsPerYear: [Int: Int]?) {
        self.searchId = searchID
        self.position = position
        title = publication.title
        authors = publication.authors
        authorsTruncated = publication.authorsTruncated
        year = publication.year
        citations = publication.citations
        venue = publication.venue
        publisher = publication.publisher
        articleURL = publication.articleURL
        citesURL = publication.citesURL
        doi = publication.doi
        type = publication.type
        sourceRank = publication.sourceRank
        clusterID = publication.clusterID
        self.citationsPerYear = citationsPerYear.flatMap { $0.isEmpty ? nil : YearCounts($0) }
        isExcluded = publication.isExcluded
        exclusionReason = publication.isExcluded ? (publication.exclusionReason ?? "user") : nil
        details = publication.details
    }

    var publication: Publication {
        Publication(
            title: title, authors: authors, authorsTruncated: authorsTruncated, year: year, citations: citations,
            venue: venue, publisher: publisher, articleURL: articleURL, citesURL: citesURL, doi: doi, type: type,
            sourceRank: sourceRank, clusterID: clusterID, isExcluded: isExcluded,
            exclusionReason: isExcluded ? (exclusionReason ?? "user") : nil, details: details
        )
    }

    var isMerge: Bool { mergeNumber != nil }
}

/// Citations per year as stored: a JSON object `{"2019": 12}`, as the CLI and API print it
/// (a Swift `[Int: Int]` would encode as a flat array).
struct YearCounts: Codable, Sendable, Equatable {
    var counts: [Int: Int]

    init(_ counts: [Int: Int]) { self.counts = counts }

    init(from decoder: any Decoder) throws {
        let byText = try decoder.singleValueContainer().decode([String: Int].self)
        counts = Dictionary(uniqueKeysWithValues: byText.compactMap { key, value in Int(key).map { ($0, value) } })
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(Dictionary(uniqueKeysWithValues: counts.map { (String($0.key), $0.value) }))
    }
}

/// A row of `scholar_duplicate_rejection`.
struct DuplicateRejectionRow: Codable, FetchableRecord, PersistableRecord, Sendable {
    static let databaseTableName = "scholar_duplicate_rejection"
    var searchId: Int64
    var members: String
}
