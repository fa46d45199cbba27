import Testing

@testable import BarcodeKit

/// Micro QR Code module grids, made by an independent encoder (segno 1.6.6,
/// `segno.make_micro(text, version:, error:, mask:, boost_error=False)`; rows top to bottom,
/// "1" dark) and read back.
@Suite("Micro QR decoding")
struct MicroQRDecodingTests {
    /// (text, designator, mask, rows)
    static let segnoSymbols: [(String, String, Int, String)] = [
        ("12345", "M1", 0, "11111110101|10000010110|10111010000|10111010101|10111010010|10000010010|11111110000|00000000111|11000100011|01111011001|10111001010"),
        ("987", "M1", 3, "11111110101|10000010011|10111010001|10111010110|10111010101|10000010100|11111110010|00000000010|11001011010|01010111101|10101011110"),
        ("ABC12", "M2-L", 1, "1111111010101|1000001011010|1011101001100|1011101001110|1011101010100|1000001010000|1111111001111|0000000001100|1101000010000|0011111010010|1111100001110|0010101111000|1010001101110"),
        ("9876", "M2-M", 2, "1111111010101|1000001010001|1011101001101|1011101010101|1011101011000|1000001011110|1111111011001|0000000011110|1110110110000|0100110001010|1110011111101|0011010111010|1011010010011"),
        ("HELLO", "M2-L", 0, "1111111010101|1000001000110|1011101010111|1011101010111|1011101011100|1000001000001|1111111011101|0000000000010|1101010111111|0100010100101|1101011001001|0101001110010|1011000101000"),
        ("Hi!", "M3-L", 2, "111111101010101|100000100001111|101110101110111|101110101010101|101110100101111|100000101011101|111111100111110|000000000000101|111111000110110|001010101010100|110010001101101|000010001011110|100110100111100|011011010000111|101100011110111"),
        ("123456789012345", "M3-M", 1, "111111101010101|100000101110001|101110100011000|101110100001110|101110101110010|100000100100000|111111101001001|000000001011010|100000111101100|010100000000000|110000110111000|010000001111101|111100010000000|001110001001001|101001001101000"),
        ("点茗", "M3-L", 3, "111111101010101|100000101110010|101110100011110|101110100101000|101110100000101|100000100100000|111111101010110|000000000111011|111110010011110|010011000101011|101000110000101|000100011100000|111101101010101|011110001111010|100001101011111"),
        ("Micro QR", "M4-L", 0, "11111110101010101|10000010100001011|10111010001000011|10111010100010001|10111010001001001|10000010111001010|11111110110111010|00000000011001101|10010111011110001|00100100000000010|11110000001111000|01100011100000000|10100011101111101|00000110111011000|10011000110110110|01101101111100000|10111101111010101"),
        ("ab12AB", "M4-M", 3, "11111110101010101|10000010111100001|10111010011001101|10111010010111001|10111010010101000|10000010101100111|11111110000010101|00000000100000010|10101010001111011|00100000111100000|11110000111101100|01111110000011111|10111100101100011|00000011010100010|11111101111110011|00100010111101010|11011100111011110"),
        ("12345", "M4-Q", 1, "11111110101010101|10000010010011100|10111010001100011|10111010111110011|10111010010111110|10000010110110011|11111110011010110|00000000100101110|10110001111101110|01100100010011111|11100010001011000|00110001010110011|11101000000100101|00001000000110001|10110101010100111|01011001000001111|10100010100011100"),
        ("漢字テスト", "M4-L", 2, "11111110101010101|10000010100011110|10111010101101000|10111010001001101|10111010100000010|10000010110110111|11111110010110101|00000000111010111|10011101011011000|00011001001010110|10000000100111010|00000010101110010|10010000101110001|01000110011101101|10001111110111010|00011100110000100|10001011010101100"),
        ("HTTP://A.BC/12345", "M4-L", 1, "11111110101010101|10000010000100011|10111010101111110|10111010001100011|10111010000000011|10000010000010000|11111110011111101|00000000011010101|10010010000110110|00111011011111011|11011010010101011|01010011000101110|11010100000101010|00011111100110010|11101011001101011|01100010111000100|11111000110001000"),
    ]

    static func matrix(_ rows: String) -> BitMatrix {
        let lines = rows.split(separator: "|").map(Array.init)
        var matrix = BitMatrix(size: lines.count)
        for (y, line) in lines.enumerated() { for (x, module) in line.enumerated() where module == "1" { matrix[x, y] = true } }
        return matrix
    }

    @Test(arguments: segnoSymbols.indices)
    func test_segnoMicroSymbolsReadBack(index: Int) throws {
        let (text, designator, mask, rows) = Self.segnoSymbols[index]
        let content = try QRSymbolDecoder.decode(Self.matrix(rows))
        #expect(content.text == text)
        #expect(content.isMicroQR)
        #expect("M\(content.version)" == designator.prefix(2))
        if designator.count > 2 { #expect(content.errorCorrection.letter == String(designator.suffix(1))) }
        #expect(content.mask == mask)
        #expect(content.symbologyIdentifier == "]Q1")
        #expect(content.correctedErrors == 0)
    }

    @Test func test_correctableErrorsAreCorrectedAndMoreAreRefused() throws {
        // M4-Q: 14 error-correction codewords, 7 correctable. Flip whole 2×4 module groups
        // in the data area, away from the function patterns.
        let (text, _, _, rows) = Self.segnoSymbols[10]
        let original = Self.matrix(rows)
        var damaged = original
        for (x, y) in [(16, 16), (16, 12)] { damaged[x, y].toggle() }
        let content = try QRSymbolDecoder.decode(damaged)
        #expect(content.text == text && content.correctedErrors >= 1)

        var ruined = original
        for y in 9..<17 { for x in 9..<17 { ruined[x, y].toggle() } }
        #expect(throws: QRDecodeError.self) { try QRSymbolDecoder.decode(ruined) }
    }

    @Test func test_m1DetectsButDoesNotCorrect() throws {
        let (_, _, _, rows) = Self.segnoSymbols[0]
        var damaged = Self.matrix(rows)
        damaged[10, 10].toggle()
        #expect(throws: QRDecodeError.tooManyErrors(block: 1, blocks: 1)) { try QRSymbolDecoder.decode(damaged) }
    }

    @Test func test_mirroredMicroSymbolReads() throws {
        let (text, _, _, rows) = Self.segnoSymbols[8]
        let original = Self.matrix(rows)
        var mirrored = BitMatrix(size: original.size)
        for y in 0..<original.size { for x in 0..<original.size { mirrored[x, y] = original[y, x] } }
        let content = try QRSymbolDecoder.decode(mirrored)
        #expect(content.text == text && content.isMirrored)
    }

    @Test func test_formatInformationOfAnotherSizeIsReported() throws {
        // An M2 grid whose format information names M4-L (symbol number 5, mask 0).
        var grid = Self.matrix(Self.segnoSymbols[2].3)
        let data = 5 << 2  // symbol number 5, mask 0
        let bits = (data << 10 | QRFormatInformation.remainder(of: data << 10, generator: 0x537, degree: 10)) ^ 0x4445
        for (i, position) in MicroQRSymbol.formatPositions.enumerated() { grid[position.x, position.y] = bits >> i & 1 == 1 }
        #expect(throws: QRDecodeError.versionInformationMismatch(encoded: 4, fromSize: 2)) { try QRSymbolDecoder.decode(grid) }
    }

    @Test func test_dataModuleCountsMatchTable7() {
        // Table 7: M1 36, M2 80, M3 132, M4 192 data modules.
        for (version, modules) in [(1, 36), (2, 80), (3, 132), (4, 192)] {
            let size = MicroQRSymbol.size(version: version)
            #expect(MicroQRSymbol.isFunction(size: size).filter { !$0 }.count == modules)
            let symbols = MicroQRSymbol.symbols.filter { $0.version == version }
            for symbol in symbols { #expect(symbol.dataBits + 8 * symbol.errorCorrectionCodewords == modules) }
        }
    }
}
