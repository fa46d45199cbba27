/// The q-grams (q = 3) of the results' titles, each with the titles that hold it, for the count
/// filter of `ResultTitleIndex`: strings within edit distance k share at least
/// max(|a|,|b|) − q + 1 − k·q of their q-grams, counted as multisets (Ukkonen 1992).
///
/// Titles are known by rank (their place in length order), so that the titles a length
/// window admits are one run of ranks and each list can be entered at the window. The lists
/// are one flat array of entries, rank and multiplicity packed in one word, because walking
/// them is the filter's whole cost and separate arrays would each be a pointer to chase.
struct QGramPostings {
    static let q = 3
    /// Rank in the high 24 bits, the gram's count in that title in the low 8.
    private let entries: [UInt32]
    private let lists: [UInt64: Range<Int>]

    /// `titlesByRank[r]` is the title of rank `r`.
    init(titlesByRank: [[Unicode.Scalar]]) {
        var grouped: [UInt64: [UInt32]] = [:]
        for (rank, title) in titlesByRank.enumerated() {
            var grams = Self.grams(of: title)
            grams.sort()
            Self.forEachRun(of: grams) { gram, count in
                grouped[gram, default: []].append(UInt32(rank) << 8 | UInt32(min(count, 255)))
            }
        }
        var entries: [UInt32] = [], lists: [UInt64: Range<Int>] = [:]
        for (gram, list) in grouped {
            lists[gram] = entries.count..<(entries.count + list.count)
            entries += list
        }
        self.entries = entries
        self.lists = lists
    }

    /// Adds to `counts[r]` how many q-grams (as a multiset) the title of rank `r` shares with
    /// `grams`, for the ranks in `window`; other counts are left alone. `grams` must be sorted.
    func countShared(with grams: [UInt64], in window: Range<Int>, into counts: UnsafeMutableBufferPointer<Int32>) {
        guard !window.isEmpty else { return }
        let lowKey = UInt32(window.lowerBound) << 8, highKey = UInt32(window.upperBound) << 8
        entries.withUnsafeBufferPointer { entries in
            Self.forEachRun(of: grams) { gram, inText in
                guard let list = lists[gram] else { return }
                let inText = UInt32(min(inText, 255))
                // Ranks ascend in a list: enter it at the window, leave it past the window.
                var low = list.lowerBound, high = list.upperBound
                while low < high {
                    let middle = (low + high) / 2
                    if entries[middle] < lowKey { low = middle + 1 } else { high = middle }
                }
                var position = low
                while position < list.upperBound {
                    let entry = entries[position]
                    guard entry < highKey else { break }
                    counts[Int(entry >> 8)] &+= Int32(min(inText, entry & 0xFF))
                    position += 1
                }
            }
        }
    }

    /// The q-grams of `scalars` in order, each packed in one word (21 bits a scalar).
    static func grams(of scalars: [Unicode.Scalar]) -> [UInt64] {
        guard scalars.count >= q else { return [] }
        return (0...(scalars.count - q)).map { start in
            UInt64(scalars[start].value) << 42 | UInt64(scalars[start + 1].value) << 21 | UInt64(scalars[start + 2].value)
        }
    }

    /// Calls `body` with each distinct value of sorted `grams` and how often it occurs.
    private static func forEachRun(of grams: [UInt64], _ body: (UInt64, Int) -> Void) {
        var start = 0
        while start < grams.count {
            var end = start + 1
            while end < grams.count, grams[end] == grams[start] { end += 1 }
            body(grams[start], end - start)
            start = end
        }
    }
}
