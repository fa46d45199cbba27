import CSVText

/// Writes Publish or Perish's CSV columns, so a list exported by Bottega opens in Publish or
/// Perish, in spreadsheets, and in any tool that reads PoP's exports.
///
/// The file starts with a UTF-8 byte-order mark (Excel needs it to read UTF-8, PoP writes it)
/// and ends its rows with CRLF (RFC 4180). Authors are joined with ", " as PoP does, so a
/// name that itself contains a comma is split on reading; BibTeX, RIS and JSON keep such names.
/// Every text cell goes through ``CSVFormulaGuard`` (a title `=HYPERLINK(…)` is written
/// `'=HYPERLINK(…)`), which ``CSVReader`` undoes; the number cells are formatted here from
/// counts and years, which are never formulas.
enum CSVWriter {
    static let columns = [
        "Cites", "Authors", "Title", "Year", "Source", "Publisher", "ArticleURL", "CitesURL", "GSRank", "QueryDate",
        "Type", "DOI", "ISSN", "CitationURL", "Volume", "Issue", "StartPage", "EndPage", "ECC", "CitesPerYear",
        "CitesPerAuthor", "AuthorCount", "Age", "Abstract", "FullTextURL", "RelatedURL",
    ]

    /// The column after PoP's that marks an excluded paper with why ("user", "name", …): written
    /// only when a listed paper is excluded, so a curated list has exactly PoP's columns.
    static let exclusionColumn = "Excluded"
    /// The columns after those that give a merged record its number and each record it stands
    /// for the number of its merge (`MergeMark`): written only when an export with every paper
    /// holds a merge.
    static let mergeColumns = ["Merge", "MergedInto"]

    /// `referenceYear` gives the derived columns (Age, CitesPerYear) the same ages the metrics use.
    static func write(_ publications: [Publication], referenceYear: Int) -> String {
        let marksExclusions = publications.contains(where: \.isExcluded)
        let marksMerges = publications.contains { $0.details?.mergeMark != nil }
        let header = columns + (marksExclusions ? [exclusionColumn] : []) + (marksMerges ? mergeColumns : [])
        var output = "\u{FEFF}" + header.joined(separator: ",") + "\r\n"
        output.reserveCapacity(publications.count * 250)
        for publication in publications {
            let age = publication.year.map { PaperAge.years(publishedIn: $0, referenceYear: referenceYear) }
            let authorCount = publication.authorCountForMetrics
            let details = publication.details ?? PublicationDetails()
            let pages = details.pageRange
            let row: [String] = [
                String(publication.citations),
                quoted(AuthorList.join(publication.authors, truncated: publication.authorsTruncated)),
                quoted(publication.title),
                publication.year.map(String.init) ?? "",
                quoted(publication.venue ?? ""),
                quoted(publication.publisher ?? ""),
                quoted(publication.articleURL ?? ""),
                quoted(publication.citesURL ?? ""),
                publication.sourceRank.map(String.init) ?? "",
                quoted(details.queryDate ?? ""),
                quoted(publication.type ?? ""),
                quoted(publication.doi ?? ""),
                quoted(details.issn ?? ""), quoted(details.citationURL ?? ""),
                quoted(details.volume ?? ""), quoted(details.issue ?? ""), quoted(pages?.start ?? ""), quoted(pages?.end ?? ""),
                // PoP's estimate, as its file gave it: Bottega makes none.
                details.estimatedCitations.map(String.init) ?? "",
                // PoP writes 0.00 for a paper without a year, and leaves its Age empty.
                (age.map { Double(publication.citations) / Double($0) } ?? 0).formatted2,
                String(Int((Double(publication.citations) / Double(authorCount)).rounded())),
                String(authorCount),
                age.map(String.init) ?? "",
                quoted(details.abstract ?? ""), quoted(details.fullTextURL ?? ""), quoted(details.relatedURL ?? ""),
            ]
            output += row.joined(separator: ",")
            if marksExclusions { output += "," + quoted(publication.isExcluded ? publication.exclusionReason ?? "user" : "") }
            if marksMerges {
                let mark = details.mergeMark
                output += "," + (mark?.number.map(String.init) ?? "") + "," + (mark?.memberOf.map(String.init) ?? "")
            }
            output += "\r\n"
        }
        return output
    }

    /// Text fields are always quoted, as PoP does; a quote inside is doubled (RFC 4180).
    private static func quoted(_ cell: String) -> String {
        let text = CSVFormulaGuard.escaped(cell)
        guard text.utf8.contains(UInt8(ascii: "\"")) else { return "\"" + text + "\"" }
        var escaped = "\""
        for character in text {
            escaped.append(character)
            if character == "\"" { escaped.append("\"") }
        }
        return escaped + "\""
    }
}
