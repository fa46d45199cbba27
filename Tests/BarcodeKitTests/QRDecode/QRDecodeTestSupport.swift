import Foundation

@testable import BarcodeKit


enum QRDecodeTestSupport {
    /// A symbol holding exactly `data` as its data codewords (padding included), built with
    /// the encoder's layout code, so bit streams the encoder never writes can be tested.
    static func symbol(data: [UInt8], version: Int, ecc: QRErrorCorrection, mask: Int) -> BitMatrix {
        precondition(data.count == QRCapacity.dataCodewords(version: version, ecc: ecc))
        var layout = QRMatrixLayout(version: version)
        QRPlacement.place(QRInterleaving.finalCodewords(data: data, version: version, ecc: ecc), in: &layout)
        QRMask.apply(mask, to: &layout.modules, isFunction: layout.isFunction, size: layout.size)
        layout.drawFormatInformation(QRFormatInformation.formatBits(ecc: ecc, mask: mask))
        var matrix = BitMatrix(size: layout.size)
        for index in layout.modules.indices where layout.modules[index] {
            matrix[index % layout.size, index / layout.size] = true
        }
        return matrix
    }

    /// Data codewords for a hand-written bit string ("0100 00000001 …"; spaces ignored),
    /// with terminator and pad codewords as §7.4.9–7.4.10 add them.
    static func dataCodewords(bits: String, version: Int, ecc: QRErrorCorrection) -> [UInt8] {
        var buffer = QRBitBuffer()
        for character in bits where character != " " { buffer.append(character == "1" ? 1 : 0, bits: 1) }
        let capacity = QRCapacity.dataCodewords(version: version, ecc: ecc) * 8
        buffer.append(0, bits: min(4, capacity - buffer.bitCount))
        buffer.append(0, bits: (8 - buffer.bitCount % 8) % 8)
        var pad: UInt32 = 0xEC
        while buffer.bitCount < capacity {
            buffer.append(pad, bits: 8)
            pad ^= 0xEC ^ 0x11
        }
        return buffer.bytes
    }

    /// `value` as `count` binary digits.
    static func binary(_ value: Int, _ count: Int) -> String {
        String((0..<count).map { value >> (count - 1 - $0) & 1 == 1 ? "1" : "0" })
    }

    /// For each block, the positions of its codewords (data then error correction) in the
    /// final interleaved sequence — worked out from §7.6 independently of the decoder.
    static func blockPositions(version: Int, ecc: QRErrorCorrection) -> [[Int]] {
        let lengths = QRCapacity.dataBlockLengths(version: version, ecc: ecc)
        let degree = QRCapacity.errorCorrectionCodewordsPerBlock(version: version, ecc: ecc)
        var positions = lengths.map { _ in [Int]() }
        var next = 0
        for column in 0..<(lengths.max() ?? 0) {
            for block in lengths.indices where column < lengths[block] {
                positions[block].append(next)
                next += 1
            }
        }
        for _ in 0..<degree {
            for block in lengths.indices {
                positions[block].append(next)
                next += 1
            }
        }
        return positions
    }

    /// XORs codeword `position` of the final sequence with `pattern` in the matrix (the
    /// mask does not matter: flipping a module flips the bit under any mask).
    static func corrupt(_ matrix: inout BitMatrix, version: Int, codeword position: Int, with pattern: UInt8) {
        let layout = QRMatrixLayout(version: version)
        let order = QRPlacement.dataModuleOrder(isFunction: layout.isFunction, size: layout.size)
        for bit in 0..<8 where pattern >> (7 - bit) & 1 == 1 {
            let index = order[position * 8 + bit]
            matrix[index % layout.size, index / layout.size].toggle()
        }
    }

    static let fixtures = BarcodeFixtures.root
    static let fixturesExist = BarcodeFixtures.available
}
