/// A grey row as an ``EdgeDetector`` sees it before it chooses edges: the values (×4, smoothed
/// or not), and the monotone ramps between local extrema with the local contrast at each.
///
/// None of this depends on a detector's thresholds, and the reader tries up to five detectors
/// on a row, four of them on the unsmoothed values; made once per row and smoothing, it was
/// half of all linear decoding time when each detector made its own.
struct RampProfile {
    /// A monotone stretch of the row: one candidate edge.
    struct Ramp {
        var start: Int      // sample where the stretch begins (a local extremum of the row)
        var end: Int        // sample where it ends
        var step: Int32     // s[end] - s[start]: negative = light→dark (a bar begins)
        // The grey-level range over the contrast windows at both ends, and its middle: the
        // same for every detector with this radius, so measured once per row, not per detector.
        var contrast: Int32 = 0
        var midLevel: Int32 = 0
    }

    /// Samples in the row.
    private(set) var count = 0
    // Kept between rows so that a row costs no allocation; only the first `count` values and
    // the first `rampCount` ramps are valid.
    private var values: [Int32] = []
    private var ramps: [Ramp] = []
    private var rampCount = 0
    // Four arrays of `count` in one: prefix min, suffix min, prefix max, suffix max.
    private var table: [Int32] = []
    /// Where each ramp crosses its mid-level (``EdgeDetector/midLevelEdges``), NaN until a
    /// detector has measured it. Three detectors read the unsmoothed profile that way, and a
    /// ramp kept whole (not merged with another) crosses at the same point for all of them.
    private var crossings: [Double] = []
    // Room for a detector's strong ramps and kept edges, kept between rows and detectors.
    private var strongScratch: [Int32] = []
    private var keptScratch: [EdgeDetector.Edge] = []

    /// Reads `row` afresh. The local contrast is measured over ± `radius` samples.
    mutating func load(_ row: UnsafeBufferPointer<UInt8>, smooth: Bool, radius: Int) {
        let n = row.count
        count = n
        rampCount = 0
        guard n >= 3 else { return }
        if values.count < n {
            values = [Int32](repeating: 0, count: n)
            ramps = [Ramp](repeating: Ramp(start: 0, end: 0, step: 0), count: n)
            table = [Int32](repeating: 0, count: 4 * n)
            crossings = [Double](repeating: .nan, count: n)
            strongScratch = [Int32](repeating: 0, count: n + 1)
            keptScratch = [EdgeDetector.Edge](repeating: EdgeDetector.Edge(start: 0, end: 0, step: 0, midLevel: 0, ramp: -1), count: n + 1)
        }
        let length = min(n, 2 * radius + 1)
        let found = values.withUnsafeMutableBufferPointer { s in
            // Values are kept ×4 so that smoothing stays in integers.
            if smooth {
                s[0] = Int32(row[0]) * 4
                s[n - 1] = Int32(row[n - 1]) * 4
                for i in 1..<(n - 1) { s[i] = Int32(row[i - 1]) + 2 * Int32(row[i]) + Int32(row[i + 1]) }
            } else {
                for i in 0..<n { s[i] = Int32(row[i]) * 4 }
            }
            return ramps.withUnsafeMutableBufferPointer { ramps in
                let found = Self.split(UnsafeBufferPointer(s), count: n, into: ramps)
                table.withUnsafeMutableBufferPointer { table in
                    SlidingRange.fill(table, values: UnsafeBufferPointer(s), count: n, length: length)
                    let range = SlidingRange(table: UnsafeBufferPointer(table), count: n, length: length)
                    for index in 0..<found {
                        let (low, high) = range.range(from: ramps[index].start, to: ramps[index].end)
                        ramps[index].contrast = high - low
                        ramps[index].midLevel = (low + high) / 2
                    }
                }
                return found
            }
        }
        rampCount = found
        crossings.withUnsafeMutableBufferPointer { crossings in
            for index in 0..<found { crossings[index] = .nan }
        }
    }

    /// Runs `body` with the row's values, its ramps, the crossing cache and the detector's
    /// scratch space (room for every ramp and one more).
    mutating func withDetectorParts<Result>(
        _ body: (UnsafeBufferPointer<Int32>, UnsafeBufferPointer<Ramp>, UnsafeMutableBufferPointer<Double>,
                 UnsafeMutableBufferPointer<Int32>, UnsafeMutableBufferPointer<EdgeDetector.Edge>) -> Result
    ) -> Result {
        let rampCount = rampCount
        return values.withUnsafeBufferPointer { s in
            ramps.withUnsafeBufferPointer { ramps in
                crossings.withUnsafeMutableBufferPointer { crossings in
                    strongScratch.withUnsafeMutableBufferPointer { strong in
                        keptScratch.withUnsafeMutableBufferPointer { kept in
                            body(s, UnsafeBufferPointer(rebasing: ramps[0..<rampCount]), crossings, strong, kept)
                        }
                    }
                }
            }
        }
    }

    /// Runs `body` with the row's values and its ramps, left to right.
    func withUnsafeParts<Result>(_ body: (UnsafeBufferPointer<Int32>, UnsafeBufferPointer<Ramp>) -> Result) -> Result {
        values.withUnsafeBufferPointer { s in
            ramps.withUnsafeBufferPointer { ramps in
                body(s, UnsafeBufferPointer(rebasing: ramps[0..<rampCount]))
            }
        }
    }

    /// Splits the row into monotone ramps between local extrema, written to the front of
    /// `ramps` (room for `n`); returns how many. A flat stretch between two ramps belongs to
    /// neither, so that the mirrored row gives the same ramps.
    ///
    /// Without branches: the ramp so far is stored at every sample and kept (the count moves
    /// on) only where the direction turns, and the loop state is updated with masks. On a
    /// noisy row the turns are unpredictable, and the mispredicted branches of the obvious
    /// loop cost more than the stores.
    private static func split(_ s: UnsafeBufferPointer<Int32>, count n: Int, into ramps: UnsafeMutableBufferPointer<Ramp>) -> Int {
        guard let values = s.baseAddress, let out = ramps.baseAddress else { return 0 }
        var found = 0
        var start = 0
        var lastMove = 0  // the sample after the latest change of value
        var direction: Int32 = 0
        for i in 0..<(n - 1) {
            let d = values[i + 1] &- values[i]
            // sign(d) as 1, 0 or -1 from the sign bits of d and -d.
            let sign = ((0 &- d) >> 31 & 1) | (d >> 31)
            out[found] = Ramp(start: start, end: lastMove, step: values[lastMove] &- values[start])
            let moves = Int(truncatingIfNeeded: (d | (0 &- d)) >> 31)          // -1 when d ≠ 0
            let turns = Int(truncatingIfNeeded: ((sign ^ direction) | (0 &- (sign ^ direction))) >> 31) & moves
            let hadDirection = Int(truncatingIfNeeded: (direction | (0 &- direction)) >> 31)
            found &+= turns & hadDirection & 1
            start = (i & turns) | (start & ~turns)
            let moves32 = Int32(truncatingIfNeeded: moves)
            direction = (sign & moves32) | (direction & ~moves32)
            lastMove = ((i &+ 1) & moves) | (lastMove & ~moves)
        }
        if direction != 0 {
            out[found] = Ramp(start: start, end: lastMove, step: values[lastMove] &- values[start])
            found += 1
        }
        return found
    }
}

/// Minimum and maximum of a row over a window of `length` samples, by the van Herk /
/// Gil–Werman scheme: running extremes forwards and backwards within blocks of the window's
/// length make any window the combination of one suffix and one prefix, so a query costs
/// O(1) after two passes. Near the ends the window is shifted inwards rather than cut, which
/// keeps the result the same for a row and its mirror image.
struct SlidingRange {
    private let table: UnsafeBufferPointer<Int32>
    private let count: Int
    private let length: Int

    init(table: UnsafeBufferPointer<Int32>, count: Int, length: Int) {
        self.table = table
        self.count = count
        self.length = length
    }

    /// Fills `table` (prefix min, suffix min, prefix max, suffix max, `count` each) block by
    /// block: no division per sample, which cost more than the comparisons.
    static func fill(_ table: UnsafeMutableBufferPointer<Int32>, values: UnsafeBufferPointer<Int32>, count n: Int, length w: Int) {
        var blockStart = 0
        while blockStart < n {
            let blockEnd = min(blockStart + w, n)
            var low = values[blockStart], high = low
            table[blockStart] = low
            table[2 * n + blockStart] = high
            var i = blockStart + 1
            while i < blockEnd {
                let v = values[i]
                low = min(low, v)
                high = max(high, v)
                table[i] = low
                table[2 * n + i] = high
                i += 1
            }
            i = blockEnd - 1
            low = values[i]
            high = low
            table[n + i] = low
            table[3 * n + i] = high
            while i > blockStart {
                i -= 1
                let v = values[i]
                low = min(low, v)
                high = max(high, v)
                table[n + i] = low
                table[3 * n + i] = high
            }
            blockStart = blockEnd
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
    @inline(__always)
    func range(from start: Int, to end: Int) -> (low: Int32, high: Int32) {
        let first = window(at: start), second = window(at: end)
        return (min(first.low, second.low), max(first.high, second.high))
    }
}

/// The profiles of the row being read, each made when a detector first asks for it.
struct RowProfiles {
    private var plain = RampProfile()
    private var smoothed = RampProfile()
    private var plainRadius: Int?
    private var smoothedRadius: Int?

    /// Forgets the row before.
    mutating func startRow() {
        plainRadius = nil
        smoothedRadius = nil
    }

    /// `row` through `detector`, from the profile it shares with the detectors before it.
    mutating func scanLine(_ row: UnsafeBufferPointer<UInt8>, detector: EdgeDetector) -> ScanLine {
        let radius = detector.radius(forLength: row.count)
        if detector.smooth {
            if smoothedRadius != radius {
                smoothed.load(row, smooth: true, radius: radius)
                smoothedRadius = radius
            }
            return detector.scanLine(&smoothed)
        }
        if plainRadius != radius {
            plain.load(row, smooth: false, radius: radius)
            plainRadius = radius
        }
        return detector.scanLine(&plain)
    }
}
