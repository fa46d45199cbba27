import Testing

@testable import BarcodeKit

@Suite("Capacity (Tables 7, 9) and alignment positions (Table E.1)")
struct QRCapacityTests {
    @Test func test_totalAndDataCodewordsMatchTable7() {
        // version: (total codewords, remainder bits, data codewords L, M, Q, H)
        let table7: [Int: (Int, Int, [Int])] = [
            1: (26, 0, [19, 16, 13, 9]),
            2: (44, 7, [34, 28, 22, 16]),
            3: (70, 7, [55, 44, 34, 26]),
            4: (100, 7, [80, 64, 48, 36]),
            5: (134, 7, [108, 86, 62, 46]),
            7: (196, 0, [156, 124, 88, 66]),
            10: (346, 0, [274, 216, 154, 122]),
            14: (581, 3, [461, 365, 261, 197]),
            // 21-Q is 17 × (50, 22) + 6 × (51, 23), 21-H 19 × (46, 16) + 6 × (47, 17) (Table 9).
            21: (1156, 4, [932, 714, 512, 406]),
            40: (3706, 0, [2956, 2334, 1666, 1276]),
        ]
        for (version, (total, remainder, data)) in table7 {
            #expect(QRCapacity.totalCodewords(version: version) == total, "v\(version) total")
            #expect(QRCapacity.remainderBits(version: version) == remainder, "v\(version) remainder")
            #expect(QRErrorCorrection.allCases.map { QRCapacity.dataCodewords(version: version, ecc: $0) } == data)
        }
    }

    @Test func test_blockStructureOfVersion5QMatchesTable9() {
        // 5-Q: 2 blocks of (33, 15) and 2 of (34, 16); 18 EC codewords each.
        #expect(QRCapacity.dataBlockLengths(version: 5, ecc: .quartile) == [15, 15, 16, 16])
        #expect(QRCapacity.errorCorrectionCodewordsPerBlock(version: 5, ecc: .quartile) == 18)
    }

    @Test func test_everyVersionAndLevelSplitsIntoConsistentBlocks() {
        for version in 1...40 {
            for ecc in QRErrorCorrection.allCases {
                let lengths = QRCapacity.dataBlockLengths(version: version, ecc: ecc)
                let ecPerBlock = QRCapacity.errorCorrectionCodewordsPerBlock(version: version, ecc: ecc)
                #expect(lengths.reduce(0, +) + lengths.count * ecPerBlock == QRCapacity.totalCodewords(version: version))
                #expect((lengths.max() ?? 0) - (lengths.min() ?? 0) <= 1)
            }
        }
    }

    @Test func test_alignmentPositionsMatchTableE1() {
        let tableE1: [Int: [Int]] = [
            1: [], 2: [6, 18], 3: [6, 22], 6: [6, 34], 7: [6, 22, 38], 8: [6, 24, 42],
            14: [6, 26, 46, 66], 16: [6, 26, 50, 74], 22: [6, 26, 50, 74, 98],
            32: [6, 34, 60, 86, 112, 138], 36: [6, 24, 50, 76, 102, 128, 154],
            39: [6, 26, 54, 82, 110, 138, 166], 40: [6, 30, 58, 86, 114, 142, 170],
        ]
        for (version, positions) in tableE1 {
            #expect(QRMatrixLayout.alignmentPositions(version: version) == positions, "version \(version)")
        }
    }

    @Test func test_byteCapacityOf40LIs2953And2954IsTooLong() throws {
        let fits = try QREncoder.encode(bytes: [UInt8](repeating: 0x61, count: 2953), ecc: .low)
        #expect(fits.version == 40)
        do {
            _ = try QREncoder.encode(bytes: [UInt8](repeating: 0x61, count: 2954), ecc: .low)
            Issue.record("2954 bytes should not fit 40-L")
        } catch {
            #expect(error == .qrDoesNotFit(count: 2954, mode: "byte", unit: "bytes", maximum: 2953, level: "L"))
            #expect(error.localizedDescription == "2,954 bytes do not fit: byte mode holds at most 2,953 at level L; split the data over several codes")
        }
    }

    /// Issue 24: the message said "bytes" for digits and told the user to lower a level that was
    /// already L. Each mode's limit is Table 7's.
    @Test func aCodeTooLongIsReportedInItsModesUnitsAndLimit() {
        #expect(throws: BarcodeError.qrDoesNotFit(count: 7_090, mode: "numeric", unit: "digits", maximum: 7_089, level: "L")) {
            try QREncoder.encode(String(repeating: "7", count: 7_090), ecc: .low)
        }
        #expect(BarcodeError.qrDoesNotFit(count: 7_090, mode: "numeric", unit: "digits", maximum: 7_089, level: "L").localizedDescription
                == "7,090 digits do not fit: numeric mode holds at most 7,089 at level L; split the data over several codes")
        #expect(throws: BarcodeError.qrDoesNotFit(count: 2_421, mode: "alphanumeric", unit: "characters", maximum: 2_420, level: "Q")) {
            try QREncoder.encode(String(repeating: "A", count: 2_421), ecc: .quartile)
        }
        #expect(throws: BarcodeError.qrDoesNotFit(count: 3_058, mode: "numeric", unit: "digits", maximum: 3_057, level: "H")) {
            try QREncoder.encode(String(repeating: "1", count: 3_058), ecc: .high)
        }
        #expect(BarcodeError.qrDoesNotFit(count: 3_058, mode: "numeric", unit: "digits", maximum: 3_057, level: "H").localizedDescription.hasSuffix("choose a lower error-correction level (down to L) or split the data"))
    }

    @Test func test_largestPayloadsOfVersion40MatchTable7() throws {
        // Table 7, version 40: numeric, alphanumeric and byte capacities per level.
        let capacities: [(QRErrorCorrection, numeric: Int, alphanumeric: Int, byte: Int)] = [
            (.low, 7089, 4296, 2953), (.medium, 5596, 3391, 2331),
            (.quartile, 3993, 2420, 1663), (.high, 3057, 1852, 1273),
        ]
        for (ecc, numeric, alphanumeric, byte) in capacities {
            for (character, count) in [(UInt8(ascii: "7"), numeric), (UInt8(ascii: "Q"), alphanumeric), (UInt8(ascii: "q"), byte)] {
                let plan = try QREncoder.plan(
                    bytes: [UInt8](repeating: character, count: count), utf8ECI: false, allowKanji: false, ecc: ecc,
                    minimumVersion: 1)
                #expect(plan.version == 40)
                #expect(throws: BarcodeError.self) {
                    try QREncoder.plan(
                        bytes: [UInt8](repeating: character, count: count + 1), utf8ECI: false, allowKanji: false,
                        ecc: ecc, minimumVersion: 1)
                }
            }
        }
    }

    @Test func test_version1CapacitiesMatchTable7() throws {
        // 1-L holds 41 digits, 25 alphanumerics, 17 bytes; one more needs version 2.
        for (character, count) in [(UInt8(ascii: "1"), 41), (UInt8(ascii: "A"), 25), (UInt8(ascii: "a"), 17)] {
            #expect(try QREncoder.encode(bytes: [UInt8](repeating: character, count: count), ecc: .low).version == 1)
            #expect(try QREncoder.encode(bytes: [UInt8](repeating: character, count: count + 1), ecc: .low).version == 2)
        }
    }
}
