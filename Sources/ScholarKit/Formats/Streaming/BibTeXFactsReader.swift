/// BibTeX read in pieces that end before a line starting with `@`, the scanner carrying the
/// `@string` macros and the line count from piece to piece. A piece in which a block cannot be
/// read may have cut it: the file is then read whole.
struct BibTeXFactsReader {
    private var cutter: PieceCutter
    private let options: ImportOptions
    /// The fields the metrics read; the others (abstracts above all) are never decoded.
    static let metricFields: Set<String> = Set(["title", "author", "editor", "year", "date", "note", "urldate", BibTeXWriter.exclusionField, BibTeXWriter.mergedIntoField] + BibTeXReader.citationFields)

    init(source: ChunkedFile, options: ImportOptions) {
        cutter = PieceCutter(source: source, countingCR: false, end: Self.startOfLastBlockLine(in:))
        self.options = options
    }

    /// What one piece gave, and what the next piece needs from it.
    private struct PieceReading: Sendable {
        var result: ImportResult
        var macros: [String: [UInt8]]
        var foundBlock: Bool
        var failures: Int
        /// The file's expanded bytes once the piece is read, counting from the `expandedBefore` it was given.
        var expandedBytes: Int
        var expansionRefusals: Int
    }

    mutating func read(into accumulator: inout MetricsAccumulator, summary: inout MetricsReadSummary) throws {
        let file = cutter.file, options = options, fileSize = cutter.textSize
        var macros = BibTeXScanner.monthMacros
        var expanded = 0
        var foundBlock = false
        var hasText = false
        while true {
            var pieces: [FilePiece] = []
            while pieces.count < 2, let piece = try cutter.next() {
                pieces.append(piece)
                // A piece that may define macros must be read before the next one is.
                if Self.mayDefineMacros(piece.bytes) { break }
            }
            guard !pieces.isEmpty else { break }
            let macrosBefore = macros, expandedBefore = expanded
            let results = PiecePairs.read(pieces) { piece in
                try Self.read(piece, file: file, options: options, macros: macrosBefore, expandedBefore: expandedBefore, fileSize: fileSize)
            }
            for (position, (piece, result)) in zip(pieces, results).enumerated() {
                let reading: PieceReading
                do {
                    reading = try result.get()
                } catch let refused as ExpansionRefused {
                    // A strict reading stopped at an expansion limit: exact for the pair's first piece only.
                    if position > 0 { throw ReadWholeInstead() }
                    throw refused.problem
                }
                if !piece.isFinal, reading.failures > 0 { throw ReadWholeInstead() }
                // The second piece of a pair started from the expansions before the pair, not
                // knowing the first piece's: where the count could matter, the whole file decides.
                expanded += reading.expandedBytes - expandedBefore
                if position > 0, reading.expansionRefusals > 0 || expanded > BibTeXExpansionLimits.totalBytes(forFileOf: fileSize) {
                    throw ReadWholeInstead()
                }
                summary.absorb(reading.result, into: &accumulator)
                macros = reading.macros
                foundBlock = foundBlock || reading.foundBlock
                hasText = hasText || piece.bytes.contains { !FieldBytes.isASCIIWhitespace($0) }
            }
        }
        if !foundBlock, hasText {
            throw ImportProblem(
                file: file, line: nil,
                message: "no BibTeX entry (@type{…}) found; a BibTeX file lists entries such as @article{key, title = {…}, year = {…}}"
            )
        }
    }

    private static func read(
        _ piece: FilePiece, file: String, options: ImportOptions, macros: [String: [UInt8]], expandedBefore: Int, fileSize: Int
    ) throws -> PieceReading {
        var scanner = BibTeXScanner(piece: piece.bytes, firstLine: piece.firstLine, macros: macros, expandedBefore: expandedBefore, fileSize: fileSize)
        var collector = ImportCollector(file: file, options: options)
        var refusalsSeen = 0
        while let item = scanner.next() {
            // A block this piece may have cut: the whole file decides (and a strict reading must
            // not stop on an error the whole file does not have).
            if !piece.isFinal, scanner.failures > 0 { break }
            let isExpansionRefusal = scanner.expansionRefusals > refusalsSeen
            refusalsSeen = scanner.expansionRefusals
            do {
                try take(item, scanner: scanner, into: &collector)
            } catch let problem as ImportProblem where isExpansionRefusal {
                throw ExpansionRefused(problem: problem)
            }
        }
        return PieceReading(
            result: collector.result, macros: scanner.macros, foundBlock: scanner.foundBlock, failures: scanner.failures,
            expandedBytes: scanner.expandedBytes, expansionRefusals: scanner.expansionRefusals
        )
    }

    /// A strict reading's refusal of a block that expands past `BibTeXExpansionLimits`.
    private struct ExpansionRefused: Error {
        let problem: ImportProblem
    }

    private static func take(_ item: BibTeXItem, scanner: BibTeXScanner, into collector: inout ImportCollector) throws {
        switch item {
        case .entry(var entry):
            entry.fields = entry.fields.filter { metricFields.contains($0.key) }
            switch BibTeXReader.publication(from: entry, in: scanner) {
            case .success(let publication): collector.add(publication, line: entry.line)
            case .failure(let failure): try collector.reject(line: entry.line, failure.message)
            }
        case .malformed(let line, let message):
            try collector.reject(line: line, message)
        }
    }

    /// True when the piece may hold an `@string` block: an `@`, spaces, then "string" in any case.
    static func mayDefineMacros(_ bytes: [UInt8]) -> Bool {
        let word = Array("string".utf8)
        var index = 0
        while let at = bytes[index...].firstIndex(of: UInt8(ascii: "@")) {
            var next = at + 1
            while next < bytes.count, FieldBytes.isASCIIWhitespace(bytes[next]) { next += 1 }
            if next + word.count <= bytes.count, zip(word, bytes[next..<(next + word.count)]).allSatisfy({ $0 == $1 | 0x20 }) { return true }
            index = at + 1
        }
        return false
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
