/// Publication lists written as runs of lines in one element: a table cell per year, a `div`
/// per section or the page's body holding many citation strings parted only by `<br>`, with no
/// element of their own for the structural pattern to find (issue 38).
///
/// The elements that hold such runs are the nearest block around a `<br>`. Their
/// text outside nested blocks is cut into entries: at blank lines (`<br><br>`) where the run
/// has them, since a citation may then take several lines (title, authors, venue), else at
/// every line. Each entry is looked up as a citation (`TitleSpanRule.candidates`, the pieces of
/// `CitationSegments`), as the thesis matched titles inside element text (§4.5). A run counts
/// as a publication list when its entries name two distinctive results or more, so a cell
/// laid out as title, authors and venue lines of one paper stays the structural pattern's.
struct LineRun {
    /// The element whose lines these are.
    var container: Int
    var entries: [LineRunEntry]
}

/// One citation of a run: its text, the span that named a result, and that result.
struct LineRunEntry {
    var text: ElementText
    var title: String
    var matchedResult: Int
}

enum LineRuns {
    /// The least number of `<br>` a block must hold for its lines to be read as a run: one, for a
    /// cell of two citations; a cell of one paper's title, authors and venue lines names one result.
    static let leastBreaks = 1
    /// The least number of distinctive results a run's entries must name to be a list.
    static let leastDistinctiveMatches = 2

    static func find(tree: HomepageTree, found: inout TitleOccurrences, index: ResultTitleIndex, isDistinctive: (Int) -> Bool) -> [LineRun] {
        var runs: [LineRun] = []
        for container in containers(in: tree) {
            var entries: [LineRunEntry] = []
            for text in entryTexts(of: container, in: tree) {
                var best: (span: String, result: Int, similarity: Double)?
                for (_, span) in TitleSpanRule.candidates(in: text) {
                    guard let match = found.lookup(span: span, in: index), match.similarity > (best?.similarity ?? 0) else { continue }
                    best = (span, match.index, match.similarity)
                }
                if let best { entries.append(LineRunEntry(text: text, title: best.span, matchedResult: best.result)) }
            }
            if Set(entries.map(\.matchedResult).filter(isDistinctive)).count >= leastDistinctiveMatches {
                runs.append(LineRun(container: container, entries: entries))
            }
        }
        return runs
    }

    /// The nearest block around each `<br>`, for the blocks around `leastBreaks` or more.
    static func containers(in tree: HomepageTree) -> [Int] {
        var breaks: [Int: Int] = [:]
        for element in 0..<tree.count where tree[element].tag == "br" {
            var current = element
            while let parent = tree[current].parent {
                current = parent
                if HomepageTree.blockTags.contains(tree[current].tag) { break }
            }
            breaks[current, default: 0] += 1
        }
        return breaks.filter { $0.value >= leastBreaks }.keys.sorted()
    }

    /// The container's text outside nested blocks, cut into entries.
    static func entryTexts(of container: Int, in tree: HomepageTree) -> [ElementText] {
        // Nested blocks hold their own lists (or none): their text is a hard stop between entries.
        var skipped: [Range<Int>] = []
        var element = container + 1
        while element < tree[container].subtreeEnd {
            if HomepageTree.blockTags.contains(tree[element].tag) {
                skipped.append(tree[element].pieces)
                element = tree[element].subtreeEnd
            } else {
                element += 1
            }
        }
        var groups: [[String]] = [], lines: [String] = [], current = ""
        var breaks = 0, pendingSpace = false, blankLines = 0
        func endLine() {
            if !current.isEmpty { lines.append(current) }
            current = ""
            pendingSpace = false
        }
        func endGroup() {
            endLine()
            if !lines.isEmpty { groups.append(lines) }
            lines = []
        }
        var position = tree[container].pieces.lowerBound
        var nextSkipped = 0
        while position < tree[container].pieces.upperBound {
            if nextSkipped < skipped.count, skipped[nextSkipped].lowerBound == position {
                endGroup()
                position = skipped[nextSkipped].upperBound
                nextSkipped += 1
                breaks = 0
                continue
            }
            switch tree.pieces[position] {
            case .lineBreak:
                breaks += 1
            case .text(let run):
                if !run.core.isEmpty {
                    if breaks >= 2, !current.isEmpty || !lines.isEmpty {
                        blankLines += 1
                        endGroup()
                    } else if breaks == 1 {
                        endLine()
                    }
                    breaks = 0
                    if run.spaceBefore, !current.isEmpty { pendingSpace = true }
                    if pendingSpace { current += " " }
                    current += run.core
                    pendingSpace = run.spaceAfter
                } else if run.spaceBefore || run.spaceAfter, !current.isEmpty {
                    pendingSpace = true
                }
            }
            position += 1
        }
        endGroup()
        // Without blank lines between them, every line is an entry of its own.
        let entries = blankLines >= 2 ? groups : groups.flatMap { $0.map { [$0] } }
        return entries.map(ElementText.init(lines:))
    }
}
