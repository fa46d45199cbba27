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
    /// The size of the file's text (`ChunkedFile.textSize`).
    var textSize: Int { source.textSize }

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
        notices += result.notices
    }
}
