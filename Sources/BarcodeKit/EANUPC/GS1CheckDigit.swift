/// The GS1 mod-10 check digit shared by EAN-13, EAN-8, UPC-A and UPC-E (and every GTIN).
///
/// GS1 General Specifications §7.9.1 ("Standard check digit calculations for GS1 data
/// structures"): counting from the rightmost data digit, digits are weighted 3, 1, 3, 1, …;
/// the check digit is what brings the weighted sum up to the next multiple of ten.
public enum GS1CheckDigit {
    /// The check digit for `digits` (the data digits only, without a check digit).
    ///
    /// Callers pass ASCII digits; ``EANUPC/check(_:)`` and ``EANUPC/compute(_:as:)`` reject
    /// anything else first. A non-digit character here counts as 0 rather than trapping.
    public static func compute(_ digits: some StringProtocol) -> Character {
        var sum = 0
        for (offsetFromRight, character) in digits.reversed().enumerated() {
            let weight = offsetFromRight.isMultiple(of: 2) ? 3 : 1
            sum += weight * (GS1CheckDigit.digitValue(character) ?? 0)
        }
        let check = (10 - sum % 10) % 10
        return Character(String(check))
    }

    /// Whether the last character of `code` is the check digit of the ones before it and
    /// every character is an ASCII digit. Says nothing about the length a symbology needs.
    public static func isValid(_ code: some StringProtocol) -> Bool {
        guard let last = code.last, code.count >= 2, code.allSatisfy({ digitValue($0) != nil }) else {
            return false
        }
        return compute(code.dropLast()) == last
    }

    /// 0–9 for the ASCII digits only: `Character.wholeNumberValue` would also accept "٣" or "５",
    /// which no EAN/UPC symbol can carry.
    static func digitValue(_ character: Character) -> Int? {
        guard let ascii = character.asciiValue, ascii >= 0x30, ascii <= 0x39 else { return nil }
        return Int(ascii - 0x30)
    }
}
