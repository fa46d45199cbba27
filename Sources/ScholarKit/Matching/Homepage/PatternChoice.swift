/// Step 2 of the thesis's filter: the structural pattern and title rule of the publication
/// list, and the titles they extract.
///
/// The thesis inferred the pattern from the first two matched elements and gave up when they
/// differed. Here matches are grouped by how they were found (tag and title rule) and every
/// group proposes its pattern; the pattern whose group matched the most distinct results wins,
/// then the one whose extraction is the least diluted by unmatched elements, then the one
/// that extracts more.
struct PatternChoice {
    var pattern: StructuralPattern
    var rule: TitleSpanRule
    /// The extracted titles with their elements, in page order.
    var titles: [(element: Int, title: String)]
    var support: Int

    /// Groups beyond the largest few rarely win and each costs a pass over the page.
    private static let groupsTried = 8

    static func best(among occurrences: [TitleOccurrence], tree: HomepageTree, texts: [Int: ElementText]) -> PatternChoice? {
        let groups = Dictionary(grouping: occurrences) { GroupKey(tag: tree[$0.element].tag, rule: $0.rule) }
        let ranked: [(members: [TitleOccurrence], support: Int)] = groups.values.map { members in
            (members, Set(members.map { $0.result }).count)
        }
        let largest = ranked.sorted { left, right in
            left.support != right.support ? left.support > right.support : left.members.count > right.members.count
        }.prefix(groupsTried)
        var best: PatternChoice?
        for (members, support) in largest {
            let elements = Array(Set(members.map { $0.element })).sorted()
            let pattern = StructuralPattern.inferred(from: elements, in: tree).shortened(in: tree)
            let rule = members[0].rule
            var titles: [(element: Int, title: String)] = []
            for element in pattern.select(in: tree) {
                guard let title = rule.extract(from: texts[element] ?? tree.text(of: element)) else { continue }
                titles.append((element, EntryLabel.expanded(title, element: element, in: tree)))
            }
            guard !titles.isEmpty else { continue }
            let candidate = PatternChoice(pattern: pattern, rule: rule, titles: titles, support: support)
            if let current = best, !candidate.isBetter(than: current) { continue }
            best = candidate
        }
        return best
    }

    private func isBetter(than other: PatternChoice) -> Bool {
        if support != other.support { return support > other.support }
        let precision = Double(support) / Double(titles.count), otherPrecision = Double(other.support) / Double(other.titles.count)
        if precision != otherPrecision { return precision > otherPrecision }
        return titles.count > other.titles.count
    }

    private struct GroupKey: Hashable {
        var tag: String
        var rule: TitleSpanRule
    }
}
