import Foundation
import Testing
@testable import ScholarKit

/// Issue 36, item 3: every import format keeps each field within `ImportFieldLimits`, cutting
/// (or, for links, dropping) a longer value and saying so with the record's line.
@Suite struct ImportFieldLimitTests {
    static func read(_ text: String, file: String) throws -> ImportResult {
        try PublicationImporter.read(contents: Array(text.utf8), file: file)
    }

    /// A 10 MB title from a CSV upload is kept to its first 4,000 characters, not stored whole.
    @Test func aTenMegabyteCSVTitleIsCutWithItsLine() throws {
        let title = String(repeating: "x", count: 10_000_000)
        let result = try Self.read("Title,Cites\nShort,1\n\(title),2\n", file: "long.csv")
        #expect(result.publications.map(\.title.utf8.count) == [5, 4_000])
        #expect(result.changed == [ImportProblem(
            file: "long.csv", line: 3,
            message: "the title is longer than 4,000 characters (10,000,000 bytes); kept its first 4,000"
        )])
        #expect(result.publications[1].citations == 2)
    }

    /// The limit counts characters, not bytes: 4,000 two-byte "é" are within it, 4,001 are not.
    @Test func theTitleLimitCountsCharacters() throws {
        let within = try Self.read("Title\n\(String(repeating: "é", count: 4_000))\n", file: "a.csv")
        #expect(within.changed.isEmpty)
        let over = try Self.read("Title\n\(String(repeating: "é", count: 4_001))\n", file: "a.csv")
        #expect(over.publications.first?.title == String(repeating: "é", count: 4_000))
        #expect(over.changed.first?.message == "the title is longer than 4,000 characters (8,002 bytes); kept its first 4,000")
    }

    static let longName = String(repeating: "n", count: 301)
    static let longURL = "https://example.org/" + String(repeating: "p", count: 1_981)   // 2,001 characters

    /// The same record, over-long title, second author's name and URL, in each format.
    static let formats: [(file: String, text: String, line: Int)] = [
        ("a.csv", "Title,Authors,ArticleURL\nok,\"A B, \(longName)\",\(longURL)\n", 2),
        ("a.bib", "% a comment\n@article{k, title = {\(String(repeating: "t", count: 4_001))}, author = {A B and \(longName)}, url = {\(longURL)}}\n", 2),
        ("a.ris", "TY  - JOUR\nTI  - \(String(repeating: "t", count: 4_001))\nAU  - B, A\nAU  - \(longName)\nUR  - \(longURL)\nER  - \n", 1),
        ("a.json", "[\n  {\"title\": \"\(String(repeating: "t", count: 4_001))\", \"authors\": [\"A B\", \"\(longName)\"], \"articleURL\": \"\(longURL)\"}\n]\n", 2),
    ]

    @Test(arguments: formats.indices)
    func everyFormatCutsNamesAndDropsLongLinksWithTheLine(_ index: Int) throws {
        let (file, text, line) = Self.formats[index]
        let result = try Self.read(text, file: file)
        let publication = try #require(result.publications.first)
        #expect(publication.authors.count == 2)
        #expect(publication.authors[1] == String(repeating: "n", count: 300))
        #expect(publication.articleURL == nil)
        #expect(result.changed.allSatisfy { $0.line == line && $0.file == file })
        let messages = result.changed.map(\.message)
        #expect(messages.contains("the name of author 2 is longer than 300 characters (301 bytes); kept its first 300"))
        #expect(messages.contains("kept without its article URL: it is longer than 2,000 characters (2,001 bytes)"))
        if file != "a.csv" {
            #expect(publication.title.count == 4_000)
            #expect(messages.first == "the title is longer than 4,000 characters (4,001 bytes); kept its first 4,000")
        }
    }

    /// Values within every limit pass untouched and unannounced.
    @Test func valuesAtTheLimitsAreKeptWhole() throws {
        let name = String(repeating: "n", count: 300)
        let result = try Self.read("Title,Authors,Publisher\n\(String(repeating: "t", count: 4_000)),\(name),\(String(repeating: "p", count: 1_000))\n", file: "a.csv")
        #expect(result.changed.isEmpty)
        #expect(result.publications.first?.authors == [name])
    }

    /// `bottega scholar metrics` reads CSV in pieces: it notes the cut title and name as the
    /// whole-file reader does.
    @Test func theStreamedCSVReaderNotesTheSameCuts() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("bottega-limits-\(UUID().uuidString).csv")
        let text = "Title,Authors,Year\n\(String(repeating: "t", count: 4_100)),\"A B, \(Self.longName)\",2001\nshort,C D,notayear\n"
        try Data(text.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let whole = StreamedMetricsTests.whole(url)
        #expect(whole.changed.map(\.line) == [2, 2, 3])
        StreamedMetricsTests.expectSame(url)
    }

    /// A metrics reading notes the cuts of the fields metrics read (title, author names) only,
    /// streamed or read whole: the streamed readers never see the others. An import notes all.
    @Test func aMetricsReadingNotesOnlyTheFieldsMetricsRead() throws {
        let venue = String(repeating: "v", count: 1_001), title = String(repeating: "t", count: 4_001)
        let files = [
            ("csv", "Title,Source,Cites\n\(title),\(venue),1\n"),
            ("json", "[{\"title\": \"\(title)\", \"venue\": \"\(venue)\", \"citations\": 1}]"),
        ]
        for (fileExtension, text) in files {
            let url = FileManager.default.temporaryDirectory.appendingPathComponent("bottega-metric-notes-\(UUID().uuidString).\(fileExtension)")
            try Data(text.utf8).write(to: url)
            defer { try? FileManager.default.removeItem(at: url) }
            #expect(try PublicationImporter.read(contentsOf: url).changed.count == 2)
            for chunkSize in [16, PublicationMetricsReader.defaultChunkSize] {
                let streamed = StreamedMetricsTests.streamed(url, chunkSize: chunkSize)
                #expect(streamed.changed.map(\.message) == ["the title is longer than 4,000 characters (4,001 bytes); kept its first 4,000"], "\(fileExtension)")
                #expect(streamed.papers == 1)
            }
        }
    }
}
