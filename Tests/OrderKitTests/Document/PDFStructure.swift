import Foundation

/// The writer's output read back by hand, independently of the writer: the cross-reference
/// table found through `startxref`, its entries, the trailer, and each stream with its /Length.
struct PDFStructure {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    let bytes: [UInt8]
    /// Object number → byte offset, for the in-use ("n") entries.
    let offsets: [Int: Int]
    let trailer: String
    let xrefOffset: Int

    init(_ bytes: [UInt8]) throws {
        self.bytes = bytes
        // Latin-1 maps every byte to one character, so string indices are byte offsets.
        let text = String(bytes.map { Character(Unicode.Scalar($0)) })
        guard let marker = text.range(of: "startxref\n", options: .backwards) else { throw Failure(description: "no startxref") }
        let digits = text[marker.upperBound...].prefix { $0.isNumber }
        guard let xref = Int(digits) else { throw Failure(description: "startxref has no offset") }
        xrefOffset = xref
        let table = Array(bytes[xref...])
        guard table.starts(with: Array("xref\n".utf8)) else { throw Failure(description: "startxref \(xref) does not point at 'xref'") }
        let afterKeyword = String(decoding: table.dropFirst(5).prefix(40), as: UTF8.self)
        let header = afterKeyword.prefix { $0 != "\n" }
        let counts = header.split(separator: " ").compactMap { Int($0) }
        guard counts.count == 2, counts[0] == 0 else { throw Failure(description: "xref subsection header '\(header)'") }
        let entriesStart = xref + 5 + header.utf8.count + 1
        var offsets: [Int: Int] = [:]
        for number in 0..<counts[1] {
            let entry = String(decoding: bytes[(entriesStart + 20 * number)..<(entriesStart + 20 * number + 20)], as: UTF8.self)
            guard entry.hasSuffix(" \n") || entry.hasSuffix("\r\n") else { throw Failure(description: "entry \(number) is not 20 bytes: '\(entry)'") }
            let fields = entry.split(separator: " ")
            guard fields.count >= 3, let offset = Int(fields[0]) else { throw Failure(description: "entry \(number): '\(entry)'") }
            if fields[2].hasPrefix("n") { offsets[number] = offset }
        }
        self.offsets = offsets
        let trailerStart = entriesStart + 20 * counts[1]
        trailer = String(decoding: bytes[trailerStart..<bytes.count], as: UTF8.self)
    }

    /// The bytes at an offset, as text, for a prefix check.
    func text(at offset: Int, length: Int) -> String {
        String(decoding: bytes[offset..<min(bytes.count, offset + length)], as: UTF8.self)
    }

    /// Every "<< /Length n >>\nstream\n…\nendstream": whether n bytes after "stream\n" are
    /// followed exactly by "\nendstream".
    func streamLengthsAreExact() -> [Bool] {
        let text = String(bytes.map { Character(Unicode.Scalar($0)) })
        var results: [Bool] = []
        var searchFrom = text.startIndex
        while let found = text.range(of: "<< /Length ", range: searchFrom..<text.endIndex) {
            let digits = text[found.upperBound...].prefix { $0.isNumber }
            let afterDigits = text.index(found.upperBound, offsetBy: digits.count)
            guard let length = Int(digits), text[afterDigits...].hasPrefix(" >>\nstream\n") else {
                results.append(false)
                searchFrom = found.upperBound
                continue
            }
            let dataStart = text.index(afterDigits, offsetBy: " >>\nstream\n".count)
            let dataEnd = text.index(dataStart, offsetBy: length)
            results.append(text[dataEnd...].hasPrefix("\nendstream"))
            searchFrom = dataEnd
        }
        return results
    }
}
