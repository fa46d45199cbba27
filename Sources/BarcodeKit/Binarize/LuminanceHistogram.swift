/// How often each grey level occurs, and the threshold at the valley between its two peaks.
///
/// A printed code photographed under even light has a bimodal histogram: one peak for the ink,
/// one for the paper. The threshold is the least populated level between them, on a smoothed
/// histogram so that JPEG noise and the gaps of a stretched-contrast image do not make
/// false valleys.
struct LuminanceHistogram: Sendable {
    private(set) var counts = [Int](repeating: 0, count: 256)

    /// Peaks closer than this many grey levels are one peak seen through noise, not ink and
    /// paper; the dimmest fixture photo (ean13-2/12.png) still has 90 levels between them.
    static let minimumPeakSeparation = 32

    /// The smoothing window's half-width, in grey levels.
    private static let smoothingRadius = 3

    /// The histogram of `count` pixels of `pixels` from `start`, every `stride`-th.
    init(_ pixels: UnsafeBufferPointer<UInt8>, start: Int = 0, count: Int, stride: Int = 1) {
        counts.withUnsafeMutableBufferPointer { counts in
            var index = start
            for _ in 0..<count {
                counts[Int(pixels[index])] += 1
                index += stride
            }
        }
    }

    /// The valley threshold: levels at or below it are dark. `nil` when the histogram does not
    /// have two peaks far enough apart with a valley clearly lower than both (a uniform or
    /// smoothly shaded image, or one whose ink and paper have merged under uneven light).
    func valleyThreshold() -> UInt8? {
        let smoothed = Self.boxFiltered(Self.boxFiltered(counts, radius: Self.smoothingRadius), radius: Self.smoothingRadius)
        guard let first = smoothed.indices.max(by: { smoothed[$0] < smoothed[$1] }), smoothed[first] > 0 else { return nil }
        // The second peak must be both high and far from the first: weighting by the squared
        // distance keeps the first peak's own shoulder from winning.
        var second = first
        var bestScore = 0
        for level in smoothed.indices {
            let distance = level - first
            let score = smoothed[level] * distance * distance
            if score > bestScore {
                bestScore = score
                second = level
            }
        }
        guard abs(second - first) >= Self.minimumPeakSeparation else { return nil }
        let low = min(first, second), high = max(first, second)
        // The lowest point between the peaks; over a run of equal lows (an empty stretch in a
        // clean image) its middle.
        var valleyValue = Int.max
        var runStart = low + 1, runEnd = low + 1
        var inRun = false
        for level in (low + 1)..<high {
            if smoothed[level] < valleyValue {
                valleyValue = smoothed[level]
                runStart = level
                runEnd = level
                inRun = true
            } else if smoothed[level] == valleyValue, inRun {
                runEnd = level
            } else {
                inRun = false
            }
        }
        // A valley at least halfway down from the lower peak; a shallow dip is not two populations.
        guard valleyValue * 2 <= min(smoothed[first], smoothed[second]) else { return nil }
        return UInt8((runStart + runEnd) / 2)
    }

    /// A moving sum over 2·radius + 1 levels (levels outside 0…255 count as empty). Sums, not
    /// means: only the shape matters, and integers keep ties exact.
    private static func boxFiltered(_ values: [Int], radius: Int) -> [Int] {
        var result = [Int](repeating: 0, count: values.count)
        var sum = 0
        for index in 0..<(values.count + radius) {
            if index < values.count { sum += values[index] }
            if index - 2 * radius - 1 >= 0 { sum -= values[index - 2 * radius - 1] }
            if index - radius >= 0 { result[index - radius] = sum }
        }
        return result
    }
}
