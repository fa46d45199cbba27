import CSVText

/// Which column of a CSV file holds which field, found from the header row.
///
/// Headers are matched after lowercasing and dropping everything but letters and digits, so
/// "Cited by", "Cited-By" and "CITEDBY" are the same. Each field lists the spellings of the
/// exports people have, most specific first: Publish or Perish, Zotero, Scopus, Web of Science
/// (full names and its two-letter tags), Google Scholar profile exports, and hand-made sheets.
struct CSVColumns {
    enum Field: CaseIterable {
        case title, authors, year, citations, venue, publisher, articleURL, citesURL, doi, type, rank
        case volume, issue, startPage, endPage, pages, issn, abstract, keywords, queryDate
        case fullTextURL, relatedURL, citationURL, estimatedCitations, exclusion, mergeNumber, mergedInto

        var spellings: [String] {
            switch self {
            case .title: ["title", "articletitle", "documenttitle", "papertitle", "ti"]
            case .authors: ["authors", "author", "authornames", "authorfullnames", "creators", "au", "af"]
            case .year: ["year", "publicationyear", "pubyear", "py", "date", "publicationdate", "issued"]
            case .citations:
                ["cites", "citations", "citedby", "timescited", "timescitedalldatabases", "timescitedwoscore",
                 "citationcount", "citedbycount", "numcitations", "tc", "z9"]
            // Scopus has both "Source title" (the journal) and "Source" (the database, "Scopus"),
            // so the specific spellings come before Publish or Perish's plain "Source".
            case .venue:
                ["sourcetitle", "publicationtitle", "journal", "journaltitle", "venue", "booktitle", "conference", "source", "so"]
            case .publisher: ["publisher", "pu"]
            case .articleURL: ["articleurl", "url", "link", "fulltexturl"]
            case .citesURL: ["citesurl"]
            case .doi: ["doi", "di"]
            // Zotero has "Item Type" (journalArticle) and "Type" (a thesis's kind); the former is the type.
            case .type: ["itemtype", "documenttype", "publicationtype", "type", "pt", "dt"]
            case .rank: ["gsrank", "rank"]
            case .volume: ["volume", "vl"]
            case .issue: ["issue", "is"]
            case .startPage: ["startpage", "pagestart", "bp"]
            case .endPage: ["endpage", "pageend", "ep"]
            case .pages: ["pages", "pagerange"]
            case .issn: ["issn", "sn"]
            case .abstract: ["abstract", "abstractnote", "ab"]
            case .keywords: ["authorkeywords", "keywords", "manualtags", "de"]
            case .queryDate: ["querydate"]
            case .fullTextURL: ["fulltexturl"]
            case .relatedURL: ["relatedurl"]
            case .citationURL: ["citationurl"]
            case .estimatedCitations: ["ecc"]
            case .exclusion: ["excluded"]
            case .mergeNumber: ["merge"]
            case .mergedInto: ["mergedinto"]
            }
        }
    }

    /// The header row as written, for messages.
    let header: [String]
    private let positions: [Field: Int]

    init(header: [String]) {
        self.header = header
        let normalised = header.map(Self.normalise)
        var positions: [Field: Int] = [:]
        for field in Field.allCases {
            for spelling in field.spellings {
                if let position = normalised.firstIndex(of: spelling) {
                    positions[field] = position
                    break
                }
            }
        }
        self.positions = positions
    }

    static func normalise(_ name: String) -> String {
        String(name.lowercased().unicodeScalars.filter { $0.properties.isAlphabetic || ("0"..."9").contains($0) })
    }

    func has(_ field: Field) -> Bool { positions[field] != nil }

    /// The field's column, counted from 0.
    func position(of field: Field) -> Int? { positions[field] }

    /// The header as written for a field, such as "Cites" or "Times Cited".
    func name(of field: Field) -> String? { positions[field].map { header[$0] } }

    /// A field's trimmed value in a record, `nil` when the column is missing or the value empty.
    /// The `'` a CSV writer puts before a formula-like cell (Bottega's, Excel's) is not part of
    /// the value (``CSVFormulaGuard``).
    func value(_ field: Field, in record: CSVRecord) -> String? {
        guard let position = positions[field], position < record.fields.count else { return nil }
        let value = CSVFormulaGuard.unescaped(record.fields[position].trimmingWhitespace())
        return value.isEmpty ? nil : value
    }
}
