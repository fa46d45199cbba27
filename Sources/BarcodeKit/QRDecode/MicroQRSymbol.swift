/// The structure of Micro QR Code symbols M1–M4 (ISO/IEC 18004:2015 §6.2, §6.3, Table 1,
/// Tables 7 and 9, §7.9.2): one finder pattern in the top-left corner, timing patterns along
/// the top row and left column, 15 bits of format information in one copy, one
/// error-correction block, and 11 + 2·(M − 1) modules per side.
struct MicroQRSymbol: Sendable, Equatable {
    /// 1…4 for M1…M4.
    let version: Int
    /// M1 has error detection only and is reported as `.low`.
    let errorCorrection: QRErrorCorrection
    let dataCodewords: Int
    let errorCorrectionCodewords: Int
    /// Misdecode-protection codewords (Table 9 footnote): not used for correction.
    let protectionCodewords: Int

    /// The eight symbol numbers of the format information (Table 13) in order: M1, M2-L,
    /// M2-M, M3-L, M3-M, M4-L, M4-M, M4-Q, with their Table 7 and 9 capacities.
    static let symbols: [MicroQRSymbol] = [
        .init(version: 1, errorCorrection: .low, dataCodewords: 3, errorCorrectionCodewords: 2, protectionCodewords: 2),
        .init(version: 2, errorCorrection: .low, dataCodewords: 5, errorCorrectionCodewords: 5, protectionCodewords: 3),
        .init(version: 2, errorCorrection: .medium, dataCodewords: 4, errorCorrectionCodewords: 6, protectionCodewords: 2),
        .init(version: 3, errorCorrection: .low, dataCodewords: 11, errorCorrectionCodewords: 6, protectionCodewords: 2),
        .init(version: 3, errorCorrection: .medium, dataCodewords: 9, errorCorrectionCodewords: 8, protectionCodewords: 0),
        .init(version: 4, errorCorrection: .low, dataCodewords: 16, errorCorrectionCodewords: 8, protectionCodewords: 2),
        .init(version: 4, errorCorrection: .medium, dataCodewords: 14, errorCorrectionCodewords: 10, protectionCodewords: 0),
        .init(version: 4, errorCorrection: .quartile, dataCodewords: 10, errorCorrectionCodewords: 14, protectionCodewords: 0),
    ]

    static func size(version: Int) -> Int { 9 + 2 * version }

    /// M1 and M3 end their data with a 4-bit codeword (Table 7 note).
    var dataBits: Int { dataCodewords * 8 - (version % 2 == 1 ? 4 : 0) }

    var correctableErrors: Int { (errorCorrectionCodewords - protectionCodewords) / 2 }

    /// The XOR applied to Micro QR format information (§7.9.2).
    static let formatMask = 0x4445

    /// The four Micro QR masks are QR Code's patterns 1, 4, 6 and 7 (Table 10).
    static let maskPatterns = [1, 4, 6, 7]

    /// Bit i of the format information: bits 0–7 down column 8 from row 1, bits 8–14
    /// leftwards along row 8 from column 7 (§7.9.2, Figure 26).
    static let formatPositions: [(x: Int, y: Int)] = (0..<8).map { (8, $0 + 1) } + (8..<15).map { (15 - $0, 8) }

    /// Function modules: the finder with separator and format information (the 9×9 corner)
    /// and the timing patterns along row 0 and column 0.
    static func isFunction(size: Int) -> [Bool] {
        (0..<(size * size)).map { index in
            let x = index % size
            let y = index / size
            return (x <= 8 && y <= 8) || x == 0 || y == 0
        }
    }

    /// The symbol and mask the format information names, from the nearest valid codeword
    /// within 3 bits; nil beyond that.
    static func readFormat(_ modules: BitMatrix) -> (symbol: MicroQRSymbol, mask: Int)? {
        var bits = 0
        for (i, position) in formatPositions.enumerated() where modules[position.x, position.y] { bits |= 1 << i }
        var best: (data: Int, distance: Int) = (0, Int.max)
        for data in 0..<32 {
            let codeword = (data << 10 | QRFormatInformation.remainder(of: data << 10, generator: QRFormatInformation.formatGenerator, degree: 10)) ^ formatMask
            let distance = (codeword ^ bits).nonzeroBitCount
            if distance < best.distance { best = (data, distance) }
        }
        guard best.distance <= QRSymbolHeader.correctableBitErrors else { return nil }
        return (symbols[best.data >> 2], best.data & 3)
    }
}
