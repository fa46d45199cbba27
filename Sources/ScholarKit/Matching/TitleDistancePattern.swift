/// One text prepared for Levenshtein distances to many titles by Myers' bit-vector algorithm
/// (Myers, "A fast bit-vector algorithm for approximate string matching based on dynamic
/// programming", JACM 1999), in the blocked form for texts longer than 64 scalars (Hyyrö,
/// "A bit-vector algorithm for computing Levenshtein and Damerau edit distances", 2003;
/// as edlib computes a block). A column of the table costs a few word operations per 64
/// scalars of the text instead of one step per cell, and the text's match masks are built
/// once for all the titles it is compared with.
struct TitleDistancePattern {
    private static let asciiCount = 128
    let count: Int
    private let blocks: Int
    /// Match masks: bit i of `masks[block * asciiCount + c]` is set when scalar 64·block + i
    /// of the text is the ASCII scalar c.
    private let masks: [UInt64]
    /// The same for the text's other scalars, `blocks` masks each.
    private let otherMasks: [UInt32: [UInt64]]

    init(_ text: [Unicode.Scalar]) {
        count = text.count
        blocks = max(1, (text.count + 63) / 64)
        var masks = [UInt64](repeating: 0, count: blocks * Self.asciiCount)
        var otherMasks: [UInt32: [UInt64]] = [:]
        for (position, scalar) in text.enumerated() {
            let block = position / 64, bit: UInt64 = 1 << UInt64(position % 64)
            if scalar.value < UInt32(Self.asciiCount) {
                masks[block * Self.asciiCount + Int(scalar.value)] |= bit
            } else {
                otherMasks[scalar.value, default: [UInt64](repeating: 0, count: blocks)][block] |= bit
            }
        }
        self.masks = masks
        self.otherMasks = otherMasks
    }

    /// The Levenshtein distance from the text to `title` when it is at most `limit`, else `nil`.
    func distance(to title: [Unicode.Scalar], limit: Int) -> Int? {
        guard limit >= 0, abs(count - title.count) <= limit else { return nil }
        if count == 0 { return title.count }
        let blocks = blocks, lastBit = UInt64((count - 1) % 64)
        return withUnsafeTemporaryAllocation(of: UInt64.self, capacity: 2 * blocks) { state -> Int? in
            // Per block, the +1 (Pv) and −1 (Mv) steps down the current column; the first
            // column rises by one per row: D[i][0] = i.
            for block in 0..<blocks {
                state[2 * block] = ~0
                state[2 * block + 1] = 0
            }
            var score = count   // the last row's value in the current column
            return masks.withUnsafeBufferPointer { masks -> Int? in
                for (column, scalar) in title.enumerated() {
                    let isASCII = scalar.value < UInt32(Self.asciiCount)
                    let other = isASCII ? nil : otherMasks[scalar.value]
                    // The first row rises by one per column too: D[0][j] = j.
                    var carry = 1
                    for block in 0..<blocks {
                        var equal = isASCII ? masks[block * Self.asciiCount + Int(scalar.value)] : (other?[block] ?? 0)
                        let pv = state[2 * block], mv = state[2 * block + 1]
                        let xv = equal | mv
                        if carry < 0 { equal |= 1 }
                        let xh = (((equal & pv) &+ pv) ^ pv) | equal
                        var ph = mv | ~(xh | pv)
                        var mh = pv & xh
                        let top: UInt64 = block == blocks - 1 ? lastBit : 63
                        let out = Int((ph >> top) & 1) - Int((mh >> top) & 1)
                        ph <<= 1
                        mh <<= 1
                        if carry < 0 { mh |= 1 } else if carry > 0 { ph |= 1 }
                        state[2 * block] = mh | ~(xv | ph)
                        state[2 * block + 1] = ph & xv
                        carry = out
                    }
                    score += carry
                    // Each remaining column lowers the last row by one at most.
                    if score - (title.count - column - 1) > limit { return nil }
                }
                return score <= limit ? score : nil
            }
        }
    }
}
