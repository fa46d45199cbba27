/// Finds every pair of titles whose `TitleSimilarity` reaches a threshold without comparing
/// all pairs: the partition filter of Pass-Join (Li, Deng, Wang, Feng, "Pass-Join: A
/// Partition-based Method for Similarity Joins", VLDB 2012).
///
/// Two titles whose edit distance is at most k agree exactly on at least one of the k + 1
/// pieces the longer one is cut into, because each edit touches at most one piece. So each
/// title is indexed under its pieces, and each title looks up only the substrings of its own
/// that could be such a piece — same length, near the same position — of a title of a
/// length within its edit budget. Only the titles found that way get the banded edit distance.
/// Unlike blocking on rare words or a sorted window, this misses no pair above the threshold.
/// What a duplicate search did, in units that do not depend on the machine: tests bound it.
struct DuplicateSearchWork: Sendable {
    /// Prefix hashes computed and pieces cut while indexing.
    var indexed = 0
    /// Index lookups made while probing.
    var lookups = 0
    /// Scalars of both titles of every pair handed to the edit distance.
    var compared = 0

    var total: Int { indexed + lookups + compared }
}

struct DuplicateCandidateSearch {
    let threshold: Double
    private let titles: [[Unicode.Scalar]]
    /// Titles by (length, piece number, hash of the piece).
    private var index: [UInt64: [Int32]] = [:]
    /// Titles too short to cut into budget + 1 non-empty pieces (only at very low thresholds).
    private var uncut: [Int] = []
    private var lengths: Set<Int> = []
    private let maxLength: Int
    private let powers: [UInt64]
    /// `pieces(length:budget:)` for every length up to `maxLength`, cut once.
    private var piecesByLength: [[Range<Int>]] = []
    /// `DuplicateSearchWork.indexed` of building the index.
    private(set) var indexingWork = 0

    init(titles: [[Unicode.Scalar]], threshold: Double) {
        self.threshold = threshold
        self.titles = titles
        maxLength = titles.map(\.count).max() ?? 0
        var powers = [UInt64](repeating: 1, count: maxLength + 1)
        for length in powers.indices.dropFirst() { powers[length] = powers[length - 1] &* Self.base }
        self.powers = powers
        piecesByLength = (0...maxLength).map { length in
            let budget = editBudget(forLonger: length)
            return budget + 1 <= length ? Self.pieces(length: length, budget: budget) : []
        }
        indexingWork = piecesByLength.reduce(0) { $0 + $1.count }
        for (position, title) in titles.enumerated() where !title.isEmpty {
            let budget = editBudget(forLonger: title.count)
            lengths.insert(title.count)
            guard budget + 1 <= title.count else {
                uncut.append(position)
                continue
            }
            let hashes = prefixHashes(title)
            indexingWork += hashes.count + piecesByLength[title.count].count
            for (piece, range) in piecesByLength[title.count].enumerated() {
                let key = Self.key(length: title.count, piece: piece, hash: hash(hashes, range.lowerBound, range.count))
                index[key, default: []].append(Int32(position))
            }
        }
    }

    /// The largest edit distance at which a pair whose longer title has `length` scalars
    /// still reaches the threshold; the same budget `TitleSimilarity.ratio(_:_:atLeast:)` uses.
    func editBudget(forLonger length: Int) -> Int {
        max(0, Int((1 - threshold) * Double(length) + 1e-9))
    }

    /// Calls `found` once for every pair (i < j, different titles) that passes `isCandidate`
    /// and whose similarity reaches the threshold, with that similarity.
    func forEachSimilarPair(isCandidate: (Int, Int) -> Bool, found: (Int, Int, Double) -> Void) {
        var work = DuplicateSearchWork()
        forEachSimilarPair(work: &work, isCandidate: isCandidate, found: found)
    }

    /// `forEachSimilarPair(isCandidate:found:)`, counting its lookups and compared scalars in `work`.
    func forEachSimilarPair(work: inout DuplicateSearchWork, isCandidate: (Int, Int) -> Bool, found: (Int, Int, Double) -> Void) {
        var lastProbe = [Int](repeating: -1, count: titles.count)
        func consider(_ probe: Int, _ other: Int) {
            guard lastProbe[other] != probe else { return }
            lastProbe[other] = probe
            let (first, second) = probe < other ? (probe, other) : (other, probe)
            guard isCandidate(first, second) else { return }
            work.compared += titles[first].count + titles[second].count
            guard let similarity = TitleSimilarity.ratio(titles[first], titles[second], atLeast: threshold) else { return }
            found(first, second, similarity)
        }
        for (probe, title) in titles.enumerated() where !title.isEmpty {
            let length = title.count
            let hashes = prefixHashes(title)
            var longer = length
            // A title `longer` scalars long is within reach while the length gap fits its budget.
            while longer <= maxLength, longer - length <= editBudget(forLonger: longer) {
                defer { longer += 1 }
                let budget = editBudget(forLonger: longer)
                guard lengths.contains(longer), budget + 1 <= longer else { continue }
                let gap = length - longer   // ≤ 0
                for (piece, range) in piecesByLength[longer].enumerated() {
                    // The piece starting at p in the longer title starts at p + shift here. The
                    // edits before and after it bound the shift: |shift| + |gap − shift| ≤ budget.
                    // Pass-Join's multi-match-aware window narrows it further: some untouched
                    // piece i (from 0) has at most i edits before it and budget − i after it.
                    let before = piece, after = budget - piece
                    let lowest = max(0, range.lowerBound - (budget - gap) / 2, range.lowerBound - before, range.lowerBound + gap - after)
                    let highest = min(length - range.count, range.lowerBound + (budget + gap) / 2, range.lowerBound + before, range.lowerBound + gap + after)
                    guard lowest <= highest else { continue }
                    work.lookups += highest - lowest + 1
                    for start in lowest...highest {
                        let key = Self.key(length: longer, piece: piece, hash: hash(hashes, start, range.count))
                        guard let others = index[key] else { continue }
                        for other in others where Int(other) != probe {
                            // Equal lengths are looked up from both sides; keep one.
                            if longer == length, Int(other) < probe { continue }
                            consider(probe, Int(other))
                        }
                    }
                }
            }
            for other in uncut where other != probe {
                let otherLength = titles[other].count
                guard otherLength > length || (otherLength == length && other > probe),
                      otherLength - length <= editBudget(forLonger: otherLength) else { continue }
                consider(probe, other)
            }
        }
    }

    /// Cuts `length` scalars into `budget + 1` consecutive pieces, the longer ones last.
    private static func pieces(length: Int, budget: Int) -> [Range<Int>] {
        let count = budget + 1
        let short = length / count, longCount = length % count
        var start = 0
        return (0..<count).map { piece in
            let pieceLength = piece < count - longCount ? short : short + 1
            defer { start += pieceLength }
            return start..<(start + pieceLength)
        }
    }

    // Polynomial hashing modulo 2^64: a collision only adds a candidate, which the exact
    // edit distance then rejects, so it can cost time but never a wrong answer.
    private static let base: UInt64 = 0x100_0000_01B3

    private func prefixHashes(_ title: [Unicode.Scalar]) -> [UInt64] {
        var hashes = [UInt64](repeating: 0, count: title.count + 1)
        for (offset, scalar) in title.enumerated() {
            hashes[offset + 1] = hashes[offset] &* Self.base &+ UInt64(scalar.value) &+ 1
        }
        return hashes
    }

    private func hash(_ prefixHashes: [UInt64], _ start: Int, _ count: Int) -> UInt64 {
        prefixHashes[start + count] &- prefixHashes[start] &* powers[count]
    }

    private static func key(length: Int, piece: Int, hash: UInt64) -> UInt64 {
        var key = hash ^ (UInt64(length) &* 0x9E37_79B9_7F4A_7C15) ^ (UInt64(piece) &* 0xC2B2_AE3D_27D4_EB4F)
        key = (key ^ (key >> 31)) &* 0xBF58_476D_1CE4_E5B9
        return key ^ (key >> 29)
    }
}
