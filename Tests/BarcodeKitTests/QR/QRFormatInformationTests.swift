import Testing

@testable import BarcodeKit

@Suite("Format and version information")
struct QRFormatInformationTests {
    /// ISO/IEC 18004:2015 Table C.1: the 15 masked format bits for each level, masks 0…7.
    static let tableC1: [QRErrorCorrection: [String]] = [
        .low: [
            "111011111000100", "111001011110011", "111110110101010", "111100010011101",
            "110011000101111", "110001100011000", "110110001000001", "110100101110110",
        ],
        .medium: [
            "101010000010010", "101000100100101", "101111001111100", "101101101001011",
            "100010111111001", "100000011001110", "100111110010111", "100101010100000",
        ],
        .quartile: [
            "011010101011111", "011000001101000", "011111100110001", "011101000000110",
            "010010010110100", "010000110000011", "010111011011010", "010101111101101",
        ],
        .high: [
            "001011010001001", "001001110111110", "001110011100111", "001100111010000",
            "000011101100010", "000001001010101", "000110100001100", "000100000111011",
        ],
    ]

    static func expectedFormatBits(_ ecc: QRErrorCorrection, _ mask: Int) -> Int? {
        tableC1[ecc].flatMap { Int($0[mask], radix: 2) }
    }

    @Test(arguments: QRErrorCorrection.allCases)
    func test_formatBitsMatchTableC1ForAllEightMasks(ecc: QRErrorCorrection) {
        for mask in 0..<8 {
            #expect(QRFormatInformation.formatBits(ecc: ecc, mask: mask) == Self.expectedFormatBits(ecc, mask))
        }
    }

    @Test func test_versionBitsMatchTableD1() {
        // ISO/IEC 18004:2015 Table D.1.
        let expected: [Int: Int] = [
            7: 0x07C94, 8: 0x085BC, 9: 0x09A99, 10: 0x0A4D3, 11: 0x0BBF6, 12: 0x0C762, 40: 0x28C69,
        ]
        for (version, bits) in expected {
            #expect(QRFormatInformation.versionBits(version: version) == bits, "version \(version)")
        }
    }
}
