/// The bytes of one file to import, as UTF-8 without a byte-order mark, with the name used in errors.
///
/// Readers work on bytes rather than `Character`s: grapheme breaking costs more than the
/// whole parse, and every delimiter these formats use is ASCII.
struct SourceText: Sendable {
    let file: String
    let bytes: [UInt8]

    /// Decodes raw file contents. UTF-8 (with or without BOM) is taken as is; anything else
    /// that is not binary is read as Windows-1252, which is what old exports on Windows wrote.
    init(file: String, contents: [UInt8]) throws(ImportProblem) {
        self.file = file
        var body = contents[...]
        if body.starts(with: [0xEF, 0xBB, 0xBF]) { body = body.dropFirst(3) }
        if body.starts(with: [0xFF, 0xFE]) || body.starts(with: [0xFE, 0xFF]) {
            throw ImportProblem(file: file, line: nil, message: "the file is UTF-16 encoded; save it as UTF-8 and try again")
        }
        if body.prefix(8192).contains(0) {
            throw ImportProblem(file: file, line: nil, message: "this is a binary file, not a publication list (CSV, BibTeX, RIS, JSON, EndNote, Web of Science or JSON Lines)")
        }
        if String(validating: body, as: UTF8.self) != nil {
            bytes = Array(body)
        } else {
            bytes = Array(String(body.map { Character(Unicode.Scalar(windows1252: $0)) }).utf8)
        }
    }

    /// A piece of a file read in pieces, whose bytes `ChunkedFile` has already checked.
    init(file: String, checkedPiece: [UInt8]) {
        self.file = file
        bytes = checkedPiece
    }

    /// The text between two byte offsets.
    func string(_ range: Range<Int>) -> String {
        String(decoding: bytes[range], as: UTF8.self)
    }
}

extension Unicode.Scalar {
    /// The scalar a Windows-1252 byte stands for (0x80–0x9F hold typographic marks, not controls).
    init(windows1252 byte: UInt8) {
        let high: [UInt32] = [
            0x20AC, 0x81, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x8D, 0x017D, 0x8F,
            0x90, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x9D, 0x017E, 0x0178,
        ]
        let value = (0x80...0x9F).contains(byte) ? high[Int(byte) - 0x80] : UInt32(byte)
        self = Unicode.Scalar(value) ?? Unicode.Scalar(UInt8(ascii: "?"))
    }
}
