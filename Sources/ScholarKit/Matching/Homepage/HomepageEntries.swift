/// Step 3 of the thesis's filter: every entry of the publication list, its title, and the
/// search result it is, if any.
///
/// An entry is matched first by the title the list's rule extracts, then by any span of the
/// entry's text (`TitleSpanRule.candidates`, citation pieces included), so that a title the
/// rule cut badly still finds its result. Entries of the list that hold no title element (a
/// publication written without the link the others have) are found beside the others and
/// listed when their text names a result.
struct HomepageEntry {
    /// The whole entry: the outermost element around the title that holds no other title.
    var entry: Int
    /// The element the list's pattern selected; `nil` for an entry found beside the others.
    var titleElement: Int?
    var title: String
    var matchedResult: Int?
}

enum HomepageEntries {
    /// An element with more text than this holds more than one entry.
    private static let longestEntry = 4_000
    /// Elements that hold lists, never one entry.
    private static let listTags: Set<String> = ["body", "ol", "ul", "dl", "table", "tbody", "thead", "main", "section", "article"]

    static func read(choice: PatternChoice, tree: HomepageTree, found: inout TitleOccurrences, index: ResultTitleIndex) -> [HomepageEntry] {
        let titleElements = choice.titles.map(\.element)
        var entries: [HomepageEntry] = []
        for (position, (element, extracted)) in choice.titles.enumerated() {
            let entry = entryElement(around: element, neighbours: (position > 0 ? titleElements[position - 1] : nil, position + 1 < titleElements.count ? titleElements[position + 1] : nil), tree: tree)
            var title = extracted
            var matched = found.lookup(span: extracted, in: index)?.index
            if matched == nil, let named = bestSpan(in: entry, tree: tree, found: &found, index: index) {
                matched = named.result
                if choice.rule == .citation { title = named.span }
            }
            entries.append(HomepageEntry(entry: entry, titleElement: element, title: title, matchedResult: matched))
        }
        entries += entriesWithoutTitleElement(beside: entries, titleElements: titleElements, tree: tree, found: &found, index: index)
        return entries.sorted { $0.entry < $1.entry }
    }

    /// The span of `element`'s text that names a result best, with that result.
    static func bestSpan(in element: Int, tree: HomepageTree, found: inout TitleOccurrences, index: ResultTitleIndex) -> (span: String, result: Int)? {
        var best: (span: String, result: Int, similarity: Double)?
        for span in found.spansByElement[element] ?? TitleSpanRule.candidates(in: tree.text(of: element)).map(\.span) {
            guard let match = found.lookup(span: span, in: index), match.similarity > (best?.similarity ?? 0) else { continue }
            best = (span, match.index, match.similarity)
        }
        return best.map { ($0.span, $0.result) }
    }

    /// Up from `element` while the parent holds no other title and is not a list.
    private static func entryElement(around element: Int, neighbours: (Int?, Int?), tree: HomepageTree) -> Int {
        var current = element
        while let parent = tree[current].parent, !listTags.contains(tree[parent].tag),
              tree.textLength(of: parent) <= longestEntry,
              ![neighbours.0, neighbours.1].contains(where: { $0.map { tree.isDescendant($0, of: parent) } ?? false }) {
            current = parent
        }
        return current
    }

    /// The siblings of the entries, alike in tag and class, that hold no title element and
    /// whose text names a result.
    private static func entriesWithoutTitleElement(beside entries: [HomepageEntry], titleElements: [Int], tree: HomepageTree, found: inout TitleOccurrences, index: ResultTitleIndex) -> [HomepageEntry] {
        let known = Set(entries.map(\.entry))
        let sorted = titleElements.sorted()
        var seenParents: Set<Int> = []
        var added: [HomepageEntry] = []
        for entry in entries {
            guard let parent = tree[entry.entry].parent, seenParents.insert(parent).inserted else { continue }
            let kind = (tree[entry.entry].tag, tree[entry.entry].classAttribute)
            for sibling in tree[parent].childIndices
            where !known.contains(sibling) && tree[sibling].tag == kind.0 && tree[sibling].classAttribute == kind.1
                && tree.textLength(of: sibling) <= longestEntry && !holdsAny(sorted, sibling, tree: tree) {
                guard let named = bestSpan(in: sibling, tree: tree, found: &found, index: index) else { continue }
                added.append(HomepageEntry(entry: sibling, titleElement: nil, title: named.span, matchedResult: named.result))
            }
        }
        return added
    }

    /// Whether any of `sortedElements` is `element` or lies inside it.
    private static func holdsAny(_ sortedElements: [Int], _ element: Int, tree: HomepageTree) -> Bool {
        var low = 0, high = sortedElements.count
        while low < high {
            let middle = (low + high) / 2
            if sortedElements[middle] < element { low = middle + 1 } else { high = middle }
        }
        return low < sortedElements.count && sortedElements[low] < tree[element].subtreeEnd
    }
}
