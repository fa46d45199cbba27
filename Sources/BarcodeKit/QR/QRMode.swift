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
