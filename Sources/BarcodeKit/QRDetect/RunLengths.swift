/// The last five run lengths along a line, oldest first: the cross section of a finder
/// pattern (dark, light, dark, light, dark) without allocating.
struct RunLengths: Sendable {
    var r0 = 0, r1 = 0, r2 = 0, r3 = 0, r4 = 0

    var total: Int { r0 + r1 + r2 + r3 + r4 }

    mutating func push(_ run: Int) {
        (r0, r1, r2, r3) = (r1, r2, r3, r4)
        r4 = run
    }

    /// Whether the runs are in the 1:1:3:1:1 ratio of a finder pattern cross section
    /// (ISO/IEC 18004:2015 §6.3.3, §12 step 1). `tolerance` is the allowed deviation of each
    /// one-module run, as a fraction of the module; the centre run may deviate three times as
    /// much. Half a pixel more is always allowed so that 1–2 pixel modules still pass.
    func hasFinderRatio() -> Bool {
        // The default tolerance of ½ in integers (this runs at every dark run of every row):
        // |7·r − total| < ½·total + 3.5 for the one-module runs, three times that for the centre.
        let total = self.total
        guard total >= 7 else { return false }
        let limit = total + 7
        return abs(14 * r0 - 2 * total) < limit && abs(14 * r1 - 2 * total) < limit
            && abs(14 * r3 - 2 * total) < limit && abs(14 * r4 - 2 * total) < limit
            && abs(14 * r2 - 6 * total) < 3 * limit
    }

    func hasFinderRatio(tolerance: Double) -> Bool {
        let total = self.total
        guard total >= 7 else { return false }
        let module = Double(total) / 7
        let slack = module * tolerance + 0.5
        return abs(Double(r0) - module) < slack && abs(Double(r1) - module) < slack
            && abs(Double(r3) - module) < slack && abs(Double(r4) - module) < slack
            && abs(Double(r2) - 3 * module) < 3 * slack
    }
}

extension BinaryImage {
    /// The bit under a sub-pixel point; points outside the image read as light, like the
    /// quiet zone around a symbol.
    @inline(__always)
    func isDark(at x: Double, _ y: Double) -> Bool {
        // Written so that NaN and infinities (a degenerate mapping's) fail before Int(_:).
        guard x >= 0, y >= 0, x < Double(width), y < Double(height) else { return false }
        let column = Int(x), row = Int(y)
        return bits[row * width + column]
    }

    @inline(__always)
    func isDark(_ x: Int, _ y: Int) -> Bool {
        x >= 0 && y >= 0 && x < width && y < height && bits[y * width + x]
    }

    /// The five runs of a finder-like cross section through dark pixel (x, y) along
    /// (dx, dy): the dark run holding the start, then a light and a dark run each way.
    /// Returns the runs and the centre of the middle run as an offset in steps from the
    /// start, or nil when a run is missing or longer than `maxRun`.
    func crossSection(x: Int, y: Int, dx: Int, dy: Int, maxRun: Int) -> (runs: RunLengths, centre: Double)? {
        guard isDark(x, y),
              let back = runsFrom(x: x, y: y, dx: -dx, dy: -dy, maxRun: maxRun),
              let forward = runsFrom(x: x + dx, y: y + dy, dx: dx, dy: dy, maxRun: maxRun)
        else { return nil }
        let runs = RunLengths(r0: back.outer, r1: back.light, r2: back.inner + forward.inner,
                              r3: forward.light, r4: forward.outer)
        // Pixel k covers [k, k+1): the middle run spans start − (back − 1) … start + forward.
        return (runs, Double(forward.inner - back.inner + 2) / 2)
    }

    /// Dark, light, dark run lengths from (x, y) along (dx, dy); the last may end at the
    /// image border, the others must end inside it.
    private func runsFrom(x: Int, y: Int, dx: Int, dy: Int, maxRun: Int) -> (inner: Int, light: Int, outer: Int)? {
        var px = x, py = y
        var counts = (0, 0, 0)
        while isDark(px, py) {
            counts.0 += 1
            guard counts.0 <= maxRun else { return nil }
            px += dx; py += dy
        }
        while px >= 0, py >= 0, px < width, py < height, !bits[py * width + px] {
            counts.1 += 1
            guard counts.1 <= maxRun else { return nil }
            px += dx; py += dy
        }
        while isDark(px, py) {
            counts.2 += 1
            guard counts.2 <= maxRun else { return nil }
            px += dx; py += dy
        }
        guard counts.1 > 0, counts.2 > 0 else { return nil }
        return (counts.0, counts.1, counts.2)
    }
}
