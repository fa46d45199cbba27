/// Titles that only say what kind of piece an entry is, completed from the entry's line.
///
/// A page may mark a book review as `<strong>Book review</strong> of <i>Euler's Gem</i> by
/// David S. Richeson (Princeton U. Press, 2008)`: the element in the title's place holds the
/// kind of publication, and the words after it say which one. Such a title is the whole line
/// the label opens, up to its first parenthesis (the publisher and year):
/// "Book review of Euler's Gem by David S. Richeson". That is how the page names the
/// publication (its brief list says "Review of Euler's Gem by David S. Richeson"), it tells
/// the reviews apart, and it keeps the reviewed book's title for matching.
enum EntryLabel {
    /// Labels, normalised, that name a kind of publication rather than one publication.
    private static let labels: Set<String> = ["book review", "review", "erratum", "corrigendum"]
    /// The label's line is in the entry around it, a level or two up.
    private static let levelsAbove = 2

    /// `title`, or the line it opens when it is a bare label.
    static func expanded(_ title: String, element: Int, in tree: HomepageTree) -> String {
        guard labels.contains(MatchText.normalizedTitle(title)) else { return title }
        var current = element
        for _ in 0..<levelsAbove {
            guard let parent = tree[current].parent else { break }
            current = parent
            guard let line = tree.text(of: parent).lines.first(where: { $0.hasPrefix(title) && $0.count > title.count }) else { continue }
            let scalars = line.unicodeScalars
            // "\(" opens TeX inline maths (MathJax: "How to Bake \(\pi\)"), not a parenthesis.
            let cut = TitleSpanRule.parentheses(in: line).first { scalars[scalars.index(before: $0.position)] != "\\" }
            let span = TitleSpanRule.cleaned(cut.map { String(scalars[..<$0.position]) } ?? line)
            return span.isEmpty ? title : span
        }
        return title
    }
}
