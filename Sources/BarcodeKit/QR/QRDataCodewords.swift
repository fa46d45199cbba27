/// Turns segments into the data codewords of one version and level: ECI header, segments,
/// terminator, bit padding and pad codewords (ISO/IEC 18004:2015 §7.4.2–7.4.10).
enum QRDataCodewords {
    /// The data codewords; `bytes` are the input the segments point into. The caller has
    /// checked that the stream fits `QRCapacity.dataCodewords(version:ecc:)`.
    static func make(
        segments: [QRSegment], bytes: [UInt8], eciDesignator: UInt32?, version: Int, ecc: QRErrorCorrection
    ) -> [UInt8] {
        let capacityBits = QRCapacity.dataCodewords(version: version, ecc: ecc) * 8
        var buffer = QRBitBuffer(reservingBits: capacityBits)
        if let eciDesignator {
            buffer.append(QRExtendedChannel.indicator, bits: 4)
            buffer.append(eciDesignator, bits: 8)
        }
        for segment in segments {
            buffer.append(segment.mode.indicator, bits: 4)
            buffer.append(UInt32(segment.characterCount), bits: segment.mode.characterCountBits(version: version))
            appendData(of: segment, bytes: bytes, to: &buffer)
        }
        precondition(buffer.bitCount <= capacityBits, "segments exceed the symbol's capacity")
        // Terminator: up to four 0 bits (§7.4.9), then zeros to the codeword boundary.
        buffer.append(0, bits: min(4, capacityBits - buffer.bitCount))
        buffer.append(0, bits: (8 - buffer.bitCount % 8) % 8)
        // Pad codewords 11101100 and 00010001 alternately (§7.4.10).
        var pad: UInt32 = 0xEC
        while buffer.bitCount < capacityBits {
            buffer.append(pad, bits: 8)
            pad ^= 0xEC ^ 0x11
        }
        return buffer.bytes
    }

    private static func appendData(of segment: QRSegment, bytes: [UInt8], to buffer: inout QRBitBuffer) {
        let range = segment.range
        switch segment.mode {
        case .numeric:
            // Groups of three digits in 10 bits; a final 1 or 2 digits in 4 or 7 (§7.4.4).
            var index = range.lowerBound
            while index < range.upperBound {
                let digits = min(3, range.upperBound - index)
                var value: UInt32 = 0
                for offset in 0..<digits { value = value * 10 + UInt32(bytes[index + offset] - 0x30) }
                buffer.append(value, bits: [0, 4, 7, 10][digits])
                index += digits
            }
        case .alphanumeric:
            // Pairs as 45·first + second in 11 bits; a final character in 6 (§7.4.5).
            var index = range.lowerBound
            while index < range.upperBound {
                let first = UInt32(QRCharacterSet.alphanumericValues[Int(bytes[index])])
                if index + 1 < range.upperBound {
                    let second = UInt32(QRCharacterSet.alphanumericValues[Int(bytes[index + 1])])
                    buffer.append(first * 45 + second, bits: 11)
                } else {
                    buffer.append(first, bits: 6)
                }
                index += 2
            }
        case .byte:
            for index in range { buffer.append(UInt32(bytes[index]), bits: 8) }
        case .kanji:
            var index = range.lowerBound
            while index < range.upperBound {
                // The segmenter only makes kanji segments of valid pairs.
                let value = QRCharacterSet.kanjiValue(bytes[index], bytes[index + 1]) ?? 0
                buffer.append(UInt32(value), bits: 13)
                index += 2
            }
        }
    }
}
