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

    /// The triple `a, b, c` in symbol order, or nil when it cannot be one symbol.
    init?(_ patterns: [FinderPattern], _ ia: Int, _ ib: Int, _ ic: Int, strongestCount: Int) {
        let (a, b, c) = (patterns[ia], patterns[ib], patterns[ic])
        let sizes = [a.moduleSize, b.moduleSize, c.moduleSize]
        guard let smallest = sizes.min(), let largest = sizes.max(), largest < 2.5 * smallest else { return nil }
        let ab = distance(a.centre, b.centre), bc = distance(b.centre, c.centre), ca = distance(c.centre, a.centre)
        // The right angle is opposite the longest side.
        var corner = a, first = b, second = c
        if bc >= ab, bc >= ca {
            (corner, first, second) = (a, b, c)
        } else if ca >= ab, ca >= bc {
            (corner, first, second) = (b, c, a)
        } else {
            (corner, first, second) = (c, a, b)
        }
        let leg1 = distance(corner.centre, first.centre), leg2 = distance(corner.centre, second.centre)
        let meanModule = (a.moduleSize + b.moduleSize + c.moduleSize) / 3
        // Version 1 has finder centres 14 modules apart, version 40 has 170; allow for the
        // module size being estimated from a 45°-rotated cross section (up to √2 too large).
        let modulesApart = (leg1 + leg2) / 2 / meanModule
        guard modulesApart > 9, modulesApart < 200, max(leg1, leg2) < 2 * min(leg1, leg2) else { return nil }
        let v1 = (x: first.centre.x - corner.centre.x, y: first.centre.y - corner.centre.y)
        let v2 = (x: second.centre.x - corner.centre.x, y: second.centre.y - corner.centre.y)
        let cosine = (v1.x * v2.x + v1.y * v2.y) / (leg1 * leg2)
        guard abs(cosine) < 0.45 else { return nil }
        let cross = v1.x * v2.y - v1.y * v2.x
        topLeft = corner
        (topRight, bottomLeft) = cross > 0 ? (first, second) : (second, first)
        // Perspective alone makes module sizes and legs differ; the sightings count says how
        // finder-like each pattern is (a real one is crossed by every row through its centre).
        let weakness = [a, b, c].map { 1 - Double(min($0.count, strongestCount)) / Double(strongestCount) }.reduce(0, +) / 3
        badness = abs(cosine) * 2 + abs(1 - min(leg1, leg2) / max(leg1, leg2)) + (largest / smallest - 1) / 2 + weakness
        members = [ia, ib, ic]
    }

    /// Candidate triples best first: disjoint triples (one per symbol) before the others.
    static func select(from patterns: [FinderPattern], limit: Int) -> [FinderTriple] {
        let pool = Array(patterns.prefix(limit))
        let strongest = pool.map(\.count).max() ?? 1
        var triples: [FinderTriple] = []
        for i in 0..<pool.count {
            for j in (i + 1)..<max(i + 1, pool.count) {
                for k in (j + 1)..<max(j + 1, pool.count) {
                    if let triple = FinderTriple(pool, i, j, k, strongestCount: strongest) { triples.append(triple) }
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
