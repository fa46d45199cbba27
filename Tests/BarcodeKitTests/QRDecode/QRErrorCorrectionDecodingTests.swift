import Testing

@testable import BarcodeKit
import TestSupport

/// Damage the codewords and the format information: up to the correctable number of
/// errors gives the exact text, more gives an error and never another text.
@Suite("Error correction in the decoder")
struct QRErrorCorrectionDecodingTests {
    /// Versions covering one block, blocks of two lengths, misdecode-protected levels and
    /// the largest symbols.
    static let versions = [1, 2, 3, 5, 7, 10, 15, 22, 27, 33, 40]

    @Test(arguments: versions)
    func test_correctableErrorsInEveryBlockGiveTheExactText(version: Int) throws {
        var generator = SeededGenerator(seed: 100 + UInt64(version))
        for ecc in QRErrorCorrection.allCases {
            let text = "EC\(version)\(ecc.letter)"
            let code = try QREncoder.encode(text, ecc: ecc, minimumVersion: version)
            try #require(code.version == version)
            // Table 9 typed in: (c − k − p) / 2 with p from footnote b for versions 1–3.
            let protected: [String: Int] = ["1-L": 3, "1-M": 2, "1-Q": 1, "1-H": 1, "2-L": 2, "3-L": 1]
            let protection = protected["\(version)-\(ecc.letter)"] ?? 0
            let correctable = (QRCapacity.errorCorrectionCodewordsPerBlock(version: version, ecc: ecc) - protection) / 2
            var damaged = code.matrix
            var flipped = 0
            for block in QRDecodeTestSupport.blockPositions(version: version, ecc: ecc) {
                for position in block.shuffled(using: &generator).prefix(correctable) {
                    QRDecodeTestSupport.corrupt(&damaged, version: version, codeword: position,
                                                with: UInt8.random(in: 1...255, using: &generator))
                    flipped += 1
                }
            }
            let content = try QRSymbolDecoder.decode(damaged)
            #expect(content.text == text)
            #expect(content.correctedErrors == flipped)
        }
    }

    @Test(arguments: versions)
    func test_oneErrorTooManyInABlockIsRefusedNeverMisread(version: Int) throws {
        var generator = SeededGenerator(seed: 200 + UInt64(version))
        var refused = 0
        var trials = 0
        for ecc in QRErrorCorrection.allCases {
            let text = "TM\(version)\(ecc.letter)"
            let code = try QREncoder.encode(text, ecc: ecc, minimumVersion: version)
            try #require(code.version == version)
            let degree = QRCapacity.errorCorrectionCodewordsPerBlock(version: version, ecc: ecc)
            let blocks = QRDecodeTestSupport.blockPositions(version: version, ecc: ecc)
            for extra in [1, 2, degree / 2] {
                var damaged = code.matrix
                let block = blocks[Int.random(in: 0..<blocks.count, using: &generator)]
                for position in block.shuffled(using: &generator).prefix(degree / 2 + extra) {
                    QRDecodeTestSupport.corrupt(&damaged, version: version, codeword: position,
                                                with: UInt8.random(in: 1...255, using: &generator))
                }
                trials += 1
                do {
                    let content = try QRSymbolDecoder.decode(damaged)
                    Issue.record("\(version)-\(ecc.letter) with \(degree / 2 + extra) errors read as \(content.text.debugDescription)")
                } catch {
                    refused += 1
                }
            }
        }
        #expect(refused == trials)
    }

    @Test func test_theErrorNamesTheBlockBeyondRepair() throws {
        let code = try QREncoder.encode("block three", ecc: .high, minimumVersion: 5)  // 5-H: 4 blocks
        var damaged = code.matrix
        let block = QRDecodeTestSupport.blockPositions(version: 5, ecc: .high)[2]
        for position in block.prefix(12) { QRDecodeTestSupport.corrupt(&damaged, version: 5, codeword: position, with: 0xFF) }
        #expect(throws: QRDecodeError.tooManyErrors(block: 3, blocks: 4)) { try QRSymbolDecoder.decode(damaged) }
    }

    @Test func test_oneWholeFormatCopyDestroyedStillReads() throws {
        let code = try QREncoder.encode("format", ecc: .quartile, minimumVersion: 3, mask: 5)
        let (first, second) = QRMatrixLayout.formatInformationPositions(size: code.matrix.size)
        for copy in [first, second] {
            var damaged = code.matrix
            for (i, position) in copy.enumerated() where i % 2 == 0 { damaged[position.x, position.y].toggle() }
            let content = try QRSymbolDecoder.decode(damaged)
            #expect(content.text == "format" && content.mask == 5 && content.errorCorrection == .quartile)
        }
    }

    @Test func test_threeBitErrorsInBothFormatCopiesAreCorrected() throws {
        let code = try QREncoder.encode("format", ecc: .low, minimumVersion: 2, mask: 2)
        let (first, second) = QRMatrixLayout.formatInformationPositions(size: code.matrix.size)
        var damaged = code.matrix
        for i in [0, 7, 14] { damaged[first[i].x, first[i].y].toggle() }
        for i in [1, 8, 13] { damaged[second[i].x, second[i].y].toggle() }
        let content = try QRSymbolDecoder.decode(damaged)
        #expect(content.text == "format" && content.mask == 2 && content.errorCorrection == .low)
    }

    @Test func test_bothFormatCopiesDestroyedIsReported() throws {
        let code = try QREncoder.encode("format", minimumVersion: 2)
        let (first, second) = QRMatrixLayout.formatInformationPositions(size: code.matrix.size)
        var damaged = code.matrix
        for position in first + second { damaged[position.x, position.y] = false }
        #expect(throws: QRDecodeError.formatInformationUnreadable) { try QRSymbolDecoder.decode(damaged) }
    }

    @Test func test_versionInformationOfAnotherVersionIsReported() throws {
        let code = try QREncoder.encode("version", minimumVersion: 7)
        var damaged = code.matrix
        let (bottomLeft, topRight) = QRMatrixLayout.versionInformationPositions(size: damaged.size)
        let eight = QRFormatInformation.versionBits(version: 8)
        for i in 0..<18 {
            damaged[bottomLeft[i].x, bottomLeft[i].y] = eight >> i & 1 == 1
            damaged[topRight[i].x, topRight[i].y] = eight >> i & 1 == 1
        }
        #expect(throws: QRDecodeError.versionInformationMismatch(encoded: 8, fromSize: 7)) {
            try QRSymbolDecoder.decode(damaged)
        }
    }

    @Test func test_damagedVersionInformationFallsBackOnTheSize() throws {
        let code = try QREncoder.encode("version", minimumVersion: 9)
        var damaged = code.matrix
        let (bottomLeft, topRight) = QRMatrixLayout.versionInformationPositions(size: damaged.size)
        for position in bottomLeft + topRight { damaged[position.x, position.y].toggle() }
        #expect(try QRSymbolDecoder.decode(damaged).text == "version")
    }

    @Test func test_gridsOfImpossibleSizesAreRefused() {
        #expect(throws: QRDecodeError.invalidSize(23)) { try QRSymbolDecoder.decode(BitMatrix(size: 23)) }
        #expect(throws: QRDecodeError.invalidSize(181)) { try QRSymbolDecoder.decode(BitMatrix(size: 181)) }
    }

    @Test func test_mirroredSymbolsReadAndSaySo() throws {
        for version in [1, 6, 7, 25] {
            let code = try QREncoder.encode("mirror mirror", ecc: .medium, minimumVersion: version)
            var mirrored = BitMatrix(size: code.matrix.size)
            for y in 0..<mirrored.size { for x in 0..<mirrored.size { mirrored[x, y] = code.matrix[y, x] } }
            let content = try QRSymbolDecoder.decode(mirrored)
            #expect(content.text == "mirror mirror")
            #expect(content.isMirrored)
        }
    }

    @Test func test_errorMessagesSayWhatToDo() {
        #expect(QRDecodeError.tooManyErrors(block: 2, blocks: 4).localizedDescription.contains("block 2 of 4"))
        #expect(QRDecodeError.versionInformationMismatch(encoded: 8, fromSize: 7).localizedDescription.contains("49 modules"))
    }
}
