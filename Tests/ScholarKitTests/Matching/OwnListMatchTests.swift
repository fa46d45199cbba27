import Foundation
import Testing
@testable import ScholarKit

/// The researcher's own list as the homonym filter (issue 43), on the ORCID fixture's researcher
/// (Scott Chamberlain, 0000-0003-1444-9135, 111 works): results that hold the researcher's works
/// as other sources show them, and other researchers' real papers as the namesakes'.
@Suite(Fixtures.required) struct OwnListMatchTests {
    static func ownList() throws -> [Publication] {
        try PublicationImporter.read(contentsOf: Fixtures.url("scholar/orcid/orcid-works-0000-0003-1444-9135.json")).publications
    }

    @Test func theResearchersWorksAreKeptByDOIOrTitleAndTheNamesakesDropped() throws {
        let own = try Self.ownList()
        // The researcher's works as Crossref gives them (with the DOI), and as Google Scholar or
        // Web of Science show them: no DOI, the title in capitals, without its final stop, or cut
        // short with "…".
        var results: [Publication] = []
        var isOwn: [Bool] = []
        for (index, work) in own.enumerated() {
            var shown = work
            switch index % 4 {
            case 0: break
            case 3 where work.title.count > 60:
                // As Google Scholar cuts a long title.
                shown.doi = nil
                shown.title = String(work.title.prefix(50)) + "…"
            case 1:
                shown.doi = nil
                shown.title = work.title.uppercased()
            default:
                shown.doi = nil
                shown.title = work.title.hasSuffix(".") ? String(work.title.dropLast()) : work.title + "."
            }
            results.append(shown)
            isOwn.append(true)
        }
        // Namesakes' papers: real titles of other researchers (Semantic Scholar's Turing, Scopus's Tobler).
        let others = try PublicationImporter.read(contentsOf: Fixtures.url("scholar/semantic-scholar/s2-author-2262347-turing-with-papers.json")).publications
            + PublicationImporter.read(contentsOf: Fixtures.exports("scopus-waldo-tobler.ris")).publications
        results += others
        isOwn += Array(repeating: false, count: others.count)

        let verdicts = OwnListMatch().match(results: results, ownList: own)
        let kept = zip(verdicts, isOwn).filter { $0.0.isOwn }
        let rightlyKept = kept.filter { $0.1 }.count
        let recall = Double(rightlyKept) / Double(own.count)
        let precision = Double(rightlyKept) / Double(kept.count)
        #expect(recall == 1 && precision == 1, "recall \(recall), precision \(precision)")
        // The evidence: a DOI where the result has one on the list, else the title.
        let doiKept = zip(verdicts, results).filter { $0.0.evidence == .doi }.count
        let withListedDOI = results.prefix(own.count).filter { $0.doi != nil }.count
        #expect(doiKept == withListedDOI)
        #expect(verdicts.suffix(others.count).allSatisfy { $0.evidence == .none && $0.listed == nil })
        // The 12 titles cut with "…" (every fourth work longer than 60 characters, counted with
        // Python) are found by their start, the only verdicts without a similarity.
        #expect(verdicts.prefix(own.count).filter { $0.isOwn && $0.similarity == nil }.count == 12)
    }

    @Test func aTitleTwoYearsOffOrUnlikeIsNotTheResearchers() {
        let own = [Publication(title: "Phylogeny based biodiversity data queries", year: 2018, doi: "10.3897/biss.2.25589")]
        let verdicts = OwnListMatch().match(results: [
            Publication(title: "Phylogeny-based biodiversity data queries", year: 2019),
            Publication(title: "Phylogeny based biodiversity data queries", year: 2015),
            Publication(title: "Biodiversity informatics in practice", year: 2018),
            Publication(title: "Something else entirely", year: 2001, doi: "https://doi.org/10.3897/BISS.2.25589"),
        ], ownList: own)
        #expect(verdicts.map(\.evidence) == [.title, .none, .none, .doi])
        #expect(verdicts.map(\.isOwn) == [true, false, false, true])
    }
}

/// ORCID iDs as ORCID's "Structure of the ORCID Identifier" gives them, with their check digits.
@Suite struct ORCIDIdentifierTests {
    @Test func theDocumentedIdentifiersAreReadAndAWrongCheckDigitIsNot() {
        // ORCID's own examples (Josiah Carberry, and the one whose check digit is X), and the fixture's researcher.
        for valid in ["0000-0002-1825-0097", "0000-0002-1694-233X", "0000-0003-1444-9135", "https://orcid.org/0000-0002-1825-0097", "0000-0002-1694-233x"] {
            #expect(ORCIDIdentifier(valid) != nil, "\(valid)")
        }
        #expect(ORCIDIdentifier("https://orcid.org/0000-0002-1825-0097")?.description == "0000-0002-1825-0097")
        #expect(ORCIDIdentifier("0000-0002-1694-233x")?.description == "0000-0002-1694-233X")
        for invalid in ["0000-0002-1825-0098", "0000-0002-1825-009", "0000000218250097", "0000-0002-1825-00A7", ""] {
            #expect(ORCIDIdentifier(invalid) == nil, "\(invalid)")
        }
    }
}
