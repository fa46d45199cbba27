import Foundation
import GRDB
import Markup

/// The result of the homepage filter on a stored search: the thesis's green and red rows.
public struct HomepageOutcome: Sendable, Equatable, Codable {
    public struct Result: Sendable, Equatable, Codable {
        public var id: Int64
        public var title: String
        public var onHomepage: Bool
    }

    public var address: String
    public var match: HomepageMatch
    /// Every top-level publication of the search, in the search's ranking.
    public var results: [Result]
    /// Publications the filter excluded now (the user can include them again).
    public var newlyExcluded: Int
}

/// A row of `scholar_homepage`: the last homepage check of a search.
struct HomepageRow: Codable, FetchableRecord, PersistableRecord, Sendable {
    static let databaseTableName = "scholar_homepage"
    var searchId: Int64
    var address: String
    var checkedAt: Date
    var match: HomepageMatch
}

extension ScholarWorkspace {
    /// The Italian thesis's filter: results the homepage does not list are excluded (reason
    /// "homepage", so the user can include them again), and each result is marked on or off
    /// the homepage. Exclusions the user made are left alone; a result a former check excluded
    /// that the page now lists is included again.
    public func filterByHomepage(
        _ homepage: MarkupDocument, address: String, searchID: Int64,
        filter: HomepageFilter = HomepageFilter(), options: MetricsOptions
    ) throws -> HomepageOutcome {
        try database.write { db in
            let stored = try loadSearch(searchID, options: options, db)
            let candidates = stored.publications.map { HomepageCandidate(title: $0.publication.title, authors: $0.publication.authors) }
            let match = try filter.match(homepage: homepage, results: candidates)
            var newlyExcluded = 0
            var results: [HomepageOutcome.Result] = []
            for (item, onHomepage) in zip(stored.publications, match.resultsOnHomepage) {
                guard var row = try PublicationRow.fetchOne(db, key: item.id) else { continue }
                row.onHomepage = onHomepage
                if !onHomepage, !row.isExcluded {
                    row.isExcluded = true
                    row.exclusionReason = "homepage"
                    newlyExcluded += 1
                } else if onHomepage, row.isExcluded, row.exclusionReason == "homepage" {
                    row.isExcluded = false
                    row.exclusionReason = nil
                }
                try row.update(db)
                results.append(HomepageOutcome.Result(id: item.id, title: item.publication.title, onHomepage: onHomepage))
            }
            try HomepageRow(searchId: searchID, address: address, checkedAt: now(), match: match).upsert(db)
            return HomepageOutcome(address: address, match: match, results: results, newlyExcluded: newlyExcluded)
        }
    }

    /// The last homepage check of a search, `nil` when none ran.
    public func homepage(of searchID: Int64) throws -> (address: String, checkedAt: Date, match: HomepageMatch)? {
        try database.read { db in
            _ = try searchRow(searchID, db)
            return try HomepageRow.fetchOne(db, key: searchID).map { ($0.address, $0.checkedAt, $0.match) }
        }
    }
}
