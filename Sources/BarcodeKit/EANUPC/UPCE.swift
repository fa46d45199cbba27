/// UPC-E, the zero-suppressed form of UPC-A numbers of number system 0 or 1, and its conversion
/// to and from UPC-A.
///
/// GS1 General Specifications §5.2 (UPC-E zero suppression). With UPC-E digits `n d1…d6 c`,
/// the last data digit `d6` says where the zeros went:
///
/// | d6    | UPC-A                                  |
/// |-------|----------------------------------------|
/// | 0–2   | `n d1 d2 d6 0 0 | 0 0 d3 d4 d5 c`      |
/// | 3     | `n d1 d2 d3 0 0 | 0 0 0 d4 d5 c`       |
/// | 4     | `n d1 d2 d3 d4 0 | 0 0 0 0 d5 c`       |
/// | 5–9   | `n d1 d2 d3 d4 d5 | 0 0 0 0 d6 c`      |
///
/// The check digit is the UPC-A one, so it is unchanged by the conversion.
public enum UPCE {
    /// The 12-digit UPC-A number of a UPC-E: 8 digits (number system, six digits, check
    /// digit, which must match), 7 (no check digit) or 6 (number system 0 implied, no check
    /// digit); a missing check digit is computed.
    ///
    /// Non-canonical forms such as `d6 = 3` with `d3` 0–2 expand as the table says, although
    /// ``compress(_:)`` never produces them.
    public static func expand(_ upce: String) throws(BarcodeError) -> String {
        let digits = try EANUPC.digitValues(upce, format: .upcE)
        let numberSystem: Int
        let six: ArraySlice<Int>
        switch digits.count {
        case 6: (numberSystem, six) = (0, digits[0..<6])
        case 7, 8: (numberSystem, six) = (digits[0], digits[1..<7])
        default:
            throw .wrongLength(digits.count, format: .upcE, expected: "8 digits (or 6-7 without the check digit)")
        }
        guard numberSystem == 0 || numberSystem == 1 else {
            throw .invalidCharacter(
                Character(String(numberSystem)), position: 1, format: .upcE,
                allowed: "0 or 1 first: UPC-E exists only for number systems 0 and 1")
        }
        let d = Array(six)
        let manufacturerAndProduct: [Int]
        switch d[5] {
        case 0...2: manufacturerAndProduct = [d[0], d[1], d[5], 0, 0, 0, 0, d[2], d[3], d[4]]
        case 3: manufacturerAndProduct = [d[0], d[1], d[2], 0, 0, 0, 0, 0, d[3], d[4]]
        case 4: manufacturerAndProduct = [d[0], d[1], d[2], d[3], 0, 0, 0, 0, 0, d[4]]
        default: manufacturerAndProduct = [d[0], d[1], d[2], d[3], d[4], 0, 0, 0, 0, d[5]]
        }
        let body = ([numberSystem] + manufacturerAndProduct).map(String.init).joined()
        let expected = GS1CheckDigit.compute(body)
        if digits.count == 8, let found = upce.last, found != expected {
            throw .wrongCheckDigit(found: found, expected: expected, format: .upcE)
        }
        return body + String(expected)
    }

    /// The 8-digit UPC-E of a 12-digit UPC-A, or `nil` when the UPC-A is not valid (characters,
    /// length, check digit), is not number system 0 or 1, or has its zeros where UPC-E cannot
    /// suppress them.
    public static func compress(_ upca: String) -> String? {
        let digits = upca.compactMap(GS1CheckDigit.digitValue)
        guard digits.count == 12, upca.count == 12, GS1CheckDigit.isValid(upca), digits[0] <= 1 else { return nil }
        let manufacturer = Array(digits[1...5])
        let product = Array(digits[6...10])
        let six: [Int]
        // Tried in this order so that the result expands back to the same UPC-A and is the
        // canonical UPC-E for it.
        if manufacturer[2] <= 2, manufacturer[3] == 0, manufacturer[4] == 0, product[0...1] == [0, 0] {
            six = [manufacturer[0], manufacturer[1], product[2], product[3], product[4], manufacturer[2]]
        } else if manufacturer[3] == 0, manufacturer[4] == 0, product[0...2] == [0, 0, 0] {
            six = [manufacturer[0], manufacturer[1], manufacturer[2], product[3], product[4], 3]
        } else if manufacturer[4] == 0, product[0...3] == [0, 0, 0, 0] {
            six = [manufacturer[0], manufacturer[1], manufacturer[2], manufacturer[3], product[4], 4]
        } else if product[0...3] == [0, 0, 0, 0], product[4] >= 5 {
            six = manufacturer + [product[4]]
        } else {
            return nil
        }
        return ([digits[0]] + six + [digits[11]]).map(String.init).joined()
    }
}
