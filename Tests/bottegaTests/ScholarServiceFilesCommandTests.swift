import Foundation
import Testing
import TestSupport

/// `scholar import` and `metrics` on the files the services give (issue 43): a recording of
/// ORCID's answers and a saved Semantic Scholar author, with what each file is said on standard
/// error, and EndNote and Web of Science written and read back by the command line.
@Suite(.enabled(if: SharedFixtures.enabled("scholar/orcid"), Comment(rawValue: SharedFixtures.skipMessage("scholar/orcid"))))
struct ScholarServiceFilesCommandTests {
    static func fixture(_ path: String) -> String { SharedFixtures.root.appendingPathComponent("scholar/\(path)").path }

    @Test func aRecordingAndASavedAnswerAreImportedAndSaySo() throws {
        let session = try WorkspaceSession()
        let recording = try session.bottega("scholar", "import", Self.fixture("orcid/orcid-cassette-person-and-works.yml"), "--format", "json")
        let stored = try session.json(recording)
        #expect(stored["id"] as? Int == 1)
        #expect(recording.standardError.contains("a recording of 4 answers: 2 lists of works read, 111 publications"))
        let metrics = try session.bottega("scholar", "metrics", Self.fixture("semantic-scholar/s2-author-2262347-turing-with-papers.json"), "--format", "json")
        let values = try session.json(metrics)
        // SOURCES.md: 60 papers, h-index 23 from the papers' counts.
        #expect(values["papers"] as? Int == 60 && values["h"] as? Int == 23)
        #expect(metrics.standardError.contains("Semantic Scholar author A. Turing (2262347): 60 papers"))
    }

    @Test func aStoredSearchGoesOutAsEndNoteAndWebOfScienceAndComesBack() throws {
        let session = try WorkspaceSession()
        let id = try session.importFile(Self.fixture("semantic-scholar/s2-author-2262347-turing-with-papers.json"))
        for (format, file) in [("endnote", "turing.enw"), ("isi", "turing.ciw")] {
            let path = session.folder.path(file)
            let exported = try session.bottega("scholar", "export", String(id), "--format", format, "--output", path)
            #expect(exported.status == 0, "\(exported.standardError)")
            let again = try session.json(try session.bottega("scholar", "metrics", path, "--format", "json"))
            #expect(again["papers"] as? Int == 60 && again["citations"] as? Int == 12416, "\(format)")
        }
        let unknown = try session.bottega("scholar", "export", String(id), "--format", "docx")
        #expect(unknown.status != 0 && unknown.standardError.contains("endnote"))
    }
}
