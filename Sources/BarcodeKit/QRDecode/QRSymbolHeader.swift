/// The format and version information of a symbol as read from its module grid
/// (ISO/IEC 18004:2015 §7.9, §7.10, Annexes C and D).
///
/// Both codes are decoded by comparing with every valid codeword: there are only 32 format
/// and 34 version codewords, and the BCH codes' minimum distances (7 and 8) make the
/// nearest codeword within 3 bits unique.
struct QRSymbolHeader: Sendable, Equatable {
    var errorCorrection: QRErrorCorrection
    var mask: Int

    /// The largest number of bit errors corrected in either code (Annex C.2, D.2).
    static let correctableBitErrors = 3

    /// The 32 masked format codewords and what they mean.
    private static let formatCodewords: [(bits: Int, header: QRSymbolHeader)] =
        QRErrorCorrection.allCases.flatMap { ecc in
            QRMask.patterns.map { mask in
                (QRFormatInformation.formatBits(ecc: ecc, mask: mask), QRSymbolHeader(errorCorrection: ecc, mask: mask))
            }
        }

    /// The nearest format codeword to `bits` (15 bits, masked), with its Hamming distance.
    static func nearestFormat(to bits: Int) -> (header: QRSymbolHeader, distance: Int) {
        var best = formatCodewords[0]
        var bestDistance = Int.max
        for candidate in formatCodewords {
            let distance = (candidate.bits ^ bits).nonzeroBitCount
            if distance < bestDistance {
                best = candidate
                bestDistance = distance
            }
        }
        return (best.header, bestDistance)
    }

    /// Reads both copies and keeps the one nearer to a valid codeword (§7.9.1: either copy
    /// may be damaged; the first copy wins a tie).
    static func read(_ modules: BitMatrix) -> QRSymbolHeader? {
        let (first, second) = QRMatrixLayout.formatInformationPositions(size: modules.size)
        let a = nearestFormat(to: bits(of: modules, at: first))
        let b = nearestFormat(to: bits(of: modules, at: second))
        let best = b.distance < a.distance ? b : a
        return best.distance <= correctableBitErrors ? best.header : nil
    }

    /// The version whose 18-bit version information is nearest to `bits`, with the distance.
    static func nearestVersion(to bits: Int) -> (version: Int, distance: Int) {
        var best = 7
        var bestDistance = Int.max
        for version in 7...40 {
            let distance = (QRFormatInformation.versionBits(version: version) ^ bits).nonzeroBitCount
            if distance < bestDistance {
                best = version
                bestDistance = distance
            }
        }
        return (best, bestDistance)
    }

    /// The version the version information of a version ≥ 7 grid states, from the better
    /// of its two copies; nil when both are beyond repair.
    static func readVersion(_ modules: BitMatrix) -> Int? {
        let (bottomLeft, topRight) = QRMatrixLayout.versionInformationPositions(size: modules.size)
        let a = nearestVersion(to: bits(of: modules, at: bottomLeft))
        let b = nearestVersion(to: bits(of: modules, at: topRight))
        let best = b.distance < a.distance ? b : a
        return best.distance <= correctableBitErrors ? best.version : nil
    }

    /// The integer whose bit i is the module at `positions[i]`.
    private static func bits(of modules: BitMatrix, at positions: [(x: Int, y: Int)]) -> Int {
        var value = 0
        for (i, position) in positions.enumerated() where modules[position.x, position.y] { value |= 1 << i }
        return value
    }
}
