/// Three finder patterns that may belong to one symbol, in the symbol's own order
/// (ISO/IEC 18004:2015 §12 step 4): the top-left one sits at the right angle, and seen
/// from it the top-right one is a quarter turn counter-clockwise of the bottom-left one in
/// image coordinates (y down), i.e. their cross product is positive.
struct FinderTriple: Sendable {
    var topLeft: FinderPattern
    var topRight: FinderPattern
    var bottomLeft: FinderPattern
    /// Lower is better: how far the triangle is from an isosceles right angle with
    /// consistent module sizes.
    var badness: Double
    /// Indices into the candidate list, to use each pattern once where possible.
    var members: [Int]

    /// The triple `a, b, c` in symbol order with `corner` at the right angle, or nil when it
    /// cannot be one symbol.
    init?(corner ic: Int, _ ia: Int, _ ib: Int, in patterns: [FinderPattern], strongestCount: Int) {
        let (corner, first, second) = (patterns[ic], patterns[ia], patterns[ib])
        let sizes = [corner.moduleSize, first.moduleSize, second.moduleSize]
        guard let smallest = sizes.min(), let largest = sizes.max(), largest < 2.5 * smallest else { return nil }
        let leg1 = corner.centre.distance(to: first.centre), leg2 = corner.centre.distance(to: second.centre)
        let meanModule = sizes.reduce(0, +) / 3
        // Version 1 has finder centres 14 modules apart, version 40 has 170; allow for the
        // module size being estimated from a 45°-rotated cross section (up to √2 too large).
        let modulesApart = (leg1 + leg2) / 2 / meanModule
        guard modulesApart > 9, modulesApart < 200, max(leg1, leg2) < 2 * min(leg1, leg2) else { return nil }
        let v1 = (x: first.centre.x - corner.centre.x, y: first.centre.y - corner.centre.y)
        let v2 = (x: second.centre.x - corner.centre.x, y: second.centre.y - corner.centre.y)
        let cosine = (v1.x * v2.x + v1.y * v2.y) / (leg1 * leg2)
        guard abs(cosine) < 0.5 else { return nil }
        let cross = v1.x * v2.y - v1.y * v2.x
        topLeft = corner
        (topRight, bottomLeft) = cross > 0 ? (first, second) : (second, first)
        // Perspective alone makes module sizes and legs differ; the sightings count says how
        // finder-like each pattern is (a real one is crossed by every row through its centre).
        let weakness = [corner, first, second]
            .map { 1 - Double(min($0.count, strongestCount)) / Double(strongestCount) }.reduce(0, +) / 3
        badness = abs(cosine) * 2 + abs(1 - min(leg1, leg2) / max(leg1, leg2)) + (largest / smallest - 1) / 2 + weakness
        members = [ic, ia, ib]
    }

    /// The orderings of three patterns worth sampling: the corner with the angle nearest a
    /// right angle, and under strong perspective (where the right angle can look acute or
    /// obtuse) any other corner whose angle is nearly as good.
    static func orderings(_ i: Int, _ j: Int, _ k: Int, in patterns: [FinderPattern], strongestCount: Int) -> [FinderTriple] {
        let options = [(i, j, k), (j, k, i), (k, i, j)].compactMap {
            FinderTriple(corner: $0.0, $0.1, $0.2, in: patterns, strongestCount: strongestCount)
        }.sorted { $0.badness < $1.badness }
        guard let best = options.first else { return [] }
        return options.filter { $0.badness < best.badness + 0.3 }
    }

    /// Candidate triples best first: disjoint triples (one per symbol) before the others.
    static func select(from patterns: [FinderPattern], limit: Int) -> [FinderTriple] {
        let pool = Array(patterns.prefix(limit))
        let strongest = pool.map(\.count).max() ?? 1
        var triples: [FinderTriple] = []
        for i in 0..<pool.count {
            for j in (i + 1)..<max(i + 1, pool.count) {
                for k in (j + 1)..<max(j + 1, pool.count) {
                    triples += orderings(i, j, k, in: pool, strongestCount: strongest)
                }
            }
        }
        triples.sort { $0.badness < $1.badness }
        var used = Set<Int>()
        var disjoint: [FinderTriple] = [], rest: [FinderTriple] = []
        for triple in triples {
            if triple.members.allSatisfy({ !used.contains($0) }) {
                disjoint.append(triple)
                used.formUnion(triple.members)
            } else {
                rest.append(triple)
            }
        }
        return disjoint + rest
    }
}
