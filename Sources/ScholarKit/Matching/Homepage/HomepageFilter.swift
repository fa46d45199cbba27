import Markup

/// Keeps the search results a researcher's homepage lists as their own (the Italian thesis's
/// homepage filter, Scholar app).
///
/// 1. Elements whose text holds a result's title (similarity ≥ `titleThreshold`) are found.
/// 2. From them the structural pattern of the publication list is inferred, as the thesis did
///    from two matched elements, and every title on the page is extracted with it; likewise
///    the author lines, at `authorThreshold`, kept only when there are as many as titles.
/// 3. Each extracted publication is matched against the results (`HomepageEntries`), with its
///    year and, where the page gives them no element, its authors (`EntryDetails`).
///
/// Where the thesis failed it does better: matches are grouped by structure and the pattern
/// with the most matched results wins, so one match, or two matches in different tags, still
/// give a pattern; and a title that is only part of an element's text (a quoted Chicago or
/// IEEE reference, a title followed by "(with …)") is cut out by a rule inferred from the
/// matched examples. A result without the subtitle the page gives still matches
/// (`DroppedSubtitle`), a bookmark around some titles and not others still gives one pattern
/// (`StructuralPattern`), and a "Book review" label is completed from its line (`EntryLabel`).
/// A title written inside a citation string is found as a run of its pieces
/// (`CitationSegments`), as the thesis matched titles inside element text (§4.5), and a result
/// Scholar cut with "…" matches the start of the page's title (`TruncatedTitles`). Citations
/// parted only by `<br>` in one element (a cell per year, a `div` per section) are read one by
/// one (`LineRuns`), where no element of their own could give a pattern.
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
        let index = ResultTitleIndex(normalizedTitles: normalizedTitles, rawTitles: results.map(\.title), threshold: titleThreshold)
        var found = TitleOccurrences(tree: tree, index: index)
        // Generic titles ("Technical report 93-1", "Preface") are on anyone's page: once the
        // list is found they may be matched in it, but they must not say where the list is.
        let anchors = found.occurrences.filter { Self.isDistinctive(normalizedTitles[$0.result]) }
        let foundRuns = LineRuns.find(tree: tree, found: &found, index: index) { Self.isDistinctive(normalizedTitles[$0]) }
        let choice = PatternChoice.best(among: anchors, tree: tree, texts: found.texts)
        guard choice != nil || !foundRuns.isEmpty else {
            throw .nothingRecognisable(matchedTitles: Set(anchors.map(\.result)).count)
        }

        // An entry of the pattern that holds a run is no entry (a cell per year gives the pattern
        // one title a cell): the run's citations stand for it. Entries inside a run (a linked
        // title in each citation) are the pattern's, and the run adds the citations they miss.
        let containers = foundRuns.map(\.container)
        let entries = (choice.map { HomepageEntries.read(choice: $0, tree: tree, found: &found, index: index) } ?? []).filter { entry in
            !containers.contains { $0 == entry.entry || tree.isDescendant($0, of: entry.entry) }
        }
        let matchedByPattern = Set(entries.compactMap(\.matchedResult))
        // The whole citation of a title the pattern found as a link inside a run, for its authors and year.
        var citationOfResult: [Int: LineRunEntry] = [:]
        for entry in foundRuns.flatMap(\.entries) where matchedByPattern.contains(entry.matchedResult) {
            citationOfResult[entry.matchedResult] = citationOfResult[entry.matchedResult] ?? entry
        }
        let runs = foundRuns.map { run in LineRun(container: run.container, entries: run.entries.filter { !matchedByPattern.contains($0.matchedResult) }) }
        let runEntries = runs.flatMap(\.entries)
        var onHomepage = [Bool](repeating: false, count: results.count)
        for matched in entries.compactMap(\.matchedResult) + runEntries.map(\.matchedResult) { onHomepage[matched] = true }
        // A paper the page lists twice, or Scholar twice, is one match per entry: the results
        // that lost to an equal one get a second look at the entries.
        let unmatched = results.indices.filter { !onHomepage[$0] }
        if !unmatched.isEmpty {
            let remaining = ResultTitleIndex(
                normalizedTitles: unmatched.map { normalizedTitles[$0] }, rawTitles: unmatched.map { results[$0].title }, threshold: titleThreshold)
            for title in entries.filter({ $0.matchedResult != nil }).map(\.title) + runEntries.map(\.title) {
                if let found = remaining.bestMatch(for: MatchText.normalizedTitle(title)) { onHomepage[unmatched[found.index]] = true }
            }
        }
        var publications = entries.map { entry in
            HomepagePublication(
                title: entry.title, authors: [], matchedResult: entry.matchedResult,
                year: EntryDetails.year(in: tree.text(of: entry.entry), after: entry.title)
            )
        }

        // The authors: from their own elements where the page gives them one (the thesis's
        // author pattern), else from the entry's text around the title.
        let titled = entries.indices.compactMap { position in entries[position].titleElement.map { (position: position, element: $0) } }
        let examples = titled.compactMap { entry in
            entries[entry.position].matchedResult.map { (titleElement: entry.element, authors: results[$0].authors) }
        }
        var authorPattern: StructuralPattern?
        if let pattern = AuthorLocator.pattern(examples: examples, titleElements: titled.map(\.element), tree: tree, threshold: authorThreshold) {
            let authorElements = pattern.select(in: tree)
            if authorElements.count == titled.count {
                authorPattern = pattern
                for (position, element) in zip(titled.map(\.position), authorElements) {
                    publications[position].authors = AuthorLocator.names(in: tree.text(of: element).whole)
                }
            }
        }
        for position in entries.indices where publications[position].authors.isEmpty {
            publications[position].authors = EntryDetails.authors(in: tree.text(of: entries[position].entry), around: entries[position].title)
            if let citation = entries[position].matchedResult.flatMap({ citationOfResult[$0] }) {
                if publications[position].authors.isEmpty { publications[position].authors = EntryDetails.authors(in: citation.text, around: citation.title) }
                if publications[position].year == nil { publications[position].year = EntryDetails.year(in: citation.text, after: citation.title) }
            }
        }
        // In page order: a run's citations where its element is among the pattern's entries.
        let placed = zip(entries.map(\.entry), publications).map { (element: $0, publication: $1) } + runs.flatMap { run in
            run.entries.map { entry in
                (element: run.container, publication: HomepagePublication(
                    title: entry.title, authors: EntryDetails.authors(in: entry.text, around: entry.title), matchedResult: entry.matchedResult,
                    year: EntryDetails.year(in: entry.text, after: entry.title)
                ))
            }
        }
        publications = placed.enumerated().sorted { ($0.element.element, $0.offset) < ($1.element.element, $1.offset) }.map(\.element.publication)
        let runPattern = runs.isEmpty ? nil : StructuralPattern.inferred(from: containers, in: tree).shortened(in: tree).xpath + " (citations parted by <br>)"
        return HomepageMatch(
            titlePattern: [choice.map(\.pattern.xpath), runPattern].compactMap { $0 }.joined(separator: " | "),
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
