import Markup

/// A path of tag names and shared classes ending at the elements that hold titles (or
/// authors), as the thesis inferred it from two matched elements: `//ol[@class='x']/li/div`.
///
/// It is anchored anywhere (`//`), so it selects the same place in every entry of a list
/// however deep the list sits, and it renders as the XPath that selects the same elements.
struct StructuralPattern: Hashable, Sendable {
    /// What an element's class attribute must be for a step to accept it.
    enum ClassCondition: Hashable, Sendable {
        case any
        case exactly(String)
        case containing([String])
    }

    struct Step: Hashable, Sendable {
        var tag: String
        var classes: ClassCondition
        /// The element's position among its parent's children of the same tag (1-based), when
        /// every example sat at the same one and it has later siblings of that tag: the title
        /// link is the first `<a>` of an entry, the links after it are not titles.
        var position: Int?
        /// Whether the element must be its parent's first element child (XPath `*[1]`).
        var leading = false
        /// A bookmark (`<a name>` without `href`) that may be absent: see `withOptionalAnchors`.
        var optionalAnchor = false
    }

    /// Outermost first.
    var steps: [Step]

    /// The XPath; a pattern with optional anchors is the union of its paths with and without them.
    var xpath: String {
        let optional = steps.indices.filter { steps[$0].optionalAnchor }
        let alternatives = (0..<(1 << optional.count)).map { mask in
            let left = Set(optional.enumerated().filter { mask & (1 << $0.offset) != 0 }.map(\.element))
            return "//" + steps.indices.filter { !left.contains($0) }.map { Self.render(steps[$0]) }.joined(separator: "/")
        }
        return alternatives.joined(separator: " | ")
    }

    private static func render(_ step: Step) -> String {
        if step.optionalAnchor { return "*[1][self::a][not(@href)]" }
        let head = step.leading ? "*[1][self::\(step.tag)]" : step.tag
        let position = step.position.map { "[\($0)]" } ?? ""
        switch step.classes {
        case .any: return head + position
        case .exactly(let value): return "\(head)[@class='\(value)']"
        case .containing(let names): return head + names.map { "[\(XPathPredicate.hasClass($0))]" }.joined()
        }
    }

    /// The pattern common to `members`. With two or more, it is the path of tag names the
    /// members share from themselves up to their lowest common ancestor (fewer steps where
    /// their paths differ), keeping the classes all members have at each step. With one, it
    /// goes up to the first ancestor that holds several elements like the one on the path (the
    /// list the entry repeats in), since one example cannot show what varies.
    static func inferred(from members: [Int], in tree: HomepageTree) -> StructuralPattern {
        guard let first = members.first else { return StructuralPattern(steps: []) }
        var levels: [[Int]] = [members]
        var mixedAnchorLevels: Set<Int> = []
        if members.count == 1 {
            var current = first
            while let parent = tree[current].parent {
                levels.append([parent])
                let siblings = tree[parent].childIndices.filter {
                    tree[$0].tag == tree[current].tag && tree[$0].classAttribute == tree[current].classAttribute
                }
                if siblings.count > 1 { break }
                current = parent
            }
        } else {
            // Up to where the members' paths meet (the thesis's common ancestor), or differ in
            // tag. Pages with unclosed tags nest each entry inside the previous one, so the
            // paths are compared level by level rather than bounded by the ancestor's depth.
            var current = members
            while true {
                var parents = current.compactMap { tree[$0].parent }
                guard parents.count == current.count else { break }
                if Set(parents.map { tree[$0].tag }).count > 1 {
                    // Some entries wrap their title in a bookmark and some do not: look through it.
                    let lifted = parents.map { isOpeningAnchor($0, in: tree) ? tree[$0].parent : $0 }
                    guard parents.contains(where: { isOpeningAnchor($0, in: tree) }),
                          current.allSatisfy({ tree[$0].isFirstElementChild }),
                          lifted.allSatisfy({ $0 != nil }) else { break }
                    let liftedParents = lifted.compactMap { $0 }
                    guard Set(liftedParents.map { tree[$0].tag }).count == 1 else { break }
                    levels.append(parents)
                    mixedAnchorLevels.insert(levels.count - 1)
                    parents = liftedParents
                }
                levels.append(parents)
                if Set(parents).count < parents.count { break }
                current = parents
            }
        }
        levels.reverse()
        let optional = Set(mixedAnchorLevels.map { levels.count - 1 - $0 })
        let steps = levels.map { level in
            let classes = sharedClasses(level.map { tree[$0].classAttribute })
            // A position is evidence only where distinct examples agree on it, not at the
            // ancestor they share, nor from a single example.
            let distinct = Set(level).count == level.count && level.count > 1
            return Step(tag: tree[level[0]].tag, classes: classes, position: classes == .any && distinct ? sharedPosition(level, in: tree) : nil)
        }
        return StructuralPattern(steps: withOptionalAnchors(steps, levels: levels, mixed: optional, in: tree))
    }

    /// Bookmarks made optional. Old pages open each entry with `<a name="key">` around its
    /// title (`<dt><a name="x"><strong>Title</strong>`), but not always (an entry added later
    /// without one: `<dt><strong>Title</strong>`); a reader sees no difference, as a bookmark
    /// renders nothing. Where every example sits at the start of a bookmark that itself opens
    /// its container, the bookmark step becomes optional and both it and the step below must
    /// come first in their parents, so that a bare `<dt><strong>` counts and the volume numbers
    /// in `<strong>` further along the entry do not. `mixed` are the levels where some examples
    /// had a bookmark and some did not.
    private static func withOptionalAnchors(_ steps: [Step], levels: [[Int]], mixed: Set<Int>, in tree: HomepageTree) -> [Step] {
        var steps = steps
        for level in levels.indices.dropFirst().dropLast()
        where mixed.contains(level) || (levels[level].allSatisfy({ isOpeningAnchor($0, in: tree) })
            && levels[level + 1].allSatisfy({ tree[$0].isFirstElementChild })) {
            steps[level] = Step(tag: "a", classes: .any, position: nil, leading: true, optionalAnchor: true)
            steps[level + 1].leading = true
            steps[level + 1].position = nil
        }
        return steps
    }

    /// A bookmark that opens its container: `<dt><a name="x">`.
    private static func isOpeningAnchor(_ index: Int, in tree: HomepageTree) -> Bool {
        tree[index].isNamedAnchor && tree[index].isFirstElementChild
    }

    private static func sharedPosition(_ level: [Int], in tree: HomepageTree) -> Int? {
        var shared: Int?
        var discriminates = false
        for element in level {
            guard let parent = tree[element].parent else { return nil }
            let sameTag = tree[parent].childIndices.filter { tree[$0].tag == tree[element].tag }
            guard let position = sameTag.firstIndex(of: element) else { return nil }
            if shared == nil { shared = position + 1 } else if shared != position + 1 { return nil }
            if sameTag.count > 1 { discriminates = true }
        }
        return discriminates ? shared : nil
    }

    private static func sharedClasses(_ attributes: [String?]) -> ClassCondition {
        let values = attributes.map { $0 ?? "" }
        if let first = values.first, !first.isEmpty, !first.contains("'"), values.allSatisfy({ $0 == first }) {
            return .exactly(first)
        }
        let tokenLists = values.map { $0.split(whereSeparator: \.isWhitespace).map(String.init) }
        guard let firstTokens = tokenLists.first else { return .any }
        let shared = firstTokens.filter { token in !token.contains("'") && tokenLists.allSatisfy { $0.contains(token) } }
        return shared.isEmpty ? .any : .containing(shared)
    }

    /// The pattern with its outer steps dropped as far as that selects hardly more elements:
    /// a path taken from two examples can be longer than the list needs (one Barron title sits
    /// in an extra `<p>`; a page of unclosed `<dl>`s nests entries ever deeper), while a short
    /// path that selects many more elements has reached beyond the list.
    func shortened(in tree: HomepageTree) -> StructuralPattern {
        let full = select(in: tree).count
        let allowance = max(1, full / 20)
        let shortest = steps.last.map { $0.classes == .any ? 2 : 1 } ?? 1
        for length in shortest..<max(shortest, steps.count) where !steps[steps.count - length].optionalAnchor {
            let candidate = StructuralPattern(steps: Array(steps.suffix(length)))
            if candidate.select(in: tree).count <= full + allowance { return candidate }
        }
        return self
    }

    /// The elements the pattern selects, in document order.
    func select(in tree: HomepageTree) -> [Int] {
        guard !steps.isEmpty else { return [] }
        return (0..<tree.count).filter { matches(steps.count - 1, $0, in: tree) }
    }

    /// Whether step `step` accepts `index` and the steps before it accept its ancestors.
    private func matches(_ step: Int, _ index: Int, in tree: HomepageTree) -> Bool {
        guard accepts(steps[step], index, in: tree) else { return false }
        return step == 0 || parentMatches(step - 1, of: index, in: tree)
    }

    private func parentMatches(_ step: Int, of index: Int, in tree: HomepageTree) -> Bool {
        guard let parent = tree[index].parent else { return false }
        if matches(step, parent, in: tree) { return true }
        // An optional bookmark may be absent: then the element hangs from the step above it.
        guard steps[step].optionalAnchor else { return false }
        return step == 0 || parentMatches(step - 1, of: index, in: tree)
    }

    private func accepts(_ step: Step, _ index: Int, in tree: HomepageTree) -> Bool {
        let element = tree[index]
        guard element.tag == step.tag, !step.leading || element.isFirstElementChild,
              !step.optionalAnchor || element.isNamedAnchor else { return false }
        if let position = step.position {
            guard let parent = element.parent,
                  tree[parent].childIndices.lazy.filter({ tree[$0].tag == step.tag }).dropFirst(position - 1).first == index
            else { return false }
        }
        switch step.classes {
        case .any:
            return true
        case .exactly(let value):
            return element.classAttribute == value
        case .containing(let names):
            let tokens = (element.classAttribute ?? "").split(whereSeparator: \.isWhitespace)
            return names.allSatisfy { name in tokens.contains { $0 == name } }
        }
    }
}
