/// Which number set (L or G) each left-hand digit uses, where that choice itself carries data.
///
/// GS1 General Specifications §5.2 (EAN/UPC symbology) and ISO/IEC 15420: EAN-13's leading
/// digit is not drawn but implied by the L/G pattern of the next six digits; UPC-E's number
/// system and check digit are implied the same way; the add-ons' parities carry their checks.
public enum EANParityPatterns {
    /// The sets of EAN-13 digits 2–7 for each leading digit 0–9 ("first-digit parity table").
    /// Leading digit 0 gives all-L, which is why a UPC-A symbol is an EAN-13 symbol with a 0 in front.
    public static func ean13(leadingDigit: Int) -> [EANDigitSet] {
        parse(ean13Table[leadingDigit])
    }

    /// The sets of UPC-E's six digits for number system 0 or 1 and the check digit.
    /// Number system 1 swaps L and G in every row of the number-system-0 table. (Rows 1–9 are
    /// the EAN-13 rows with L and G swapped, but row 0 is not, so the table is kept whole.)
    public static func upcE(numberSystem: Int, checkDigit: Int) -> [EANDigitSet] {
        let row = parse(upcENumberSystem0Table[checkDigit])
        return numberSystem == 1 ? row.map { $0 == .l ? .g : .l } : row
    }

    /// The sets of a 2-digit add-on: its value mod 4 selects LL, LG, GL or GG.
    public static func addOn2(value: Int) -> [EANDigitSet] {
        parse(["LL", "LG", "GL", "GG"][value % 4])
    }

    /// The sets of a 5-digit add-on for its checksum (see ``EANAddOn/checksum5(_:)``): the last
    /// five entries of the UPC-E number-system-0 row for the same digit.
    public static func addOn5(checksum: Int) -> [EANDigitSet] {
        Array(upcE(numberSystem: 0, checkDigit: checksum).dropFirst())
    }

    private static let ean13Table = [
        "LLLLLL", "LLGLGG", "LLGGLG", "LLGGGL", "LGLLGG",
        "LGGLLG", "LGGGLL", "LGLGLG", "LGLGGL", "LGGLGL",
    ]

    private static let upcENumberSystem0Table = [
        "GGGLLL", "GGLGLL", "GGLLGL", "GGLLLG", "GLGGLL",
        "GLLGGL", "GLLLGG", "GLGLGL", "GLGLLG", "GLLGLG",
    ]

    private static func parse(_ row: String) -> [EANDigitSet] {
        row.map { $0 == "L" ? .l : .g }
    }
}
