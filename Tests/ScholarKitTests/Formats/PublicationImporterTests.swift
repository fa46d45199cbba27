import Foundation
import Testing
@testable import ScholarKit

@Suite struct PublicationImporterTests {
    func read(_ text: String, file: String, format: PublicationFormat? = nil) throws -> ImportResult {
        try PublicationImporter.read(contents: Array(text.utf8), file: file, format: format)
    }

    @Test func theExtensionChoosesTheReader() throws {
        #expect(try read("Title,Cites\nA,3\n", file: "a.csv").publications.first?.citations == 3)
        #expect(try read("@misc{k, title={A}, citations={4}}", file: "a.bib").publications.first?.citations == 4)
        #expect(try read(#"[{"title": "A", "cites": 5}]"#, file: "a.json").publications.first?.citations == 5)
    }

    @Test func contentThatContradictsTheExtensionIsRefusedWithAWayOut() throws {
        let error = try #require(throws: ImportProblem.self) { try read("Title,Authors,Cites\nA,B,3\n", file: "papers.bib") }
        #expect(error.file == "papers.bib")
        #expect(error.message == "the extension says BibTeX but the content looks like CSV; rename the file or pass --from csv")
    }

    @Test func anExplicitFormatOverridesTheExtension() throws {
        let result = try read("Title,Cites\nA,3\n", file: "export.txt.bak", format: .csv)
        #expect(result.publications.count == 1)
    }

    @Test func anUnknownExtensionFallsBackToTheContent() throws {
        #expect(try read("TY  - JOUR\nTI  - A\nER  - \n", file: "download").publications.count == 1)
        let error = try #require(throws: ImportProblem.self) { try read("just some words", file: "notes.dat") }
        #expect(error.message.contains("--from"))
    }

    @Test func emptyUTF16AndHTMLFilesAreRefused() throws {
        let empty = try #require(throws: ImportProblem.self) { try read("  \n", file: "a.csv") }
        #expect(empty.message.contains("empty"))
        let utf16: [UInt8] = [0xFF, 0xFE] + Array("T\0i\0".utf8)
        let wide = try #require(throws: ImportProblem.self) { try PublicationImporter.read(contents: utf16, file: "w.csv") }
        #expect(wide.message.contains("UTF-16"))
        let html = try #require(throws: ImportProblem.self) { try read("<html></html>", file: "report.html") }
        #expect(html.message.contains("HTML"))
    }

    @Test func aMissingFileAndAFolderAreToldApart() throws {
        let missing = try #require(throws: ImportProblem.self) {
            try PublicationImporter.read(contentsOf: URL(fileURLWithPath: "/nonexistent/list.csv"))
        }
        #expect(missing.message.contains("no such file"))
        let folder = try #require(throws: ImportProblem.self) {
            try PublicationImporter.read(contentsOf: FileManager.default.temporaryDirectory)
        }
        #expect(folder.message.contains("folder"))
    }
}
