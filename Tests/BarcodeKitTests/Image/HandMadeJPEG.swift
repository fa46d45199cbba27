/// Baseline JPEGs assembled marker by marker (ITU-T T.81 Annex B), so a test knows every
/// pixel without asking an encoder: each 8×8 block holds only a DC coefficient, which the
/// inverse DCT turns into a flat block of value 128 + DC / 8 (A.3.3, with level shift A.3.1).
/// With every quantisation step 8, the coded DC of a flat block of value v is v − 128.
enum HandMadeJPEG {
    /// A greyscale image 8 rows high and 8 columns per value of `blocks`, each block flat.
    static func flatBlocks(_ blocks: [UInt8]) -> [UInt8] {
        flatBlocks(components: [blocks])
    }

    /// An image of one block row, with one flat value per block for each component (all
    /// sampled 1×1, interleaved in one scan). `adobeTransform` adds Adobe's APP14 marker, which
    /// tells a decoder the colour space: 0 for RGB (3 components) or Adobe's inverted CMYK (4),
    /// 1 for YCbCr.
    static func flatBlocks(components: [[UInt8]], adobeTransform: UInt8? = nil) -> [UInt8] {
        let blockCount = components[0].count
        var bytes: [UInt8] = [0xFF, 0xD8]
        if let adobeTransform {
            // "Adobe", version 100, two flag words, the transform (Adobe TN 5116, §18).
            bytes += segment(0xEE, Array("Adobe".utf8) + [0, 100, 0, 0, 0, 0, adobeTransform])
        }
        bytes += segment(0xDB, [0x00] + [UInt8](repeating: 8, count: 64))
        // SOF0: 8-bit samples, 8 rows, 8·n columns; component i has id i + 1, 1×1, table 0.
        var frame: [UInt8] = [8] + bigEndianBytes(8, count: 2) + bigEndianBytes(8 * blockCount, count: 2) + [UInt8(components.count)]
        for index in components.indices { frame += [UInt8(index + 1), 0x11, 0] }
        bytes += segment(0xC0, frame)
        // DHT: DC categories 0…11, each coded by its own number in 4 bits (12 codes of length 4,
        // C.2); an AC table whose only code, "0", means end of block.
        bytes += segment(0xC4, [0x00, 0, 0, 0, 12] + [UInt8](repeating: 0, count: 12) + (0...11).map { UInt8($0) })
        bytes += segment(0xC4, [0x10, 1] + [UInt8](repeating: 0, count: 15) + [0x00])
        // SOS: every component with tables 0/0, spectral selection 0…63, no approximation.
        var scan: [UInt8] = [UInt8(components.count)]
        for index in components.indices { scan += [UInt8(index + 1), 0x00] }
        bytes += segment(0xDA, scan + [0, 63, 0])
        var bits: [Bool] = []
        var previous = [Int](repeating: 0, count: components.count)
        for block in 0..<blockCount {
            for (index, values) in components.enumerated() {
                let dc = Int(values[block]) - 128
                // DC is coded as the difference from the same component's last block (F.1.2.1):
                // its category (bit length), then its low bits, a negative one as difference − 1.
                let difference = dc - previous[index]
                previous[index] = dc
                let category = difference == 0 ? 0 : Int.bitWidth - abs(difference).leadingZeroBitCount
                let extra = difference >= 0 ? difference : difference + (1 << category) - 1
                bits += (0..<4).reversed().map { category >> $0 & 1 == 1 }
                bits += (0..<category).reversed().map { extra >> $0 & 1 == 1 }
                bits.append(false)   // end of block
            }
        }
        while bits.count % 8 != 0 { bits.append(true) }   // padding with 1-bits (F.1.2.3)
        for start in stride(from: 0, to: bits.count, by: 8) {
            let byte = bits[start..<(start + 8)].reduce(UInt8(0)) { $0 << 1 | ($1 ? 1 : 0) }
            bytes.append(byte)
            if byte == 0xFF { bytes.append(0x00) }   // byte stuffing (F.1.2.3)
        }
        return bytes + [0xFF, 0xD9]
    }

    /// SOI, a frame header claiming `width × height` and a scan header, then EOI: no tables, no
    /// pixels. A decoder that reached the pixels would find the tables missing.
    static func headerOnly(width: Int, height: Int) -> [UInt8] {
        [0xFF, 0xD8]
            + segment(0xC0, [8] + bigEndianBytes(height, count: 2) + bigEndianBytes(width, count: 2) + [1, 1, 0x11, 0])
            + segment(0xDA, [1, 1, 0x00, 0, 63, 0])
            + [0xFF, 0xD9]
    }

    private static func segment(_ marker: UInt8, _ payload: [UInt8]) -> [UInt8] {
        [0xFF, marker] + bigEndianBytes(payload.count + 2, count: 2) + payload
    }
}
