/// The Micro QR bit stream (ISO/IEC 18004:2015 §7.4, Tables 2 and 3): mode indicators of
/// M − 1 bits (none in M1, which holds digits only), shorter character counts, no ECI,
/// FNC1 or structured append, and a terminator of 2M + 1 zero bits.
enum MicroQRBitstream {
    /// Character count bits by mode (numeric, alphanumeric, byte, kanji) and version M1…M4;
    /// 0 where the mode does not exist.
    private static let countBits: [[Int]] = [[3, 4, 5, 6], [0, 3, 4, 5], [0, 0, 4, 5], [0, 0, 3, 4]]

    static func parse(_ data: [UInt8], bitCount: Int, version: Int) throws(QRDecodeError) -> QRBitstream {
        var stream = QRBitstream()
        var reader = QRBitReader(data, bitCount: bitCount)
        let terminator = 2 * version + 1
        while reader.remaining > 0 {
            // The terminator, or as much of it as fits, ends the data.
            var peek = reader
            if peek.read(min(terminator, reader.remaining)) == 0 { break }
            let start = reader.position
            guard let mode = reader.read(version - 1), mode < 4, countBits[mode][version - 1] > 0 else {
                throw .invalidBitstream(bit: start, reason: "mode indicator not defined for M\(version)")
            }
            guard let count = reader.read(countBits[mode][version - 1]) else {
                throw .invalidBitstream(bit: reader.position, reason: "character count cut short")
            }
            switch mode {
            case 0: stream.pieces.append(.init(bytes: try QRSegmentReader.numeric(&reader, count: count), characterSet: .ascii))
            case 1: stream.pieces.append(.init(bytes: try QRSegmentReader.alphanumeric(&reader, count: count), characterSet: .ascii))
            case 2: stream.pieces.append(.init(bytes: try QRSegmentReader.bytes(&reader, count: count), characterSet: .unspecified))
            default: stream.pieces.append(.init(bytes: try QRSegmentReader.kanji(&reader, count: count), characterSet: .shiftJIS))
            }
        }
        return stream
    }
}
