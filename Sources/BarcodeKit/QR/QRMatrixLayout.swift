/// The symbol under construction: modules, and which of them belong to function patterns
/// (and so take no data and no mask). Row-major, index `y * size + x`.
struct QRMatrixLayout: Sendable {
    let version: Int
    let size: Int
    var modules: [Bool]
    var isFunction: [Bool]

    /// A symbol with every function pattern drawn and the format and version areas reserved
    /// (format bits are written per mask later).
    init(version: Int) {
        self.version = version
        size = QRCapacity.size(version: version)
        modules = [Bool](repeating: false, count: size * size)
        isFunction = [Bool](repeating: false, count: size * size)
        drawTimingPatterns()
        drawFinderPattern(centreX: 3, centreY: 3)
        drawFinderPattern(centreX: size - 4, centreY: 3)
        drawFinderPattern(centreX: 3, centreY: size - 4)
        drawAlignmentPatterns()
        drawFormatInformation(0)  // reserves the areas and the dark module
        drawVersionInformation()
    }

    @inline(__always)
    mutating func setFunction(_ x: Int, _ y: Int, _ dark: Bool) {
        modules[y * size + x] = dark
        isFunction[y * size + x] = true
    }

    /// Centres of alignment patterns along each axis (Table E.1). The spacing rule is the
    /// one Table E.1 follows: first at 6, last at size − 7, the rest evenly spaced by an even
    /// step, with version 32's step fixed at 26.
    static func alignmentPositions(version: Int) -> [Int] {
        if version == 1 { return [] }
        let count = version / 7 + 2
        let last = QRCapacity.size(version: version) - 7
        let step = version == 32 ? 26 : (version * 4 + count * 2 + 1) / (count * 2 - 2) * 2
        var positions = [6]
        for i in 0..<(count - 1) { positions.insert(last - i * step, at: 1) }
        return positions
    }

    /// Row 6 and column 6, alternating dark and light, dark at even positions (§6.3.5).
    private mutating func drawTimingPatterns() {
        for i in 0..<size {
            setFunction(6, i, i % 2 == 0)
            setFunction(i, 6, i % 2 == 0)
        }
    }

    /// The 7×7 finder pattern and its light separator, clipped to the symbol (§6.3.3).
    private mutating func drawFinderPattern(centreX: Int, centreY: Int) {
        for dy in -4...4 {
            for dx in -4...4 {
                let x = centreX + dx
                let y = centreY + dy
                guard (0..<size).contains(x), (0..<size).contains(y) else { continue }
                let ring = max(abs(dx), abs(dy))
                setFunction(x, y, ring != 2 && ring != 4)
            }
        }
    }

    /// 5×5 alignment patterns at every pair of Table E.1 centres except the three that
    /// would overlap finder patterns (§6.3.6).
    private mutating func drawAlignmentPatterns() {
        let positions = Self.alignmentPositions(version: version)
        let last = positions.count - 1
        for (i, cx) in positions.enumerated() {
            for (j, cy) in positions.enumerated() {
                if (i == 0 && j == 0) || (i == 0 && j == last) || (i == last && j == 0) { continue }
                for dy in -2...2 {
                    for dx in -2...2 { setFunction(cx + dx, cy + dy, max(abs(dx), abs(dy)) != 1) }
                }
            }
        }
    }

    /// Both copies of the 15 format bits (§7.9.1, Figure 25) and the dark module at
    /// (8, 4V + 9) (§7.9.1 note).
    mutating func drawFormatInformation(_ bits: Int) {
        let (first, second) = Self.formatInformationPositions(size: size)
        for i in 0..<15 {
            setFunction(first[i].x, first[i].y, bits >> i & 1 == 1)
            setFunction(second[i].x, second[i].y, bits >> i & 1 == 1)
        }
        setFunction(8, size - 8, true)
    }

    /// Where bit i (0 = least significant) of each format information copy goes: around the
    /// top-left finder, bits 0–7 down column 8 (skipping the timing row) and bits 8–14
    /// leftwards along row 8 (skipping the timing column); the second copy has bits 0–7 along
    /// row 8 from the right edge and bits 8–14 up column 8 to the bottom edge.
    static func formatInformationPositions(size: Int) -> (first: [(x: Int, y: Int)], second: [(x: Int, y: Int)]) {
        var first: [(x: Int, y: Int)] = (0...5).map { (8, $0) }
        first += [(8, 7), (8, 8), (7, 8)]
        first += (9..<15).map { (14 - $0, 8) }
        let second: [(x: Int, y: Int)] = (0..<8).map { (size - 1 - $0, 8) } + (8..<15).map { (8, size - 15 + $0) }
        return (first, second)
    }

    /// Where bit i of the 18 version information bits goes (§7.10, Figure 27): the block
    /// above the bottom-left finder holds bit i at (i / 3, size − 11 + i % 3), the block
    /// left of the top-right finder the transposed position.
    static func versionInformationPositions(size: Int) -> (bottomLeft: [(x: Int, y: Int)], topRight: [(x: Int, y: Int)]) {
        let bottomLeft: [(x: Int, y: Int)] = (0..<18).map { ($0 / 3, size - 11 + $0 % 3) }
        return (bottomLeft, bottomLeft.map { ($0.y, $0.x) })
    }

    /// The two 6×3 version blocks for versions ≥ 7 (§7.10, Figure 27).
    private mutating func drawVersionInformation() {
        guard version >= 7 else { return }
        let bits = QRFormatInformation.versionBits(version: version)
        let (bottomLeft, topRight) = Self.versionInformationPositions(size: size)
        for i in 0..<18 {
            let dark = bits >> i & 1 == 1
            setFunction(bottomLeft[i].x, bottomLeft[i].y, dark)
            setFunction(topRight[i].x, topRight[i].y, dark)
        }
    }
}
