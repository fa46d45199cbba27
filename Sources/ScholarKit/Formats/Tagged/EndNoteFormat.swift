/// EndNote's tagged import format (`.enw`, the Refer format EndNote extends), as Publish or
/// Perish, Google Scholar and publishers' sites export it: one `%X value` line per field,
/// `%A` once per author ("Last, First"), records apart by a blank line.
///
/// EndNote has no citation field, so the count goes in a note (`%Z Cited by: N`), as with RIS,
/// and so do an exclusion and a merge (`TaggedNotes`).
enum EndNoteWriter {
    static func write(_ publications: [Publication]) -> String {
        var output = ""
        for publication in publications {
            var lines: [(String, String)] = [("%0", referenceType(of: publication))]
            for author in publication.authors {
                let name = RISNames.writing(RISWriter.oneLine(author))
                if !name.isEmpty { lines.append(("%A", name)) }
            }
            if publication.authorsTruncated { lines.append(("%A", RISWriter.truncationMarker)) }
            lines.append(("%T", publication.title))
            if let year = publication.year { lines.append(("%D", String(year))) }
            if let venue = publication.venue, !venue.isEmpty { lines.append((isJournal(publication) ? "%J" : "%B", venue)) }
            if let details = publication.details {
                for (tag, value) in [("%V", details.volume), ("%N", details.issue), ("%P", details.pages), ("%@", details.issn), ("%X", details.abstract)] {
                    if let value, !value.isEmpty { lines.append((tag, value)) }
                }
                for keyword in details.keywords where !keyword.isEmpty { lines.append(("%K", keyword)) }
                if let date = details.queryDate, !date.isEmpty { lines.append(("%Z", TaggedNotes.queryDate + date)) }
            }
            if let publisher = publication.publisher, !publisher.isEmpty { lines.append(("%I", publisher)) }
            if let doi = publication.doi, !doi.isEmpty { lines.append(("%R", doi)) }
            if let url = publication.articleURL, !url.isEmpty { lines.append(("%U", url)) }
            for note in TaggedNotes.notes(of: publication, citations: true) { lines.append(("%Z", note)) }
            for (tag, value) in lines { output += "\(tag) \(RISWriter.oneLine(value))\n" }
            output += "\n"
        }
        return output
    }

    /// EndNote's reference type names, from the types sources give.
    static let types: [String: String] = [
        "jour": "Journal Article", "article": "Journal Article", "journal-article": "Journal Article", "ejour": "Journal Article",
        "book": "Book", "edbook": "Edited Book", "chap": "Book Section", "inbook": "Book Section", "incollection": "Book Section",
        "book-chapter": "Book Section", "cpaper": "Conference Paper", "inproceedings": "Conference Paper", "proceedings-article": "Conference Paper",
        "conf": "Conference Proceedings", "proceedings": "Conference Proceedings", "thes": "Thesis", "phdthesis": "Thesis",
        "mastersthesis": "Thesis", "dissertation": "Thesis", "rprt": "Report", "techreport": "Report", "report": "Report",
        "data": "Dataset", "dataset": "Dataset", "data-set": "Dataset", "pat": "Patent", "patent": "Patent",
    ]

    /// EndNote's own names, kept as given.
    static let typeNames = Set(types.values).union(["Generic"])

    static func referenceType(of publication: Publication) -> String {
        guard let given = publication.type?.trimmingWhitespace(), !given.isEmpty else { return "Generic" }
        if typeNames.contains(given) { return given }
        return types[given.lowercased()] ?? "Generic"
    }

    /// A journal's name goes in `%J`; a book's, a proceedings' or anything else's in `%B`.
    static func isJournal(_ publication: Publication) -> Bool {
        ["Journal Article", "Generic"].contains(referenceType(of: publication))
    }
}

enum EndNoteReader {
    static func read(_ source: SourceText, options: ImportOptions) throws -> ImportResult {
        let lines = TaggedLines.split(source, blankEndsRecord: true) { line in
            guard line.count >= 2, line.first == "%" else { return nil }
            let tag = String(line.prefix(2))
            let rest = line.dropFirst(2)
            guard rest.isEmpty || rest.first == " " || rest.first == "\t" else { return nil }
            return (tag, rest)
        }
        guard var records = try TaggedRecords(
            source, lines: lines, options: options, formatName: "EndNote record (%0, %T, %A … lines)", isRecordLine: { $0.tag != nil }, build: publication(from:))
        else { return ImportResult() }
        for line in lines {
            guard let tag = line.tag else {
                try records.finish()
                continue
            }
            if tag == "%0", !records.open.isEmpty { try records.finish() }
            records.open.append(line)
        }
        try records.finish()
        return records.collector.result
    }

    static func publication(from record: [TaggedLine]) -> Result<Publication, PublicationShapeError> {
        func values(_ tag: String) -> [String] { record.filter { $0.tag == tag }.map { $0.values.joined(separator: " ") } }
        func value(_ tags: String...) -> String? { tags.lazy.compactMap { values($0).first { !$0.isEmpty } }.first }
        guard let title = value("%T") else { return .failure(.init("the record has no title (%T)")) }
        let authors = AuthorList.cleaned(values("%A").map(RISNames.reading))
        var details = PublicationDetails(
            volume: value("%V"), issue: value("%N"), pages: value("%P"), issn: value("%@"),
            // One keyword a line, as EndNote writes them; Google Scholar puts several on one, apart by ";".
            abstract: value("%X"), keywords: values("%K").flatMap { $0.split(separator: ";").map { $0.trimmingWhitespace() } }.filter { !$0.isEmpty })
        var notes: [String] = []
        for note in values("%Z") {
            if note.hasPrefix(TaggedNotes.queryDate) { details.queryDate = String(note.dropFirst(TaggedNotes.queryDate.count)) } else { notes.append(note) }
        }
        var publication = Publication(
            title: title,
            authors: authors.authors,
            authorsTruncated: authors.truncated,
            year: value("%D").flatMap { Int($0.prefix(4)) },
            venue: value("%J", "%B"),
            publisher: value("%I"),
            articleURL: value("%U"),
            doi: value("%R").map(FieldText.bareDOI),
            type: value("%0"),
            details: details.orNilWhenEmpty)
        for note in notes { _ = TaggedNotes.apply(note, to: &publication) }
        return .success(publication)
    }
}
