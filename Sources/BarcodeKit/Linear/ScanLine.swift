/// One line of an image as alternating spaces and bars with sub-pixel boundaries.
///
/// `boundaries[0]` and `boundaries.last` are the ends of the line; element `k` runs from
/// `boundaries[k]` to `boundaries[k + 1]` and is a space when `k` is even, a bar when odd. A
/// line that starts or ends dark gets a zero-width space there, so both ends are spaces and
/// the mirrored line keeps the same even/odd convention. Decoders work on element widths
/// only, which is what ISO/IEC 15420 and 15417 describe their reference decodes in.
struct ScanLine: Sendable {
    /// Element boundaries in pixel coordinates along the line (pixel centres are whole numbers).
    var boundaries: [Double]
    /// Number of pixels along the line; mirrored positions are `length - 1 - x`.
    var length: Int

    var elementCount: Int { boundaries.count - 1 }

    /// Width of element `k` in pixels.
    @inline(__always)
    func width(_ k: Int) -> Double { boundaries[k + 1] - boundaries[k] }

    /// Total width of `count` elements starting at `k`.
    @inline(__always)
    func span(_ k: Int, _ count: Int) -> Double { boundaries[k + count] - boundaries[k] }

    /// Whether space element `k` is a quiet zone of at least `modules` modules of width `x`.
    /// A space that runs to the end of the line also counts from half a module: the image
    /// was cut there, so nothing but the edge of the picture lies beyond it.
    @inline(__always)
    func quietZone(_ k: Int, atLeast modules: Double, module x: Double) -> Bool {
        let w = width(k)
        if w >= modules * x { return true }
        return (k == 0 || k == elementCount - 1) && w >= 0.5 * x
    }

    /// The same line read from its other end.
    func mirrored() -> ScanLine {
        let last = Double(length - 1)
        return ScanLine(boundaries: boundaries.reversed().map { last - $0 }, length: length)
    }
}

/// How a grey row becomes a ``ScanLine``: edges are the extrema of the row's first difference
/// whose step (the grey-level change across the edge) is large enough compared to the local
/// contrast. Working on the grey values rather than a binarised row keeps narrow elements whose
/// blurred image never reaches the global black or white level, and keeps an edge under uneven
/// light, where one threshold for the whole row would not.
struct EdgeDetector: Sendable {
    /// Smallest grey-level step counted as an edge, whatever the contrast (noise floor).
    var minimumStep: Int
    /// Smallest step as a fraction of the local contrast (grey-level range near the edge).
    var relativeStep: Double
    /// Smooth the row with a [1 2 1] kernel first (for noisy photos; off for 1-pixel modules).
    var smooth: Bool
    /// Place edges at the local mid-level between ink and paper (rather than half-way along
    /// each ramp).
    var midLevelEdges: Bool = true
    /// The local contrast is measured over ± max(minimumWindow, row length / windowDivisor)
    /// pixels: wide enough to hold a wide bar and a wide space, narrow enough to follow
    /// uneven light.
    var minimumWindow = 16
    var windowDivisor = 16

    /// The edges of `row`; `scratch` is reused between calls to avoid allocations.
    func scanLine(_ row: UnsafeBufferPointer<UInt8>, scratch: inout [Int32]) -> ScanLine {
        let n = row.count
        guard n >= 3 else { return ScanLine(boundaries: [-0.5, Double(n) - 0.5], length: n) }
        if scratch.count < 5 * n { scratch = [Int32](repeating: 0, count: 5 * n) }
        // Values are kept ×4 so that smoothing stays in integers.
        if smooth {
            scratch[0] = Int32(row[0]) * 4
            scratch[n - 1] = Int32(row[n - 1]) * 4
            for i in 1..<(n - 1) { scratch[i] = Int32(row[i - 1]) + 2 * Int32(row[i]) + Int32(row[i + 1]) }
        } else {
            for i in 0..<n { scratch[i] = Int32(row[i]) * 4 }
        }
        return scratch.withUnsafeMutableBufferPointer { buffer in
            let values = UnsafeMutableBufferPointer(rebasing: buffer[0..<n])
            let table = UnsafeMutableBufferPointer(rebasing: buffer[n..<(5 * n)])
            return detect(in: values, count: n, table: table)
        }
    }

    /// A monotone stretch of the row: one candidate edge.
    private struct Ramp {
        var start: Int      // sample where the stretch begins (a local extremum of the row)
        var end: Int        // sample where it ends
        var step: Int32     // s[end] - s[start]: negative = light→dark (a bar begins)
        var midLevel: Int32 // half-way between the local ink and paper levels
    }

    private func detect(in s: UnsafeMutableBufferPointer<Int32>, count n: Int, table: UnsafeMutableBufferPointer<Int32>) -> ScanLine {
        // 1. Split the row into monotone ramps between local extrema. A flat stretch between
        //    two ramps belongs to neither, so that the mirrored row gives the same ramps.
        var ramps: [Ramp] = []
        ramps.reserveCapacity(n / 2)
        var start = 0
        var lastMove = 0  // the sample after the latest change of value
        var direction: Int32 = 0
        for i in 0..<(n - 1) {
            let d = s[i + 1] - s[i]
            let sign: Int32 = d > 0 ? 1 : (d < 0 ? -1 : 0)
            if sign == 0 { continue }
            if direction == 0 {
                direction = sign
                start = i
            } else if sign != direction {
                ramps.append(Ramp(start: start, end: lastMove, step: s[lastMove] - s[start], midLevel: 0))
                start = i
                direction = sign
            }
            lastMove = i + 1
        }
        if direction != 0 { ramps.append(Ramp(start: start, end: lastMove, step: s[lastMove] - s[start], midLevel: 0)) }

        // 2. Keep ramps whose step is large for the contrast around them; of two kept ramps in
        //    the same direction (a weak reversal between them was dropped) keep the larger.
        let window = max(minimumWindow, n / windowDivisor)
        let floor = Int32(minimumStep * 4)
        var kept: [Ramp] = []
        kept.reserveCapacity(ramps.count)
        let contrastTable = SlidingRange(values: s, count: n, radius: window, table: table)
        for var ramp in ramps {
            let magnitude = abs(ramp.step)
            guard magnitude >= floor else { continue }
            let (low, high) = contrastTable.range(from: ramp.start, to: ramp.end)
            guard Double(magnitude) >= relativeStep * Double(high - low) else { continue }
            ramp.midLevel = (low + high) / 2
            if let last = kept.last, (last.step < 0) == (ramp.step < 0) {
                // Same direction twice: merge them into one ramp spanning both.
                let merged = Ramp(start: last.start, end: ramp.end, step: s[ramp.end] - s[last.start], midLevel: ramp.midLevel)
                if (merged.step < 0) == (ramp.step < 0), abs(merged.step) >= max(abs(last.step), magnitude) {
                    kept[kept.count - 1] = merged
                } else if magnitude > abs(last.step) {
                    kept[kept.count - 1] = ramp
                }
                continue
            }
            kept.append(ramp)
        }

        // 3. Each edge sits where its ramp crosses the local mid-level between ink and paper,
        //    which a symmetric blur leaves in place. An element too narrow to reach that level
        //    in its blurred image has its edges placed part-way down its own ramp instead.
        var boundaries: [Double] = [-0.5]
        boundaries.reserveCapacity(kept.count + 3)
        if let first = kept.first, first.step > 0 { boundaries.append(-0.5) }  // starts dark
        for ramp in kept {
            let a = s[ramp.start], b = s[ramp.end]
            let rampLow = min(a, b), rampHigh = max(a, b)
            let inset = (rampHigh - rampLow) / 4
            let target = midLevelEdges
                ? min(max(ramp.midLevel, rampLow + inset), rampHigh - inset)
                : (a + b) / 2
            let x = crossing(s, from: ramp.start, to: ramp.end, level: target, falling: ramp.step < 0)
            boundaries.append(max(x, boundaries[boundaries.count - 1]))
        }
        if let last = kept.last, last.step < 0 { boundaries.append(Double(n) - 0.5) }  // ends dark
        boundaries.append(Double(n) - 0.5)
        return ScanLine(boundaries: boundaries, length: n)
    }

    /// Where the row crosses `level` between `start` and `end`, interpolated between samples.
    /// A run of samples exactly at the level (common once values are integers) is crossed at
    /// its middle: the first sample that reaches the level and the first that passes it are
    /// averaged, so that a row and its mirror image give the same edge.
    private func crossing(_ s: UnsafeMutableBufferPointer<Int32>, from start: Int, to end: Int, level: Int32, falling: Bool) -> Double {
        let sign: Int32 = falling ? 1 : -1
        let t = sign * level
        var reaches: Double?
        var passes: Double?
        var i = start
        while i < end, passes == nil {
            let a = sign * s[i], b = sign * s[i + 1]
            if reaches == nil, a > t, b <= t { reaches = Double(i) + Double(a - t) / Double(a - b) }
            if a >= t, b < t { passes = Double(i) + Double(a - t) / Double(a - b) }
            i += 1
        }
        switch (reaches, passes) {
        case let (r?, p?): return (r + p) / 2
        case let (r?, nil): return r
        case let (nil, p?): return p
        default: return Double(start + end) / 2
        }
    }
}

/// Minimum and maximum of a row over a window of 2·radius+1 samples, by the van Herk /
/// Gil–Werman scheme: running extremes forwards and backwards within blocks of the window's
/// length make any window the combination of one suffix and one prefix, so a query costs
/// O(1) after two passes. Near the ends the window is shifted inwards rather than cut, which
/// keeps the result the same for a row and its mirror image.
private struct SlidingRange {
    private let values: UnsafeMutableBufferPointer<Int32>
    private let count: Int
    private let length: Int
    // Four arrays of `count` in one buffer: prefix min, suffix min, prefix max, suffix max.
    private let table: UnsafeMutableBufferPointer<Int32>

    init(values: UnsafeMutableBufferPointer<Int32>, count: Int, radius: Int, table: UnsafeMutableBufferPointer<Int32>) {
        self.values = values
        self.count = count
        self.length = min(count, 2 * radius + 1)
        self.table = table
        let n = count, w = length
        for i in 0..<n {
            let v = values[i]
            if i % w == 0 {
                table[i] = v
                table[2 * n + i] = v
            } else {
                table[i] = min(table[i - 1], v)
                table[2 * n + i] = max(table[2 * n + i - 1], v)
            }
        }
        var i = n - 1
        while i >= 0 {
            let v = values[i]
            if i % w == w - 1 || i == n - 1 {
                table[n + i] = v
                table[3 * n + i] = v
            } else {
                table[n + i] = min(table[n + i + 1], v)
                table[3 * n + i] = max(table[3 * n + i + 1], v)
            }
            i -= 1
        }
    }

    @inline(__always)
    private func window(at centre: Int) -> (low: Int32, high: Int32) {
        let n = count
        let a = min(max(0, centre - length / 2), n - length)
        let b = a + length - 1
        return (min(table[n + a], table[b]), max(table[3 * n + a], table[2 * n + b]))
    }

    /// Min and max over the windows centred on both ends of a ramp.
    func range(from start: Int, to end: Int) -> (low: Int32, high: Int32) {
        let first = window(at: start), second = window(at: end)
        return (min(first.low, second.low), max(first.high, second.high))
    }
}
