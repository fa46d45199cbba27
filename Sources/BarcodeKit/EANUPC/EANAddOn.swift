/// The 2- and 5-digit add-on symbols (EAN-2, EAN-5) printed to the right of an EAN-13 or UPC-A
/// (periodicals' issue numbers, book prices).
///
/// GS1 General Specifications §5.2 (add-on symbols) and ISO/IEC 15420 annex: start pattern
/// 1011, characters from sets L and G separated by 01, no stop pattern. The parities carry the
/// check: the 2-digit value mod 4, or the 5-digit checksum (``checksum5(_:)``). An add-on
/// follows its main symbol after a gap of ``gap`` modules and needs 5 modules of quiet zone
/// on its right.
public enum EANAddOn {
    /// The allowed space between the main symbol's right guard and the add-on, in modules.
    public static let gap: ClosedRange<Int> = 7...12
    /// The quiet zone to the right of an add-on, in modules.
    public static let rightQuietZone = 5

    /// The add-on's modules for 2 or 5 digits, without gap or quiet zone: 20 modules for
    /// EAN-2, 47 for EAN-5. Add-ons have no format of their own, so refusals name EAN-13.
    public static func encode(_ digits: String) throws(BarcodeError) -> [Bool] {
        let values = try EANUPC.digitValues(digits, format: .ean13)
        let sets: [EANDigitSet]
        switch values.count {
        case 2: sets = EANParityPatterns.addOn2(value: values[0] * 10 + values[1])
        case 5: sets = EANParityPatterns.addOn5(checksum: checksum5(values))
        default: throw .wrongLength(values.count, format: .ean13, expected: "add-ons of 2 or 5 digits")
        }
        var modules = [true, false, true, true]
        for (index, (value, set)) in zip(values, sets).enumerated() {
            if index > 0 { modules += [false, true] }
            modules += set.modules(for: value)
        }
        return modules
    }

    /// The 5-digit add-on's checksum: 3 × (digits 1, 3, 5) + 9 × (digits 2, 4), mod 10.
    /// It is not printed; it selects the parity pattern.
    public static func checksum5(_ digits: [Int]) -> Int {
        let odd = digits.enumerated().filter { $0.offset.isMultiple(of: 2) }.map(\.element).reduce(0, +)
        let even = digits.enumerated().filter { !$0.offset.isMultiple(of: 2) }.map(\.element).reduce(0, +)
        return (3 * odd + 9 * even) % 10
    }
}
