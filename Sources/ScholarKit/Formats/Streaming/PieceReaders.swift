/// Thrown by a streamed reading that cannot be sure it reads the file as the whole-file reader
/// would (a record cut by a piece's end, a file whose first piece holds no record): the file is
/// then read whole.
struct ReadWholeInstead: Error {}

/// RIS read in pieces that end after an `ER` line, where the whole-file reader holds no state:
/// each piece goes through `RISReader` keeping only the tags the metrics read.
struct RISFactsReader {
    private var source: ChunkedFile
    private let options: ImportOptions

    init(source: ChunkedFile, options: ImportOptions) {
        self.source = source
        self.options = options
    }

    mutating func read(into accumulator: inout MetricsAccumulator, summary: inout MetricsReadSummary) throws {
        var firstLine = 1
        var isFirstPiece = true
        while true {
            let end = source.isAtEnd ? source.buffer.count : Self.endOfLastRecord(in: source.buffer, isFinal: false)
            guard let end, end > 0 else {
                if source.isAtEnd { break }
                try source.advance(dropping: 0)
                continue
            }
            let piece = Array(source.buffer[0..<end])
            let lines = RISLine.split(piece, firstLine: firstLine)
            if isFirstPiece, !lines.contains(where: { $0.tag == "TY" }) { throw ReadWholeInstead() }
            let result = try RISReader.read(
                SourceText(file: source.file, checkedPiece: piece), options: options,
                piece: RISReader.Piece(firstLine: firstLine, followsAnother: !isFirstPiece, keptTags: RISReader.metricTags)
            )
            summary.absorb(result, into: &accumulator)
            isFirstPiece = false
            firstLine += PieceText.lineBreaks(in: piece, countingCR: true)
            if source.isAtEnd { break }
            try source.advance(dropping: end)
        }
    }

    /// Just past the line break that ends the last `ER` line, or `nil` when there is none yet.
    /// A CR that is the buffer's last byte may be half a CRLF, so it ends nothing yet.
    static func endOfLastRecord(in bytes: [UInt8], isFinal: Bool) -> Int? {
        var lineStart = bytes.count
        while lineStart > 0 {
            // Back to the start of the line before `lineStart`.
            var start = lineStart - 1
            while start > 0, bytes[start - 1] != UInt8(ascii: "\n"), bytes[start - 1] != UInt8(ascii: "\r") { start -= 1 }
            if isERLine(bytes, from: start), let end = endOfLine(bytes, from: start, isFinal: isFinal) { return end }
            lineStart = start
        }
        return nil
    }

    private static func isERLine(_ bytes: [UInt8], from start: Int) -> Bool {
        guard start + 5 <= bytes.count, bytes[start..<(start + 5)].elementsEqual("ER  -".utf8) else { return false }
        return start + 5 == bytes.count || [UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r")].contains(bytes[start + 5])
    }

    private static func endOfLine(_ bytes: [UInt8], from start: Int, isFinal: Bool) -> Int? {
        guard let breakAt = bytes[start...].firstIndex(where: { $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r") }) else { return nil }
        if bytes[breakAt] == UInt8(ascii: "\r") {
            if breakAt + 1 == bytes.count { return isFinal ? breakAt + 1 : nil }
            if bytes[breakAt + 1] == UInt8(ascii: "\n") { return breakAt + 2 }
        }
        return breakAt + 1
    }
}

/// BibTeX read in pieces that end before a line starting with `@`, the scanner carrying the
/// `@string` macros and the line count from piece to piece. A piece in which a block cannot be
/// read may have cut it: the file is then read whole.
struct BibTeXFactsReader {
    private var source: ChunkedFile
    private let options: ImportOptions
    /// The fields the metrics read; the others (abstracts above all) are never decoded.
    static let metricFields: Set<String> = Set(["title", "author", "editor", "year", "date", "note"] + BibTeXReader.citationFields)

    init(source: ChunkedFile, options: ImportOptions) {
        self.source = source
        self.options = options
    }

    mutating func read(into accumulator: inout MetricsAccumulator, summary: inout MetricsReadSummary) throws {
        var firstLine = 1
        var macros = BibTeXScanner.monthMacros
        var foundBlock = false
        var hasText = false
        while true {
            let isFinal = source.isAtEnd
            let end = isFinal ? source.buffer.count : Self.startOfLastBlockLine(in: source.buffer)
            guard let end, end > 0 else {
                if isFinal { break }
                try source.advance(dropping: 0)
                continue
            }
            let piece = Array(source.buffer[0..<end])
            var scanner = BibTeXScanner(piece: piece, firstLine: firstLine, macros: macros)
            var collector = ImportCollector(file: source.file, options: options)
            while let item = scanner.next() {
                if !isFinal, scanner.failures > 0 { throw ReadWholeInstead() }
                switch item {
                case .entry(var entry):
                    entry.fields = entry.fields.filter { Self.metricFields.contains($0.key) }
                    switch BibTeXReader.publication(from: entry, in: scanner) {
                    case .success(let publication): collector.add(publication)
                    case .failure(let failure): try collector.reject(line: entry.line, failure.message)
                    }
                case .malformed(let line, let message):
                    try collector.reject(line: line, message)
                }
            }
            if !isFinal, scanner.failures > 0 { throw ReadWholeInstead() }
            summary.absorb(collector.result, into: &accumulator)
            macros = scanner.macros
            foundBlock = foundBlock || scanner.foundBlock
            hasText = hasText || piece.contains { !FieldBytes.isASCIIWhitespace($0) }
            firstLine += PieceText.lineBreaks(in: piece, countingCR: false)
            if isFinal { break }
            try source.advance(dropping: end)
        }
        if !foundBlock, hasText {
            throw ImportProblem(
                file: source.file, line: nil,
                message: "no BibTeX entry (@type{…}) found; a BibTeX file lists entries such as @article{key, title = {…}, year = {…}}"
            )
        }
    }

    /// The start of the last line that starts with `@` (not the buffer's first byte), or `nil`.
    static func startOfLastBlockLine(in bytes: [UInt8]) -> Int? {
        var index = bytes.count - 1
        while index > 0 {
            if bytes[index] == UInt8(ascii: "@"), bytes[index - 1] == UInt8(ascii: "\n") { return index }
            index -= 1
        }
        return nil
    }
}

enum PieceText {
    /// Line breaks as the readers number lines: LF only (BibTeX), or LF, CR and CRLF as one (RIS).
    static func lineBreaks(in bytes: [UInt8], countingCR: Bool) -> Int {
        var count = 0
        var previous: UInt8 = 0
        for byte in bytes {
            if byte == UInt8(ascii: "\n") {
                if !(countingCR && previous == UInt8(ascii: "\r")) { count += 1 }
            } else if countingCR, byte == UInt8(ascii: "\r") {
                count += 1
            }
            previous = byte
        }
        return count
    }
}

extension MetricsReadSummary {
    /// A piece's publications into the accumulator, its problems into the summary.
    mutating func absorb(_ result: ImportResult, into accumulator: inout MetricsAccumulator) {
        for publication in result.publications { accumulator.add(publication) }
        papers += result.publications.count
        for problem in result.skipped { skip(problem) }
        for problem in result.changed { change(problem) }
    }
}
