import Foundation
import Testing

@Suite struct ScholarMetricsCommandTests {
    /// The keys issue #2 promises to other tools, copied from the issue.
    static let promisedKeys: Set<String> = [
        "papers", "citations", "years", "firstYear", "lastYear", "citesPerYear", "citesPerPaper", "citesPerAuthor",
        "papersPerAuthor", "authorsPerPaper", "h", "g", "gPadded", "hc", "hI", "hINorm", "hIAnnual", "hm", "hA", "e", "m",
        "hirschA", "awcr", "aw", "awcrpa", "acc1", "acc2", "acc5", "acc10", "acc20", "i10", "approximate",
    ]

    func jsonMetrics(_ arguments: String...) throws -> [String: Any] {
        let run = try CommandLineRun.bottega(arguments: ["scholar", "metrics", "--format", "json"] + arguments)
        #expect(run.status == 0, "stderr: \(run.standardError)")
        let object = try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8))
        return try #require(object as? [String: Any])
    }

    @Test(Fixtures.required) func jsonOutputHasExactlyThePromisedKeys() throws {
        let metrics = try jsonMetrics(Fixtures.export("pop-gscholar-waldo-tobler-PoPCites.csv"), "--year", "2021")
        #expect(Set(metrics.keys) == Self.promisedKeys)
        // SOURCES.md: 829 rows, Cites sum 28625, h 66, g 162.
        #expect(metrics["papers"] as? Int == 829)
        #expect(metrics["citations"] as? Int == 28_625)
        #expect(metrics["h"] as? Int == 66)
        #expect(metrics["g"] as? Int == 162)
        #expect(metrics["lastYear"] as? Int == 2021)
    }

    @Test(Fixtures.required) func textOutputIsATableOfMetricValueAndMeaning() throws {
        let run = try CommandLineRun.bottega("scholar", "metrics", Fixtures.export("scopus-waldo-tobler.ris"), "--year", "2021")
        #expect(run.status == 0, "stderr: \(run.standardError)")
        let lines = run.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("Metric") == true)
        // SOURCES.md: the Scopus export's h-index is 28.
        let hRow = try #require(lines.first { $0.hasPrefix("h-index ") })
        #expect(hRow.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first == "28")
    }

    @Test(Fixtures.required) func severalFilesAreMetricsOfTheirUnion() throws {
        let metrics = try jsonMetrics(
            Fixtures.export("pop-gscholar-json-microsourcing.json"), Fixtures.export("pop-gscholar-mvvm-2024-01-20.csv"), "--year", "2024"
        )
        // SOURCES.md: 7 papers with 110 citations, and 38 with 36.
        #expect(metrics["papers"] as? Int == 7 + 38)
        #expect(metrics["citations"] as? Int == 110 + 36)
    }

    @Test(Fixtures.required, arguments: Fixtures.exports)
    func everyRealExportWorks(file: String, papers: Int) throws {
        let metrics = try jsonMetrics(Fixtures.export(file), "--year", "2024")
        #expect(metrics["papers"] as? Int == papers)
    }

    @Test(Fixtures.required, arguments: Fixtures.exports.map(\.file))
    func exportThenImportGivesTheSameMetrics(file: String) throws {
        let folder = try TemporaryFolder()
        let original = try jsonMetrics(Fixtures.export(file), "--year", "2024")
        for format in ["csv", "bibtex", "ris", "json"] {
            let written = folder.path("round-trip.\(format)")
            let export = try CommandLineRun.bottega("scholar", "export", Fixtures.export(file), "--to", format, "-o", written)
            #expect(export.status == 0, "\(format): \(export.standardError)")
            let readBack = try jsonMetrics(written, "--from", format, "--year", "2024")
            #expect(NSDictionary(dictionary: readBack) == NSDictionary(dictionary: original), "\(file) through \(format)")
        }
    }

    @Test(Fixtures.required) func htmlReportMarksTheHCore() throws {
        let run = try CommandLineRun.bottega("scholar", "export", Fixtures.export("pop-gscholar-json-microsourcing.json"), "--to", "html")
        #expect(run.status == 0)
        // SOURCES.md: h 4, so four rows are in the h-core.
        #expect(run.standardOutput.components(separatedBy: "<tr class=\"hCore\">").count - 1 == 4)
        #expect(run.standardOutput.contains("id=\"metric-h\""))
    }
}
