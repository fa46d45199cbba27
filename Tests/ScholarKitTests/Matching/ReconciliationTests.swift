import Foundation
import Testing
@testable import ScholarKit

/// The reconciliation's flags and per-source metrics, on counts worked out by hand.
@Suite struct ReconciliationTests {
    static func row(_ id: Int64, _ citations: Int, crossref: Int? = nil, openalex: Int? = nil) -> Reconciliation.Row {
        var found: [String: Reconciliation.Found] = [:]
        if let crossref { found["crossref"] = .init(citations: crossref, evidence: .doi, title: "t", doi: nil) }
        if let openalex { found["openalex"] = .init(citations: openalex, evidence: .title, title: "t", doi: nil) }
        return .init(publicationID: id, title: "paper \(id)", year: 2020, doi: nil, citations: citations, found: found)
    }

    @Test func countsDisagreeOnlyBeyondTheFactorAndZeroCountsAsOne() {
        #expect(Self.row(1, 21, crossref: 10).disagrees(by: 2))       // 21 > 2 × 10
        #expect(!Self.row(2, 20, crossref: 10).disagrees(by: 2))      // 20 is not more than 20
        #expect(!Self.row(3, 1, crossref: 0).disagrees(by: 2))        // 0 taken as 1
        #expect(Self.row(4, 3, crossref: 0).disagrees(by: 2))         // 3 > 2 × 1
        #expect(Self.row(5, 9, crossref: 4, openalex: 30).disagrees(by: 5))  // 30 > 5 × 4
        #expect(!Self.row(6, 500).disagrees(by: 2))                   // one count alone never disagrees
        #expect(Self.row(6, 500).onlyOneSource && !Self.row(1, 21, crossref: 10).onlyOneSource)
    }

    @Test func eachSourcesCountsGiveTheirOwnMetrics() {
        let reconciliation = Reconciliation(
            searchSource: "Google Scholar", sources: [.crossref, .openalex], factor: 2, ranAt: Date(),
            rows: [Self.row(1, 30, crossref: 12, openalex: 25), Self.row(2, 8, crossref: 3), Self.row(3, 2)])
        let columns = reconciliation.columns(options: MetricsOptions(referenceYear: 2024))
        // Search: 30, 8, 2 → h 2, g 3 (40 ≥ 9); Crossref: 12, 3, 0 → h 2, g 3 (15 ≥ 9);
        // OpenAlex: 25, 0, 0 → h 1, g 3 (25 ≥ 9).
        #expect(columns.map(\.key) == ["search", "crossref", "openalex"])
        #expect(columns.map(\.h) == [2, 2, 1])
        #expect(columns.map(\.g) == [3, 3, 3])
        #expect(columns.map(\.citations) == [40, 15, 25])
        #expect(columns.map(\.found) == [3, 2, 1])
        #expect(columns[1].byDOI == 2 && columns[2].byTitle == 1)
        #expect(reconciliation.disagreeing.map(\.publicationID) == [1, 2])
        #expect(reconciliation.knownToOneSource.map(\.publicationID) == [3])
    }
}
