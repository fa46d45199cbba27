/// The papers that take part in the metrics, ranked by citations, most cited first.
///
/// The sort is stable with respect to input order: papers with equal counts keep the order
/// they were given in, so the h-core (and with it hI and hm) is reproducible.
struct CitationRanking {
    /// Indices into the input list, best ranked first. Excluded papers are not in it.
    let order: [Int]
    /// Citation counts along `order`.
    let citations: [Int]

    init(facts: [PaperFacts]) {
        // One packed 64-bit key per paper (inverted citations high, input index low) sorts
        // several times faster than a two-field comparator, and is stable by construction.
        var keys: [UInt64] = []
        keys.reserveCapacity(facts.count)
        for (index, paper) in facts.enumerated() where paper.takesPart {
            let inverted = UInt64(UInt32.max) - UInt64(min(max(paper.citations, 0), Int(UInt32.max)))
            keys.append(inverted << 32 | UInt64(index))
        }
        keys.sort()
        order = keys.map { Int($0 & 0xFFFF_FFFF) }
        citations = keys.map { Int(UInt64(UInt32.max) - ($0 >> 32)) }
    }
}
