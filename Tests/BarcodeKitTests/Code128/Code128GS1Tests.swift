import Testing

@testable import BarcodeKit

/// GS1-128 (ISO/IEC 15417 §4.3.4.1, GS1 General Specifications §5.4): FNC1 after the start
/// character, FNC1 after variable-length fields that are not last.
@Suite struct Code128GS1Tests {
    @Test func gtinAndExpiryDateStartInSetCWithFNC1() throws {
        // Digits 01 09501101530003 17 260101 as pairs: 01 09 50 11 01 53 00 03 17 26 01 01.
        // 105 + 102 + 1·2 + 9·3 + 50·4 + 11·5 + 1·6 + 53·7 + 0·8 + 3·9 + 17·10 + 26·11 + 1·12
        // + 1·13 = 1376 = 13·103 + 37.
        let values = try Code128Encoder.symbolValues(for: "(01)09501101530003(17)260101", gs1: true)
        #expect(values == [105, 102, 1, 9, 50, 11, 1, 53, 0, 3, 17, 26, 1, 1, 37])
    }

    @Test func gs1TextKeepsTheParentheses() throws {
        let symbol = try Code128Encoder.encode("(01)09501101530003(17)260101", gs1: true)
        #expect(symbol.text == "(01)09501101530003(17)260101")
        // start + FNC1 + 12 pairs + check = 15 symbol characters.
        #expect(symbol.modules.count == 15 * 11 + 13)
    }

    @Test func variableLengthFieldIsEndedWithFNC1OnlyWhenAnotherFollows() throws {
        let values = try Code128Encoder.symbolValues(for: "(10)ABC123(21)XYZ", gs1: true)
        #expect(values[1] == 102)
        #expect(interpretCode128Values(values) == Array("\u{1D}10ABC123\u{1D}21XYZ".utf8))
    }

    @Test func fixedLengthFieldNeedsNoSeparator() throws {
        let values = try Code128Encoder.symbolValues(for: "(01)09501101530003(10)AB1", gs1: true)
        #expect(interpretCode128Values(values) == Array("\u{1D}0109501101530003" + "10AB1").map { $0.asciiValue ?? 0 })
    }

    @Test func wrongLengthForPredefinedFieldIsRefused() {
        #expect(
            throws: BarcodeError.wrongLength(
                3, format: .code128, expected: "14 data characters after application identifier (01)")
        ) {
            try Code128Encoder.encode("(01)123", gs1: true)
        }
    }

    @Test func moreThan48DataCharactersAreRefusedAndExactly48Encode() throws {
        // (01) + 14 digits = 16, (10) + 20 = 22, (21) + 8 = 10: 48 characters of AIs and data.
        let fortyEight = "(01)09501101530003(10)ABCDEFGHIJKLMNOPQRST(21)12345678"
        #expect(throws: Never.self) { try Code128Encoder.encode(fortyEight, gs1: true) }
        #expect {
            try Code128Encoder.encode(fortyEight + "9", gs1: true)
        } throws: { error in
            guard case BarcodeError.tooLong(49, .code128, let limit) = error else { return false }
            return limit.contains("48")
        }
    }

    @Test func dataWithoutApplicationIdentifierIsRefusedAtTheFirstCharacter() {
        #expect {
            try Code128Encoder.encode("0109501101530003", gs1: true)
        } throws: { error in
            guard case .invalidCharacter("0", 1, .code128, _) = error as? BarcodeError else { return false }
            return true
        }
    }

    @Test func characterOutsideGS1SetIsRefusedWithItsPosition() {
        #expect {
            try Code128Encoder.encode("(10)AB#1", gs1: true)
        } throws: { error in
            guard case .invalidCharacter("#", 7, .code128, _) = error as? BarcodeError else { return false }
            return true
        }
    }
}
