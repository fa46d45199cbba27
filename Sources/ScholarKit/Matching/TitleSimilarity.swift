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
        return 1 - Double(distance) / Double(longer)
    }

    /// The similarity when it reaches `threshold`, else `nil`, in O(k·n) time for
    /// k = the edit budget the threshold allows, instead of O(n²).
    public static func ratio(_ a: String, _ b: String, atLeast threshold: Double) -> Double? {
        ratio(Array(a.unicodeScalars), Array(b.unicodeScalars), atLeast: threshold)
    }

    /// As `ratio(_:_:atLeast:)`, for callers that keep the scalars of many titles.
    public static func ratio(_ left: [Unicode.Scalar], _ right: [Unicode.Scalar], atLeast threshold: Double) -> Double? {
        let longer = max(left.count, right.count)
        guard longer > 0 else { return 1 >= threshold ? 1 : nil }
        let budget = Int((1 - threshold) * Double(longer) + 1e-9)
        guard abs(left.count - right.count) <= budget,
              let distance = boundedDistance(left, right, limit: budget) else { return nil }
        let similarity = 1 - Double(distance) / Double(longer)
        return similarity >= threshold ? similarity : nil
    }

    /// Levenshtein distance when it is at most `limit`, else `nil`: only the diagonal band of
    /// width 2·limit+1 is filled (Ukkonen's cut-off), and the work stops when a whole row of
    /// the band exceeds the limit.
    static func boundedDistance(_ left: [Unicode.Scalar], _ right: [Unicode.Scalar], limit: Int) -> Int? {
        if left.count < right.count { return boundedDistance(right, left, limit: limit) }
        let n = left.count, m = right.count
        guard n - m <= limit else { return nil }
        if m == 0 { return n }
        let beyond = limit + 1
        var previous = [Int](repeating: beyond, count: m + 1)
        var current = [Int](repeating: beyond, count: m + 1)
        for j in 0...min(m, limit) { previous[j] = j }
        for i in 1...n {
            let low = max(1, i - limit), high = min(m, i + limit)
            current[0] = i <= limit ? i : beyond
            if low > 1 { current[low - 1] = beyond }
            var rowMinimum = current[0]
            if low <= high {
                for j in low...high {
                    let substitution = previous[j - 1] + (left[i - 1] == right[j - 1] ? 0 : 1)
                    let deletion = previous[j] + 1
                    let insertion = current[j - 1] + 1
                    let value = min(substitution, deletion, insertion, beyond)
                    current[j] = value
                    rowMinimum = min(rowMinimum, value)
                }
            }
            if high < m { current[high + 1] = beyond }
            if rowMinimum > limit { return nil }
            swap(&previous, &current)
        }
        return previous[m] <= limit ? previous[m] : nil
    }
}
