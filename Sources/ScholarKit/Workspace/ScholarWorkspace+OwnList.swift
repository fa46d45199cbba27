import Foundation
import GRDB

/// The result of the own-list filter on a stored search (issue 43): each result, whether the
/// researcher's list holds it, and the evidence that decided.
public struct OwnListOutcome: Sendable, Equatable, Codable {
    public struct Result: Sendable, Equatable, Codable {
        public var id: Int64
        public var title: String
        public var isOwn: Bool
        public var evidence: OwnListMatch.Evidence
        /// The title of the listed work it matched.
        public var listedTitle: String?
    }

    /// Where the list came from (`orcid:0000-…`, a file).
    public var source: String
    public var listed: Int
    /// Every top-level publication of the search, in the search's ranking.
    public var results: [Result]
    public var newlyExcluded: Int
}

extension ScholarWorkspace {
    /// The homepage filter with the researcher's own list (an ORCID record, a dblp page, a file)
    /// in place of the page: results the list does not hold are excluded with the homepage's
    /// reason ("homepage", which `include` undoes), the others marked on it; the user's own
    /// exclusions are left alone, and a result an earlier check excluded that the list holds is
    /// included again.
    public func filterByOwnList(
        _ list: [Publication], source: String, searchID: Int64, matcher: OwnListMatch = OwnListMatch(), options: MetricsOptions
    ) throws -> OwnListOutcome {
        try database.write { db in
            let stored = try loadSearch(searchID, options: options, db)
            let verdicts = matcher.match(results: stored.publications.map(\.publication), ownList: list)
            var newlyExcluded = 0
            var results: [OwnListOutcome.Result] = []
            for (item, verdict) in zip(stored.publications, verdicts) {
                guard var row = try PublicationRow.fetchOne(db, key: item.id) else { continue }
                row.onHomepage = verdict.isOwn
                if !verdict.isOwn, !row.isExcluded {
                    row.isExcluded = true
                    row.exclusionReason = "homepage"
                    newlyExcluded += 1
                } else if verdict.isOwn, row.isExcluded, row.exclusionReason == "homepage" {
                    row.isExcluded = false
                    row.exclusionReason = nil
                }
                try row.update(db)
                results.append(.init(
                    id: item.id, title: item.publication.title, isOwn: verdict.isOwn, evidence: verdict.evidence,
                    listedTitle: verdict.listed.map { list[$0].title }))
            }
            return OwnListOutcome(source: source, listed: list.count, results: results, newlyExcluded: newlyExcluded)
        }
    }
}
