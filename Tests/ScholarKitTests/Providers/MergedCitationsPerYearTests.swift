import Fetch
import Foundation
import TestSupport
import Testing
@testable import ScholarKit

/// Issue 38: a merged record's citations per year are its members' "Cited by" searches summed,
/// not the most cited member's alone. The local Scholar answers `cites=1` with the saved geomap
/// page ("About 30 results") and `cites=2` with a one-result page, for every year.
@Suite(Fixtures.required) struct MergedCitationsPerYearTests {
    static let geomap = Fixtures.url("scholar/google-scholar-results/gs-results-2020-geomap-olympus-range.html")
    static let single = Fixtures.url("scholar/google-scholar-results/gs-results-2016-goscholar-learning-deep-architectures.html")

    @Test func everyMembersCitedBySearchIsAskedAndTheYearsAreSummed() async throws {
        let server = LocalServer { uri, _ in uri.contains("cites=1") ? .file(Self.geomap) : .file(Self.single) }
        let members = [
            Publication(title: "Cellular geography", year: 2023, citations: 40, citesURL: "https://scholar.google.com/scholar?cites=1"),
            Publication(title: "Cellular Geography", year: 2023, citations: 5, citesURL: "https://scholar.google.com/scholar?cites=2"),
            Publication(title: "Cellular geography (again)", year: 2023, citations: 1, citesURL: "https://scholar.google.com/scholar?cites=2"),
        ]
        let configuration = FetchConfiguration(
            cacheDirectory: FileManager.default.temporaryDirectory.appendingPathComponent("bottega-merged-\(UUID().uuidString)"),
            politeness: [:], defaultPoliteness: .none)
        try await server.run { base in
            try await Fetcher.withFetcher(configuration) { fetcher in
                let found = try #require(try await ScholarSearchRunner(fetcher: fetcher, scholarBaseURL: base).citationsPerYear(ofMembers: members, referenceYear: 2024))
                #expect(found.counts == [2023: 31, 2024: 31])
                #expect(found.datedShare == 1)
            }
        }
        // Two links, two years each; the link two members share is asked once.
        #expect(server.received.count == 4)
        #expect(server.received.filter { $0.uri.contains("cites=1") }.count == 2)
    }
}
