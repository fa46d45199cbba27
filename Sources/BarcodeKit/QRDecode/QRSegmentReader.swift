/// Reads the data of one segment, given its character count, as bytes (§7.4.4–7.4.6).
enum QRSegmentReader {
    /// Three digits in 10 bits, a final two in 7 or one in 4 (§7.4.4).
    static func numeric(_ reader: inout QRBitReader, count: Int) throws(QRDecodeError) -> [UInt8] {
        var digits: [UInt8] = []
        digits.reserveCapacity(count)
        var left = count
        while left > 0 {
            let group = min(3, left)
            let start = reader.position
            guard let value = reader.read([0, 4, 7, 10][group]) else {
                throw .invalidBitstream(bit: start, reason: "numeric segment cut short")
            }
            guard value < [1, 10, 100, 1000][group] else {
                throw .invalidBitstream(bit: start, reason: "numeric group \(value) has more than \(group) digits")
            }
            let text = String(value)
            digits += [UInt8](repeating: 0x30, count: group - text.utf8.count) + Array(text.utf8)
            left -= group
        }
        return digits
    }

    /// Pairs as 45·first + second in 11 bits, a final character in 6 (§7.4.5, Table 5).
    static func alphanumeric(_ reader: inout QRBitReader, count: Int) throws(QRDecodeError) -> [UInt8] {
        var characters: [UInt8] = []
        characters.reserveCapacity(count)
        var left = count
        while left > 0 {
            let start = reader.position
            let pair = left >= 2
            guard let value = reader.read(pair ? 11 : 6) else {
                throw .invalidBitstream(bit: start, reason: "alphanumeric segment cut short")
            }
            guard value < (pair ? 45 * 45 : 45) else {
                throw .invalidBitstream(bit: start, reason: "alphanumeric value \(value) out of range")
            }
            if pair { characters.append(alphabet[value / 45]) }
            characters.append(alphabet[value % 45])
            left -= pair ? 2 : 1
        }
        return characters
    }

    private static let alphabet = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:".utf8)

    /// Under FNC1 (§7.4.8.1) alphanumeric "%" is the FNC1 separator, sent as GS (0x1D),
    /// and "%%" is a literal "%".
    static func fnc1Separators(_ bytes: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var i = 0
        while i < bytes.count {
            if bytes[i] == UInt8(ascii: "%") {
                let doubled = i + 1 < bytes.count && bytes[i + 1] == UInt8(ascii: "%")
                result.append(doubled ? UInt8(ascii: "%") : 0x1D)
                i += doubled ? 2 : 1
            } else {
                result.append(bytes[i])
                i += 1
            }
        }
        return result
    }

    static func bytes(_ reader: inout QRBitReader, count: Int) throws(QRDecodeError) -> [UInt8] {
        let start = reader.position
        guard reader.remaining >= count * 8 else {
            throw .invalidBitstream(bit: start, reason: "byte segment of \(count) bytes cut short")
        }
        return (0..<count).map { _ in UInt8(reader.read(8) ?? 0) }
    }

    /// 13-bit values back to Shift JIS pairs (§7.4.6): value = (high · 0xC0 + low) of the
    /// code minus 0x8140, or minus 0xC140 for codes from 0xE040.
    static func kanji(_ reader: inout QRBitReader, count: Int) throws(QRDecodeError) -> [UInt8] {
        try doubleByte(reader: &reader, count: count, mode: "kanji") { value in
            let code = (value / 0xC0) << 8 | value % 0xC0
            return code + (code < 0x1F00 ? 0x8140 : 0xC140)
        }
    }

    /// Hanzi mode (GB/T 18284, subset 1): 13-bit values back to GB 2312 pairs, the same
    /// scheme with 0x60 per row and offsets 0xA1A1 (below 0xAA) and 0xA6A1.
    static func hanzi(_ reader: inout QRBitReader, count: Int) throws(QRDecodeError) -> [UInt8] {
        try doubleByte(reader: &reader, count: count, mode: "Hanzi") { value in
            let code = (value / 0x60) << 8 | value % 0x60
            return code + (code < 0x0A00 ? 0xA1A1 : 0xA6A1)
        }
    }

    private static func doubleByte(
        reader: inout QRBitReader, count: Int, mode: String, code: (Int) -> Int
    ) throws(QRDecodeError) -> [UInt8] {
        let start = reader.position
        guard reader.remaining >= count * 13 else {
            throw .invalidBitstream(bit: start, reason: "\(mode) segment of \(count) characters cut short")
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(count * 2)
        for _ in 0..<count {
            let value = code(reader.read(13) ?? 0)
            bytes += [UInt8(truncatingIfNeeded: value >> 8), UInt8(truncatingIfNeeded: value)]
        }
        return bytes
    }
}
