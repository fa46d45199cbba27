/// Finds EAN-13 (and UPC-A), EAN-8 and UPC-E symbols on one scan line, read left to right.
///
/// Symbol structure from ISO/IEC 15420 and GS1 General Specifications §5.2: a normal guard
/// 101, the left-half characters (sets L/G, space first), the centre guard 01010, the
/// right-half characters (set R, bar first) and a normal guard; UPC-E has six characters and
/// the special guard 010101. Every candidate must have the right total proportions, guards
/// of the right width, characters that match their tables, a valid parity pattern and check
/// digit, and quiet zones on both sides; anything less is no reading at all.
struct EANUPCRowDecoder: Sendable {
    /// Which of the main symbols to look for.
    var ean13: Bool
    var ean8: Bool
    var upcE: Bool
    /// Smallest quiet zone accepted each side, in modules. The standard asks for 7 to 11; real
    /// labels are often trimmed closer, and the other checks keep a relaxed value safe.
    var quietZone: Double

    /// The first symbol that starts at bar element `k` (the first bar of the left guard).
    func decode(_ line: ScanLine, at k: Int) -> RowReading? {
        guard mayStart(line, at: k) else { return nil }
        if ean13, let reading = decodeEAN13(line, k) { return reading }
        if upcE, let reading = decodeUPCE(line, k) { return reading }
        if ean8, let reading = decodeEAN8(line, k) { return reading }
        return nil
    }

    /// Whether bar element `k` may begin a symbol: three guard elements of about one module,
    /// a space before them that looks like a quiet zone, and for one of the formats looked
    /// for, the whole symbol's proportions and quiet zones (``frame``). Few elements of a line
    /// pass, so the reader asks this before paying for a full decode.
    @inline(__always)
    func mayStart(_ line: ScanLine, at k: Int) -> Bool {
        guard k >= 1, k + 2 < line.elementCount else { return false }
        let g0 = line.width(k), g1 = line.width(k + 1), g2 = line.width(k + 2)
        let x = (g0 + g1 + g2) / 3
        guard x > 0.3, within(g0, x), within(g1, x), within(g2, x),
              line.quietZone(k - 1, atLeast: quietZone * 0.6, module: x)
        else { return false }
        return ean13 && frame(line, k, elements: 59, modules: 95, rightQuietElement: k + 59) != nil
            || upcE && frame(line, k, elements: 33, modules: 51, rightQuietElement: k + 33) != nil
            || ean8 && frame(line, k, elements: 43, modules: 67, rightQuietElement: k + 43) != nil
    }

    /// A guard element of nominal width 1 module: ink spread and blur may make it up to
    /// about half a module wider or narrower.
    @inline(__always)
    private func within(_ width: Double, _ module: Double) -> Bool {
        width > 0.35 * module && width < 1.9 * module
    }

    /// Checks the overall proportions and quiet zones of a symbol of `elements` elements and
    /// `modules` modules starting at `k`; returns the module width.
    private func frame(_ line: ScanLine, _ k: Int, elements: Int, modules: Int, rightQuietElement: Int) -> Double? {
        guard k + elements < line.elementCount else { return nil }
        let x = line.span(k, elements) / Double(modules)
        guard line.quietZone(k - 1, atLeast: quietZone, module: x),
              line.quietZone(rightQuietElement, atLeast: quietZone, module: x)
        else { return nil }
        return x
    }

    /// `count` elements of a guard starting at `k` measure `modules` modules of width `x`.
    @inline(__always)
    private func guardFits(_ line: ScanLine, _ k: Int, count: Int, modules: Double, x: Double) -> Bool {
        let measured = line.span(k, count) / x
        guard abs(measured - modules) < 0.3 * modules + 0.6 else { return false }
        for i in k..<(k + count) where !within(line.width(i), x) { return false }
        return true
    }

    /// Ink spread in modules: how much wider the guard bars are than the guard spaces, halved.
    private func spread(_ line: ScanLine, bars: [Int], spaces: [Int], x: Double) -> Double {
        let barMean = bars.reduce(0.0) { $0 + line.width($1) } / Double(bars.count)
        let spaceMean = spaces.reduce(0.0) { $0 + line.width($1) } / Double(spaces.count)
        return max(-0.45, min(0.45, (barMean - spaceMean) / 2 / x))
    }

    /// `count` characters starting at element `k`, each four elements.
    private func characters(_ line: ScanLine, _ k: Int, count: Int, sets: EANCharacterMatcher.Sets,
                            x: Double, spread: Double) -> [EANCharacterMatcher.Match]? {
        var result: [EANCharacterMatcher.Match] = []
        result.reserveCapacity(count)
        for c in 0..<count {
            let i = k + 4 * c
            let width = line.span(i, 4)
            guard width > 5.2 * x, width < 8.8 * x else { return nil }
            guard let match = EANCharacterMatcher.match(
                line.width(i), line.width(i + 1), line.width(i + 2), line.width(i + 3), sets: sets, spread: spread)
            else { return nil }
            result.append(match)
        }
        return result
    }

    private func decodeEAN13(_ line: ScanLine, _ k: Int) -> RowReading? {
        guard let x = frame(line, k, elements: 59, modules: 95, rightQuietElement: k + 59),
              guardFits(line, k, count: 3, modules: 3, x: x),
              guardFits(line, k + 27, count: 5, modules: 5, x: x),
              guardFits(line, k + 56, count: 3, modules: 3, x: x)
        else { return nil }
        let inkSpread = spread(line, bars: [k, k + 2, k + 28, k + 30, k + 56, k + 58],
                               spaces: [k + 1, k + 27, k + 29, k + 31, k + 57], x: x)
        guard let left = characters(line, k + 3, count: 6, sets: .left, x: x, spread: inkSpread),
              let right = characters(line, k + 32, count: 6, sets: .right, x: x, spread: inkSpread),
              let leading = EANUPCRowDecoder.leadingDigit(for: left.map(\.set))
        else { return nil }
        let digits = [leading] + left.map(\.digit) + right.map(\.digit)
        let text = String(digits.map { Character(String($0)) })
        guard GS1CheckDigit.isValid(text) else { return nil }
        return RowReading(format: .ean13, text: text, addOn: nil, symbologyIdentifier: "]E0",
                          start: line.boundaries[k], end: line.boundaries[k + 59], nextElement: k + 59)
    }

    private func decodeEAN8(_ line: ScanLine, _ k: Int) -> RowReading? {
        guard let x = frame(line, k, elements: 43, modules: 67, rightQuietElement: k + 43),
              guardFits(line, k, count: 3, modules: 3, x: x),
              guardFits(line, k + 19, count: 5, modules: 5, x: x),
              guardFits(line, k + 40, count: 3, modules: 3, x: x)
        else { return nil }
        let inkSpread = spread(line, bars: [k, k + 2, k + 20, k + 22, k + 40, k + 42],
                               spaces: [k + 1, k + 19, k + 21, k + 23, k + 41], x: x)
        guard let left = characters(line, k + 3, count: 4, sets: .leftLOnly, x: x, spread: inkSpread),
              let right = characters(line, k + 24, count: 4, sets: .right, x: x, spread: inkSpread)
        else { return nil }
        let text = String((left + right).map { Character(String($0.digit)) })
        guard GS1CheckDigit.isValid(text) else { return nil }
        return RowReading(format: .ean8, text: text, addOn: nil, symbologyIdentifier: "]E4",
                          start: line.boundaries[k], end: line.boundaries[k + 43], nextElement: k + 43)
    }

    private func decodeUPCE(_ line: ScanLine, _ k: Int) -> RowReading? {
        guard let x = frame(line, k, elements: 33, modules: 51, rightQuietElement: k + 33),
              guardFits(line, k, count: 3, modules: 3, x: x),
              guardFits(line, k + 27, count: 6, modules: 6, x: x)
        else { return nil }
        let inkSpread = spread(line, bars: [k, k + 2, k + 28, k + 30, k + 32],
                               spaces: [k + 1, k + 27, k + 29, k + 31], x: x)
        guard let six = characters(line, k + 3, count: 6, sets: .left, x: x, spread: inkSpread),
              let (numberSystem, check) = EANUPCRowDecoder.upcENumberSystemAndCheck(for: six.map(\.set))
        else { return nil }
        let printed = String(([numberSystem] + six.map(\.digit) + [check]).map { Character(String($0)) })
        // The parity pattern carries the check digit; expanding verifies it against the UPC-A.
        guard (try? UPCE.expand(printed)) != nil else { return nil }
        return RowReading(format: .upcE, text: printed, addOn: nil, symbologyIdentifier: "]E0",
                          start: line.boundaries[k], end: line.boundaries[k + 33], nextElement: k + 33)
    }

    /// EAN-13's implied leading digit from the L/G sets of digits 2–7 (nil if no row matches).
    static func leadingDigit(for sets: [EANDigitSet]) -> Int? {
        leadingDigitBySets[sets]
    }

    /// UPC-E's number system (0 or 1) and check digit from the sets of its six characters.
    static func upcENumberSystemAndCheck(for sets: [EANDigitSet]) -> (Int, Int)? {
        upcEBySets[sets]
    }

    private static let leadingDigitBySets: [[EANDigitSet]: Int] = Dictionary(
        uniqueKeysWithValues: (0...9).map { (EANParityPatterns.ean13(leadingDigit: $0), $0) })

    private static let upcEBySets: [[EANDigitSet]: (Int, Int)] = {
        var table: [[EANDigitSet]: (Int, Int)] = [:]
        for system in 0...1 {
            for check in 0...9 { table[EANParityPatterns.upcE(numberSystem: system, checkDigit: check)] = (system, check) }
        }
        return table
    }()
}
