import Foundation

/// A file read a piece at a time into one buffer that keeps only what is not yet used, so a
/// reader's memory stays the size of a piece (plus the longest record), whatever the file's size.
///
/// It makes the checks `SourceText` makes on a whole file: the byte-order mark is dropped,
/// UTF-16 and binary files are refused, and every byte is checked to be UTF-8 before a reader
/// sees it. A file that is not UTF-8 is reported with `NotUTF8`, for the caller to read it whole
/// (and as Windows-1252) instead.
struct ChunkedFile {
    struct NotUTF8: Error {}

    let file: String
    private let handle: FileHandle
    private let chunkSize: Int
    /// The unused bytes, from the first one a reader has not finished with.
    private(set) var buffer: [UInt8] = []
    /// True once the file's last byte is in `buffer`.
    private(set) var isAtEnd = false
    /// The file's size in bytes without its byte-order mark: the size of the text the
    /// whole-file reader would see, for limits that scale with it.
    private(set) var textSize = 0
    /// Bytes of `buffer` already checked to be UTF-8.
    private var checkedCount = 0
    /// Reads made so far, for tests of the growth rule in `advance(dropping:)`.
    private(set) var reads = 0

    /// Opens `url` and reads its first piece.
    init(url: URL, chunkSize: Int) throws {
        file = url.relativePath
        self.chunkSize = max(chunkSize, 16)
        do {
            handle = try FileHandle(forReadingFrom: url)
        } catch {
            throw ImportProblem(file: url.relativePath, line: nil, message: PublicationImporter.describeReadFailure(of: url))
        }
        do {
            textSize = Int(try handle.seekToEnd())
            try handle.seek(toOffset: 0)
        } catch {
            throw ImportProblem(file: file, line: nil, message: "cannot read the file: \(error.localizedDescription)")
        }
        try readPiece()
        if buffer.starts(with: [0xEF, 0xBB, 0xBF]) {
            buffer.removeFirst(3)
            textSize -= 3
        }
        if buffer.starts(with: [0xFF, 0xFE]) || buffer.starts(with: [0xFE, 0xFF]) {
            throw ImportProblem(file: file, line: nil, message: "the file is UTF-16 encoded; save it as UTF-8 and try again")
        }
        if buffer.prefix(8192).contains(0) {
            throw ImportProblem(file: file, line: nil, message: "this is a binary file, not a publication list (CSV, BibTeX, RIS, JSON, EndNote, Web of Science or JSON Lines)")
        }
        try checkUTF8()
    }

    /// Drops the first `count` bytes (used by the reader) and reads the next piece after what is left.
    mutating func advance(dropping count: Int) throws {
        precondition(!isAtEnd, "advance past the end of \(file)")
        buffer.removeSubrange(0..<count)
        checkedCount -= count
        // A reader that needs more starts again from its record's start, so a record of n bytes
        // read chunk by chunk cost O(n²/chunk) (a 100 MB quoted CSV field was rescanned 25 times).
        // Reading at least as much as is left doubles the buffer instead: O(n) in all.
        try readPiece(atLeast: buffer.count)
        try checkUTF8()
    }

    private mutating func readPiece(atLeast minimum: Int = 0) throws {
        let piece: Data?
        reads += 1
        do {
            piece = try handle.read(upToCount: max(chunkSize, minimum))
        } catch {
            throw ImportProblem(file: file, line: nil, message: "cannot read the file: \(error.localizedDescription)")
        }
        // Only an empty read ends the file: a short one may be followed by more.
        if let piece, !piece.isEmpty {
            buffer.append(contentsOf: piece)
        } else {
            isAtEnd = true
        }
    }

    /// Checks the bytes not yet checked, up to the last whole UTF-8 sequence (the rest of one
    /// cut by the piece's end is checked with the next piece).
    private mutating func checkUTF8() throws {
        var end = buffer.count
        if !isAtEnd {
            var lead = end
            while lead > checkedCount, lead > end - 4, buffer[lead - 1] & 0xC0 == 0x80 { lead -= 1 }
            if lead > checkedCount, lead > end - 4 {
                let first = buffer[lead - 1]
                let length = first >= 0xF0 ? 4 : first >= 0xE0 ? 3 : first >= 0xC0 ? 2 : 1
                if lead - 1 + length > end { end = lead - 1 }
            }
        }
        guard end > checkedCount else { return }
        let valid = buffer.withUnsafeBufferPointer { bytes in
            String(validating: UnsafeBufferPointer(rebasing: bytes[checkedCount..<end]), as: UTF8.self) != nil
        }
        guard valid else { throw NotUTF8() }
        checkedCount = end
    }
}
