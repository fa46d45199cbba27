/// How alike two normalised titles are: 1 − (Levenshtein distance ÷ the longer length), over
/// Unicode scalars. The Italian thesis compared titles with edit distance; this keeps its
/// measure but computes it only as far as the threshold needs.
public enum TitleSimilarity {
    /// The similarity of `a` and `b`, exact.
    public static func ratio(_ a: String, _ b: String) -> Double {
        let left = Array(a.unicodeScalars), right = Array(b.unicodeScalars)
        let longer = max(left.count, right.count)
        guard longer > 0 else { return 1 }
        let distance = boundedDistance(left, right, limit: longer) ?? longer
        return similarity(distance: distance, longer: longer)
    }

    /// The similarity when it reaches `threshold`, else `nil`, in O(k·n) time for
    /// k = the edit budget the threshold allows, instead of O(n²).
    public static func ratio(_ a: String, _ b: String, atLeast threshold: Double) -> Double? {
        ratio(Array(a.unicodeScalars), Array(b.unicodeScalars), atLeast: threshold)
    }

    /// As `ratio(_:_:atLeast:)`, for callers that keep the scalars of many titles.
    public static func ratio(_ left: [Unicode.Scalar], _ right: [Unicode.Scalar], atLeast threshold: Double) -> Double? {
        var rows = EditDistanceRows()
        return ratio(left, right, atLeast: threshold, rows: &rows)
    }

    /// As `ratio(_:_:atLeast:)`, reusing `rows` so that comparing one text with many titles
    /// allocates nothing per comparison.
    static func ratio(_ left: [Unicode.Scalar], _ right: [Unicode.Scalar], atLeast threshold: Double, rows: inout EditDistanceRows) -> Double? {
        let longer = max(left.count, right.count)
        guard longer > 0 else { return 1 >= threshold ? 1 : nil }
        let budget = editBudget(threshold: threshold, longer: longer)
        guard budget >= 0, abs(left.count - right.count) <= budget,
              let distance = boundedDistance(left, right, limit: budget, rows: &rows) else { return nil }
        let similarity = similarity(distance: distance, longer: longer)
        return similarity >= threshold ? similarity : nil
    }

    /// The similarity of two titles `distance` edits apart, the longer `longer` scalars long.
    static func similarity(distance: Int, longer: Int) -> Double {
        1 - Double(distance) / Double(longer)
    }

    /// The most edits a pair whose longer title has `longer` scalars may differ by and still
    /// reach `threshold` (negative when none can). The small allowance keeps a budget such as
    /// 0.2 × 10 from rounding down to 1 through binary floating point.
    static func editBudget(threshold: Double, longer: Int) -> Int {
        Int((1 - threshold) * Double(longer) + 1e-9)
    }

    /// Levenshtein distance when it is at most `limit`, else `nil`.
    static func boundedDistance(_ left: [Unicode.Scalar], _ right: [Unicode.Scalar], limit: Int) -> Int? {
        var rows = EditDistanceRows()
        return boundedDistance(left, right, limit: limit, rows: &rows)
    }

    /// Levenshtein distance when it is at most `limit`, else `nil`. A shared prefix and suffix
    /// are skipped first (they cost no edit, and a title and its variant share most of theirs);
    /// then only the diagonal band of width 2·limit+1 is filled (Ukkonen's cut-off), and the
    /// work stops when a whole row of the band exceeds the limit.
    static func boundedDistance(_ left: [Unicode.Scalar], _ right: [Unicode.Scalar], limit: Int, rows: inout EditDistanceRows) -> Int? {
        guard limit >= 0, abs(left.count - right.count) <= limit else { return nil }
        return left.withUnsafeBufferPointer { left in
            right.withUnsafeBufferPointer { right in
                var a = left[...], b = right[...]
                while let x = a.first, let y = b.first, x == y { a.removeFirst(); b.removeFirst() }
                while let x = a.last, let y = b.last, x == y { a.removeLast(); b.removeLast() }
                return a.count >= b.count
                    ? rows.bandedDistance(UnsafeBufferPointer(rebasing: a), UnsafeBufferPointer(rebasing: b), limit: limit)
                    : rows.bandedDistance(UnsafeBufferPointer(rebasing: b), UnsafeBufferPointer(rebasing: a), limit: limit)
            }
        }
    }
}

/// The two rows of the edit-distance table, kept between comparisons: a caller comparing one
/// text with many titles would otherwise allocate two arrays per comparison, which cost more
/// than the band itself.
struct EditDistanceRows {
    private var storage: [Int32] = []

    /// The banded Levenshtein distance of `left` (the longer) and `right`, at most `limit`.
    mutating func bandedDistance(_ left: UnsafeBufferPointer<Unicode.Scalar>, _ right: UnsafeBufferPointer<Unicode.Scalar>, limit: Int) -> Int? {
        let n = left.count, m = right.count
        guard n - m <= limit else { return nil }
        if m == 0 { return n }
        if storage.count < 2 * (m + 1) { storage = [Int32](repeating: 0, count: 2 * (m + 1)) }
        let beyond = Int32(limit + 1)
        return storage.withUnsafeMutableBufferPointer { buffer -> Int? in
            guard let base = buffer.baseAddress else { return nil }
            var previous = base, current = base + (m + 1)
            for j in 0...m { previous[j] = j <= limit ? Int32(j) : beyond }
            for i in 1...n {
                let low = max(1, i - limit), high = min(m, i + limit)
                current[0] = i <= limit ? Int32(i) : beyond
                if low > 1 { current[low - 1] = beyond }
                var rowMinimum = current[0]
                let letter = left[i - 1]
                var diagonal = previous[low - 1], leftValue = current[low - 1]
                if low <= high {
                    for j in low...high {
                        let above = previous[j]
                        var value = diagonal + (letter == right[j - 1] ? 0 : 1)
                        if above + 1 < value { value = above + 1 }
                        if leftValue + 1 < value { value = leftValue + 1 }
                        if value > beyond { value = beyond }
                        current[j] = value
                        if value < rowMinimum { rowMinimum = value }
                        diagonal = above
                        leftValue = value
                    }
                }
                if high < m { current[high + 1] = beyond }
                if Int(rowMinimum) > limit { return nil }
                swap(&previous, &current)
            }
            return Int(previous[m]) <= limit ? Int(previous[m]) : nil
        }
    }
}
