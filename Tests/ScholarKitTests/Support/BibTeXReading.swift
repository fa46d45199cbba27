import Foundation
@testable import ScholarKit

/// Reads BibTeX text as the importer would, from a file named `x.bib`.
func readBibTeX(_ text: String, lenient: Bool = false) throws -> ImportResult {
    let source = try SourceText(file: "x.bib", contents: Array(text.utf8))
    return try BibTeXReader.read(source, options: ImportOptions(skipBadRecords: lenient))
}

/// Reads one of the shared fixture files as BibTeX.
func readBibTeXFixture(_ relativePath: String) throws -> ImportResult {
    let source = try SourceText(file: relativePath, contents: [UInt8](Fixtures.data(relativePath)))
    return try BibTeXReader.read(source, options: ImportOptions())
}

/// The fields a BibTeX round trip must keep, side by side so a failure shows which one differs.
struct BibTeXEssentials: Equatable, CustomStringConvertible {
    var title: String
    var authors: [String]
    var authorsTruncated: Bool
    var year: Int?
    var citations: Int
    var venue: String?
    var publisher: String?
    var doi: String?
    var articleURL: String?

    init(_ publication: Publication) {
        title = publication.title
        authors = publication.authors
        authorsTruncated = publication.authorsTruncated
        year = publication.year
        citations = publication.citations
        venue = publication.venue
        publisher = publication.publisher
        doi = publication.doi
        articleURL = publication.articleURL
    }

    var description: String {
        "\(title) | \(authors)\(authorsTruncated ? " et al." : "") | \(year.map(String.init) ?? "-") | \(citations) | "
            + "\(venue ?? "-") | \(publisher ?? "-") | \(doi ?? "-") | \(articleURL ?? "-")"
    }
}
