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
                case .success(let publication): collector.add(publication)
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
        func text(_ name: String) -> String? {
            guard let value = entry.fields[name] else { return nil }
            let text = LaTeXText.decode(scanner.text(of: value))
            return text.isEmpty ? nil : text
        }
        func verbatim(_ name: String) -> String? {
            guard let value = entry.fields[name] else { return nil }
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
        let names = (entry.fields["author"] ?? entry.fields["editor"]).map { BibTeXNames.parse(scanner.text(of: $0)) }
        return .success(Publication(
            title: title,
            authors: names?.authors ?? [],
            authorsTruncated: names?.truncated ?? false,
            year: text("year").flatMap(year(in:)) ?? text("date").flatMap(year(in:)),
            citations: citations,
            venue: text("journal") ?? text("booktitle") ?? text("journaltitle") ?? text("series"),
            publisher: text("publisher") ?? text("school") ?? text("institution"),
            articleURL: verbatim("url"),
            doi: verbatim("doi").map(bareDOI),
            type: entry.type
        ))
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
        return .success(text("note").flatMap(citationCount(inNote:)) ?? 0)
    }

    /// A count after "cited by", "citations" or "times cited", with an optional colon.
    /// The phrase must start a word: "excited by 2 photons" and "recitations 1990" are no counts.
    static func citationCount(inNote note: String) -> Int? {
        let bytes = Array(note.lowercased().utf8)
        let phrases = ["cited by", "citations", "times cited"].map { Array($0.utf8) }
        for start in bytes.indices where start == 0 || !isLetter(bytes[start - 1]) {
            for phrase in phrases where bytes[start...].starts(with: phrase) {
                var index = start + phrase.count
                while index < bytes.count, bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: ":") { index += 1 }
                let digitsStart = index
                while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
                if index > digitsStart, let count = Int(String(decoding: bytes[digitsStart..<index], as: UTF8.self)) {
                    return count
                }
            }
        }
        return nil
    }

    /// The year of a `year` or biblatex `date` ("2011-12-03") value: the whole value when it
    /// is a number, else its first run of exactly four digits ("2011a", "c. 1990").
    static func year(in text: String) -> Int? {
        if let whole = Int(text), whole > 0 { return whole }
        let bytes = Array(text.utf8)
        var index = 0
        while index < bytes.count {
            let start = index
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
            if index - start == 4 { return Int(String(decoding: bytes[start..<index], as: UTF8.self)) }
            index = max(index, start + 1)
        }
        return nil
    }

    /// "https://doi.org/10.1/x" and "doi:10.1/x" → "10.1/x".
    static func bareDOI(_ doi: String) -> String {
        let lowered = doi.lowercased()
        for prefix in ["https://doi.org/", "http://doi.org/", "https://dx.doi.org/", "http://dx.doi.org/", "doi:"]
        where lowered.hasPrefix(prefix) {
            return String(doi.dropFirst(prefix.count))
        }
        return doi
    }

    /// ASCII letters, and any byte of a non-ASCII character (all of which are ≥ 0x80 in UTF-8),
    /// so that "é" before a phrase also keeps it from starting a word.
    private static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || byte >= 0x80
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || (0x09...0x0D).contains(byte)
    }
}
