/// The three ways an EAN/UPC symbol character can draw a digit in 7 modules, 2 bars and 2 spaces.
///
/// GS1 General Specifications §5.2 (EAN/UPC symbology, "number sets A, B and C"); ISO/IEC 15420.
/// Common usage, followed here, calls them L, G and R. Set L has odd parity (an odd number of
/// dark modules), G even parity; R is L with modules inverted and G is R read backwards, so a
/// scanner can tell the direction of reading and which set a left-half digit came from.
public enum EANDigitSet: Sendable, Hashable, CaseIterable {
    /// Number set A: odd parity, left half of every symbol.
    case l
    /// Number set B: even parity, left half of EAN-13 and UPC-E and in add-ons.
    case g
    /// Number set C: right half of EAN-13, EAN-8 and UPC-A.
    case r

    /// The 7 modules of `digit` (0–9) in this set, `true` for a bar, left to right.
    public func modules(for digit: Int) -> [Bool] {
        let l = Self.setL[digit]
        switch self {
        case .l: return l
        case .r: return l.map { !$0 }
        case .g: return l.map { !$0 }.reversed()
        }
    }

    /// Set L written out from the GS1 table; the other two sets follow from it (see above).
    private static let setL: [[Bool]] = [
        "0001101", "0011001", "0010011", "0111101", "0100011",
        "0110001", "0101111", "0111011", "0110111", "0001011",
    ].map { pattern in pattern.map { $0 == "1" } }
}
