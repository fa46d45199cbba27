/// Draws EAN-13, EAN-8, UPC-A and UPC-E numbers as modules.
///
/// Structure, guard patterns and quiet zones: GS1 General Specifications §5.2 (EAN/UPC
/// symbology) and ISO/IEC 15420. Left guard 101, centre guard 01010, right guard 101; UPC-E has
/// no centre or right guard but a special guard 010101. Quiet zones in modules (left, right):
/// EAN-13 11/7, EAN-8 7/7, UPC-A 9/9, UPC-E 9/7.
public enum EANUPCEncoder {
    /// The symbol for `code`, given with or without its check digit (a missing one is computed,
    /// a wrong one refused with the expected digit). UPC-E takes 6, 7 or 8 digits (see
    /// ``EANUPC/check(_:as:)``).
    public static func encode(_ code: String, as format: BarcodeFormat) throws(BarcodeError) -> LinearSymbol {
        let checked = try complete(code, as: format)
        let digits = checked.digits.compactMap(GS1CheckDigit.digitValue)
        switch format {
        case .ean13: return ean13(digits, format: .ean13, text: checked.digits)
        case .upcA: return ean13([0] + digits, format: .upcA, text: checked.digits)
        case .ean8: return ean8(digits, text: checked.digits)
        default: return upcE(digits, text: checked.digits)
        }
    }

    /// `code` checked, with its check digit computed first when it has none.
    private static func complete(_ code: String, as format: BarcodeFormat) throws(BarcodeError) -> CheckedCode {
        let digits = try EANUPC.digitValues(code, format: format)
        if format != .upcE, digits.count == EANUPC.fullLength(format) - 1 {
            return try EANUPC.check(try EANUPC.compute(code, as: format), as: format)
        }
        if format != .upcE, digits.count != EANUPC.fullLength(format) {
            throw .wrongLength(
                digits.count, format: format,
                expected: "\(EANUPC.fullLength(format)) digits (or \(EANUPC.fullLength(format) - 1) without the check digit)")
        }
        return try EANUPC.check(code, as: format)
    }

    private static let startGuard: [Bool] = [true, false, true]
    private static let centreGuard: [Bool] = [false, true, false, true, false]
    private static let upcEEndGuard: [Bool] = [false, true, false, true, false, true]

    /// EAN-13, and UPC-A as the EAN-13 symbol of 0 + its 12 digits (all-L left half).
    private static func ean13(_ digits: [Int], format: BarcodeFormat, text: String) -> LinearSymbol {
        let leftSets = EANParityPatterns.ean13(leadingDigit: digits[0])
        var modules = startGuard
        for (digit, set) in zip(digits[1...6], leftSets) { modules += set.modules(for: digit) }
        modules += centreGuard
        for digit in digits[7...12] { modules += EANDigitSet.r.modules(for: digit) }
        modules += startGuard

        let centres = halfCentres(start: 3, count: 6) + halfCentres(start: 50, count: 6)
        if format == .ean13 {
            // The leading digit is printed in the left quiet zone, its 7-module-wide figure
            // ending clear of the guard (GS1 General Specifications §5.2, human readable interpretation).
            let readable = zip(text, [-6.0] + centres).map { (character: $0.0, centre: $0.1) }
            return LinearSymbol(
                format: .ean13, modules: modules, quietZone: (11, 7), text: text,
                guardRanges: [0..<3, 45..<50, 92..<95], humanReadable: readable)
        }
        // UPC-A prints its number-system and check digits, smaller, outside the bars, and
        // draws their symbol characters as long as the guards.
        let upcCentres = [-4.5] + centres[1...10] + [99.5]
        let readable = zip(text, upcCentres).map { (character: $0.0, centre: $0.1) }
        return LinearSymbol(
            format: .upcA, modules: modules, quietZone: (9, 9), text: text,
            guardRanges: [0..<10, 45..<50, 85..<95], humanReadable: readable)
    }

    private static func ean8(_ digits: [Int], text: String) -> LinearSymbol {
        var modules = startGuard
        for digit in digits[0...3] { modules += EANDigitSet.l.modules(for: digit) }
        modules += centreGuard
        for digit in digits[4...7] { modules += EANDigitSet.r.modules(for: digit) }
        modules += startGuard
        let centres = halfCentres(start: 3, count: 4) + halfCentres(start: 36, count: 4)
        return LinearSymbol(
            format: .ean8, modules: modules, quietZone: (7, 7), text: text,
            guardRanges: [0..<3, 31..<36, 64..<67],
            humanReadable: zip(text, centres).map { (character: $0.0, centre: $0.1) })
    }

    /// UPC-E: number system and check digit are not drawn as characters but chosen by the
    /// L/G pattern of the six data digits; they are printed outside the bars like UPC-A's.
    private static func upcE(_ digits: [Int], text: String) -> LinearSymbol {
        let sets = EANParityPatterns.upcE(numberSystem: digits[0], checkDigit: digits[7])
        var modules = startGuard
        for (digit, set) in zip(digits[1...6], sets) { modules += set.modules(for: digit) }
        modules += upcEEndGuard
        let centres = [-4.5] + halfCentres(start: 3, count: 6) + [54.5]
        return LinearSymbol(
            format: .upcE, modules: modules, quietZone: (9, 7), text: text,
            guardRanges: [0..<3, 45..<51],
            humanReadable: zip(text, centres).map { (character: $0.0, centre: $0.1) })
    }

    /// Centres of `count` 7-module symbol characters starting at module `start`.
    private static func halfCentres(start: Int, count: Int) -> [Double] {
        (0..<count).map { Double(start + 7 * $0) + 3.5 }
    }
}
