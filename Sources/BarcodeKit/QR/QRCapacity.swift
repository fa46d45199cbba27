/// Codeword capacity and block structure of each version and level, ISO/IEC 18004:2015
/// Table 7 (codewords per version) and Table 9 (error-correction blocks).
enum QRCapacity {
    static let versions = 1...40

    /// Table 9: error-correction codewords in each block, by level (L, M, Q, H) then version;
    /// index 0 is unused so that the version indexes directly.
    private static let errorCorrectionPerBlock: [[Int]] = [
        [0, 7, 10, 15, 20, 26, 18, 20, 24, 30, 18, 20, 24, 26, 30, 22, 24, 28, 30, 28, 28,
         28, 28, 30, 30, 26, 28, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30],
        [0, 10, 16, 26, 18, 24, 16, 18, 22, 22, 26, 30, 22, 22, 24, 24, 28, 28, 26, 26, 26,
         26, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28],
        [0, 13, 22, 18, 26, 18, 24, 18, 22, 20, 24, 28, 26, 24, 20, 30, 24, 28, 28, 26, 30,
         28, 30, 30, 30, 30, 28, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30],
        [0, 17, 28, 22, 16, 22, 28, 26, 26, 24, 28, 24, 28, 22, 24, 24, 30, 28, 28, 26, 28,
         30, 24, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30],
    ]

    /// Table 9: number of error-correction blocks, by level then version.
    private static let blockCounts: [[Int]] = [
        [0, 1, 1, 1, 1, 1, 2, 2, 2, 2, 4, 4, 4, 4, 4, 6, 6, 6, 6, 7, 8,
         8, 9, 9, 10, 12, 12, 12, 13, 14, 15, 16, 17, 18, 19, 19, 20, 21, 22, 24, 25],
        [0, 1, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 8, 9, 9, 10, 10, 11, 13, 14, 16,
         17, 17, 18, 20, 21, 23, 25, 26, 28, 29, 31, 33, 35, 37, 38, 40, 43, 45, 47, 49],
        [0, 1, 1, 2, 2, 4, 4, 6, 6, 8, 8, 8, 10, 12, 16, 12, 17, 16, 18, 21, 20,
         23, 23, 25, 27, 29, 34, 34, 35, 38, 40, 43, 45, 48, 51, 53, 56, 59, 62, 65, 68],
        [0, 1, 1, 2, 4, 4, 4, 5, 6, 8, 8, 11, 11, 16, 16, 18, 16, 19, 21, 25, 25,
         25, 34, 30, 32, 35, 37, 40, 42, 45, 48, 51, 54, 57, 60, 63, 66, 70, 74, 77, 81],
    ]

    /// Modules per side: 17 + 4·version (§6.2).
    static func size(version: Int) -> Int { 17 + 4 * version }

    /// Modules left for data and error correction once the function patterns, format and
    /// version information are taken out (Table 7's "data modules", remainder bits included).
    static func rawDataModules(version: Int) -> Int {
        let size = size(version: version)
        var modules = size * size
        modules -= 3 * 64  // finder patterns with separators
        modules -= 2 * (size - 16)  // timing patterns between the separators
        modules -= 31  // two copies of format information, plus the dark module
        if version >= 2 {
            let perSide = version / 7 + 2
            let alignment = perSide * perSide - 3
            // Alignment patterns are 25 modules each, but those on row or column 6 overlap
            // the timing patterns by 5 modules.
            modules -= alignment * 25 - 2 * (perSide - 2) * 5
        }
        if version >= 7 { modules -= 2 * 18 }  // version information
        return modules
    }

    /// Table 7: all codewords of the symbol.
    static func totalCodewords(version: Int) -> Int { rawDataModules(version: version) / 8 }

    /// Table 7: bits after the last codeword, left light before masking (0, 3, 4 or 7).
    static func remainderBits(version: Int) -> Int { rawDataModules(version: version) % 8 }

    static func errorCorrectionCodewordsPerBlock(version: Int, ecc: QRErrorCorrection) -> Int {
        errorCorrectionPerBlock[ecc.rawValue][version]
    }

    static func blockCount(version: Int, ecc: QRErrorCorrection) -> Int {
        blockCounts[ecc.rawValue][version]
    }

    /// Table 7: data codewords, i.e. total minus error correction.
    static func dataCodewords(version: Int, ecc: QRErrorCorrection) -> Int {
        totalCodewords(version: version)
            - blockCount(version: version, ecc: ecc) * errorCorrectionCodewordsPerBlock(version: version, ecc: ecc)
    }

    /// The data codewords of each block, in order: Table 9 puts the shorter blocks first and
    /// the blocks one codeword longer after them.
    static func dataBlockLengths(version: Int, ecc: QRErrorCorrection) -> [Int] {
        let blocks = blockCount(version: version, ecc: ecc)
        let data = dataCodewords(version: version, ecc: ecc)
        let short = data / blocks
        let longBlocks = data % blocks
        return (0..<blocks).map { $0 < blocks - longBlocks ? short : short + 1 }
    }
}
