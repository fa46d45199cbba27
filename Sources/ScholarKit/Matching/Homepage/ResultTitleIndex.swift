/// The search results' titles, indexed so that a homepage text finds its closest title
/// without an edit distance against every result.
///
/// Every text on a page is looked up, so the cheap checks come first: an exact match of the
/// normalised forms (most titles), then a length window, the q-gram count filter of
/// `QGramPostings`, the bag distance, and only the survivors get the banded Levenshtein of
/// `TitleSimilarity`.
///
/// Candidates are tried best first (most shared q-grams), and each similarity found raises
/// the bar for the rest: only a title at least as similar can still be the answer, so after
/// the right title the count filter alone turns the others away.
///
/// A class with reusable buffers: it lives for one `HomepageFilter.match` call on one thread.
final class ResultTitleIndex {
    let threshold: Double
    private let titles: [[Unicode.Scalar]]
    private let exact: [String: Int]
    /// Result indices by title length (then index), so that the titles a length window
    /// admits are one run of ranks; postings, counters and histograms are by rank.
    private let ranked: [Int]
    private let rankedLengths: [Int]
    private let postings: QGramPostings
    /// Each title's letter counts in `bucketCount` buckets, for the bag-distance bound, one
    /// title after another.
    private let histograms: [Int16]
    private static let bucketCount = 64
    private var counts: [Int32]
    /// Below this length the q-gram filter proves nothing; such texts must match exactly.
    private static let shortestFuzzyText = 8
    private static let q = QGramPostings.q

    /// Titles Scholar cut with "…", matched by their start when no whole title matches.
    private let truncated: TruncatedTitles?

    /// `normalizedTitles` are in `MatchText.normalizedTitle` form; an index is a result's
    /// position. `rawTitles`, as the results give them, tell which titles were cut short.
    init(normalizedTitles: [String], rawTitles: [String] = [], threshold: Double) {
        self.threshold = threshold
        let truncated = TruncatedTitles(rawTitles: rawTitles, normalizedTitles: normalizedTitles, threshold: threshold)
        self.truncated = truncated.isEmpty ? nil : truncated
        let titles = normalizedTitles.map { Array($0.unicodeScalars) }
        self.titles = titles
        var exact: [String: Int] = [:]
        for (index, title) in normalizedTitles.enumerated() where !title.isEmpty && exact[title] == nil {
            exact[title] = index
        }
        self.exact = exact
        let ranked = titles.indices.sorted { (titles[$0].count, $0) < (titles[$1].count, $1) }
        self.ranked = ranked
        rankedLengths = ranked.map { titles[$0].count }
        postings = QGramPostings(titlesByRank: ranked.map { titles[$0] })
        counts = [Int32](repeating: 0, count: titles.count)
        var histograms = [Int16](repeating: 0, count: titles.count * Self.bucketCount)
        for (rank, index) in ranked.enumerated() {
            for scalar in titles[index] { histograms[rank * Self.bucketCount + Self.bucket(scalar)] &+= 1 }
        }
        self.histograms = histograms
    }

    /// The longest title, in Unicode scalars.
    var longestTitle: Int { rankedLengths.last ?? 0 }

    /// The result whose title is most similar to `text` (normalised), when one reaches the
    /// threshold; of equally similar results, the first. A cut title is tried last, against
    /// the start of `text`.
    func bestMatch(for text: String) -> (index: Int, similarity: Double)? {
        wholeTitleMatch(for: text) ?? truncated?.bestMatch(for: text)
    }

    private func wholeTitleMatch(for text: String) -> (index: Int, similarity: Double)? {
        if let index = exact[text] { return (index, 1) }
        let query = Array(text.unicodeScalars)
        guard query.count >= Self.shortestFuzzyText, !titles.isEmpty else { return nil }
        let lengths = lengthWindow(query.count, threshold)
        let window = ranks(within: lengths)
        guard !window.isEmpty else { return nil }
        var search = Search(query: query, threshold: threshold)
        for scalar in query { search.histogram[Self.bucket(scalar)] &+= 1 }

        // A title sharing no q-gram is never counted, so the filter may only be used where it
        // demands at least one of every title the window admits.
        let longers = query.count...max(query.count, min(lengths.upperBound, longestTitle))
        guard longers.allSatisfy({ gramBound(longer: $0, threshold) > 0 }) else {
            // A threshold this low lets the count filter prove nothing: compare with every title.
            for rank in window { consider(rank, sharedGrams: nil, in: &search) }
            return search.best
        }
        var grams = QGramPostings.grams(of: query)
        grams.sort()
        var candidates: [(rank: Int, shared: Int)] = []
        counts.withUnsafeMutableBufferPointer { counts in
            postings.countShared(with: grams, in: window, into: counts)
            for rank in window where counts[rank] > 0 {
                let shared = Int(counts[rank])
                counts[rank] = 0
                if shared >= gramBound(longer: max(query.count, rankedLengths[rank]), threshold) {
                    candidates.append((rank, shared))
                }
            }
        }
        candidates.sort { $0.shared != $1.shared ? $0.shared > $1.shared : $0.rank < $1.rank }
        for candidate in candidates { consider(candidate.rank, sharedGrams: candidate.shared, in: &search) }
        return search.best
    }

    /// One lookup's state: the best title so far and the least similarity still worth finding.
    private struct Search {
        let query: [Unicode.Scalar]
        let threshold: Double
        var histogram = [Int16](repeating: 0, count: ResultTitleIndex.bucketCount)
        var best: (index: Int, similarity: Double)?
        /// Built when the first title gets as far as the edit distance: most texts never do.
        var pattern: TitleDistancePattern?

        /// The bar a title must clear to matter, a hair low so that floating point never turns
        /// away a title as similar as the best (it wins a tie by coming first).
        var bar: Double { (best.map { max($0.similarity, threshold) } ?? threshold) - 1e-9 }
    }

    private func consider(_ rank: Int, sharedGrams: Int?, in search: inout Search) {
        let length = rankedLengths[rank], queryLength = search.query.count
        let bar = search.bar
        guard lengthWindow(queryLength, bar).contains(length) else { return }
        let longer = max(queryLength, length)
        let budget = TitleSimilarity.editBudget(threshold: bar, longer: longer)
        if let sharedGrams, sharedGrams < longer - Self.q + 1 - budget * Self.q { return }
        guard bagDistance(search.histogram, rank) <= budget else { return }
        let index = ranked[rank]
        let pattern = search.pattern ?? TitleDistancePattern(search.query)
        search.pattern = pattern
        guard let distance = pattern.distance(to: titles[index], limit: budget) else { return }
        let similarity = TitleSimilarity.similarity(distance: distance, longer: longer)
        guard similarity >= threshold else { return }
        if let current = search.best, current.similarity > similarity || (current.similarity == similarity && current.index < index) { return }
        search.best = (index, similarity)
    }

    /// The title lengths that can reach `threshold` against a text of `length` scalars: an
    /// edit distance is at least the difference of the lengths.
    private func lengthWindow(_ length: Int, _ threshold: Double) -> ClosedRange<Int> {
        let shortest = Int((Double(length) * threshold).rounded(.up))
        let longest = Int(Double(length) / threshold)
        return shortest <= longest ? shortest...longest : length...length
    }

    /// The ranks of the titles whose lengths lie in `lengths`.
    private func ranks(within lengths: ClosedRange<Int>) -> Range<Int> {
        firstRank(notShorterThan: lengths.lowerBound)..<firstRank(notShorterThan: lengths.upperBound + 1)
    }

    private func firstRank(notShorterThan length: Int) -> Int {
        var low = 0, high = rankedLengths.count
        while low < high {
            let middle = (low + high) / 2
            if rankedLengths[middle] < length { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// How many q-grams two strings at `threshold` must share at least, for the longer length.
    private func gramBound(longer: Int, _ threshold: Double) -> Int {
        longer - Self.q + 1 - TitleSimilarity.editBudget(threshold: threshold, longer: longer) * Self.q
    }

    private static func bucket(_ scalar: Unicode.Scalar) -> Int { Int(scalar.value) % bucketCount }

    /// A lower bound of the edit distance from letter counts (the bag distance, Bartolini et
    /// al. 2002): an edit changes at most one count up and one down. Buckets shared by several
    /// letters only lower it, so it stays a bound.
    private func bagDistance(_ query: [Int16], _ rank: Int) -> Int {
        var surplus = 0, deficit = 0
        let offset = rank * Self.bucketCount
        for bucket in 0..<Self.bucketCount {
            let difference = Int(query[bucket]) - Int(histograms[offset + bucket])
            if difference > 0 { surplus += difference } else { deficit -= difference }
        }
        return max(surplus, deficit)
    }
}
