/// Which characters each mode can hold, for bytes of the input.
enum QRCharacterSet {
    /// The 45 characters of alphanumeric mode mapped to their values (Table 5); -1 elsewhere.
    static let alphanumericValues: [Int8] = {
        var table = [Int8](repeating: -1, count: 256)
        for (value, byte) in Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:".utf8).enumerated() {
            table[Int(byte)] = Int8(value)
        }
        return table
    }()

    @inline(__always)
    static func isNumeric(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    @inline(__always)
    static func isAlphanumeric(_ byte: UInt8) -> Bool { alphanumericValues[Int(byte)] >= 0 }

    /// The 13-bit kanji-mode value of a Shift JIS double-byte character (§7.4.6), or nil when
    /// the pair lies outside 0x8140...0x9FFC and 0xE040...0xEBBF or has an invalid trail byte.
    static func kanjiValue(_ lead: UInt8, _ trail: UInt8) -> Int? {
        guard (0x40...0xFC).contains(trail), trail != 0x7F else { return nil }
        let code = Int(lead) << 8 | Int(trail)
        let offset: Int
        if (0x8140...0x9FFC).contains(code) {
            offset = code - 0x8140
        } else if (0xE040...0xEBBF).contains(code) {
            offset = code - 0xC140
        } else {
            return nil
        }
        return (offset >> 8) * 0xC0 + (offset & 0xFF)
    }
}
