import Foundation
import Markup

/// Step 2 for authors: the element next to a matched title that lists the result's authors,
/// and the pattern those elements share.
///
/// Search results often give initials ("A Suzuki") where pages give full names, so an element
/// is compared by surnames: its similarity is the share of the result's author surnames among
/// its words, and it must reach the author threshold (0.68 in the thesis).
enum AuthorLocator {
    /// How far above a title's element to look for its authors: the entry's container is
    /// rarely more than a few levels up, and beyond it lie other entries' authors.
    private static let levelsAbove = 3
    /// An element with more descendants than this is a list of entries, not one entry.
    private static let maximumEntrySize = 300
    /// Enough examples to see the pattern; more would only cost time on a long page.
    private static let examplesUsed = 24

    /// The pattern of the author elements beside `titleElements`, `nil` when no element
    /// reaches the threshold. `examples` pairs title elements with the authors of the result
    /// they matched.
    static func pattern(
        examples: [(titleElement: Int, authors: [String])],
        titleElements: [Int],
        tree: HomepageTree,
        threshold: Double
    ) -> StructuralPattern? {
        let titles = Set(titleElements)
        var found: [Int] = []
        for example in examples.prefix(examplesUsed) {
            let surnames = Set(example.authors.compactMap(MatchText.surname))
            guard !surnames.isEmpty,
                  let element = authorElement(near: example.titleElement, surnames: surnames, titles: titles, tree: tree, threshold: threshold)
            else { continue }
            found.append(element)
        }
        // The commonest tag wins: a stray match elsewhere must not spoil the pattern.
        let byTag = Dictionary(grouping: Set(found), by: { tree[$0].tag })
        guard let members = byTag.values.max(by: { $0.count < $1.count }) else { return nil }
        return StructuralPattern.inferred(from: members.sorted(), in: tree)
    }

    private static func authorElement(near title: Int, surnames: Set<String>, titles: Set<Int>, tree: HomepageTree, threshold: Double) -> Int? {
        var container = title
        for _ in 0..<levelsAbove {
            guard let parent = tree[container].parent else { return nil }
            container = parent
            guard tree[container].subtreeEnd - container <= maximumEntrySize else { return nil }
            var best: (element: Int, score: Double, depth: Int)?
            for element in (container + 1)..<tree[container].subtreeEnd
            where element != title && !tree.isDescendant(title, of: element) && !tree.isDescendant(element, of: title) {
                // An element holding another entry's title is a list of entries, not an author line.
                guard !titles.contains(where: { $0 == element || tree.isDescendant($0, of: element) }) else { continue }
                let words = Set(MatchText.normalizedTitle(tree.text(of: element).whole).split(separator: " ").map(String.init))
                let score = Double(surnames.filter(words.contains).count) / Double(surnames.count)
                guard score >= threshold else { continue }
                let depth = tree[element].depth
                if let current = best, current.score > score || (current.score == score && current.depth <= depth) { continue }
                best = (element, score, depth)
            }
            if let best { return best.element }
        }
        return nil
    }

    /// The names in an author line: "A, B, and C." → ["A", "B", "C"], footnote marks dropped.
    /// Names part at commas, semicolons and " and ", read left to right.
    static func names(in line: String) -> [String] {
        // Scalars rather than Foundation's `replacingOccurrences`, which bridged to NSString
        // and cost more than the rest of author extraction on a long page.
        let scalars = Array(TitleSpanRule.cleaned(line).unicodeScalars.filter { $0 != "*" && $0 != "†" && $0 != "‡" })
        let conjunction = Array(" and ".unicodeScalars)
        var pieces: [String] = []
        var current = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            if scalars[index] == "," || scalars[index] == ";" {
                pieces.append(String(current))
                current = String.UnicodeScalarView()
                index += 1
            } else if scalars[index] == " ", scalars[index...].starts(with: conjunction) {
                pieces.append(String(current))
                current = String.UnicodeScalarView()
                index += conjunction.count
            } else {
                current.append(scalars[index])
                index += 1
            }
        }
        pieces.append(String(current))
        let names = pieces
            .map { MarkupText.normalizingWhitespace($0) }
            .map { $0.hasPrefix("and ") ? String($0.dropFirst(4)) : $0 }
            .filter { !$0.isEmpty && $0 != "and" }
        return AuthorList.cleaned(names).authors
    }
}
