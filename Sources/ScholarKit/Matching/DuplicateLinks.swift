/// Pairwise duplicate links joined into groups with union-find, keeping per group the
/// weakest rule and the lowest similarity among its links.
struct DuplicateLinks {
    private var parent: [Int]
    private var size: [Int]
    private var links: [(first: Int, second: Int, reason: DuplicateSuggestion.Reason, similarity: Double)] = []

    init(count: Int) {
        parent = Array(0..<count)
        size = Array(repeating: 1, count: count)
    }

    mutating func link(_ first: Int, _ second: Int, reason: DuplicateSuggestion.Reason, similarity: Double) {
        guard first != second else { return }
        links.append((first, second, reason, similarity))
        var a = root(first), b = root(second)
        guard a != b else { return }
        if size[a] < size[b] { swap(&a, &b) }
        parent[b] = a
        size[a] += size[b]
    }

    /// Path halving: every lookup shortens the path it walks.
    private mutating func root(_ index: Int) -> Int {
        var node = index
        while parent[node] != node {
            parent[node] = parent[parent[node]]
            node = parent[node]
        }
        return node
    }

    /// The groups of two or more, members ascending, ordered by their first member. The
    /// reason and similarity are taken over every link, so they do not depend on the order
    /// in which links were found.
    mutating func suggestions() -> [DuplicateSuggestion] {
        var reasonByRoot: [Int: DuplicateSuggestion.Reason] = [:]
        var similarityByRoot: [Int: Double] = [:]
        for link in links {
            let group = root(link.first)
            if reasonByRoot[group].map({ $0.weakness < link.reason.weakness }) ?? true {
                reasonByRoot[group] = link.reason
            }
            similarityByRoot[group] = min(similarityByRoot[group] ?? 1, link.similarity)
        }
        var membersByRoot: [Int: [Int]] = [:]
        var order: [Int] = []
        for index in parent.indices {
            let group = root(index)
            guard size[group] > 1 else { continue }
            if membersByRoot[group] == nil { order.append(group) }
            membersByRoot[group, default: []].append(index)
        }
        return order.compactMap { group in
            guard let members = membersByRoot[group], let reason = reasonByRoot[group] else { return nil }
            return DuplicateSuggestion(members: members, reason: reason, similarity: similarityByRoot[group] ?? 1)
        }
    }
}
