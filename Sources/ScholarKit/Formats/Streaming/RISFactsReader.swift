/// RIS read in pieces that end after an `ER` line, where the whole-file reader holds no state:
/// each piece goes through `RISReader` keeping only the tags the metrics read.
struct RISFactsReader {
    private var cutter: PieceCutter
    private let options: ImportOptions

    init(source: ChunkedFile, options: ImportOptions) {
        cutter = PieceCutter(source: source, countingCR: true) { Self.endOfLastRecord(in: $0) }
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
    /// A CR that is the buffer's last byte may be half a CRLF, so it ends nothing yet (the last
    /// piece is the rest of the file, wherever it ends).
    static func endOfLastRecord(in bytes: [UInt8]) -> Int? {
        var lineStart = bytes.count
        while lineStart > 0 {
            // Back to the start of the line before `lineStart`.
            var start = lineStart - 1
            while start > 0, bytes[start - 1] != UInt8(ascii: "\n"), bytes[start - 1] != UInt8(ascii: "\r") { start -= 1 }
            if isERLine(bytes, from: start), let end = endOfLine(bytes, from: start) { return end }
            lineStart = start
        }
        return nil
    }

    private static func isERLine(_ bytes: [UInt8], from start: Int) -> Bool {
        guard start + 5 <= bytes.count, bytes[start..<(start + 5)].elementsEqual("ER  -".utf8) else { return false }
        return start + 5 == bytes.count || [UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r")].contains(bytes[start + 5])
    }

    private static func endOfLine(_ bytes: [UInt8], from start: Int) -> Int? {
        guard let breakAt = bytes[start...].firstIndex(where: { $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r") }) else { return nil }
        if bytes[breakAt] == UInt8(ascii: "\r") {
            if breakAt + 1 == bytes.count { return nil }
            if bytes[breakAt + 1] == UInt8(ascii: "\n") { return breakAt + 2 }
        }
        return breakAt + 1
    }
}
