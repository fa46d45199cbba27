/// The data modes of ISO/IEC 18004:2015 §7.4 that the encoder writes.
enum QRMode: Int, Sendable, CaseIterable {
    case numeric, alphanumeric, byte, kanji

    /// The 4-bit mode indicator (Table 2).
    var indicator: UInt32 {
        switch self {
        case .numeric: 0b0001
        case .alphanumeric: 0b0010
        case .byte: 0b0100
        case .kanji: 0b1000
        }
    }

    /// Bits of the character count indicator (Table 3), which grows at versions 10 and 27.
    func characterCountBits(version: Int) -> Int {
        let group = version <= 9 ? 0 : (version <= 26 ? 1 : 2)
        switch self {
        case .numeric: return [10, 12, 14][group]
        case .alphanumeric: return [9, 11, 13][group]
        case .byte: return [8, 16, 16][group]
        case .kanji: return [8, 10, 12][group]
        }
    }

    /// Input bytes one character of this mode takes (a kanji is two Shift JIS bytes).
    var bytesPerCharacter: Int { self == .kanji ? 2 : 1 }

    /// Data bits for `characters` characters (§7.4.3–7.4.6): numeric packs 3 digits in 10
    /// bits, alphanumeric 2 characters in 11 bits, byte 8 bits, kanji 13 bits.
    func dataBits(characters: Int) -> Int {
        switch self {
        case .numeric: 10 * (characters / 3) + [0, 4, 7][characters % 3]
        case .alphanumeric: 11 * (characters / 2) + 6 * (characters % 2)
        case .byte: 8 * characters
        case .kanji: 13 * characters
        }
    }
}

/// The ECI mode indicator (0111) and, for UTF-8, the one-byte designator 000026
/// (ISO/IEC 18004:2015 §7.4.2.2; AIM ECI assignment 26 = UTF-8).
enum QRExtendedChannel {
    static let indicator: UInt32 = 0b0111
    static let utf8Designator: UInt32 = 26
    /// Mode indicator plus an 8-bit designator (values 0...127 take one byte).
    static let headerBits = 12
}

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
