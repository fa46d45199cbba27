import Markup

/// Keeps the search results a researcher's homepage lists as their own (the Italian thesis's
/// homepage filter, Scholar app).
///
/// 1. Elements whose text holds a result's title (similarity ≥ `titleThreshold`) are found.
/// 2. From them the structural pattern of the publication list is inferred, as the thesis did
///    from two matched elements, and every title on the page is extracted with it; likewise
///    the author lines, at `authorThreshold`, kept only when there are as many as titles.
/// 3. Each extracted publication is matched against the results.
///
/// Where the thesis failed it does better: matches are grouped by structure and the pattern
/// with the most matched results wins, so one match, or two matches in different tags, still
/// give a pattern; and a title that is only part of an element's text (a quoted Chicago or
/// IEEE reference, a title followed by "(with …)") is cut out by a rule inferred from the
/// matched examples. A result without the subtitle the page gives still matches
/// (`DroppedSubtitle`), a bookmark around some titles and not others still gives one pattern
/// (`StructuralPattern`), and a "Book review" label is completed from its line (`EntryLabel`).
/// Comparisons use `MatchText.normalizedTitle` and `TitleSimilarity`.
public struct HomepageFilter: Sendable {
    /// The least title similarity (0…1) for a page text to count as a result's title.
    public var titleThreshold: Double
    /// The least share (0…1) of a result's author surnames an element must hold to be its author line.
    public var authorThreshold: Double

    public init(titleThreshold: Double = 0.80, authorThreshold: Double = 0.68) {
        self.titleThreshold = titleThreshold
        self.authorThreshold = authorThreshold
    }

    /// Matches `results` against the publications `homepage` lists.
    ///
    /// Throws `.invalidThreshold` for a threshold outside (0, 1], `.notHTML` for a document
    /// without visible text, `.nothingRecognisable` when no result's title is on the page.
    public func match(homepage: MarkupDocument, results: [HomepageCandidate]) throws(HomepageFilterError) -> HomepageMatch {
        for threshold in [titleThreshold, authorThreshold] where !(threshold > 0 && threshold <= 1) {
            throw .invalidThreshold(threshold)
        }
        let tree = HomepageTree(document: homepage)
        guard tree.count > 0, !tree.text(of: 0).lines.isEmpty else { throw .notHTML }

        let normalizedTitles = results.map { MatchText.normalizedTitle($0.title) }
        let index = ResultTitleIndex(normalizedTitles: normalizedTitles, threshold: titleThreshold)
        var found = TitleOccurrences(tree: tree, index: index)
        // Generic titles ("Technical report 93-1", "Preface") are on anyone's page: once the
        // list is found they may be matched in it, but they must not say where the list is.
        let anchors = found.occurrences.filter { Self.isDistinctive(normalizedTitles[$0.result]) }
        guard let choice = PatternChoice.best(among: anchors, tree: tree, texts: found.texts) else {
            throw .nothingRecognisable(matchedTitles: Set(anchors.map(\.result)).count)
        }

        var publications: [HomepagePublication] = []
        var onHomepage = [Bool](repeating: false, count: results.count)
        for (_, title) in choice.titles {
            let matched = found.lookup(span: title, in: index)?.index
            if let matched { onHomepage[matched] = true }
            publications.append(HomepagePublication(title: title, authors: [], matchedResult: matched))
        }

        var authorPattern: StructuralPattern?
        let examples = zip(choice.titles, publications).compactMap { entry, publication in
            publication.matchedResult.map { (titleElement: entry.element, authors: results[$0].authors) }
        }
        if let pattern = AuthorLocator.pattern(examples: examples, titleElements: choice.titles.map(\.element), tree: tree, threshold: authorThreshold) {
            let authorElements = pattern.select(in: tree)
            if authorElements.count == publications.count {
                authorPattern = pattern
                for (position, element) in authorElements.enumerated() {
                    publications[position].authors = AuthorLocator.names(in: tree.text(of: element).whole)
                }
            }
        }
        return HomepageMatch(
            titlePattern: choice.pattern.xpath,
            authorPattern: authorPattern?.xpath,
            homepagePublications: publications,
            resultsOnHomepage: onHomepage
        )
    }

    /// At least three words with letters and 15 characters: enough to name one work.
    static func isDistinctive(_ normalizedTitle: String) -> Bool {
        normalizedTitle.count >= 15
            && normalizedTitle.split(separator: " ").filter { $0.contains(where: \.isLetter) }.count >= 3
    }
}
