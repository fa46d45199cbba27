import Foundation
import TestSupport
import Testing

/// `graph ID PUB --fetch-years`: the Ulm thesis's per-year "Cited by" searches, against a local
/// server serving saved Scholar pages.
@Suite(Fixtures.required) struct ScholarGraphYearsCommandTests {
    static let results = Fixtures.root.appendingPathComponent("scholar/google-scholar-results")
    /// "About 30 results".
    static let geomap = results.appendingPathComponent("gs-results-2020-geomap-olympus-range.html")
    /// One result and no count line.
    static let single = results.appendingPathComponent("gs-results-2016-goscholar-learning-deep-architectures.html")

    @Test func test_citationsPerYearAreFetchedYearByYearStoredAndDrawn() async throws {
        let folder = try TemporaryFolder()
        let environment = ["BOTTEGA_DB": folder.path("bottega.sqlite"), "BOTTEGA_CACHE_DIR": folder.path("cache"), "BOTTEGA_SCHOLAR_GAP": "0"]
        let file = try folder.write("paper.csv", """
            Cites,Authors,Title,Year,CitesURL
            62,"W Tobler","A computer movie",2019,"https://scholar.google.com/scholar?cites=123&hl=en"

            """)
        let imported = try CommandLineRun.bottega(arguments: ["scholar", "import", file], environment: environment)
        #expect(imported.status == 0, "\(imported.standardError)")

        let server = LocalServer { uri, _ in uri.contains("as_ylo=2019") ? .file(Self.geomap) : .file(Self.single) }
        let svg = folder.path("years.svg")
        try await server.run { base in
            let run = try await CommandLineRun.bottegaAsync(
                arguments: ["scholar", "graph", "1", "1", "--fetch-years", "--year", "2020", "--svg", svg, "--scholar-url", base.absoluteString, "--format", "json"],
                environment: environment
            )
            #expect(run.status == 0, "\(run.standardError)")
            // 2019: "About 30 results"; 2020: one result: 31 of 62 citations dated.
            #expect(run.standardError.contains("50% of the citations could be given a year"))
        }
        #expect(server.received.count == 2)
        #expect(server.received.allSatisfy { $0.uri.contains("cites=123") })
        let drawing = try String(contentsOfFile: svg, encoding: .utf8)
        #expect(drawing.contains("2019") && drawing.contains("2020") && drawing.contains("31"))

        // Stored: drawing it again needs no request.
        let again = try CommandLineRun.bottega(arguments: ["scholar", "graph", "1", "1", "--png", folder.path("years.png")], environment: environment)
        #expect(again.status == 0, "\(again.standardError)")
        #expect(server.received.count == 2)
    }
}
