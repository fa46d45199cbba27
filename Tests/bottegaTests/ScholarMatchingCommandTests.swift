import Foundation
import Testing

/// `duplicates`, `homepage-filter` and `graph`, run as a user would on a real SQLite file.
@Suite(Fixtures.required) struct ScholarMatchingCommandTests {
    let session: WorkspaceSession
    var folder: TemporaryFolder { session.folder }

    init() throws {
        session = try WorkspaceSession()
    }

    func bottega(_ arguments: String...) throws -> CommandLineRun {
        try CommandLineRun.bottega(arguments: arguments, environment: session.environment)
    }

    func json(_ run: CommandLineRun) throws -> [String: Any] { try session.json(run) }

    func importFile(_ path: String) throws -> String { String(try session.importFile(path)) }

    /// Issue 21: the homonym filter on an imported list — the Tobler export holds HW, MW, WD,
    /// WE and WJ Tobler beside W and WR Tobler. Their papers are stored excluded (reason name).
    @Test func test_theNameFilterAppliesToAnImportedList() throws {
        let run = try bottega("scholar", "import", Fixtures.export("pop-gscholar-waldo-tobler-PoPCites.csv"), "--author", "Waldo R. Tobler", "--format", "json")
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardError.contains("name filter: kept"))
        let id = try #require(try json(run)["id"] as? Int)
        let shown = try #require(try json(try bottega("scholar", "show", String(id), "--format", "json"))["publications"] as? [[String: Any]])
        #expect(shown.count == 829)
        func authors(_ row: [String: Any]) -> [String] { (row["publication"] as? [String: Any])?["authors"] as? [String] ?? [] }
        let byName = shown.filter { $0["exclusionReason"] as? String == "name" }
        #expect(byName.count > 100)
        #expect(byName.allSatisfy { !authors($0).contains("W Tobler") && !authors($0).contains("WR Tobler") })
        #expect(shown.filter { authors($0) == ["HW Tobler"] }.allSatisfy { $0["exclusionReason"] as? String == "name" })
        #expect(shown.filter { authors($0).contains("WR Tobler") }.allSatisfy { $0["status"] as? String != "excluded" })
    }

    @Test func test_duplicatesInTheToblerExportAreSuggestedAndAcceptedAsAMerge() throws {
        let search = try importFile(Fixtures.export("pop-gscholar-waldo-tobler-PoPCites.csv"))
        let listed = try #require(try json(try bottega("scholar", "duplicates", search, "--format", "json"))["suggestions"] as? [[String: Any]])
        // Rows 601 and 821 of the file: "Cellular geography" (1337 citations) and "Cellular Geography" (1).
        let number = try #require(listed.firstIndex { ($0["titles"] as? [String])?.contains("Cellular geography") == true }) + 1
        let accepted = try bottega("scholar", "duplicates", search, "--accept", String(number))
        #expect(accepted.status == 0 && accepted.standardOutput.contains("merged into #"))
        let shown = try #require(try json(try bottega("scholar", "show", search, "--format", "json"))["publications"] as? [[String: Any]])
        let merged = try #require(shown.first { ($0["publication"] as? [String: Any])?["title"] as? String == "Cellular geography" })
        #expect((merged["publication"] as? [String: Any])?["citations"] as? Int == 1338)
        #expect(merged["mergeNumber"] as? Int == 1)
        let unknown = try bottega("scholar", "duplicates", search, "--reject", "999")
        #expect(unknown.status == 1 && unknown.standardError.contains("no suggestion 999"))
    }

    @Test func test_homepageFilterPrintsThePatternTheHomepageListAndTheResults() throws {
        let results = try folder.write("barron.csv", """
            Cites,Authors,Title,Year
            900,"JT Barron, B Mildenhall","Mip-NeRF 360: Unbounded Anti-Aliased Neural Radiance Fields",2022
            700,"JT Barron","A General and Adaptive Robust Loss Function",2019
            40,"J Barron","Barron's guide to the stock market",2001

            """)
        let (search, run) = try homepageFilter(results, page: "hp-jon-barron-index-table-rows.html")
        let object = try json(run)
        #expect((object["pattern"] as? String)?.hasPrefix("/") == true)
        let listed = try #require(object["homepagePublications"] as? [[String: Any]])
        #expect(listed.count == 111)
        #expect(listed.first?["title"] as? String == "Image Generators are Generalist Vision Learners")
        #expect(listed.filter { $0["inResults"] as? Bool == true }.count == 2)
        // Each entry keeps what the page gives beside its title (the Italian thesis §4.1).
        let mip360 = try #require(listed.first { $0["title"] as? String == "Mip-NeRF 360: Unbounded Anti-Aliased Neural Radiance Fields" })
        #expect(mip360["year"] as? Int == 2022)
        #expect((mip360["authors"] as? [String])?.contains("Ben Mildenhall") == true)
        let rows = try #require(object["results"] as? [[String: Any]])
        #expect(rows.count == 3)
        #expect(rows.first { $0["title"] as? String == "Barron's guide to the stock market" }?["onHomepage"] as? Bool == false)
        #expect(rows.allSatisfy { $0["id"] is Int })
        let metrics = try #require(try json(try bottega("scholar", "show", search, "--format", "json"))["metrics"] as? [String: Any])
        #expect(metrics["papers"] as? Int == 2)
    }

    /// `results` imported, then filtered by the saved homepage `page` (JSON).
    private func homepageFilter(_ results: String, page: String) throws -> (search: String, run: CommandLineRun) {
        let search = try importFile(results)
        let path = Fixtures.root.appendingPathComponent("scholar/homepages/\(page)").path
        return (search, try bottega("scholar", "homepage-filter", search, "--homepage", path, "--format", "json"))
    }

    /// Issue 38: the UTF-16 page (a byte-order mark, a NUL beside every ASCII character) is text,
    /// read as the web screen reads it, not refused as binary data.
    @Test func aUTF16HomepageIsReadNotRefusedAsBinary() throws {
        let results = try folder.write("varshney.csv", """
            Cites,Authors,Title,Year
            500,"P Sattigeri, SC Hoffman, V Chenthamarakshan, KR Varshney","Fairness GAN: Generating Datasets with Fairness Properties Using a Generative Adversarial Network",2019
            300,"KR Varshney","Trustworthy Machine Learning",2022
            40,"K Varshney","Varshney's cookbook of curries",2001

            """)
        let run = try homepageFilter(results, page: "hp-kush-varshney-utf16-p-linked-titles-319.html").run
        #expect(run.status == 0, "\(run.standardError)")
        let rows = try #require(try json(run)["results"] as? [[String: Any]])
        #expect(rows.first { $0["title"] as? String == "Varshney's cookbook of curries" }?["onHomepage"] as? Bool == false)
        #expect(rows.filter { $0["onHomepage"] as? Bool == true }.count == 2)
    }

    @Test func test_homepageFilterRefusesWhatIsNotAPublicationsPage() throws {
        let search = try importFile(Fixtures.export("pop-gscholar-mvvm-2024-01-20.csv"))
        let png = try folder.write("photo.html", "\u{89}PNG\r\n\u{1A}\n\u{0}\u{0}\u{0}")
        let binary = try bottega("scholar", "homepage-filter", search, "--homepage", png)
        #expect(binary.status == 1 && binary.standardError.contains("not an HTML page"))
        let blog = try folder.write("blog.html", "<html><body><h1>Recipes</h1><ul><li>Bread<li>Soup</ul></body></html>")
        let unrelated = try bottega("scholar", "homepage-filter", search, "--homepage", blog)
        #expect(unrelated.status == 1 && unrelated.standardError.contains("no publication list was recognised"))
        let missing = try bottega("scholar", "homepage-filter", search, "--homepage", folder.path("absent.html"))
        #expect(missing.status == 1 && missing.standardError.contains("no such file"))
        let badThreshold = try bottega("scholar", "homepage-filter", search, "--homepage", blog, "--title-similarity", "1.5")
        #expect(badThreshold.status != 0 && badThreshold.standardError.contains("between 0 and 1"))
        // Nothing was excluded by the failed runs.
        let metrics = try #require(try json(try bottega("scholar", "show", search, "--format", "json"))["metrics"] as? [String: Any])
        #expect(metrics["papers"] as? Int == 38)
    }

    @Test func test_graphWritesTheHIndexFigureAsSVGAndPNG() throws {
        let search = try importFile(Fixtures.export("pop-gscholar-mvvm-2024-01-20.csv"))
        let svgPath = folder.path("h.svg"), pngPath = folder.path("h.png")
        #expect(try bottega("scholar", "graph", search, "--kind", "hindex", "--svg", svgPath).status == 0)
        let svg = try String(contentsOfFile: svgPath, encoding: .utf8)
        #expect(svg.hasPrefix("<svg") && svg.contains("<title>") && svg.contains("h = "))
        #expect(try bottega("scholar", "graph", search, "--kind", "hindex", "--png", pngPath, "--scale", "1").status == 0)
        let png = try Data(contentsOf: URL(fileURLWithPath: pngPath))
        #expect(Array(png.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        let noYears = try bottega("scholar", "graph", search, "--svg", svgPath)
        #expect(noYears.status == 1 && noYears.standardError.contains("no citations per year"))
        let bothFiles = try bottega("scholar", "graph", search, "--svg", svgPath, "--png", pngPath)
        #expect(bothFiles.status != 0)
    }
}

/// Issue 21: the publication list as Publish or Perish sorts it, with cites per year, author
/// count and the g-core.
@Suite(Fixtures.required) struct ScholarShowSortTests {
    @Test func theListSortsByEveryPublishOrPerishColumn() throws {
        let session = try WorkspaceSession()
        let id = String(try session.importFile(Fixtures.export("pop-gscholar-mvvm-2024-01-20.csv")))
        func list(_ order: String) throws -> [[String: Any]] {
            let run = try session.bottega("scholar", "show", id, "--format", "json", "--sort", order, "--year", "2024")
            #expect(run.status == 0, "\(run.standardError)")
            return try #require(try session.json(run)["publications"] as? [[String: Any]])
        }
        func field<T>(_ row: [String: Any], _ name: String) -> T? { (row["publication"] as? [String: Any])?[name] as? T }
        let byYear = try list("year").compactMap { field($0, "year") as Int? }
        #expect(byYear == byYear.sorted(by: >))
        // As Publish or Perish's AuthorCount: a cut list ("…") counts one more than it names.
        let byAuthors = try list("author-count").map { row in
            max(1, ((field(row, "authors") as [String]?)?.count ?? 0) + ((field(row, "authorsTruncated") as Bool?) == true ? 1 : 0))
        }
        #expect(byAuthors == byAuthors.sorted())
        let byCitations = try list("citations").map { field($0, "citations") as Int? ?? 0 }
        #expect(byCitations == byCitations.sorted(by: >))
        let titles = try list("title").compactMap { field($0, "title") as String? }
        #expect(titles.first.map { $0.lowercased() <= (titles.last ?? "").lowercased() } == true)
        let document = try session.json(try session.bottega("scholar", "show", id, "--format", "json"))
        let metrics = try #require(document["metrics"] as? [String: Any])
        #expect((document["gCore"] as? [Int])?.count == metrics["g"] as? Int)
        let text = try session.bottega("scholar", "show", id, "--sort", "cites-per-year", "--year", "2024")
        #expect(text.status == 0 && text.standardOutput.contains("cites/yr"))
        let bad = try session.bottega("scholar", "show", id, "--sort", "relevance")
        #expect(bad.status != 0 && bad.standardError.contains("relevance"))
    }
}
