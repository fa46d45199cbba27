import Foundation
import Testing
@testable import ScholarKit

/// Issue 38: the name filter on the real Tobler export (PoP's "W* Tobler" query, 829 rows).
/// Each verdict below was read by hand off the row's author list and subject, not taken from
/// the code: camera traps and jaguars are the ecologist MW Tobler's, torque converters and fluid
/// lines the engineer WE Tobler's, Latin American history HW Tobler's, thermophotovoltaics WJ
/// Tobler's; maps, migration and cartograms are Waldo R. Tobler's.
@Suite(Fixtures.required) struct NameFilterEvidenceTests {
    static let searchedForms = ["Waldo Tobler", "W Tobler", "Tobler, Waldo"]

    static let namesakes: [(title: String, cites: Int)] = [
        ("An evaluation of camera traps for inventorying large‐and medium‐sized terrestrial rainforest mammals", 809),  // MW Tobler, SE Carrillo‐Percastegui, ...
        ("Estimating jaguar densities with camera traps: problems with current designs and recommendations for future studies", 193),  // MW Tobler, GVN Powell
        ("Bond graph modeling and computer simulation of automotive torque converters", 155),  // D Hrovat, WE Tobler
        ("Dissipative modal approximation of fluid transmission lines using linear friction model", 103),  // WC Yang, WE Tobler
        ("Development and underdevelopment in America: contrasts of economic growth in North and Latin America in historical perspective", 22),  // WL Bernecker, HW Tobler
        ("Advances in gas-fired thermophotovoltaic systems", 12),  // W Durisch, F Von Roth, WJ Tobler
    ]

    static let waldos: [(title: String, cites: Int)] = [
        ("Cellular geography", 1_337),  // WR Tobler
        ("Map projection transformation: principles and applications", 217),  // Q Yang, J Snyder, W Tobler
        ("Three presentations on geographical analysis and modeling", 369),  // W Tobler
        ("Push-pull migration laws", 436),  // G Dorigo, W Tobler
    ]

    static func judged(as name: String) throws -> (publications: [Publication], excluded: Set<Int>, outcome: AuthorNameFilter.Outcome) {
        let publications = try PublicationImporter.read(contentsOf: Fixtures.exports("pop-gscholar-waldo-tobler-PoPCites.csv")).publications
        var fetched = FetchedSearch(publications: publications)
        let outcome = fetched.excludeByName(try #require(AuthorNameFilter(searchedName: name)))
        return (publications, Set(fetched.exclusions.keys), outcome)
    }

    @Test(arguments: searchedForms) func namesakesAreExcludedAndWaldoIsKept(name: String) throws {
        let (publications, excluded, outcome) = try Self.judged(as: name)
        func verdict(_ paper: (title: String, cites: Int)) throws -> Bool {
            let index = try #require(publications.firstIndex { $0.title == paper.title && $0.citations == paper.cites }, "\(paper.title)")
            return excluded.contains(index)
        }
        for paper in Self.namesakes { #expect(try verdict(paper), "\(name): \(paper.title) is a namesake's") }
        for paper in Self.waldos { #expect(try !verdict(paper), "\(name): \(paper.title) is Waldo Tobler's") }
        // "W…" alone does not tell WR from WD or WE: the list does, writing WR on most of its W… Toblers.
        #expect(outcome.learnedInitials == "wr")
        #expect(outcome.kept + outcome.dropped == 829)
    }

    /// The initials learnt are stored with the search, so reopening it says how namesakes were told apart.
    @Test func theLearnedInitialsAreStoredWithTheSearch() throws {
        let publications = try PublicationImporter.read(contentsOf: Fixtures.exports("pop-gscholar-waldo-tobler-PoPCites.csv")).publications
        var fetched = FetchedSearch(publications: publications)
        fetched.nameFilter = fetched.excludeByName(try #require(AuthorNameFilter(searchedName: "W Tobler")))
        let workspace = try makeWorkspace()
        let id = try workspace.store(fetched, parameters: SearchParameters(source: .file, fileName: "tobler.csv")).searchID
        let summary = try #require(try workspace.history().first { $0.id == id })
        #expect(summary.nameFilter?.learnedInitials == "wr")
        #expect(summary.nameFilter?.dropped == fetched.exclusions.count)
    }

    @Test func aCutListThatNeverReachesAToblerIsKeptAndMarked() throws {
        let (publications, excluded, outcome) = try Self.judged(as: "Waldo Tobler")
        // "R Hehlmann, A Hochhaus, HJ Kolb, ..." (126): no Tobler is shown, so one may be hidden.
        let index = try #require(publications.firstIndex { $0.title.hasPrefix("Interferon-") && $0.citations == 126 })
        #expect(!excluded.contains(index) && publications[index].authorsTruncated)
        #expect(outcome.keptTruncated >= 1)
    }

    @Test func everyFullListWithOnlyTheEcologistMWToblerIsExcluded() throws {
        let (publications, excluded, _) = try Self.judged(as: "Waldo Tobler")
        let ecologists = publications.indices.filter { publications[$0].authors.contains("MW Tobler") && !publications[$0].authors.contains { $0.hasSuffix(" Tobler") && $0 != "MW Tobler" } }
        #expect(ecologists.count >= 40)
        #expect(ecologists.allSatisfy(excluded.contains))
    }

    @Test func aSearchedMiddleInitialIsUsedAsGiven() throws {
        let filter = try #require(AuthorNameFilter(searchedName: "Waldo R. Tobler"))
        #expect(filter.verdict(["D Hrovat", "WE Tobler"], truncated: false) == .noMatch)
        #expect(filter.verdict(["MW Tobler", "SE Carrillo-Percastegui"], truncated: true) == .noMatch)
        #expect(filter.verdict(["FA Ran", "PD Hsu"], truncated: true) == .truncatedBeforeName)
        #expect(filter.verdict(["Q Yang", "W Tobler"], truncated: false) == .matches)
        let learned = filter.learningInitials(from: [["WE Tobler"], ["WE Tobler"], ["WE Tobler"]], authors: { $0 })
        #expect(learned.initials == "wr")
    }

    /// Issue 21's CRISPR page, read by hand: F Zhang is hidden behind the "…" of "FA Ran, PD Hsu,
    /// J Wright, V Agarwala…" (kept, marked), and Y Zhang is no F Zhang.
    @Test func theCRISPRPageUnderTheRule() throws {
        let page = try GoogleScholarResultsPage.parse(html: Array(try Fixtures.data("scholar/google-scholar-results/gs-results-2024-rpidanny-crispr-cas9-page1.html")))
        let filter = try #require(AuthorNameFilter(searchedName: "Feng Zhang"))
        let (rejected, outcome) = filter.judge(page.results, authors: \.authors, truncated: \.authorsTruncated)
        let genome = try #require(page.results.firstIndex { $0.title.hasPrefix("Genome engineering using the CRISPR-Cas9 system") })
        #expect(!rejected.contains(genome))
        #expect(outcome.keptTruncated >= 1)
        for (index, result) in page.results.enumerated() where result.authors.contains(where: { $0.hasSuffix("Zhang") }) {
            let byFZhang = result.authors.contains { $0 == "F Zhang" }
            #expect(rejected.contains(index) == !byFZhang, "\(result.title): \(result.authors)")
        }
    }
}
