/// A place on the page where a search result's title was found.
struct TitleOccurrence: Hashable {
    var element: Int
    var rule: TitleSpanRule
    var result: Int
}

/// Step 1 of the thesis's filter: the elements whose text holds a search result's title.
///
/// Every element's candidate spans (its text, lines, quotes, text before a parenthesis) are
/// looked up in the result index, each distinct span once. Of an element and an ancestor that
/// hold the same title, the inner one is kept (the `<span>` of the title, not the `<td>` of the
/// whole entry); of an inner element and its ancestors with exactly the same text, the innermost
/// one with a class is kept (`<p class="paper">`, not the bare `<a>` inside it), since classes
/// are what page authors mark their entries with.
struct TitleOccurrences {
    private(set) var occurrences: [TitleOccurrence] = []
    /// The lookups done so far, by normalised span: later extraction reuses them.
    private var lookups: [String: (index: Int, similarity: Double)?] = [:]
    /// The same by span as the page writes it: nested elements repeat their spans (an entry's
    /// `<li>`, `<div>` and `<div>` hold one text), and this spares normalising them again.
    private var lookupsBySpan: [String: (index: Int, similarity: Double)?] = [:]
    private(set) var texts: [Int: ElementText] = [:]
    /// Every element's candidate spans, citation pieces included, kept for step 3, which looks
    /// again at the entries no title matched.
    private(set) var spansByElement: [Int: [String]] = [:]

    init(tree: HomepageTree, index: ResultTitleIndex) {
        // An element much longer than any title holds a list, not an entry: its spans are its
        // entries' spans, already looked up there.
        let longestText = max(1_500, 8 * index.longestTitle)
        var best: [Int: [Int: (rule: TitleSpanRule, similarity: Double)]] = [:]
        for element in 0..<tree.count where tree.textLength(of: element) <= longestText {
            let text = tree.text(of: element)
            guard !text.lines.isEmpty else { continue }
            texts[element] = text
            let withCitations = !tree.wrapsOneChild(element)
            let candidates = TitleSpanRule.candidates(in: text, citations: withCitations)
            if withCitations { spansByElement[element] = candidates.map(\.span) }
            for (rule, span) in candidates {
                guard let found = lookup(span: span, in: index) else { continue }
                if let current = best[found.index]?[element],
                   current.similarity > found.similarity
                    || (current.similarity == found.similarity && current.rule.complexity <= rule.complexity) {
                    continue
                }
                best[found.index, default: [:]][element] = (rule, found.similarity)
            }
        }
        for (result, elements) in best {
            for (element, found) in elements
            where !elements.keys.contains(where: { tree.isDescendant($0, of: element) }) {
                let chosen = Self.preferredElement(from: element, in: tree, texts: texts)
                occurrences.append(TitleOccurrence(element: chosen, rule: found.rule, result: result))
            }
        }
        occurrences = Array(Set(occurrences)).sorted { ($0.element, $0.result) < ($1.element, $1.result) }
    }

    /// The result `span` (as the page writes it) names: by its whole text, or else by the part
    /// before its colon (`DroppedSubtitle`).
    mutating func lookup(span: String, in index: ResultTitleIndex) -> (index: Int, similarity: Double)? {
        if let known = lookupsBySpan[span] { return known }
        // A span half again as long as the longest title is no title (a cut title matches its
        // own pieces, not the whole reference): it is not worth normalising.
        let couldMatch = span.unicodeScalars.count <= index.longestTitle * 3 / 2 + 10
        let found = (couldMatch ? lookup(MatchText.normalizedTitle(span), in: index) : nil)
            ?? DroppedSubtitle.head(of: span).flatMap { lookup($0, in: index) }
        lookupsBySpan[span] = found
        return found
    }

    private mutating func lookup(_ normalized: String, in index: ResultTitleIndex) -> (index: Int, similarity: Double)? {
        if let known = lookups[normalized] { return known }
        let found = index.bestMatch(for: normalized)
        lookups[normalized] = found
        return found
    }

    /// The element itself, or the innermost ancestor with a class among those with the same text.
    private static func preferredElement(from element: Int, in tree: HomepageTree, texts: [Int: ElementText]) -> Int {
        guard tree[element].classAttribute?.isEmpty ?? true, let own = texts[element] else { return element }
        let normalized = MatchText.normalizedTitle(own.whole)
        var current = element
        while let parent = tree[current].parent, let text = texts[parent],
              MatchText.normalizedTitle(text.whole) == normalized {
            if !(tree[parent].classAttribute?.isEmpty ?? true) { return parent }
            current = parent
        }
        return element
    }
}
