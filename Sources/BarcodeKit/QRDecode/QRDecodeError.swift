import Foundation

/// Why a QR Code module grid could not be turned into content, in words that say what to
/// try next. A decoder that throws never guesses: a symbol it cannot verify is refused.
public enum QRDecodeError: Error, Sendable, Equatable, LocalizedError {
    /// The grid is neither 21…177 modules with size ≡ 1 (mod 4) nor a Micro QR size 11…17
    /// (§6.2).
    case invalidSize(Int)
    /// Neither copy of the format information is within 3 bits of a valid BCH(15,5)
    /// codeword (§7.9, Annex C).
    case formatInformationUnreadable
    /// The version information (§7.10) names another version than the grid's size gives,
    /// so the grid was sampled with the wrong number of modules.
    case versionInformationMismatch(encoded: Int, fromSize: Int)
    /// Block `block` (1-based, of `blocks`) has more errors than its error-correction
    /// codewords can correct (§7.5, Table 9).
    case tooManyErrors(block: Int, blocks: Int)
    /// The corrected data does not follow the syntax of §7.4 at bit `bit` of the data
    /// codewords.
    case invalidBitstream(bit: Int, reason: String)
    /// An ECI designator (§7.4.2) whose character set this decoder does not know.
    case unsupportedECI(Int)
    /// Byte-mode data that is not valid in the character set its ECI declares.
    case textNotInCharacterSet(eci: Int)

    public var errorDescription: String? {
        switch self {
        case .invalidSize(let size):
            "a QR Code is 21 to 177 modules wide in steps of 4 (Micro QR 11 to 17 in steps of 2), not \(size): the grid was sampled with the wrong module count"
        case .formatInformationUnreadable:
            "both copies of the format information (error-correction level and mask) are damaged beyond repair; rescan the code with its corners visible"
        case .versionInformationMismatch(let encoded, let fromSize):
            "the version information says version \(encoded), but the grid has the size of version \(fromSize): sample the symbol again with \(17 + 4 * encoded) modules per side"
        case .tooManyErrors(let block, let blocks):
            "error-correction block \(block) of \(blocks) has more damaged codewords than it can correct; rescan the code sharper or with less glare"
        case .invalidBitstream(let bit, let reason):
            "the corrected data is malformed at bit \(bit) (\(reason)); the symbol was made by a faulty encoder"
        case .unsupportedECI(let eci):
            "the symbol declares ECI \(eci), a character set this reader does not support"
        case .textNotInCharacterSet(let eci):
            "the symbol's data is not valid text in the character set of ECI \(eci) it declares"
        }
    }
}
