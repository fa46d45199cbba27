/// The segments of a data bit stream (ISO/IEC 18004:2015 §7.4): mode indicators, character
/// counts and data, ECI designators, FNC1 and structured-append headers, up to the
/// terminator or the end of the data codewords.
struct QRBitstream: Sendable {
    enum FNC1: Sendable, Hashable {
        /// GS1 data (§7.4.8.2): text is a GS1 element string.
        case first
        /// Another industry's format (§7.4.8.3), named by two digits or a letter.
        case second(applicationIndicator: String)
    }

    var pieces: [QRTextPiece] = []
    var structuredAppend: DecodedBarcode.StructuredAppend?
    var fnc1: FNC1?
    var hasECI = false

    /// Mode indicators of Table 2 (Hanzi, 1101, is GB/T 18284's addition for GB 2312).
    private enum Indicator: Int {
        case terminator = 0b0000, numeric = 0b0001, alphanumeric = 0b0010, structuredAppend = 0b0011
        case byte = 0b0100, fnc1First = 0b0101, eci = 0b0111, kanji = 0b1000, fnc1Second = 0b1001
        case hanzi = 0b1101
    }

    static func parse(_ data: [UInt8], version: Int) throws(QRDecodeError) -> QRBitstream {
        var stream = QRBitstream()
        var reader = QRBitReader(data)
        var byteCharacterSet = QRTextPiece.CharacterSet.unspecified
        // A stream may end without a terminator when it fills the symbol (§7.4.9).
        while reader.remaining >= 4 {
            let start = reader.position
            guard let value = reader.read(4), let indicator = Indicator(rawValue: value) else {
                throw .invalidBitstream(bit: start, reason: "unknown mode indicator")
            }
            switch indicator {
            case .terminator:
                return stream
            case .structuredAppend:
                guard let index = reader.read(4), let count = reader.read(4), let parity = reader.read(8) else {
                    throw .invalidBitstream(bit: start, reason: "structured-append header cut short")
                }
                stream.structuredAppend = .init(index: index, count: count + 1, parity: UInt8(parity))
            case .fnc1First:
                stream.fnc1 = .first
            case .fnc1Second:
                guard let indicator = reader.read(8), let name = applicationIndicator(indicator) else {
                    throw .invalidBitstream(bit: start + 4, reason: "FNC1 application indicator is neither 00–99 nor a letter")
                }
                stream.fnc1 = .second(applicationIndicator: name)
            case .eci:
                let eci = try designator(&reader)
                stream.hasECI = true
                byteCharacterSet = .eci(eci)
            case .numeric:
                let count = try characterCount(&reader, bits: QRMode.numeric.characterCountBits(version: version))
                try stream.append(QRSegmentReader.numeric(&reader, count: count), as: .ascii)
            case .alphanumeric:
                let count = try characterCount(&reader, bits: QRMode.alphanumeric.characterCountBits(version: version))
                var bytes = try QRSegmentReader.alphanumeric(&reader, count: count)
                if stream.fnc1 != nil { bytes = QRSegmentReader.fnc1Separators(bytes) }
                stream.append(bytes, as: .ascii)
            case .byte:
                let count = try characterCount(&reader, bits: QRMode.byte.characterCountBits(version: version))
                try stream.append(QRSegmentReader.bytes(&reader, count: count), as: byteCharacterSet)
            case .kanji:
                let count = try characterCount(&reader, bits: QRMode.kanji.characterCountBits(version: version))
                try stream.append(QRSegmentReader.kanji(&reader, count: count), as: .shiftJIS)
            case .hanzi:
                guard reader.read(4) == 1 else {
                    throw .invalidBitstream(bit: start + 4, reason: "Hanzi subset other than GB 2312")
                }
                let count = try characterCount(&reader, bits: QRMode.kanji.characterCountBits(version: version))
                try stream.append(QRSegmentReader.hanzi(&reader, count: count), as: .gb2312)
            }
        }
        return stream
    }

    private mutating func append(_ bytes: [UInt8], as characterSet: QRTextPiece.CharacterSet) {
        pieces.append(QRTextPiece(bytes: bytes, characterSet: characterSet))
    }

    private static func characterCount(_ reader: inout QRBitReader, bits: Int) throws(QRDecodeError) -> Int {
        let start = reader.position
        guard let count = reader.read(bits) else {
            throw .invalidBitstream(bit: start, reason: "character count cut short")
        }
        return count
    }

    /// An ECI designator of 1, 2 or 3 bytes: 0xxxxxxx, 10xxxxxx + 8 bits, 110xxxxx + 16 bits
    /// (§7.4.2.2, Table 4).
    private static func designator(_ reader: inout QRBitReader) throws(QRDecodeError) -> Int {
        let start = reader.position
        guard let first = reader.read(8) else { throw .invalidBitstream(bit: start, reason: "ECI designator cut short") }
        let value: Int?
        switch first {
        case 0..<0x80: value = first
        case 0x80..<0xC0: value = reader.read(8).map { (first & 0x3F) << 8 | $0 }
        case 0xC0..<0xE0: value = reader.read(16).map { (first & 0x1F) << 16 | $0 }
        default: value = nil
        }
        guard let value else { throw .invalidBitstream(bit: start, reason: "malformed ECI designator") }
        return value
    }

    /// §7.4.8.3: two digits as their value 0…99, a letter as its ASCII code + 100.
    private static func applicationIndicator(_ value: Int) -> String? {
        switch value {
        case 0...99: return value < 10 ? "0\(value)" : "\(value)"
        case 165...190, 197...222: return String(UnicodeScalar(UInt8(value - 100)))
        default: return nil
        }
    }
}
