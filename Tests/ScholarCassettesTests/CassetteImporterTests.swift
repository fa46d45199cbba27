import Foundation
import ScholarCassettes
import ScholarKit
import Testing
import TestSupport

/// Recordings of the services' answers read as one publication list (issue 43). The expected
/// counts are SOURCES.md's (9 pages; the ORCID works of 0000-0003-1444-9135: 111 groups) and the
/// recordings' own, counted with PyYAML (875 papers: eight pages of 100 and one of 75).
@Suite(.enabled(if: SharedFixtures.enabled(), Comment(rawValue: SharedFixtures.skipMessage())))
struct CassetteImporterTests {
    static func url(_ path: String) -> URL { SharedFixtures.root.appendingPathComponent("scholar/\(path)") }

    @Test func aSemanticScholarRecordingIsEveryPageInOrder() throws {
        let result = try CassetteImporter.read(contentsOf: Self.url("semantic-scholar/s2-cassette-get-author-papers.yaml"))
        #expect(result.publications.count == 875)
        #expect(result.publications.first?.title == "SARS-CoV-2 hijacks p38β/MAPK11 to promote virus replication")
        #expect(result.publications.last?.title.hasPrefix("Evolution of Ime 2 Phosphorylation Sites on Cdk 1 Substrates") == true)
        #expect(result.notices.first == "a recording of 9 answers: 9 lists of works read, 875 publications")
    }

    @Test func anORCIDRecordingIsItsWorksAndSkipsThePersons() throws {
        let result = try CassetteImporter.read(contentsOf: Self.url("orcid/orcid-cassette-person-and-works.yml"))
        #expect(result.publications.count == 111)
        #expect(result.notices.first == "a recording of 4 answers: 2 lists of works read, 111 publications")
        #expect(result.notices.last?.contains("https://pub.orcid.org/v3.0/0000-0003-1444-9135/person") == true)
        // The same works as the answer saved alone.
        let alone = try PublicationImporter.read(contentsOf: Self.url("orcid/orcid-works-0000-0003-1444-9135.json"))
        #expect(result.publications == alone.publications)
    }

    @Test func whatIsNotARecordingSaysWhatItIs() throws {
        let notYAML = #expect(throws: ImportProblem.self) { try CassetteImporter.read(contents: Array("a: [b\n".utf8), file: "bad.yaml") }
        #expect(notYAML?.message.hasPrefix("not valid YAML") == true)
        let other = #expect(throws: ImportProblem.self) { try CassetteImporter.read(contents: Array("name: x\n".utf8), file: "config.yml") }
        #expect(other?.message.hasPrefix("a YAML file that is not a recording of HTTP answers") == true)
        let noWorks = """
            interactions:
            - request: {uri: 'https://example.org/status'}
              response: {content: '{"status": "fine"}'}
            """
        let empty = #expect(throws: ImportProblem.self) { try CassetteImporter.read(contents: Array(noWorks.utf8), file: "status.yaml") }
        #expect(empty?.message == "none of the 1 recorded answers is a list of works (https://example.org/status)")
        #expect(CassetteImporter.isCassette("x.YML") && !CassetteImporter.isCassette("x.json"))
    }
}
