import CSVText

/// `CSVReader` for metrics alone: the same rows, refusals and notes, read in pieces with the
/// fields the metrics need (title, citations, authors, year, and the query date's year) taken from the bytes.
struct CSVFactsReader {
    private let options: ImportOptions
    private var source: ChunkedFile
    private var scanner: CSVSpanScanner
    private var columns: CSVColumns?
    private var positions = MetricColumns()
    private var scratch: [[UInt8]] = Array(repeating: [], count: PaperRow.slots.count)

    init(source: ChunkedFile, options: ImportOptions) {
        self.source = source
        self.options = options
        scanner = CSVSpanScanner(delimiter: CSVTokenizer.detectDelimiter(in: source.buffer.prefix(1 << 20)))
    }

    mutating func read(into accumulator: inout MetricsAccumulator, summary: inout MetricsReadSummary) throws {
        do {
            while true {
                var used = 0
                var outcome = CSVSpanOutcome.needsMore
                let isFinal = source.isAtEnd
                try source.buffer.withUnsafeBufferPointer { bytes in
                    while true {
                        outcome = try scanner.next(in: bytes, from: used, isFinal: isFinal)
                        guard case .record(let nextStart) = outcome else { return }
                        try take(bytes, into: &accumulator, summary: &summary)
                        used = nextStart
                    }
                }
                if outcome == .end { break }
                try source.advance(dropping: used)
            }
        } catch let unterminated as CSVUnterminatedQuote {
            throw ImportProblem(
                file: source.file, line: unterminated.line,
                message: "a quoted field starts here and is never closed; add the missing \" or check that the file is not cut short"
            )
        }
        if columns == nil { throw ImportProblem(file: source.file, line: nil, message: "the file is empty") }
    }

    private mutating func take(_ bytes: UnsafeBufferPointer<UInt8>, into accumulator: inout MetricsAccumulator, summary: inout MetricsReadSummary) throws {
        guard let columns else {
            try readHeader(bytes)
            return
        }
        let line = scanner.recordLine
        var paper = PaperRow()
        do {
            // The spans are borrowed and the scratch buffers moved in and back: a row costs no
            // reference counting, which was a fifth of a million-row file's time.
            let blank = try scanner.fields.withUnsafeBufferPointer { spans -> Bool in
                if spans.allSatisfy({ $0.isEmpty }) { return true }
                var row = RowFields(spans: spans, bytes: bytes, positions: positions)
                swap(&row.scratch, &scratch)
                defer { swap(&row.scratch, &scratch) }
                try paper.read(&row, columns: columns)
                return false
            }
            if blank { return }
        } catch let bad as CSVReader.BadRow {
            let problem = ImportProblem(file: source.file, line: line, message: bad.message)
            guard options.skipBadRecords else { throw problem }
            summary.skip(problem)
            return
        }
        accumulator.add(
            citations: paper.citations, year: paper.year, listedAuthors: paper.authors, authorsTruncated: paper.truncated,
            queryYear: paper.queryYear, excluded: paper.excluded)
        summary.papers += 1
        for note in paper.limitNotes { summary.change(ImportProblem(file: source.file, line: line, message: note)) }
        if paper.year == nil, let text = paper.yearText {
            let column = columns.name(of: .year) ?? "year"
            summary.change(ImportProblem(file: source.file, line: line, message: "kept without a year: the \(column) value '\(text)' is not a year"))
        }
    }

    private mutating func readHeader(_ bytes: UnsafeBufferPointer<UInt8>) throws {
        let header = scanner.fields.map { span in
            var text: [UInt8] = []
            CSVSpanScanner.unquote(span, in: bytes, into: &text)
            return String(decoding: text, as: UTF8.self)
        }
        let columns = CSVColumns(header: header)
        guard columns.has(.title) else {
            let found = header.prefix(12).map { "'\($0)'" }.joined(separator: ", ")
            throw ImportProblem(
                file: source.file, line: scanner.recordLine,
                message: "the header row has no title column (looked for Title, Article Title, Document Title); it has \(found)"
            )
        }
        self.columns = columns
        positions = MetricColumns(PaperRow.slots.map { columns.position(of: $0) ?? -1 })
    }
}

/// One row's fields by column, unquoted only when asked for.
fileprivate struct RowFields {
    let spans: UnsafeBufferPointer<CSVFieldSpan>
    let bytes: UnsafeBufferPointer<UInt8>
    let positions: MetricColumns
    /// One reusable buffer per field read, for quoted fields with `""` in them, which must be copied to unquote.
    var scratch: [[UInt8]] = []

    /// The field's bytes without quoting, handed to `body` with their trimmed range (`nil`
    /// when an edge needs the Unicode tables); `nil` when the row has no such field or it is blank.
    mutating func with<T>(
        slot: Int, _ body: (UnsafeBufferPointer<UInt8>, Range<Int>?) throws -> T
    ) rethrows -> T? {
        let position = positions[slot]
        guard position >= 0, position < spans.count else { return nil }
        let span = spans[position]
        if !span.isQuoted {
            return try Self.blankOr(UnsafeBufferPointer(rebasing: bytes[span.start..<span.end]), body)
        }
        if span.isPlainQuoted {
            return try Self.blankOr(UnsafeBufferPointer(rebasing: bytes[(span.start + 1)..<(span.end - 1)]), body)
        }
        scratch[slot].removeAll(keepingCapacity: true)
        CSVSpanScanner.unquote(span, in: bytes, into: &scratch[slot])
        return try scratch[slot].withUnsafeBufferPointer { try Self.blankOr($0, body) }
    }

    /// `nil` for a field that trims to nothing (as `CSVColumns.value` gives), else `body`'s answer.
    private static func blankOr<T>(_ text: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>, Range<Int>?) throws -> T) rethrows -> T? {
        let trimmed = FieldBytes.trimmed(text, 0..<text.count)
        if trimmed?.isEmpty == true { return nil }
        // An edge that may be Unicode whitespace: only the String reading can say the field is blank.
        if trimmed == nil, String(decoding: text, as: UTF8.self).trimmingWhitespace().isEmpty { return nil }
        return try body(text, trimmed)
    }
}

/// The metric fields of one row, read as `CSVReader.publication(from:columns:)` reads them.
fileprivate struct PaperRow {
    /// The columns read, in `RowFields.with(slot:)`'s numbering.
    static let slots: [CSVColumns.Field] = [.title, .citations, .authors, .year, .queryDate, .exclusion, .mergedInto]

    var citations = 0
    var year: Int?
    /// The year column's text when it is not empty, for the note when it is no year.
    var yearText: String?
    var authors = 0
    var truncated = false
    /// The year the query date starts with (PoP's "2021-12-14 16:19:11").
    var queryYear: Int?
    /// Marked excluded by Bottega's export (`CSVWriter.exclusionColumn`), or a record a merge
    /// stands for (`CSVWriter.mergeColumns`): either way it does not count.
    var excluded = false
    /// `ImportFieldLimits` notes for the title and author names, as `ImportCollector.add` words them.
    var limitNotes: [String] = []

    /// The field's trimmed text, for the `String` readings and for messages.
    private static func text(_ bytes: UnsafeBufferPointer<UInt8>, _ trimmed: Range<Int>?) -> String {
        guard let trimmed else { return String(decoding: bytes, as: UTF8.self).trimmingWhitespace() }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[trimmed]), as: UTF8.self)
    }

    mutating func read(_ fields: inout RowFields, columns: CSVColumns) throws {
        // Only a field with more bytes than the limit has characters can be over it.
        let titleNote = fields.with(slot: 0) { text, trimmed -> String? in
            guard text.count > ImportFieldLimits.title else { return nil }
            let title = Self.text(text, trimmed)
            guard ImportFieldLimits.exceeds(title, ImportFieldLimits.title) else { return nil }
            return ImportFieldLimits.message(field: "title", limit: ImportFieldLimits.title, policy: .cut, originalBytes: title.utf8.count)
        }
        guard let titleNote else { throw CSVReader.BadRow(message: "the row has no title") }
        if let titleNote { limitNotes.append(titleNote) }

        if let counted = try fields.with(slot: 1, { text, trimmed -> Int in
            let count = trimmed.flatMap { FieldBytes.wholeNumber(text, $0) } ?? CSVReader.wholeNumber(Self.text(text, trimmed))
            guard let count else {
                let column = columns.name(of: .citations) ?? "citations"
                throw CSVReader.BadRow(message: "the \(column) value '\(Self.text(text, trimmed))' is not a whole number of citations")
            }
            return count
        }) {
            citations = counted
        }

        if let list = fields.with(slot: 2, { text, trimmed -> (count: Int, truncated: Bool, note: String?) in
            if text.count > ImportFieldLimits.authorName {
                // A field longer than one name's limit may hold an over-long name: split it as the whole-file reader does.
                let split = AuthorList.split(Self.text(text, trimmed))
                return (split.authors.count, split.truncated, ImportFieldLimits.authorNamesNote(split.authors))
            }
            let counted = trimmed.flatMap { FieldBytes.authorCount(text, $0) }
                ?? { let split = AuthorList.split(Self.text(text, trimmed)); return (split.authors.count, split.truncated) }()
            return (counted.count, counted.truncated, nil)
        }) {
            authors = list.count
            truncated = list.truncated
            if let note = list.note { limitNotes.append(note) }
        }

        let reading = fields.with(slot: 3) { text, trimmed -> (year: Int?, text: String?) in
            if let trimmed, let plain = FieldBytes.plainYear(text, trimmed) { return (plain, plain == nil ? Self.text(text, trimmed) : nil) }
            let whole = Self.text(text, trimmed)
            if whole.isEmpty { return (nil, nil) }
            let year = FieldText.year(in: whole)
            return (year, year == nil ? whole : nil)
        }
        year = reading?.year
        yearText = reading?.text

        queryYear = fields.with(slot: 4) { text, trimmed in
            trimmed.map { QueryDateYear.of(text[$0]) } ?? QueryDateYear.of(Self.text(text, trimmed).utf8)
        } ?? nil
        excluded = fields.with(slot: 5) { _, _ in true } ?? false
        if !excluded {
            excluded = fields.with(slot: 6) { text, trimmed in MergeMark.number(in: Self.text(text, trimmed)) != nil } ?? false
        }
    }
}

/// Where the metric columns are (-1: the file has none), in `PaperRow.slots` order.
fileprivate struct MetricColumns {
    private var title = -1, citations = -1, authors = -1, year = -1, queryDate = -1, exclusion = -1, mergedInto = -1

    init() {}

    init(_ positions: [Int]) {
        (title, citations, authors, year, queryDate, exclusion, mergedInto) =
            (positions[0], positions[1], positions[2], positions[3], positions[4], positions[5], positions[6])
    }

    subscript(slot: Int) -> Int {
        switch slot {
        case 0: title
        case 1: citations
        case 2: authors
        case 3: year
        case 4: queryDate
        case 5: exclusion
        default: mergedInto
        }
    }
}
