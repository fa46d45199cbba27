import Foundation
import Testing
import TestSupport
@testable import ScholarKit

/// The services' answers users hold, read as publication lists (issue 43). Expected counts are
/// those the files' SOURCES.md entries give; the other values were read off the files by hand.
@Suite(Fixtures.required) struct ServiceAnswerImportTests {
    static func read(_ path: String, options: ImportOptions = ImportOptions()) throws -> ImportResult {
        try PublicationImporter.read(contentsOf: Fixtures.url("scholar/\(path)"), options: options)
    }

    @Test func anORCIDWorksListIsOnePublicationPerWorkGroup() throws {
        let result = try Self.read("orcid/orcid-works-0000-0003-1444-9135.json")
        // SOURCES.md: 111 groups, 3 of them with more than one summary; 62 other, 34 journal-article, 15 data-set.
        #expect(result.publications.count == 111)
        let types = Dictionary(grouping: result.publications) { $0.type ?? "" }.mapValues(\.count)
        #expect(types == ["other": 62, "journal-article": 34, "data-set": 15])
        #expect(result.publications.allSatisfy { $0.citations == 0 })
        #expect(result.notices.contains { $0.contains("111 works, 3 of them reported by more than one source") })
        #expect(result.notices.contains { $0.contains("ORCID gives no citation counts") })
        let first = try #require(result.publications.first)
        #expect(first.title == "Phylogeny Based Biodiversity Data Queries")
        #expect(first.doi == "10.3897/biss.2.25589" && first.year == 2018)
        #expect(first.venue?.hasPrefix("Biodiversity Information") == true)
        // One of the three groups two sources report: kept once, as ORCID shows it (its first summary).
        let shape = result.publications.filter { $0.title.lowercased().hasPrefix("phylogenetic tree shape and the structur") }
        #expect(shape.count == 1)
    }

    @Test func aSemanticScholarAuthorIsItsPapers() throws {
        let result = try Self.read("semantic-scholar/s2-author-2262347-turing-with-papers.json")
        // SOURCES.md: 60 papers, h-index 23 from papers[].citationCount, which sum to 12416;
        // the top paper "Computing Machinery and Intelligence" (1950) 8596.
        #expect(result.publications.count == 60)
        #expect(result.publications.map(\.citations).reduce(0, +) == 12416)
        let report = MetricsReport(publications: result.publications, options: MetricsOptions(referenceYear: 2023))
        #expect(report.metrics.h == 23)
        let top = try #require(result.publications.max { $0.citations < $1.citations })
        #expect(top.title == "Computing Machinery and Intelligence" && top.year == 1950 && top.citations == 8596)
        #expect(result.notices.first?.contains("A. Turing (2262347): 60 papers") == true)
        let machines = try #require(result.publications.first { $0.doi == "10.1049/pbpc026e_ch8" })
        #expect(machines.title == "Turing machines" && machines.authors.contains("A. Turing"))
    }

    @Test func aCrossrefWorkHasItsCitationsAndOnlyPeopleAsAuthors() throws {
        let small = try #require(try Self.read("crossref/crossref-work-10.17705_1cais.04607.json").publications.first)
        // SOURCES.md: is-referenced-by-count 10. Organisations ("Paderborn University") are not authors.
        #expect(small.citations == 10)
        #expect(small.authors == ["Guido Schryen", "Gerit Wagner", "Alexander Benlian", "Guy Paré"])
        #expect(small.year == 2021 && small.doi == "10.17705/1cais.04607")
        #expect(small.venue == "Communications of the Association for Information Systems")
        let jmir = try Self.read("crossref/crossref-work-10.2196_22081.json")
        #expect(jmir.publications.count == 1)
        let work = try #require(jmir.publications.first)
        #expect(work.citations == 10 && work.year == 2020 && work.doi == "10.2196/22081")
        #expect(work.venue == "Journal of Medical Internet Research" && work.details?.pages == "e22081")
        #expect(work.authors == ["Antoine Grenier Ouimet", "Gerit Wagner", "Louis Raymond", "Guy Pare"])
    }

    @Test func dblpBibTeXIsReadAsBibTeX() throws {
        // SOURCES.md: Michael Ley's 9 entries (`grep -c '^@'`), and one @proceedings with editors.
        #expect(try Self.read("dblp/dblp-michael-ley.bib").publications.count == 9)
        let proceedings = try Self.read("dblp/dblp-3540457747-standard.bib").publications
        #expect(proceedings.count == 1)
    }

    @Test func aRecordWithoutATitleIsReportedByItsLine() throws {
        let text = """
            {
              "group": [
                {"external-ids": {"external-id": []},
                 "work-summary": [{"title": {"title": {"value": "A first work"}}, "type": "other"}]},
                {"external-ids": {"external-id": []},
                 "work-summary": [{"title": null, "type": "other", "put-code": 7}]}
              ]
            }
            """
        let problem = #expect(throws: ImportProblem.self) {
            try PublicationImporter.read(contents: Array(text.utf8), file: "works.json")
        }
        #expect(problem?.line == 5)
        #expect(problem?.message == "record 2: a work without a title (put-code 7)")
        let lenient = try PublicationImporter.read(contents: Array(text.utf8), file: "works.json", options: ImportOptions(skipBadRecords: true))
        #expect(lenient.publications.map(\.title) == ["A first work"] && lenient.skipped.count == 1)
    }

    @Test func aCrossrefListIsItsItemsAndAnUnknownObjectSaysWhatIsRead() throws {
        let list = """
            {"status": "ok", "message-type": "work-list", "message": {"items": [
              {"DOI": "10.1/a", "title": ["One"], "is-referenced-by-count": 3, "issued": {"date-parts": [[null]]}, "created": {"date-parts": [[2019, 5]]}},
              {"DOI": "10.1/b", "title": ["Two"], "subtitle": ["a subtitle"]}
            ]}}
            """
        let read = try PublicationImporter.read(contents: Array(list.utf8), file: "works.json").publications
        #expect(read.map(\.title) == ["One", "Two: a subtitle"])
        #expect(read.map(\.citations) == [3, 0] && read.first?.year == 2019)
        let unknown = #expect(throws: ImportProblem.self) {
            try PublicationImporter.read(contents: Array(#"{"results": []}"#.utf8), file: "other.json")
        }
        #expect(unknown?.message.contains("an ORCID works list, a Semantic Scholar author or papers page, or a Crossref work or works list") == true)
    }

    /// Held out from the reader's making: another researcher's ORCID works list (a sandbox test
    /// account, `Tests/Recorded/SOURCES.md`) whose sources typed "book1", "123" and "foo" as DOIs.
    /// Counted by hand: 6 groups, one of 2 summaries; 3 real DOIs, 2 of them distinct.
    @Test func anORCIDListWithTypedInDOIsKeepsOnlyRealOnes() throws {
        let read = try PublicationImporter.read(contentsOf: RecordedAnswers.url("orcid/works-sandbox-0000-0003-4997-3076.orcidlink.json"))
        #expect(read.publications.count == 6)
        #expect(read.publications.map(\.doi) == [nil, nil, "10.25982/101788.79/1828290", nil, "10.25982/1668075", nil])
        #expect(read.publications.map(\.year) == [2022, 2022, 2021, 2021, 2020, 2002])
        #expect(read.notices.first == "ORCID works list: 6 works, 1 of them reported by more than one source and kept once")
    }
}
