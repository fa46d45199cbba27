/// The four error-correction levels of ISO/IEC 18004:2015 §5.3.7, weakest first: they recover
/// about 7 %, 15 %, 25 % and 30 % of the codewords.
public enum QRErrorCorrection: Int, Sendable, Hashable, CaseIterable, Codable {
    case low, medium, quartile, high

    /// The level indicator of the format information (ISO/IEC 18004:2015 Table 12):
    /// L = 01, M = 00, Q = 11, H = 10 — not in the order of strength.
    var formatBits: Int {
        switch self {
        case .low: 1
        case .medium: 0
        case .quartile: 3
        case .high: 2
        }
    }

    /// The letter the standard uses (L, M, Q, H), as in "40-L".
    public var letter: String {
        switch self {
        case .low: "L"
        case .medium: "M"
        case .quartile: "Q"
        case .high: "H"
        }
    }
}
