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

    /// The contrast window's half-width on a row of `length` samples.
    func radius(forLength length: Int) -> Int { max(minimumWindow, length / windowDivisor) }

    /// The edges of the row `profile` was loaded from (with this detector's smoothing and
    /// ``radius(forLength:)``).
    func scanLine(_ profile: inout RampProfile) -> ScanLine {
        let n = profile.count
        guard n >= 3 else { return ScanLine(boundaries: [-0.5, Double(n) - 0.5], length: n) }
        return profile.withDetectorParts { values, ramps, crossings, strong, kept in
            let strongCount = strongRamps(ramps, into: strong)
            let keptCount = keepEdges(ramps, strong: UnsafeBufferPointer(rebasing: strong[0..<strongCount]), values: values, into: kept)
            return scanLine(UnsafeBufferPointer(rebasing: kept[0..<keptCount]), values: values, count: n, crossings: crossings)
        }
    }

    /// A ramp of the profile kept as an edge.
    struct Edge {
        var start: Int
        var end: Int
        var step: Int32
        var midLevel: Int32 // half-way between the local ink and paper levels
        /// The profile's ramp this edge is, whole; -1 for ramps merged into one.
        var ramp: Int32
    }

    /// 1a. The indices of the ramps whose step is large for the contrast around them, listed
    /// without branches: on a noisy row the strong and the weak alternate unpredictably, and
    /// most are weak.
    @inline(__always)
    private func strongRamps(_ ramps: UnsafeBufferPointer<RampProfile.Ramp>, into list: UnsafeMutableBufferPointer<Int32>) -> Int {
        let floor = Int32(minimumStep * 4)
        var count = 0
        for index in ramps.indices {
            let magnitude = abs(ramps[index].step)
            list[count] = Int32(truncatingIfNeeded: index)
            let aboveFloor = magnitude >= floor ? 1 : 0
            let aboveContrast = Double(magnitude) >= relativeStep * Double(ramps[index].contrast) ? 1 : 0
            count &+= aboveFloor & aboveContrast
        }
        return count
    }

    /// 1b. Of two strong ramps in the same direction (a weak reversal between them was
    /// dropped), the larger is kept, or both merged into one ramp spanning them.
    @inline(__always)
    private func keepEdges(_ ramps: UnsafeBufferPointer<RampProfile.Ramp>, strong: UnsafeBufferPointer<Int32>,
                           values s: UnsafeBufferPointer<Int32>, into kept: UnsafeMutableBufferPointer<Edge>) -> Int {
        var count = 0
        for index in strong {
            let ramp = ramps[Int(index)]
            let magnitude = abs(ramp.step)
            let edge = Edge(start: ramp.start, end: ramp.end, step: ramp.step, midLevel: ramp.midLevel, ramp: index)
            if count > 0, (kept[count - 1].step < 0) == (edge.step < 0) {
                let last = kept[count - 1]
                let merged = Edge(start: last.start, end: edge.end, step: s[edge.end] - s[last.start], midLevel: edge.midLevel, ramp: -1)
                if (merged.step < 0) == (edge.step < 0), abs(merged.step) >= max(abs(last.step), magnitude) {
                    kept[count - 1] = merged
                } else if magnitude > abs(last.step) {
                    kept[count - 1] = edge
                }
                continue
            }
            kept[count] = edge
            count += 1
        }
        return count
    }

    /// 2. Each edge sits where its ramp crosses the local mid-level between ink and paper,
    /// which a symmetric blur leaves in place. An element too narrow to reach that level in its
    /// blurred image has its edges placed part-way down its own ramp instead.
    @inline(__always)
    private func scanLine(_ kept: UnsafeBufferPointer<Edge>, values s: UnsafeBufferPointer<Int32>, count n: Int,
                          crossings: UnsafeMutableBufferPointer<Double>) -> ScanLine {
        let startsDark = kept.first.map { $0.step > 0 } ?? false
        let endsDark = kept.last.map { $0.step < 0 } ?? false
        let total = 2 + kept.count + (startsDark ? 1 : 0) + (endsDark ? 1 : 0)
        let boundaries = [Double](unsafeUninitializedCapacity: total) { boundaries, initialized in
            var count = 0
            boundaries[count] = -0.5; count += 1
            if startsDark { boundaries[count] = -0.5; count += 1 }
            for ramp in kept {
                let a = s[ramp.start], b = s[ramp.end]
                let rampLow = min(a, b), rampHigh = max(a, b)
                let inset = (rampHigh - rampLow) / 4
                let target = midLevelEdges
                    ? min(max(ramp.midLevel, rampLow + inset), rampHigh - inset)
                    : (a + b) / 2
                let x: Double
                if midLevelEdges, ramp.ramp >= 0, !crossings[Int(ramp.ramp)].isNaN {
                    x = crossings[Int(ramp.ramp)]
                } else {
                    x = crossing(s, from: ramp.start, to: ramp.end, level: target, falling: ramp.step < 0)
                    if midLevelEdges, ramp.ramp >= 0 { crossings[Int(ramp.ramp)] = x }
                }
                boundaries[count] = max(x, boundaries[count - 1]); count += 1
            }
            if endsDark { boundaries[count] = Double(n) - 0.5; count += 1 }
            boundaries[count] = Double(n) - 0.5; count += 1
            initialized = count
        }
        return ScanLine(boundaries: boundaries, length: n)
    }

    /// Where the row crosses `level` between `start` and `end`, interpolated between samples.
    /// A run of samples exactly at the level (common once values are integers) is crossed at
    /// its middle: the first sample that reaches the level and the first that passes it are
    /// averaged, so that a row and its mirror image give the same edge.
    private func crossing(_ s: UnsafeBufferPointer<Int32>, from start: Int, to end: Int, level: Int32, falling: Bool) -> Double {
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
