/// Results whose titles Google Scholar cut short ("Modeling tabular icebergs submerged in …"),
/// matched against the start of a page's title rather than the whole of it.
///
/// A cut title is a third shorter than the page's, so its whole-title similarity falls far
/// below the threshold. Here its similarity is that of the best prefix of the page's text
/// (the edit distance with the text's end free), over the cut title's own length. Candidates
/// are found by their first two words, which a cut keeps.
struct TruncatedTitles {
    private let titles: [Int: [Unicode.Scalar]]
    private let byOpening: [String: [Int]]
    let threshold: Double

    /// Whether Scholar cut `title`: it ends with an ellipsis.
    static func isTruncated(_ title: String) -> Bool {
        let trimmed = title.unicodeScalars.reversed().drop { $0 == " " || $0 == "\u{A0}" }
        return trimmed.first == "\u{2026}" || trimmed.prefix(3).elementsEqual("...".unicodeScalars)
    }

    /// `rawTitles` as the results give them, `normalizedTitles` in `MatchText.normalizedTitle` form.
    init(rawTitles: [String], normalizedTitles: [String], threshold: Double) {
        self.threshold = threshold
        var titles: [Int: [Unicode.Scalar]] = [:]
        var byOpening: [String: [Int]] = [:]
        for (index, raw) in rawTitles.enumerated() where Self.isTruncated(raw) {
            let normalized = normalizedTitles[index]
            guard let opening = Self.opening(of: normalized), HomepageFilter.isDistinctive(normalized) else { continue }
            titles[index] = Array(normalized.unicodeScalars)
            byOpening[opening, default: []].append(index)
        }
        self.titles = titles
        self.byOpening = byOpening
    }

    var isEmpty: Bool { titles.isEmpty }

    /// The cut result whose title best begins `text` (normalised), when one reaches the threshold.
    func bestMatch(for text: String) -> (index: Int, similarity: Double)? {
        guard !titles.isEmpty, let opening = Self.opening(of: text), let candidates = byOpening[opening] else { return nil }
        let scalars = Array(text.unicodeScalars)
        var best: (index: Int, similarity: Double)?
        for index in candidates {
            guard let title = titles[index], let similarity = prefixSimilarity(of: title, in: scalars),
                  similarity >= threshold, similarity > (best?.similarity ?? 0) else { continue }
            best = (index, similarity)
        }
        return best
    }

    /// 1 − (the least edit distance from `title` to a prefix of `text`) ÷ the title's length.
    private func prefixSimilarity(of title: [Unicode.Scalar], in text: [Unicode.Scalar]) -> Double? {
        let budget = TitleSimilarity.editBudget(threshold: threshold, longer: title.count)
        guard text.count >= title.count - budget else { return nil }
        let columns = min(text.count, title.count + budget)
        // previous[j]: distance from the title's first i scalars to the text's first j.
        var previous = Array(0...columns)
        var current = [Int](repeating: 0, count: columns + 1)
        for row in 1...title.count {
            current[0] = row
            for column in 1...columns {
                let substitution = previous[column - 1] + (title[row - 1] == text[column - 1] ? 0 : 1)
                current[column] = min(substitution, previous[column] + 1, current[column - 1] + 1)
            }
            swap(&previous, &current)
        }
        guard let distance = previous.min(), distance <= budget else { return nil }
        return TitleSimilarity.similarity(distance: distance, longer: title.count)
    }

    private static func opening(of normalized: String) -> String? {
        let words = normalized.split(separator: " ", maxSplits: 2)
        return words.count >= 2 ? words[0] + " " + words[1] : nil
    }
}
