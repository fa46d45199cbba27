/// h-type indices, computed by counting rather than sorting so a million papers take
/// milliseconds: the k-th largest score is ≥ k exactly when at least k scores are ≥ k,
/// and for an integer k that means their floor is ≥ k.
enum HIndex {
    /// The largest k such that k of the scores are ≥ k (Hirsch 2005, extended to real scores).
    static func of(_ scores: some Sequence<Double>, count: Int) -> Int {
        guard count > 0 else { return 0 }
        var papersWithFloor = [Int](repeating: 0, count: count + 1)
        for score in scores where score >= 1 {
            let bucket = score >= Double(count) ? count : Int(score)
            papersWithFloor[bucket] += 1
        }
        var atLeast = 0
        for k in stride(from: count, through: 1, by: -1) {
            atLeast += papersWithFloor[k]
            if atLeast >= k { return k }
        }
        return 0
    }

    /// The h-index of citation counts already sorted in descending order.
    static func ofDescending(_ citations: [Int]) -> Int {
        var h = 0
        while h < citations.count, citations[h] >= h + 1 { h += 1 }
        return h
    }
}
