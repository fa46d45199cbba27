import Markup
@testable import ScholarKit
import Testing

/// The layouts of `LineRuns`, on small pages written for each: a table with a cell per year
/// whose citations are parted by one `<br>` each, and a cell whose citations take several
/// lines each, parted by blank lines. The real pages are `HomepageBrRunTests`'.
struct HomepageLineRunLayoutTests {
    private static let cellPerYear = """
        <html><body><h2>Publications</h2><table>
        <tr><td valign="top"><b>2009</b></td><td>
        Okafor, N. and Lind, P. Grazing pressure on alpine meadows under a warming climate. Oecologia 160, 1-12 (2009).<br>
        Lind, P. Seed banks of disturbed soils revisited. J. Ecol. 97, 33-41 (2009).<br>
        Okafor, N. A census of pollinators on three islands. Ecology 90, 5-9 (2009).
        </td></tr>
        <tr><td valign="top"><b>2008</b></td><td>
        Okafor, N. Moth diversity along an altitudinal gradient in the Alps. Oikos 117, 80-88 (2008).<br>
        Okafor, N., Baines, R. and Lind, P. Fire regimes and the recovery of heathland. Plant Ecol. 198, 1-10 (2008).
        </td></tr>
        <tr><td valign="top"><b>2007</b></td><td>
        Okafor, N. Nitrogen deposition and grassland richness in Britain. Nature 446, 10-11 (2007).
        </td></tr></table></body></html>
        """

    /// The citations, as a reader sees them, against three of them and a namesake's paper as results.
    @Test func aCellPerYearGivesEveryCitationItsOwnEntry() throws {
        let page = try MarkupDocument.html(Self.cellPerYear)
        let results = [
            HomepageCandidate(title: "Seed banks of disturbed soils revisited", authors: ["P Lind"]),
            HomepageCandidate(title: "Fire regimes and the recovery of heathland", authors: ["N Okafor"]),
            HomepageCandidate(title: "Nitrogen deposition and grassland richness in Britain", authors: ["N Okafor"]),
            HomepageCandidate(title: "Grazing pressure on mountain pastures of the Andes", authors: ["M Okafor"]),
            HomepageCandidate(title: "Moth diversity along an altitudinal gradient in the Alps", authors: ["N Okafor"]),
        ]
        let match = try HomepageFilter().match(homepage: page, results: results)
        #expect(match.resultsOnHomepage == [true, true, true, false, true])
        // The two cells with several citations are runs; the 2007 cell's one citation is the pattern's.
        let titled = match.homepagePublications.filter(\.inResults)
        #expect(Set(titled.map(\.title)) == [
            "Seed banks of disturbed soils revisited", "Moth diversity along an altitudinal gradient in the Alps",
            "Fire regimes and the recovery of heathland", "Nitrogen deposition and grassland richness in Britain",
        ])
        #expect(titled.first { $0.title.hasPrefix("Fire") }?.year == 2008)
    }

    @Test func blankLinesPartCitationsOfSeveralLines() throws {
        let page = try MarkupDocument.html("""
            <html><body><div class="pubs">
            <b>Seed banks of disturbed soils revisited</b><br>P. Lind<br><i>J. Ecol.</i> 2009<br><br>
            <b>Fire regimes and the recovery of heathland</b><br>N. Okafor, R. Baines, P. Lind<br><i>Plant Ecol.</i> 2008<br><br>
            <b>Nitrogen deposition and grassland richness in Britain</b><br>N. Okafor<br><i>Nature</i> 2007
            </div></body></html>
            """)
        let tree = HomepageTree(document: page)
        let container = try #require(LineRuns.containers(in: tree).first)
        #expect(LineRuns.entryTexts(of: container, in: tree).map(\.lines) == [
            ["Seed banks of disturbed soils revisited", "P. Lind", "J. Ecol. 2009"],
            ["Fire regimes and the recovery of heathland", "N. Okafor, R. Baines, P. Lind", "Plant Ecol. 2008"],
            ["Nitrogen deposition and grassland richness in Britain", "N. Okafor", "Nature 2007"],
        ])
    }

    /// "(2005) Title": the year in parentheses ends the authors even without a full stop.
    @Test func aYearInParenthesesEndsTheAuthors() {
        let pieces = CitationSegments(ElementText(lines: ["Harding, K. and Axberg, Y. (2005) Mass-dependent energetics and survival in harbour seal pups. Funct. Ecol. 19: 129-135"])).pieces
        #expect(pieces.contains("Mass-dependent energetics and survival in harbour seal pups"))
    }
}
