/// Splits data codewords into the blocks of Table 9, adds each block's Reed–Solomon
/// codewords, and interleaves them into the final sequence (ISO/IEC 18004:2015 §7.6):
/// first codeword of every block, then the second, …, then the same for error correction.
enum QRInterleaving {
    static func finalCodewords(data: [UInt8], version: Int, ecc: QRErrorCorrection) -> [UInt8] {
        let lengths = QRCapacity.dataBlockLengths(version: version, ecc: ecc)
        let degree = QRCapacity.errorCorrectionCodewordsPerBlock(version: version, ecc: ecc)
        var starts: [Int] = []
        var errorCorrection: [[UInt8]] = []
        var offset = 0
        for length in lengths {
            starts.append(offset)
            errorCorrection.append(ReedSolomon.errorCorrection(for: data[offset..<(offset + length)], degree: degree))
            offset += length
        }
        var result: [UInt8] = []
        result.reserveCapacity(QRCapacity.totalCodewords(version: version))
        let longest = lengths.max() ?? 0
        for column in 0..<longest {
            for (block, length) in lengths.enumerated() where column < length {
                result.append(data[starts[block] + column])
            }
        }
        for column in 0..<degree {
            for block in errorCorrection { result.append(block[column]) }
        }
        return result
    }
}
