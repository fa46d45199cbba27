import Foundation
import GRDB
import Synchronization
@testable import ScholarKit

/// A clock the test moves by hand, to age cached searches.
final class TestClock: Sendable {
    private let current = Mutex(Date(timeIntervalSince1970: 1_800_000_000))
    var now: Date { current.withLock { $0 } }
    func advance(hours: Double) { current.withLock { $0 = $0.addingTimeInterval(hours * 3_600) } }
}

/// An in-memory workspace with a hand-moved clock.
func makeWorkspace(clock: TestClock = TestClock()) throws -> ScholarWorkspace {
    try ScholarWorkspace(database: DatabaseQueue(), now: { clock.now })
}

let testOptions = MetricsOptions(referenceYear: 2024)

/// A Google Scholar search for `author`.
func scholarParameters(author: String) -> SearchParameters {
    SearchParameters(source: .scholar, query: GoogleScholarQuery(author: author))
}

/// Publications titled "Paper 1"… with these citation counts and distinct cluster ids.
func fetchedPapers(_ citations: [Int]) -> FetchedSearch {
    FetchedSearch(publications: citations.enumerated().map { index, count in
        Publication(title: "Paper \(index + 1)", authors: ["A Author"], year: 2020, citations: count, clusterID: "c\(index + 1)")
    })
}

extension StoredSearch {
    /// The id of the top-level publication with this title.
    func id(of title: String) -> Int64? { publications.first { $0.publication.title == title }?.id }
    func item(_ title: String) -> WorkspacePublication? { publications.first { $0.publication.title == title } }
}
