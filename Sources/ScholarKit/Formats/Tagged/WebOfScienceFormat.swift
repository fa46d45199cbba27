/// Web of Science's tagged export ("Plain text file", the ISI format VOSviewer, CiteSpace and
/// bibliometrix read): `FN`/`VR` header, then per record two-letter tags, a value's further
/// lines indented by three spaces (one author per line), `ER` at the end, `EF` at the end of the
/// file. `TC` is the times-cited count, `DA` the day the list was made.
///
/// What the format has no tag for goes in tags Web of Science does not use, which its readers
/// skip: `UR` the article's address, `XB` Bottega's notes (exclusion, merge; `TaggedNotes`).
enum WebOfScienceWriter {
    static func write(_ publications: [Publication]) -> String {
        var output = "FN Clarivate Analytics Web of Science\nVR 1.0\n"
        for publication in publications {
            var fields: [(String, [String])] = [("PT", [documentKind(of: publication)])]
            var names = publication.authors.map { RISNames.writing(RISWriter.oneLine($0)) }.filter { !$0.isEmpty }
            if publication.authorsTruncated { names.append(RISWriter.truncationMarker) }
            if !names.isEmpty { fields.append(("AF", names)) }
            fields.append(("TI", [publication.title]))
            if let venue = publication.venue, !venue.isEmpty { fields.append(("SO", [venue])) }
            if let publisher = publication.publisher, !publisher.isEmpty { fields.append(("PU", [publisher])) }
            if let type = publication.type, !type.isEmpty { fields.append(("DT", [type])) }
            let details = publication.details
            if let keywords = details?.keywords.filter({ !$0.isEmpty }), !keywords.isEmpty { fields.append(("DE", [keywords.joined(separator: "; ")])) }
            if let abstract = details?.abstract, !abstract.isEmpty { fields.append(("AB", [abstract])) }
            if let issn = details?.issn, !issn.isEmpty { fields.append(("SN", [issn])) }
            if let year = publication.year { fields.append(("PY", [String(year)])) }
            if let volume = details?.volume, !volume.isEmpty { fields.append(("VL", [volume])) }
            if let issue = details?.issue, !issue.isEmpty { fields.append(("IS", [issue])) }
            if let range = details?.pageRange {
                if let end = range.end {
                    fields.append(("BP", [range.start]))
                    fields.append(("EP", [end]))
                } else {
                    // A page without an end ("e22081") is an article number.
                    fields.append(("AR", [range.start]))
                }
            }
            if let doi = publication.doi, !doi.isEmpty { fields.append(("DI", [doi])) }
            if let url = publication.articleURL, !url.isEmpty { fields.append(("UR", [url])) }
            fields.append(("TC", [String(publication.citations)]))
            if let date = details?.queryDate, !date.isEmpty { fields.append(("DA", [date])) }
            let notes = TaggedNotes.notes(of: publication, citations: false)
            if !notes.isEmpty { fields.append(("XB", notes)) }
            output += "\n"
            for (tag, values) in fields {
                for (index, value) in values.enumerated() {
                    output += (index == 0 ? "\(tag) " : "   ") + RISWriter.oneLine(value) + "\n"
                }
            }
            output += "ER\n"
        }
        return output + "\nEF\n"
    }

    /// `PT`: J for journals, B for books, S for a series, P for patents.
    static func documentKind(of publication: Publication) -> String {
        switch EndNoteWriter.referenceType(of: publication) {
        case "Book", "Edited Book", "Book Section": "B"
        case "Patent": "P"
        default: "J"
        }
    }
}

enum WebOfScienceReader {
    static func read(_ source: SourceText, options: ImportOptions) throws -> ImportResult {
        let lines = TaggedLines.split(source, blankEndsRecord: false) { line in
            // A tag is two capitals or a capital and a digit at the start of the line.
            let characters = Array(line.prefix(3))
            guard characters.count >= 2, characters[0].isUppercase, characters[0].isASCII, characters[1].isASCII,
                characters[1].isUppercase || characters[1].isNumber, characters.count == 2 || characters[2] == " "
            else { return nil }
            return (String(characters[0...1]), line.dropFirst(2))
        }
        guard var records = try TaggedRecords(
            source, lines: lines, options: options, formatName: "Web of Science record (PT … ER)", isRecordLine: { $0.tag == "PT" || $0.tag == "TI" },
            build: publication(from:))
        else { return ImportResult() }
        for line in lines {
            switch line.tag ?? "" {
            case "FN", "VR", "EF": continue
            case "ER": try records.finish()
            case "PT" where !records.open.isEmpty:
                let start = records.open[0].number
                try records.reject(line: start, "the record starting on line \(start) has no ER line before the next PT on line \(line.number)")
                records.open = [line]
            default: records.open.append(line)
            }
        }
        if let open = records.open.first {
            try records.reject(line: open.number, "the record starting on line \(open.number) has no ER line")
        }
        return records.collector.result
    }

    static func publication(from record: [TaggedLine]) -> Result<Publication, PublicationShapeError> {
        func lines(_ tag: String) -> [String] { record.first { $0.tag == tag }?.values.filter { !$0.isEmpty } ?? [] }
        func value(_ tags: String...) -> String? { tags.lazy.map { lines($0).joined(separator: " ") }.first { !$0.isEmpty } }
        guard let title = value("TI") else { return .failure(.init("the record has no title (TI)")) }
        // AF holds the full names; AU the abbreviated ones ("Tobler, WR").
        let authors = AuthorList.cleaned((lines("AF").isEmpty ? lines("AU") : lines("AF")).map(RISNames.reading))
        let citations = value("TC", "Z9").flatMap { Int($0) }
        let pages = value("BP").map { start in PublicationDetails.pages(start: start, end: value("EP")) ?? start } ?? value("AR")
        let details = PublicationDetails(
            volume: value("VL"), issue: value("IS"), pages: pages, issn: value("SN", "EI"), abstract: value("AB"),
            keywords: (value("DE") ?? "").split(separator: ";").map { $0.trimmingWhitespace() }.filter { !$0.isEmpty },
            queryDate: value("DA"))
        var publication = Publication(
            title: title,
            authors: authors.authors,
            authorsTruncated: authors.truncated,
            year: value("PY").flatMap { Int($0.prefix(4)) },
            citations: citations ?? 0,
            venue: value("SO"),
            publisher: value("PU"),
            articleURL: value("UR"),
            doi: value("DI").map(FieldText.bareDOI),
            type: value("DT") ?? value("PT"),
            details: details.orNilWhenEmpty)
        for note in lines("XB") { _ = TaggedNotes.apply(note, to: &publication) }
        return .success(publication)
    }
}
