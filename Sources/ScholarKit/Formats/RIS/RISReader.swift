/// Reads RIS files: exports from Scopus, Zotero, EndNote, Mendeley, Web of Science and
/// publisher sites, and what `RISWriter` writes.
///
/// An RIS file is a list of tagged lines, `XX  - value`, and a record runs from its `TY`
/// line to its `ER` line (RIS Format Specifications, Research Information Systems, 2012).
/// Exporters disagree about a few tags; where they do, the choice is explained at the tag.
enum RISReader {
    static func read(_ source: SourceText, options: ImportOptions) throws -> ImportResult {
        try read(source, options: options, piece: nil)
    }

    /// A piece of a file read in pieces: where it starts, whether it follows an earlier piece
    /// (so a piece without records is not a file without records), and the only tags worth
    /// keeping (the rest are skipped without making strings).
    struct Piece {
        var firstLine: Int
        var followsAnother: Bool
        var keptTags: Set<RISTag>
    }

    /// The tags the metrics read: type, titles, authors and editors, dates and the note with the count.
    static let metricTags: Set<RISTag> = ["TI", "T1", "CT", "BT", "AU", "A1", "A2", "ED", "PY", "Y1", "DA", "N1", "Y2", "U1"]

    static func read(_ source: SourceText, options: ImportOptions, piece: Piece?) throws -> ImportResult {
        let lines = RISLine.split(source.bytes, firstLine: piece?.firstLine ?? 1)
        if piece?.followsAnother == true, !lines.contains(where: { $0.tag == "TY" }) {
            // What follows the last record of a file read in pieces: stray lines, reported below.
        } else if !lines.contains(where: { $0.tag == "TY" }) {
            // An empty file is an empty list, as for BibTeX; anything else without a TY line
            // is not RIS (often a CSV or BibTeX file with an .ris extension).
            if !source.string(source.bytes.indices).trimmingWhitespace().isEmpty {
                throw ImportProblem(file: source.file, line: nil, message: "no RIS record (TY  - …) found")
            }
            return ImportResult()
        }

        var collector = ImportCollector(file: source.file, options: options)
        var open: RISRecord?
        // Tag lines outside a record usually belong together (a record whose TY line was
        // lost), so only the first line of such a run is reported.
        var inStrayRun = false
        // False after a tag line that was skipped: its wrapped lines are skipped with it.
        var lastValueKept = true
        for line in lines {
            guard let tag = line.tag else {
                // A line without a tag continues the previous value (wrapped abstracts and
                // notes); outside a record it has nothing to continue, so it is ignored.
                guard lastValueKept, open != nil else { continue }
                let text = source.string(line.value).trimmingWhitespace()
                if !text.isEmpty { open?.continueLastValue(with: text) }
                continue
            }
            lastValueKept = true
            switch tag {
            case "TY":
                if let record = open {
                    try collector.reject(
                        line: record.line,
                        "the record starting on line \(record.line) has no ER line before the next TY on line \(line.number)"
                    )
                }
                open = RISRecord(line: line.number, type: source.string(line.value).trimmingWhitespace())
                inStrayRun = false
            case "ER":
                if let record = open {
                    switch publication(from: record) {
                    case .success(let publication): collector.add(publication, line: record.line)
                    case .failure(let failure): try collector.reject(line: record.line, failure.message)
                    }
                }
                // A second ER after a record carries no data, so it is not worth an error.
                open = nil
                inStrayRun = false
            default:
                if open != nil, let kept = piece?.keptTags, !kept.contains(tag) {
                    lastValueKept = false
                    continue
                }
                let value = source.string(line.value).trimmingWhitespace()
                if open != nil {
                    open?.append(tag: tag, value: value)
                } else if !inStrayRun {
                    inStrayRun = true
                    try collector.reject(
                        line: line.number,
                        "'\(tag)  - \(shortened(value))' is outside a record; RIS records start with 'TY  - '"
                    )
                }
            }
        }
        if let record = open {
            try collector.reject(line: record.line, "the record starting on line \(record.line) has no ER line; the file may be cut short")
        }
        return collector.result
    }

    struct BadRecord: Error {
        let message: String
    }

    /// Types whose `BT` is the work's own title rather than the book it appears in.
    static let bookTypes: Set<String> = ["BOOK", "EBOOK", "EDBOOK"]

    /// The publication a closed record describes, or why it cannot be one.
    static func publication(from record: RISRecord) -> Result<Publication, BadRecord> {
        let isBook = record.type.map { bookTypes.contains($0.uppercased()) } ?? false
        // TI and T1 are the primary title (T1 in the 1990s specification, TI since), so the
        // first of them in the file wins; CT is the title of an unpublished work; a book's
        // title may be given only as BT.
        let fallbackTags: [RISTag] = isBook ? ["CT", "BT"] : ["CT"]
        guard let title = record.values(of: ["TI", "T1"]).first ?? record.first(of: fallbackTags) else {
            return .failure(BadRecord(message: "record starting with TY on line \(record.line) has no title (TI or T1)"))
        }

        // AU and A1 are the authors; editors (A2, ED) stand in only for an edited volume
        // that lists no authors, as BibTeX's editor does.
        var names = record.values(of: ["AU", "A1"])
        if names.isEmpty { names = record.values(of: ["A2", "ED"]) }
        let authors = AuthorList.cleaned(names.map(RISNames.reading))

        // Full names before abbreviations: JF is the full journal name by definition; T2 is
        // where Scopus, Zotero and EndNote write the journal, proceedings or book; JO is "full"
        // in the specification but Zotero writes and reads it as an abbreviation; a chapter's
        // BT is its book; JA and J2 are abbreviations, used only when nothing else is given.
        let venueTags: [RISTag] = isBook ? ["JF", "T2", "JO", "JA", "J2"] : ["JF", "T2", "JO", "BT", "JA", "J2"]

        return .success(Publication(
            title: title,
            authors: authors.authors,
            authorsTruncated: authors.truncated,
            year: year(of: record),
            citations: citationCount(of: record),
            venue: record.first(of: venueTags),
            publisher: record.first(of: ["PB"]),
            // EndNote puts several links in one UR, separated by spaces or line breaks.
            articleURL: record.first(of: ["UR", "L1"]).flatMap { $0.split(whereSeparator: \.isWhitespace).first.map(String.init) },
            doi: record.first(of: ["DO"]).map(FieldText.bareDOI),
            type: record.type,
            isExcluded: exclusionReason(of: record) != nil,
            exclusionReason: exclusionReason(of: record),
            details: details(of: record)
        ))
    }

    /// The value after `prefix` of the first U1 line that starts with it: Bottega's marks.
    private static func mark(_ prefix: String, in record: RISRecord) -> String? {
        record.values(of: ["U1"]).first { $0.hasPrefix(prefix) }.map { String($0.dropFirst(prefix.count)) }
    }

    /// Why Bottega's export marked the paper excluded (`RISWriter.exclusionPrefix`); other U1 values are not marks.
    private static func exclusionReason(of record: RISRecord) -> String? {
        record.values(of: ["U1"]).lazy.compactMap { value -> String? in
            guard value.hasPrefix(RISWriter.exclusionPrefix) else { return nil }
            let reason = value.dropFirst(RISWriter.exclusionPrefix.count).trimmingWhitespace()
            return reason.isEmpty ? "user" : reason
        }.first
    }

    /// Volume (VL), issue (IS; CP in the older specification), pages (SP and EP), ISSN or
    /// ISBN (SN), abstract (AB; N2 in the older specification), every keyword (KW) and the
    /// access date (Y2), as written.
    private static func details(of record: RISRecord) -> PublicationDetails {
        PublicationDetails(
            volume: record.first(of: ["VL"]), issue: record.first(of: ["IS", "CP"]),
            pages: PublicationDetails.pages(start: record.first(of: ["SP"]), end: record.first(of: ["EP"])),
            issn: record.first(of: ["SN"]), abstract: record.first(of: ["AB", "N2"]),
            keywords: record.values(of: ["KW"]), queryDate: record.first(of: ["Y2"]),
            mergeMark: MergeMark.read(number: mark(RISWriter.mergePrefix, in: record), memberOf: mark(RISWriter.mergedIntoPrefix, in: record))
        )
    }

    /// PY is the publication year ("2011", or "2011///" and "2011/05/03/" in the older
    /// specification); Y1 is its older name; DA is the full date. Y2 is not: it is the access
    /// date (Zotero, EndNote, and Bottega's query date), which says nothing of when the work
    /// appeared, and an undated work must stay undated through a round trip.
    private static func year(of record: RISRecord) -> Int? {
        for tag: RISTag in ["PY", "Y1", "DA"] {
            for value in record.values(of: [tag]) {
                if let year = FieldText.year(in: value) { return year }
            }
        }
        return nil
    }

    /// RIS has no citation tag: Scopus writes "N1  - Cited By :2", and `RISWriter` writes
    /// "N1  - Cited by: 2". Only a note's opening words are searched, because Scopus's
    /// "References:" note quotes other works whose titles could contain "cited by 3".
    /// A count that is not a number is no count (0), since a note is free text.
    private static func citationCount(of record: RISRecord) -> Int {
        for note in record.values(of: ["N1"]) {
            if let count = FieldText.citationCount(inNote: String(note.prefix(32))) { return count }
        }
        return 0
    }

    /// At most 40 characters of a value, for an error message.
    private static func shortened(_ value: String) -> String {
        value.count > 40 ? String(value.prefix(40)) + "…" : value
    }
}
