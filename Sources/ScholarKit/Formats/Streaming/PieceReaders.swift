import Dispatch

/// Thrown by a streamed reading that cannot be sure it reads the file as the whole-file reader
/// would (a record cut by a piece's end, a file whose first piece holds no record): the file is
/// then read whole.
struct ReadWholeInstead: Error {}

/// One piece of a file read in pieces: whole records, its first line's number, and whether it
/// is the file's last.
struct FilePiece: Sendable {
    let bytes: [UInt8]
    let firstLine: Int
    let isFinal: Bool
}

/// Cuts a file into pieces at places a format's reader holds no state: after a record's end,
/// found by `end` in the buffer (`nil` when no place is there yet).
struct PieceCutter {
    private var source: ChunkedFile
    private let end: ([UInt8]) -> Int?
    private let countingCR: Bool
    private var firstLine = 1
    private var done = false

    var file: String { source.file }

    init(source: ChunkedFile, countingCR: Bool, end: @escaping ([UInt8]) -> Int?) {
        self.source = source
        self.countingCR = countingCR
        self.end = end
    }

    mutating func next() throws -> FilePiece? {
        guard !done else { return nil }
        while true {
            if source.isAtEnd {
                done = true
                if source.buffer.isEmpty { return nil }
                return FilePiece(bytes: source.buffer, firstLine: firstLine, isFinal: true)
            }
            guard let cut = end(source.buffer), cut > 0 else {
                try source.advance(dropping: 0)
                continue
            }
            let piece = FilePiece(bytes: Array(source.buffer[0..<cut]), firstLine: firstLine, isFinal: false)
            firstLine += PieceText.lineBreaks(in: piece.bytes, countingCR: countingCR)
            try source.advance(dropping: cut)
            return piece
        }
    }
}

/// Two pieces are read at once, on two cores, and their results taken in file order, so a
/// strict reading stops at the same first bad record a reading one piece at a time stops at.
enum PiecePairs {
    static func read<T: Sendable>(_ pieces: [FilePiece], _ reading: @escaping @Sendable (FilePiece) throws -> T) -> [Result<T, any Error>] {
        guard pieces.count > 1 else { return pieces.map { piece in Result { try reading(piece) } } }
        var results = [Result<T, any Error>?](repeating: nil, count: pieces.count)
        results.withUnsafeMutableBufferPointer { buffer in
            nonisolated(unsafe) let slots = buffer
            DispatchQueue.concurrentPerform(iterations: pieces.count) { index in
                slots[index] = Result { try reading(pieces[index]) }
            }
        }
        return results.map { $0! }
    }
}

/// RIS read in pieces that end after an `ER` line, where the whole-file reader holds no state:
/// each piece goes through `RISReader` keeping only the tags the metrics read.
struct RISFactsReader {
    private var cutter: PieceCutter
    private let options: ImportOptions

    init(source: ChunkedFile, options: ImportOptions) {
        cutter = PieceCutter(source: source, countingCR: true) { Self.endOfLastRecord(in: $0, isFinal: false) }
        self.options = options
    }

    mutating func read(into accumulator: inout MetricsAccumulator, summary: inout MetricsReadSummary) throws {
        let file = cutter.file, options = options
        var isFirstPiece = true
        while true {
            var pieces: [FilePiece] = []
            while pieces.count < 2, let piece = try cutter.next() { pieces.append(piece) }
            guard !pieces.isEmpty else { return }
            if isFirstPiece, !RISLine.split(pieces[0].bytes).contains(where: { $0.tag == "TY" }) { throw ReadWholeInstead() }
            let results = PiecePairs.read(pieces) { piece in
                try RISReader.read(
                    SourceText(file: file, checkedPiece: piece.bytes), options: options,
                    piece: RISReader.Piece(firstLine: piece.firstLine, followsAnother: piece.firstLine > 1, keptTags: RISReader.metricTags)
                )
            }
            for result in results { summary.absorb(try result.get(), into: &accumulator) }
            isFirstPiece = false
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
    private var cutter: PieceCutter
    private let options: ImportOptions
    /// The fields the metrics read; the others (abstracts above all) are never decoded.
    static let metricFields: Set<String> = Set(["title", "author", "editor", "year", "date", "note"] + BibTeXReader.citationFields)

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
    }

    mutating func read(into accumulator: inout MetricsAccumulator, summary: inout MetricsReadSummary) throws {
        let file = cutter.file, options = options
        var macros = BibTeXScanner.monthMacros
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
            let macrosBefore = macros
            let results = PiecePairs.read(pieces) { piece in
                try Self.read(piece, file: file, options: options, macros: macrosBefore)
            }
            for (piece, result) in zip(pieces, results) {
                let reading = try result.get()
                if !piece.isFinal, reading.failures > 0 { throw ReadWholeInstead() }
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

    private static func read(_ piece: FilePiece, file: String, options: ImportOptions, macros: [String: [UInt8]]) throws -> PieceReading {
        var scanner = BibTeXScanner(piece: piece.bytes, firstLine: piece.firstLine, macros: macros)
        var collector = ImportCollector(file: file, options: options)
        while let item = scanner.next() {
            // A block this piece may have cut: the whole file decides (and a strict reading must
            // not stop on an error the whole file does not have).
            if !piece.isFinal, scanner.failures > 0 { break }
            switch item {
            case .entry(var entry):
                entry.fields = entry.fields.filter { metricFields.contains($0.key) }
                switch BibTeXReader.publication(from: entry, in: scanner) {
                case .success(let publication): collector.add(publication)
                case .failure(let failure): try collector.reject(line: entry.line, failure.message)
                }
            case .malformed(let line, let message):
                try collector.reject(line: line, message)
            }
        }
        return PieceReading(result: collector.result, macros: scanner.macros, foundBlock: scanner.foundBlock, failures: scanner.failures)
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
