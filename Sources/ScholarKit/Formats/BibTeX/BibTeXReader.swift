/// Reads BibTeX and biblatex files: exports from Google Scholar, Web of Science, Scopus, dblp,
/// Zotero, JabRef, and hand-written `.bib` files.
enum BibTeXReader {
    static func read(_ source: SourceText, options: ImportOptions) throws -> ImportResult {
        var scanner = BibTeXScanner(bytes: source.bytes)
        var collector = ImportCollector(file: source.file, options: options)
        while let item = scanner.next() {
            switch item {
            case .entry(let entry):
                switch publication(from: entry, in: scanner) {
                case .success(let publication): collector.add(publication, line: entry.line)
                case .failure(let failure): try collector.reject(line: entry.line, failure.message)
                }
            case .malformed(let line, let message):
                try collector.reject(line: line, message)
            }
        }
        if !scanner.foundBlock, source.bytes.contains(where: { !isWhitespace($0) }) {
            throw ImportProblem(
                file: source.file, line: nil,
                message: "no BibTeX entry (@type{…}) found; a BibTeX file lists entries such as @article{key, title = {…}, year = {…}}"
            )
        }
        return collector.result
    }

    struct BadEntry: Error {
        let message: String
    }

    /// The publication an entry describes, or why it cannot be one.
    static func publication(from entry: BibTeXEntry, in scanner: BibTeXScanner) -> Result<Publication, BadEntry> {
        // Each name is asked for once, so once every field has been found the remaining names
        // (some twenty: venues, details, Bottega's marks) need no hashing: a short entry's four
        // fields are found first.
        var unread = entry.fields.count
        func value(_ name: String) -> BibTeXValue? {
            guard unread > 0, let value = entry.fields[name] else { return nil }
            unread -= 1
            return value
        }
        func text(_ name: String) -> String? {
            guard let value = value(name) else { return nil }
            let text = LaTeXText.decode(scanner.text(of: value))
            return text.isEmpty ? nil : text
        }
        func verbatim(_ name: String) -> String? {
            guard let value = value(name) else { return nil }
            let text = LaTeXText.decodeVerbatim(scanner.text(of: value))
            return text.isEmpty ? nil : text
        }

        guard let title = text("title") else { return .failure(BadEntry(message: "\(entry.name) has no title")) }
        let citations: Int
        switch citationCount(of: entry, text: text) {
        case .success(let count): citations = count
        case .failure(let failure): return .failure(failure)
        }
        // An edited volume (dblp's @proceedings) has editors where a paper has authors.
        let exclusion = text(BibTeXWriter.exclusionField)
        let names = (value("author") ?? value("editor")).map { BibTeXNames.parse(scanner.text(of: $0)) }
        return .success(Publication(
            title: title,
            authors: names?.authors ?? [],
            authorsTruncated: names?.truncated ?? false,
            year: text("year").flatMap(FieldText.year(in:)) ?? text("date").flatMap(FieldText.year(in:)),
            citations: citations,
            venue: text("journal") ?? text("booktitle") ?? text("journaltitle") ?? text("series"),
            publisher: text("publisher") ?? text("school") ?? text("institution"),
            articleURL: verbatim("url"),
            doi: verbatim("doi").map(FieldText.bareDOI),
            type: entry.type,
            isExcluded: exclusion != nil,
            exclusionReason: exclusion,
            details: PublicationDetails(
                volume: text("volume"), issue: text("number") ?? text("issue"), pages: text("pages"),
                issn: text("issn"), abstract: text("abstract"), keywords: text("keywords").map(keywords) ?? [],
                queryDate: text("urldate"),
                mergeMark: MergeMark.read(number: text(BibTeXWriter.mergeField), memberOf: text(BibTeXWriter.mergedIntoField))
            )
        ))
    }

    /// Keywords parted by semicolons (Web of Science, Scopus) or, without any, by commas
    /// (JabRef, Zotero).
    static func keywords(_ field: String) -> [String] {
        let separator: Character = field.contains(";") ? ";" : ","
        return field.split(separator: separator).map { $0.trimmingWhitespace() }.filter { !$0.isEmpty }
    }

    /// Fields in which exports put a citation count: Bottega, JabRef and Zotero plugins
    /// (`citations`, `cited-by`, `citedby`), then Web of Science (`Times-Cited`).
    static let citationFields = ["citations", "cited-by", "citedby", "times-cited"]

    /// The first citation field's count; then a count in `note` ("Cited by 12", Scopus's
    /// "Cited By :12", "Citations: 12"); otherwise 0. A count field that is not a whole number
    /// makes the entry bad: guessing would change the metrics silently.
    private static func citationCount(of entry: BibTeXEntry, text: (String) -> String?) -> Result<Int, BadEntry> {
        for field in citationFields {
            guard let value = text(field) else { continue }
            guard value.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }), let count = Int(value) else {
                return .failure(BadEntry(message: "\(entry.name) has a citation count that is not a whole number: \(field) = {\(value)}"))
            }
            return .success(count)
        }
        return .success(text("note").flatMap(FieldText.citationCount(inNote:)) ?? 0)
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || (0x09...0x0D).contains(byte)
    }
}
