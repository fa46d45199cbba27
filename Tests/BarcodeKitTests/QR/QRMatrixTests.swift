import Testing

@testable import BarcodeKit

/// Reads symbols back with an independent reader written from the standard's figures.
@Suite("Matrix structure and read-back")
struct QRMatrixTests {
    /// Table E.1 rows for the versions read back here.
    static let alignmentCentres: [Int: [Int]] = [
        1: [], 2: [6, 18], 5: [6, 30], 7: [6, 22, 38], 13: [6, 34, 62], 21: [6, 28, 50, 72, 94],
        40: [6, 30, 58, 86, 114, 142, 170],
    ]

    /// Function modules per §6.3 and §7.9–7.10, built without the encoder's layout code.
    static func functionModules(version: Int, size: Int) -> [Bool] {
        var function = [Bool](repeating: false, count: size * size)
        func mark(_ xs: ClosedRange<Int>, _ ys: ClosedRange<Int>) {
            for y in ys { for x in xs { function[y * size + x] = true } }
        }
        mark(0...8, 0...8)  // finder, separator, format information
        mark((size - 8)...(size - 1), 0...8)
        mark(0...8, (size - 8)...(size - 1))
        mark(6...6, 0...(size - 1))  // timing
        mark(0...(size - 1), 6...6)
        let centres = alignmentCentres[version] ?? []
        for cx in centres {
            for cy in centres {
                let overlapsFinder = (cx == 6 && cy == 6) || (cx == 6 && cy == centres.last) || (cx == centres.last && cy == 6)
                if !overlapsFinder { mark((cx - 2)...(cx + 2), (cy - 2)...(cy + 2)) }
            }
        }
        if version >= 7 {
            mark(0...5, (size - 11)...(size - 9))
            mark((size - 11)...(size - 9), 0...5)
        }
        return function
    }

    /// Table 10, typed again for the reader.
    static func maskCondition(_ mask: Int, row i: Int, column j: Int) -> Bool {
        [
            (i + j) % 2 == 0, i % 2 == 0, j % 3 == 0, (i + j) % 3 == 0,
            (i / 2 + j / 3) % 2 == 0, (i * j) % 2 + (i * j) % 3 == 0,
            ((i * j) % 2 + (i * j) % 3) % 2 == 0, ((i * j) % 3 + (i + j) % 2) % 2 == 0,
        ][mask]
    }

    /// Both copies of the format information, bit 14 first (Figure 25).
    static func formatInformation(_ m: BitMatrix) -> (Int, Int) {
        let size = m.size
        var first = 0
        var second = 0
        // Bits 14…9 along row 8 from the left, then 8 at (7,8), 7 at (8,8), 6 at (8,7), 5…0 up column 8.
        let firstCoordinates = [(0, 8), (1, 8), (2, 8), (3, 8), (4, 8), (5, 8), (7, 8), (8, 8), (8, 7)]
            + (0...5).reversed().map { (8, $0) }
        for (x, y) in firstCoordinates { first = first << 1 | (m[x, y] ? 1 : 0) }
        // Bits 14…8 up from the bottom of column 8 … i.e. bit 14 at (8, size−1); bits 7…0
        // along row 8 from (size−8, 8) to (size−1, 8).
        let secondCoordinates = (0..<7).map { (8, size - 1 - $0) } + (0..<8).map { (size - 8 + $0, 8) }
        for (x, y) in secondCoordinates { second = second << 1 | (m[x, y] ? 1 : 0) }
        return (first, second)
    }

    /// Data modules in placement order (§7.7.3): two-column strips from the right, up and down.
    static func readBack(_ code: QRCode) -> [Bool] {
        let m = code.matrix
        let size = m.size
        let function = functionModules(version: code.version, size: size)
        var bits: [Bool] = []
        var upward = true
        var right = size - 1
        while right > 0 {
            if right == 6 { right -= 1 }
            for k in 0..<size {
                let y = upward ? size - 1 - k : k
                for x in [right, right - 1] where !function[y * size + x] {
                    bits.append(m[x, y] != maskCondition(code.mask, row: y, column: x))
                }
            }
            upward.toggle()
            right -= 2
        }
        return bits
    }

    static func isFinder(_ m: BitMatrix, left: Int, top: Int) -> Bool {
        for dy in 0..<7 {
            for dx in 0..<7 {
                let ring = max(abs(dx - 3), abs(dy - 3))
                if m[left + dx, top + dy] != (ring != 2) { return false }
            }
        }
        return true
    }

    @Test(arguments: QRErrorCorrection.allCases)
    func test_everyVersionHasTheRightSizeAndThreeFinderPatterns(ecc: QRErrorCorrection) throws {
        for version in 1...40 {
            let code = try QREncoder.encode("BOTTEGA", ecc: ecc, minimumVersion: version)
            let m = code.matrix
            #expect(code.version == version && m.size == 17 + 4 * version)
            #expect(Self.isFinder(m, left: 0, top: 0) && Self.isFinder(m, left: m.size - 7, top: 0) && Self.isFinder(m, left: 0, top: m.size - 7))
            #expect(m[8, m.size - 8], "dark module")
            #expect((8..<(m.size - 8)).allSatisfy { m[$0, 6] == ($0 % 2 == 0) && m[6, $0] == ($0 % 2 == 0) }, "timing")
        }
    }

    @Test(arguments: [(1, QRErrorCorrection.medium), (2, .low), (5, .quartile), (7, .high), (13, .medium), (21, .low), (40, .high)])
    func test_formatInformationReadsBackAsChosenMaskAndLevel(version: Int, ecc: QRErrorCorrection) throws {
        for mask in [nil, 0, 3, 7] as [Int?] {
            let code = try QREncoder.encode("Read me back, please: 0123456789", ecc: ecc, minimumVersion: version, mask: mask)
            let (first, second) = Self.formatInformation(code.matrix)
            #expect(first == second)
            #expect(first == QRFormatInformationTests.expectedFormatBits(ecc, code.mask))
            if let mask { #expect(code.mask == mask) }
        }
    }

    @Test(arguments: [(1, QRErrorCorrection.medium), (2, .low), (5, .quartile), (7, .high), (13, .medium), (21, .low), (40, .high)])
    func test_unmaskedDataRegionReadsBackAsThePlacedCodewords(version: Int, ecc: QRErrorCorrection) throws {
        let text = "Ä 12345"  // fits 1-H: ECI + byte "Ä " + numeric
        let plan = try QREncoder.plan(
            bytes: Array(text.utf8), utf8ECI: true, allowKanji: false, ecc: ecc, minimumVersion: version)
        for mask in 0..<8 {
            let code = try QREncoder.encode(text, ecc: ecc, minimumVersion: version, mask: mask)
            #expect(code.version == version)
            let bits = Self.readBack(code)
            let total = QRCapacity.totalCodewords(version: version)
            #expect(bits.count == total * 8 + QRCapacity.remainderBits(version: version))
            var codewords: [UInt8] = []
            for c in 0..<total {
                var byte: UInt8 = 0
                for b in 0..<8 { byte = byte << 1 | (bits[c * 8 + b] ? 1 : 0) }
                codewords.append(byte)
            }
            #expect(codewords == plan.codewords, "mask \(mask)")
            #expect(bits[(total * 8)...].allSatisfy { !$0 }, "remainder bits are light before masking")
        }
    }

    @Test func test_version7AndAboveCarryVersionInformationInBothBlocks() throws {
        for version in [7, 21, 40] {
            let m = try QREncoder.encode("v", minimumVersion: version).matrix
            let expected = [7: 0x07C94, 21: 0x15683, 40: 0x28C69][version] ?? 0
            var bottomLeft = 0
            var topRight = 0
            // Figure 27: bit i at (i / 3, size − 11 + i % 3) and its transpose; bit 17 first.
            for i in (0..<18).reversed() {
                bottomLeft = bottomLeft << 1 | (m[i / 3, m.size - 11 + i % 3] ? 1 : 0)
                topRight = topRight << 1 | (m[m.size - 11 + i % 3, i / 3] ? 1 : 0)
            }
            #expect(bottomLeft == expected && topRight == expected, "version \(version)")
        }
    }
}
