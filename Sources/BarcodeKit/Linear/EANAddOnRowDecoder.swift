/// Reads an EAN-5 or EAN-2 add-on that follows a main EAN/UPC symbol on the same scan line.
///
/// GS1 General Specifications §5.2.2.6 (add-on symbols) and ISO/IEC 15420 Annex: after a gap
/// of 7–12 modules, a start pattern 1011, then characters from sets L and G separated by the
/// delineator 01, and a quiet zone of at least 5 modules. There is no check digit; the
/// pattern of L and G sets is the check (the value mod 4 for EAN-2, the weighted checksum for
/// EAN-5), so a reading is accepted only when its sets are the ones its digits require.
enum EANAddOnRowDecoder {
    /// Gap between the main symbol and the add-on accepted, in modules (7–12 nominal).
    static let gap: ClosedRange<Double> = 4.5...16

    /// The add-on starting after element `gapElement` (the space after the main symbol),
    /// whose module width was `x`; returns the digits and the element after the add-on.
    static func decode(_ line: ScanLine, gapElement: Int, module x: Double, quietZone: Double) -> (digits: String, end: Double)? {
        guard gapElement + 1 < line.elementCount else { return nil }
        let gapModules = line.width(gapElement) / x
        guard gap.contains(gapModules) else { return nil }
        for count in [5, 2] {
            if let digits = decode(line, start: gapElement + 1, count: count, x: x, quietZone: quietZone) {
                return digits
            }
        }
        return nil
    }

    private static func decode(_ line: ScanLine, start k: Int, count: Int, x mainModule: Double,
                               quietZone: Double) -> (digits: String, end: Double)? {
        // Start (3 elements), characters of 4, delineators of 2 between them.
        let elements = 3 + 4 * count + 2 * (count - 1)
        let modules = 4 + 7 * count + 2 * (count - 1)
        guard k + elements < line.elementCount else { return nil }
        let x = line.span(k, elements) / Double(modules)
        // Printed at the same X as its main symbol.
        guard x > 0.75 * mainModule, x < 1.33 * mainModule else { return nil }
        // The right quiet zone (5 modules nominal) is often cut by the label's edge; an EAN-5
        // needs 1.5 modules, an EAN-2 more, so that it is not read from the start of an EAN-5
        // (whose next element, the delineator's space, is 1 module).
        guard line.quietZone(k + elements, atLeast: min(quietZone, count == 5 ? 1.5 : 2.5), module: x) else { return nil }
        let startWidth = line.span(k, 3) / x
        guard abs(startWidth - 4) < 1.2, line.width(k + 2) > line.width(k) * 1.2 else { return nil }
        var digits: [Int] = []
        var sets: [EANDigitSet] = []
        for c in 0..<count {
            let i = k + 3 + 6 * c
            if c > 0 {
                let delineator = line.span(i - 2, 2) / x
                guard abs(delineator - 2) < 0.9 else { return nil }
            }
            let width = line.span(i, 4) / x
            guard width > 5.2, width < 8.8,
                  let match = EANCharacterMatcher.match(
                    line.width(i), line.width(i + 1), line.width(i + 2), line.width(i + 3), sets: .left, spread: 0)
            else { return nil }
            digits.append(match.digit)
            sets.append(match.set)
        }
        let expected = count == 2
            ? EANParityPatterns.addOn2(value: digits[0] * 10 + digits[1])
            : EANParityPatterns.addOn5(checksum: EANAddOn.checksum5(digits))
        guard sets == expected else { return nil }
        return (String(digits.map { Character(String($0)) }), line.boundaries[k + elements])
    }
}
