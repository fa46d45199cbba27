/// Checks of a sampled grid against the parts of a symbol that never depend on the data:
/// they tell a well-sampled grid from one of the wrong size or position, and the version
/// information tells the size outright.
enum QRFunctionPatternCheck {
    /// The fraction of finder (§6.3.3, with separators) and timing (§6.3.5) modules that
    /// read as they must: close to 1 for a good grid, near ½ for a wrong size.
    static func score(_ matrix: BitMatrix) -> Double {
        score(size: matrix.size) { x, y in matrix[x, y] }
    }

    /// The same, reading only the function modules through `isDark` (no full grid needed).
    static func score(size: Int, _ isDark: (Int, Int) -> Bool) -> Double {
        var right = 0, total = 0
        var timingRight = 0, timingTotal = 0
        for (ox, oy) in [(0, 0), (size - 7, 0), (0, size - 7)] {
            for y in 0..<7 {
                for x in 0..<7 {
                    let ring = max(abs(x - 3), abs(y - 3))
                    total += 1
                    if isDark(ox + x, oy + y) == (ring != 2) { right += 1 }
                }
            }
        }
        if size > 16 {
            for i in 8..<(size - 8) {
                timingTotal += 2
                if isDark(i, 6) == (i % 2 == 0) { timingRight += 1 }
                if isDark(6, i) == (i % 2 == 0) { timingRight += 1 }
            }
        }
        // Alignment patterns (§6.3.6) check the mapping far from the finders.
        var alignmentRight = 0, alignmentTotal = 0
        let version = (size - 17) / 4
        if (size - 17) % 4 == 0, version >= 2 {
            let positions = QRMatrixLayout.alignmentPositions(version: version)
            for cy in positions {
                for cx in positions {
                    if (cx == 6 && cy == 6) || (cx == 6 && cy == size - 7) || (cx == size - 7 && cy == 6) { continue }
                    for y in -2...2 {
                        for x in -2...2 {
                            alignmentTotal += 1
                            if isDark(cx + x, cy + y) == (max(abs(x), abs(y)) != 1) { alignmentRight += 1 }
                        }
                    }
                }
            }
        }
        // Each part weighs the same: the timing patterns are what tells sizes apart, the
        // alignment patterns what tells a good mapping of the far corner from a poor one.
        var parts = [Double(right) / Double(total)]
        if timingTotal > 0 { parts.append(Double(timingRight) / Double(timingTotal)) }
        if alignmentTotal > 0 { parts.append(Double(alignmentRight) / Double(alignmentTotal)) }
        return parts.reduce(0, +) / Double(parts.count)
    }

    /// Only the timing patterns, the quick test of a size guess.
    static func timingScore(_ size: Int, _ isDark: (Int, Int) -> Bool) -> Double {
        guard size > 16 else { return 0 }
        var right = 0
        for i in 8..<(size - 8) {
            if isDark(i, 6) == (i % 2 == 0) { right += 1 }
            if isDark(6, i) == (i % 2 == 0) { right += 1 }
        }
        return Double(right) / Double(2 * (size - 16))
    }

    /// The version read from either version information block (§7.10; versions 7–40),
    /// corrected like a BCH (18,6) code: the nearest valid codeword within 3 bit errors.
    static func version(of matrix: BitMatrix) -> Int? {
        let size = matrix.size
        guard size >= 45 else { return nil }
        var topRight = 0, bottomLeft = 0
        for i in 0..<18 {
            if matrix[size - 11 + i % 3, i / 3] { topRight |= 1 << i }
            if matrix[i / 3, size - 11 + i % 3] { bottomLeft |= 1 << i }
        }
        var best: (version: Int, errors: Int)?
        for version in 7...40 {
            let bits = QRFormatInformation.versionBits(version: version)
            let errors = min((bits ^ topRight).nonzeroBitCount, (bits ^ bottomLeft).nonzeroBitCount)
            if errors < best?.errors ?? .max { best = (version, errors) }
        }
        guard let best, best.errors <= 3 else { return nil }
        return best.version
    }
}
