/// Reads the codewords of a Model 2 symbol: unmasks the data modules (§7.8.2) and takes
/// them in placement order (§7.7.3), then splits the interleaved sequence back into the
/// blocks of Table 9 (§7.6) and corrects each.
enum QRCodewordReader {
    /// The final codeword sequence as placed in the symbol, remainder bits dropped.
    static func codewords(of modules: BitMatrix, version: Int, mask: Int) -> [UInt8] {
        let layout = QRMatrixLayout(version: version)
        let size = layout.size
        let order = QRPlacement.dataModuleOrder(isFunction: layout.isFunction, size: size)
        let count = QRCapacity.totalCodewords(version: version)
        var bytes = [UInt8](repeating: 0, count: count)
        modules.modules.withUnsafeBufferPointer { grid in
            for bit in 0..<(count * 8) {
                let index = order[bit]
                if grid[index] != QRMask.inverts(mask, x: index % size, y: index / size) {
                    bytes[bit >> 3] |= 0x80 >> UInt8(bit & 7)
                }
            }
        }
        return bytes
    }

    /// Undoes `QRInterleaving.finalCodewords`: each block's data followed by its
    /// error-correction codewords.
    static func deinterleave(_ codewords: [UInt8], dataLengths: [Int], degree: Int) -> [[UInt8]] {
        var blocks = dataLengths.map { length in
            var block: [UInt8] = []
            block.reserveCapacity(length + degree)
            return block
        }
        var next = 0
        let longest = dataLengths.max() ?? 0
        for column in 0..<longest {
            for (block, length) in dataLengths.enumerated() where column < length {
                blocks[block].append(codewords[next])
                next += 1
            }
        }
        for _ in 0..<degree {
            for block in blocks.indices {
                blocks[block].append(codewords[next])
                next += 1
            }
        }
        return blocks
    }

    /// Corrects every block and returns the data codewords in order, with the number of
    /// codewords corrected; throws for the first block beyond repair.
    static func correctedData(
        _ codewords: [UInt8], dataLengths: [Int], degree: Int, maxErrors: Int
    ) throws(QRDecodeError) -> (data: [UInt8], corrected: Int) {
        var data: [UInt8] = []
        data.reserveCapacity(dataLengths.reduce(0, +))
        var corrected = 0
        let blocks = deinterleave(codewords, dataLengths: dataLengths, degree: degree)
        for (index, var block) in blocks.enumerated() {
            guard let errors = ReedSolomonDecoder.correct(&block, degree: degree, maxErrors: maxErrors) else {
                throw .tooManyErrors(block: index + 1, blocks: blocks.count)
            }
            corrected += errors
            data += block[..<dataLengths[index]]
        }
        return (data, corrected)
    }
}
