/// Baseline JPEGs assembled marker by marker (ITU-T T.81 Annex B), so a test knows every
/// pixel without asking an encoder: each 8×8 block holds only a DC coefficient, which the
/// inverse DCT turns into a flat block of value 128 + DC / 8 (A.3.3, with level shift A.3.1).
enum HandMadeJPEG {
    /// A greyscale image `blocks.count × 8` pixels wide and 8 high; `blocks` are the flat
    /// values of its blocks, left to right: 0 and 255 alternating, starting with 0, so every DC
    /// difference falls in the one category the Huffman table below can code.
    static func flatBlocks(_ blocks: [UInt8]) -> [UInt8] {
        var bytes: [UInt8] = [0xFF, 0xD8]
        // DQT: table 0, every step 8, so the quantised DC of a flat block of v is v − 128.
        bytes += segment(0xDB, [0x00] + [UInt8](repeating: 8, count: 64))
        // SOF0: 8-bit samples, 8 rows, 8·n columns, one component (id 1, 1×1, table 0).
        bytes += segment(0xC0, [8] + bigEndianBytes(8, count: 2) + bigEndianBytes(8 * blocks.count, count: 2) + [1, 1, 0x11, 0])
        // DHT: a DC table whose only code, "0", means category 8 (B.2.4.2 and F.1.2.1), and an
        // AC table whose only code, "0", means end of block.
        bytes += segment(0xC4, [0x00, 1] + [UInt8](repeating: 0, count: 15) + [8])
        bytes += segment(0xC4, [0x10, 1] + [UInt8](repeating: 0, count: 15) + [0x00])
        // SOS: the one component with tables 0/0, spectral selection 0…63, no approximation.
        bytes += segment(0xDA, [1, 1, 0x00, 0, 63, 0])
        var bits: [Bool] = []
        var previous = 0
        for value in blocks {
            let dc = Int(value) - 128   // 8·(v − 128) / 8
            let difference = dc - previous   // DC is coded as the difference from the last (F.1.2.1)
            previous = dc
            precondition((-255...255).contains(difference) && abs(difference) >= 128, "category 8 only")
            // Category 8: the difference's 8 low bits, negative ones as difference − 1 (F.1.2.1).
            let magnitude = difference > 0 ? difference : difference + 255
            bits.append(false)
            bits += (0..<8).reversed().map { magnitude >> $0 & 1 == 1 }
            bits.append(false)
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
