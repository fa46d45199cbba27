/// Finds Code 128 symbols on one scan line, read left to right.
///
/// ISO/IEC 15417:2007: a start character (A, B or C), data characters, the check character
/// (§4.4.5, modulo 103) and the stop pattern of 13 modules, with quiet zones of 10X (§4.4.3).
/// Characters are read with the reference decode of §5.5 (Annex "reference decode
/// algorithm"): the four distances between similar edges, in elevenths of the character's
/// width, are insensitive to ink spread and identify the character.
struct Code128RowDecoder: Sendable {
    /// Smallest quiet zone accepted each side, in modules (10 nominal; relaxed, see
    /// ``EANUPCRowDecoder/quietZone``).
    var quietZone: Double

    /// The longest symbol looked for, in symbol characters (start and check included).
    static let maximumCharacters = 120

    /// Whether bar element `k` may begin a symbol: room for a start character, a data or
    /// check character and the stop pattern, a quiet zone before it, and a first bar and space
    /// as the start characters have them. Few elements of a line pass, so the reader asks
    /// this before a full decode.
    @inline(__always)
    func mayStart(_ line: ScanLine, at k: Int) -> Bool {
        guard k >= 1, k + 6 + 6 + 7 < line.elementCount else { return false }
        let total = line.span(k, 6)
        let x = total / 11
        guard x > 0.4, line.quietZone(k - 1, atLeast: quietZone, module: x) else { return false }
        return Code128CharacterMatcher.mayBeStart(line, at: k, total: total)
    }

    /// The symbol whose start character begins at bar element `k`.
    func decode(_ line: ScanLine, at k: Int) -> RowReading? {
        guard mayStart(line, at: k) else { return nil }
        var x = line.span(k, 6) / 11
        guard let start = Code128CharacterMatcher.match(line, at: k, candidates: Code128CharacterMatcher.startValues)
        else { return nil }
        var values = [start]
        var i = k + 6
        while values.count < Code128RowDecoder.maximumCharacters, i + 7 < line.elementCount {
            let width = line.span(i, 6)
            guard width > 8.2 * x, width < 13.8 * x else { return nil }
            if Code128CharacterMatcher.isStop(line, at: i, module: x) {
                guard values.count >= 3, line.quietZone(i + 7, atLeast: quietZone, module: x) else { return nil }
                let check = values.removeLast()
                guard Code128Encoder.checkValue(for: values) == check,
                      let decoded = Code128TextDecoder.decode(values)
                else { return nil }
                return RowReading(format: .code128, text: decoded.text, addOn: nil,
                                  symbologyIdentifier: decoded.symbologyIdentifier,
                                  start: line.boundaries[k], end: line.boundaries[i + 7], nextElement: i + 7)
            }
            guard let value = Code128CharacterMatcher.match(line, at: i, candidates: Code128CharacterMatcher.dataValues)
            else { return nil }
            values.append(value)
            // Follow slow changes of scale along the line (perspective), not single outliers.
            x = 0.75 * x + 0.25 * (width / 11)
            i += 6
        }
        return nil
    }
}

/// Matches six measured widths against the Code 128 table (``Code128Patterns``).
enum Code128CharacterMatcher {
    /// Largest squared error of the four similar-edge distances accepted, in modules².
    static let maximumError = 0.9

    static let startValues = 103...105
    static let dataValues = 0...105
    /// What may follow the last data character: the check character, or the stop pattern.
    static let stopOrDataValues = 0...Code128Patterns.stop

    private struct Pattern: Sendable {
        var value: Int
        var sums: (Double, Double, Double, Double)
        var bars: Double
    }

    private static let patterns: [Pattern] = (0...106).map { value in
        let w = Code128Patterns.widths[value].map(Double.init)
        return Pattern(value: value, sums: (w[0] + w[1], w[1] + w[2], w[2] + w[3], w[3] + w[4]),
                       bars: w[0] + w[2] + w[4])
    }

    /// The best-fitting value among `candidates` for the six elements at `i`, or nil when none
    /// fits well or two fit about equally. The order of the candidates cannot change the
    /// answer: two that fit equally well are refused.
    static func match(_ line: ScanLine, at i: Int, candidates: ClosedRange<Int>) -> Int? {
        let w0 = line.width(i), w1 = line.width(i + 1), w2 = line.width(i + 2)
        let w3 = line.width(i + 3), w4 = line.width(i + 4), w5 = line.width(i + 5)
        let total = w0 + w1 + w2 + w3 + w4 + w5
        guard total > 0 else { return nil }
        let scale = 11 / total
        let s0 = (w0 + w1) * scale, s1 = (w1 + w2) * scale, s2 = (w2 + w3) * scale, s3 = (w3 + w4) * scale
        var best = -1
        var bestError = Double.infinity
        var secondError = Double.infinity
        // One walk over the table's storage: the data characters are 106 candidates, and an
        // index checked and the table's lazy initialiser called for each cost more than the
        // arithmetic.
        patterns.withUnsafeBufferPointer { patterns in
            for value in candidates {
                let p = patterns[value]
                let d0 = s0 - p.sums.0, d1 = s1 - p.sums.1, d2 = s2 - p.sums.2, d3 = s3 - p.sums.3
                let error = d0 * d0 + d1 * d1 + d2 * d2 + d3 * d3
                if error < bestError {
                    secondError = bestError
                    bestError = error
                    best = value
                } else if error < secondError {
                    secondError = error
                }
            }
        }
        guard best >= 0, bestError <= maximumError, secondError - bestError > 0.1 else { return nil }
        return best
    }

    /// Whether the six elements at `i` (`total` pixels wide) can match a start character:
    /// every start begins 2, 1, 1 modules, so its first two similar-edge distances are 3 and
    /// 2 of its 11 modules, and ``match(_:at:candidates:)`` accepts no error above
    /// ``maximumError`` in either alone. The bound is widened from √0.9 ≈ 0.949 to 0.96 of a
    /// module, far beyond rounding, so that nothing `match` would accept is refused; without
    /// the division, and before the call, it turns away most candidates of a noisy line.
    @inline(__always)
    static func mayBeStart(_ line: ScanLine, at i: Int, total: Double) -> Bool {
        let w1 = line.width(i + 1)
        let firstBarAndSpace = line.width(i) + w1, firstSpaceAndBar = w1 + line.width(i + 2)
        return abs(firstBarAndSpace * 11 - 3 * total) <= 0.96 * total
            && abs(firstSpaceAndBar * 11 - 2 * total) <= 0.96 * total
    }

    /// Whether the seven elements at `i` are the stop pattern 2331112 (13 modules).
    static func isStop(_ line: ScanLine, at i: Int, module x: Double) -> Bool {
        let width = line.span(i, 7)
        guard width > 10 * x, width < 16 * x else { return false }
        guard match(line, at: i, candidates: stopOrDataValues) == Code128Patterns.stop else { return false }
        // The final bar: 2 of the 13 modules.
        let finalBar = line.width(i + 6) * 13 / width
        return finalBar > 1.2 && finalBar < 3.2
    }
}
