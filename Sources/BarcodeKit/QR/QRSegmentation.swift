/// Splits input into mode segments so that the bit stream is as short as possible, by
/// dynamic programming over the input (the idea of ISO/IEC 18004:2015 Annex J, made exact).
///
/// State: (bytes consumed, mode of the segment that ends there). Costs are kept in sixths of
/// a bit so every mode's per-character cost is a whole number — numeric 3⅓ bits (20/6),
/// alphanumeric 5½ (33/6), byte 8 (48/6), kanji 13 (78/6). Rounding a cost up to a whole bit
/// when its segment ends charges exactly the partial group (a lone digit takes 4 bits, a pair
/// 7, a lone alphanumeric character 6), so the minimum found is the true minimum.
enum QRSegmentation {
    private static let characterCost = [20, 33, 48, 78]  // sixths of a bit, by QRMode.rawValue
    private static let unreachable = Int.max / 2

    /// The cheapest segments for `bytes` in versions of the same character-count group as
    /// `version`. Kanji mode is considered only when `allowKanji` (input is Shift JIS); then
    /// segments also begin only where a Shift JIS character begins, because readers decode
    /// each segment on its own and a double-byte character split between two would be lost
    /// (a trail byte can be "A"–"Z" and a pair can straddle two characters).
    static func segments(for bytes: [UInt8], version: Int, allowKanji: Bool) -> [QRSegment] {
        let count = bytes.count
        if count == 0 { return [] }
        let characterStarts = allowKanji ? shiftJISCharacterStarts(bytes) : nil
        let modes = QRMode.allCases.count
        let headerCost = QRMode.allCases.map { (4 + $0.characterCountBits(version: version)) * 6 }
        // cost[p * modes + m]: cheapest way to encode bytes[..<p] with a segment of mode m last.
        var cost = [Int](repeating: unreachable, count: (count + 1) * modes)
        // previous[p * modes + m]: mode of the state this one came from, -1 for the start.
        var previous = [Int8](repeating: -1, count: (count + 1) * modes)

        for end in 1...count {
            for mode in QRMode.allCases {
                let start = end - mode.bytesPerCharacter
                guard start >= 0, fits(mode, bytes, start: start, allowKanji: allowKanji) else { continue }
                let startsCharacter = characterStarts?[start] ?? true
                if mode != .byte && !startsCharacter { continue }
                let m = mode.rawValue
                var best = unreachable
                var from: Int8 = -1
                if start == 0 {
                    best = headerCost[m]
                } else {
                    for p in 0..<modes {
                        let before = cost[start * modes + p]
                        if before >= unreachable || (p != m && !startsCharacter) { continue }
                        let candidate = p == m ? before : roundUpToBit(before) + headerCost[m]
                        if candidate < best {
                            best = candidate
                            from = Int8(p)
                        }
                    }
                }
                if best < unreachable {
                    cost[end * modes + m] = best + characterCost[m]
                    previous[end * modes + m] = from
                }
            }
        }

        var mode = 0
        for m in 1..<modes where roundUpToBit(cost[count * modes + m]) < roundUpToBit(cost[count * modes + mode]) {
            mode = m
        }
        // Walk back, opening a new segment whenever the mode changes.
        var segments: [QRSegment] = []
        var end = count
        var segmentEnd = count
        while end > 0 {
            let current = QRMode.allCases[mode]
            let from = Int(previous[end * modes + mode])
            let start = end - current.bytesPerCharacter
            if from != mode {
                segments.append(QRSegment(mode: current, range: start..<segmentEnd))
                segmentEnd = start
            }
            end = start
            mode = max(from, 0)
        }
        return segments.reversed()
    }

    /// The bits of `segments` at `version`, headers included.
    static func bitCount(of segments: [QRSegment], version: Int) -> Int {
        segments.reduce(0) { $0 + $1.bitCount(version: version) }
    }

    /// Whether each byte begins a Shift JIS character: lead bytes 0x81–0x9F and 0xE0–0xFC
    /// take the next byte with them.
    static func shiftJISCharacterStarts(_ bytes: [UInt8]) -> [Bool] {
        var starts = [Bool](repeating: false, count: bytes.count)
        var index = 0
        while index < bytes.count {
            starts[index] = true
            let lead = bytes[index]
            index += (0x81...0x9F).contains(lead) || (0xE0...0xFC).contains(lead) ? 2 : 1
        }
        return starts
    }

    @inline(__always)
    private static func roundUpToBit(_ sixths: Int) -> Int { (sixths + 5) / 6 * 6 }

    @inline(__always)
    private static func fits(_ mode: QRMode, _ bytes: [UInt8], start: Int, allowKanji: Bool) -> Bool {
        switch mode {
        case .numeric: QRCharacterSet.isNumeric(bytes[start])
        case .alphanumeric: QRCharacterSet.isAlphanumeric(bytes[start])
        case .byte: true
        case .kanji: allowKanji && QRCharacterSet.kanjiValue(bytes[start], bytes[start + 1]) != nil
        }
    }
}
