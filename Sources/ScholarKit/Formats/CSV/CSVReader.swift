import CSVText

/// Reads publication lists from CSV: Publish or Perish's exports, and any CSV, semicolon- or
/// tab-separated file whose header names a title column and, optionally, authors, year and
/// citations in a common spelling (see `CSVColumns`).
enum CSVReader {
    static func read(_ source: SourceText, options: ImportOptions) throws -> ImportResult {
        var tokenizer = CSVTokenizer(bytes: source.bytes, delimiter: CSVTokenizer.detectDelimiter(in: source.bytes))
        var collector = ImportCollector(file: source.file, options: options)
        do {
            guard let headerRecord = try tokenizer.next() else {
                throw ImportProblem(file: source.file, line: nil, message: "the file is empty")
            }
            let columns = CSVColumns(header: headerRecord.fields)
            guard columns.has(.title) else {
                let found = headerRecord.fields.prefix(12).map { "'\($0)'" }.joined(separator: ", ")
                throw ImportProblem(
                    file: source.file, line: headerRecord.line,
                    message: "the header row has no title column (looked for Title, Article Title, Document Title); it has \(found)"
                )
            }
            while let record = try tokenizer.next() {
                if record.isBlank { continue }
                switch publication(from: record, columns: columns) {
                case .success(let publication):
                    collector.add(publication, line: record.line)
                    if publication.year == nil, let text = columns.value(.year, in: record), !text.isEmpty {
                        let column = columns.name(of: .year) ?? "year"
                        collector.note(line: record.line, "kept without a year: the \(column) value '\(text)' is not a year")
                    }
                case .failure(let bad): try collector.reject(line: record.line, bad.message)
                }
            }
        } catch let unterminated as CSVUnterminatedQuote {
            // Everything after an unclosed quote is one field, so no later row can be trusted.
            throw ImportProblem(
                file: source.file, line: unterminated.line,
                message: "a quoted field starts here and is never closed; add the missing \" or check that the file is not cut short"
            )
        }
        return collector.result
    }

    struct BadRow: Error {
        let message: String
    }

    static func publication(from record: CSVRecord, columns: CSVColumns) -> Result<Publication, BadRow> {
        guard let title = columns.value(.title, in: record) else {
            return .failure(BadRow(message: "the row has no title"))
        }
        var citations = 0
        if let text = columns.value(.citations, in: record) {
            guard let count = wholeNumber(text) else {
                let column = columns.name(of: .citations) ?? "citations"
                return .failure(BadRow(message: "the \(column) value '\(text)' is not a whole number of citations"))
            }
            citations = count
        }
        let authors = columns.value(.authors, in: record).map(AuthorList.split)
        return .success(Publication(
            title: title,
            authors: authors?.authors ?? [],
            authorsTruncated: authors?.truncated ?? false,
            year: columns.value(.year, in: record).flatMap(FieldText.year(in:)),
            citations: citations,
            venue: columns.value(.venue, in: record).flatMap(meaningful),
            publisher: columns.value(.publisher, in: record),
            articleURL: columns.value(.articleURL, in: record).map(firstURL),
            citesURL: columns.value(.citesURL, in: record),
            doi: columns.value(.doi, in: record).map(FieldText.bareDOI),
            type: columns.value(.type, in: record),
            sourceRank: columns.value(.rank, in: record).flatMap(wholeNumber),
            isExcluded: columns.value(.exclusion, in: record) != nil,
            exclusionReason: columns.value(.exclusion, in: record),
            details: PublicationDetails(
                volume: columns.value(.volume, in: record), issue: columns.value(.issue, in: record),
                pages: columns.value(.pages, in: record)
                    ?? PublicationDetails.pages(start: columns.value(.startPage, in: record), end: columns.value(.endPage, in: record)),
                issn: columns.value(.issn, in: record), abstract: columns.value(.abstract, in: record),
                keywords: columns.value(.keywords, in: record).map(BibTeXReader.keywords) ?? [],
                queryDate: columns.value(.queryDate, in: record),
                fullTextURL: columns.value(.fullTextURL, in: record), relatedURL: columns.value(.relatedURL, in: record),
                citationURL: columns.value(.citationURL, in: record),
                estimatedCitations: columns.value(.estimatedCitations, in: record).flatMap(wholeNumber),
                mergeMark: MergeMark.read(number: columns.value(.mergeNumber, in: record), memberOf: columns.value(.mergedInto, in: record))
            )
        ))
    }

    /// A count of ASCII digits; spreadsheets sometimes write "12.0" for 12, which is accepted.
    static func wholeNumber(_ text: String) -> Int? {
        var digits = Substring(text)
        if digits.hasSuffix(".0") { digits = digits.dropLast(2) }
        guard !digits.isEmpty, digits.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else { return nil }
        return Int(digits)
    }

    /// Google Scholar shows "…" where it has no venue; that is not a venue.
    private static func meaningful(_ venue: String) -> String? {
        venue == "…" || venue == "..." ? nil : venue
    }

    /// Zotero joins several URLs with "|"; the first is the article.
    private static func firstURL(_ text: String) -> String {
        text.split(separator: "|", maxSplits: 1).first.map { $0.trimmingWhitespace() } ?? text
    }
}
