import Foundation
import Testing
import TestSupport

@testable import BarcodeKit

/// The character set guessed for byte data without ECI, checked on the expected texts of
/// the shared QR fixtures in the encodings their symbols use.
@Suite("Byte-mode character set guess")
struct QRByteTextGuessTests {
    private static let folder = QRDecodeTestSupport.fixtures.appendingPathComponent("qrcode-2")

    private static func expected(_ stem: String) throws -> String {
        let data = try Data(contentsOf: folder.appendingPathComponent("\(stem).txt"))
        return try #require(String(data: data, encoding: .utf8))
    }

    /// Japanese texts from Japanese generators: Shift JIS bytes, half-width katakana included.
    @Test(.enabled(if: QRDecodeTestSupport.fixturesExist, Comment(rawValue: SharedFixtures.skipMessage("barcodes"))),
          arguments: ["10", "16", "17", "18", "19", "20", "21", "24", "26", "27", "29", "31", "33"])
    func test_shiftJISBytesOfTheFixtureTextsReadBack(stem: String) throws {
        let text = try Self.expected(stem)
        let bytes = try #require(text.data(using: .shiftJIS).map(Array.init))
        #expect(QRByteTextGuess.guess(bytes) == .shiftJIS)
        #expect(QRByteTextGuess.text(bytes) == text)
    }

    /// qrcode-2/30 holds MECARD:N:測試;; in UTF-8 — bytes that are valid Shift JIS as well.
    @Test(.enabled(if: QRDecodeTestSupport.fixturesExist, Comment(rawValue: SharedFixtures.skipMessage("barcodes"))),
          arguments: ["30", "30a", "10", "31"])
    func test_utf8BytesOfTheFixtureTextsReadBack(stem: String) throws {
        let text = try Self.expected(stem)
        let bytes = Array(text.utf8)
        #expect(QRByteTextGuess.guess(bytes) == .utf8)
        #expect(QRByteTextGuess.text(bytes) == text)
    }

    @Test func test_everyNonJapaneseFixtureTextIsReadAsIs() throws {
        guard QRDecodeTestSupport.fixturesExist else { return }
        let files = try FileManager.default.subpathsOfDirectory(atPath: QRDecodeTestSupport.fixtures.path)
            .filter { $0.hasPrefix("qrcode-") && $0.hasSuffix(".txt") && !$0.hasSuffix(".result.txt") }
        #expect(files.count > 100)
        for file in files {
            let data = try Data(contentsOf: QRDecodeTestSupport.fixtures.appendingPathComponent(file))
            #expect(QRByteTextGuess.text(Array(data)) == String(decoding: data, as: UTF8.self), "\(file)")
        }
    }

    @Test func test_latin1TextStaysLatin1() {
        // "était" (é + t is a valid Shift JIS pair), "© 2024", "Ünïcödé" and "£5" in ISO 8859-1.
        for text in ["était", "© 2024", "Ünïcödé", "£5", "Grüße aus Köln"] {
            let bytes = text.unicodeScalars.map { UInt8($0.value) }
            #expect(QRByteTextGuess.guess(bytes) == .isoLatin1, "\(text)")
            #expect(QRByteTextGuess.text(bytes) == text)
        }
    }

    @Test func test_aByteOrderMarkMeansUTF8AndIsDropped() {
        #expect(QRByteTextGuess.text([0xEF, 0xBB, 0xBF] + Array("ok".utf8)) == "ok")
    }

    @Test func test_halfWidthKatakanaRunIsShiftJIS() {
        // ｱｲｳ in Shift JIS: 0xB1 0xB2 0xB3.
        #expect(QRByteTextGuess.text([0xB1, 0xB2, 0xB3]) == "ｱｲｳ")
    }

    @Test func test_byteSegmentsInASymbolAreGuessedTogether() throws {
        // The same Shift JIS text in two byte segments split by a numeric one.
        let first = Array("ﾃﾞｻﾞｲﾝ".data(using: .shiftJIS) ?? Data())
        let second = Array("ｺｰﾄﾞ".data(using: .shiftJIS) ?? Data())
        let b = QRDecodeTestSupport.binary
        let bits = "0100" + b(first.count, 8) + first.map { b(Int($0), 8) }.joined()
            + "0001" + b(2, 10) + b(42, 7)
            + "0100" + b(second.count, 8) + second.map { b(Int($0), 8) }.joined()
        let data = QRDecodeTestSupport.dataCodewords(bits: bits, version: 2, ecc: .medium)
        let content = try QRSymbolDecoder.decode(QRDecodeTestSupport.symbol(data: data, version: 2, ecc: .medium, mask: 0))
        #expect(content.text == "ﾃﾞｻﾞｲﾝ42ｺｰﾄﾞ")
    }
}
