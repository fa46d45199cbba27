/// The search results' titles, indexed so that a homepage text finds its closest title
/// without an edit distance against every result.
///
/// Every text on a page is looked up, so the cheap checks come first: an exact match of the
/// normalised forms (most titles), then a length window and the q-gram count filter
/// (Ukkonen 1992; Gravano et al. 2001: strings within edit distance k share at least
/// max(|a|,|b|) − q + 1 − k·q of their q-grams), and only the survivors get the banded
/// Levenshtein of `TitleSimilarity`.
///
/// A class with reusable counters: it lives for one `HomepageFilter.match` call on one thread.
final class ResultTitleIndex {
    let threshold: Double
    private let titles: [[Unicode.Scalar]]
    private let exact: [String: Int]
    private var postings: [UInt64: [Int32]] = [:]
    private var counts: [Int32]
    /// Each title's letter counts in `bucketCount` buckets, for the bag-distance bound.
    private let histograms: [[Int16]]
    private static let bucketCount = 64
    private var touched: [Int32] = []
    /// Below this length the q-gram filter proves nothing; such texts must match exactly.
    private static let shortestFuzzyText = 8
    private static let q = 3

    /// `normalizedTitles` are in `MatchText.normalizedTitle` form; an index is a result's position.
    init(normalizedTitles: [String], threshold: Double) {
        self.threshold = threshold
        titles = normalizedTitles.map { Array($0.unicodeScalars) }
        var exact: [String: Int] = [:]
        for (index, title) in normalizedTitles.enumerated() where !title.isEmpty && exact[title] == nil {
            exact[title] = index
        }
        self.exact = exact
        counts = [Int32](repeating: 0, count: normalizedTitles.count)
        histograms = titles.map(Self.histogram)
        for (index, title) in titles.enumerated() {
            Self.forEachGram(of: title) { postings[$0, default: []].append(Int32(index)) }
        }
    }

    /// The longest title, in Unicode scalars.
    var longestTitle: Int { titles.map(\.count).max() ?? 0 }

    /// The result whose title is most similar to `text` (normalised), when one reaches the
    /// threshold; of equally similar results, the first.
    func bestMatch(for text: String) -> (index: Int, similarity: Double)? {
        if let index = exact[text] { return (index, 1) }
        let query = Array(text.unicodeScalars)
        guard query.count >= Self.shortestFuzzyText, !titles.isEmpty else { return nil }
        let shortest = Int((Double(query.count) * threshold).rounded(.up))
        let longest = Int(Double(query.count) / threshold)
        var best: (index: Int, similarity: Double)?
        let queryHistogram = Self.histogram(query)
        func consider(_ index: Int) {
            let title = titles[index]
            guard title.count >= shortest, title.count <= longest,
                  bagDistance(queryHistogram, histograms[index]) <= Int((1 - threshold) * Double(max(query.count, title.count)) + 1e-9),
                  let similarity = TitleSimilarity.ratio(query, title, atLeast: threshold) else { return }
            if let current = best, current.similarity > similarity || (current.similarity == similarity && current.index < index) { return }
            best = (index, similarity)
        }
        guard min(gramBound(longer: query.count), gramBound(longer: max(query.count, longest))) > 0 else {
            // A threshold this low lets the filter prove nothing: compare with every title.
            for index in titles.indices { consider(index) }
            return best
        }
        // Local buffers: counting through the class's stored arrays would pay an exclusivity
        // check per increment, which dominated the profile.
        var counts: [Int32] = []
        var touched: [Int32] = []
        swap(&counts, &self.counts)
        swap(&touched, &self.touched)
        defer {
            touched.removeAll(keepingCapacity: true)
            swap(&counts, &self.counts)
            swap(&touched, &self.touched)
        }
        Self.forEachGram(of: query) { gram in
            guard let list = postings[gram] else { return }
            for index in list {
                if counts[Int(index)] == 0 { touched.append(index) }
                counts[Int(index)] += 1
            }
        }
        for index in touched {
            let candidate = Int(index)
            if Int(counts[candidate]) >= gramBound(longer: max(query.count, titles[candidate].count)) {
                consider(candidate)
            }
            counts[candidate] = 0
        }
        return best
    }

    /// How many q-grams two strings at the threshold must share at least, for the longer length.
    private func gramBound(longer: Int) -> Int {
        let budget = Int((1 - threshold) * Double(longer) + 1e-9)
        return longer - Self.q + 1 - budget * Self.q
    }

    /// Letter counts by bucket (scalar value modulo the bucket count).
    private static func histogram(_ scalars: [Unicode.Scalar]) -> [Int16] {
        var counts = [Int16](repeating: 0, count: bucketCount)
        for scalar in scalars { counts[Int(scalar.value) % bucketCount] &+= 1 }
        return counts
    }

    /// A lower bound of the edit distance from letter counts (the bag distance, Bartolini et
    /// al. 2002): an edit changes at most one count up and one down. Buckets shared by several
    /// letters only lower it, so it stays a bound.
    private func bagDistance(_ left: [Int16], _ right: [Int16]) -> Int {
        var surplus = 0, deficit = 0
        for bucket in 0..<Self.bucketCount {
            let difference = Int(left[bucket]) - Int(right[bucket])
            if difference > 0 { surplus += difference } else { deficit -= difference }
        }
        return max(surplus, deficit)
    }

    private static func forEachGram(of scalars: [Unicode.Scalar], _ body: (UInt64) -> Void) {
        guard scalars.count >= q else { return }
        for start in 0...(scalars.count - q) {
            body(UInt64(scalars[start].value) << 42 | UInt64(scalars[start + 1].value) << 21 | UInt64(scalars[start + 2].value))
        }
    }
}
