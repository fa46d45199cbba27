/// Reads one EAN/UPC symbol character (2 bars, 2 spaces, 7 modules) from its four measured
/// widths, following the reference decode of ISO/IEC 15420 (Annex "reference decode algorithm"):
/// the two distances between similar edges (bar-leading to bar-leading and space-leading to
/// space-leading), measured in sevenths of the character width, do not change when ink spread
/// makes every bar wider and every space narrower; they fix the character except for the pairs
/// 1/7 and 2/8, which the total bar width tells apart.
enum EANCharacterMatcher {
    /// One candidate: its digit, its number set and the fit (squared error in modules; lower is better).
    struct Match: Sendable {
        var digit: Int
        var set: EANDigitSet
        var error: Double
    }

    /// Largest squared error (in modules², over the two similar-edge distances) accepted.
    static let maximumError = 0.62

    /// The best L or G character for a left-half (space-first) group, or the best R character
    /// for a right-half (bar-first) group. `spread` is the symbol's ink spread in modules
    /// (bars measured wider than nominal by this much), used only to split 1/7 and 2/8.
    @inline(__always)
    static func match(_ w0: Double, _ w1: Double, _ w2: Double, _ w3: Double,
                      sets: Sets, spread: Double) -> Match? {
        let total = w0 + w1 + w2 + w3
        guard total > 0 else { return nil }
        let scale = 7 / total
        let a = (w0 + w1) * scale
        let b = (w1 + w2) * scale
        // Bars are elements 1 and 3 of a space-first group, 0 and 2 of a bar-first one.
        let bars = (sets == .right ? w0 + w2 : w1 + w3) * scale - 2 * spread
        var best: Match?
        var second = Double.infinity
        for candidate in patterns(sets) {
            let da = a - candidate.a, db = b - candidate.b
            var error = da * da + db * db
            // 1/7 and 2/8 share both distances; their bar totals differ by 2 modules.
            let dBars = bars - candidate.bars
            if abs(dBars) > 1 { error += (abs(dBars) - 1) * 2 }
            if let current = best {
                if error < current.error {
                    second = current.error
                    best = Match(digit: candidate.digit, set: candidate.set, error: error)
                } else if error < second {
                    second = error
                }
            } else {
                best = Match(digit: candidate.digit, set: candidate.set, error: error)
            }
        }
        guard let found = best, found.error <= maximumError, second - found.error > 0.05 else { return nil }
        return found
    }

    enum Sets: Sendable { case left, right, leftLOnly }

    struct Pattern: Sendable {
        var digit: Int
        var set: EANDigitSet
        var a: Double
        var b: Double
        var bars: Double
    }

    @inline(__always)
    static func patterns(_ sets: Sets) -> [Pattern] {
        switch sets {
        case .left: return leftPatterns
        case .right: return rightPatterns
        case .leftLOnly: return lPatterns
        }
    }

    private static func pattern(_ digit: Int, _ set: EANDigitSet) -> Pattern {
        let widths = runLengths(set.modules(for: digit))
        let barsFirst = set == .r
        return Pattern(
            digit: digit, set: set, a: Double(widths[0] + widths[1]), b: Double(widths[1] + widths[2]),
            bars: Double(barsFirst ? widths[0] + widths[2] : widths[1] + widths[3]))
    }

    static let lPatterns: [Pattern] = (0...9).map { pattern($0, .l) }
    static let leftPatterns: [Pattern] = lPatterns + (0...9).map { pattern($0, .g) }
    static let rightPatterns: [Pattern] = (0...9).map { pattern($0, .r) }

    /// Widths of the runs of equal modules, in order.
    static func runLengths(_ modules: [Bool]) -> [Int] {
        var runs: [Int] = []
        var previous: Bool?
        for module in modules {
            if module == previous { runs[runs.count - 1] += 1 } else { runs.append(1) }
            previous = module
        }
        return runs
    }
}
