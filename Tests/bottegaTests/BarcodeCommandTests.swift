import Foundation
import Testing

/// `bottega barcode check` and `encode`, run as a user would.
@Suite struct BarcodeCommandTests {
    @Test func test_checkSaysValidTheCheckDigitAndTheCountry() throws {
        // 4006381333931: 4·1 + 0·3 + 0·1 + 6·3 + 3·1 + 8·3 + 1·1 + 3·3 + 3·1 + 3·3 + 9·1 + 3·3 = 89 → check 1.
        let run = try CommandLineRun.bottega("barcode", "check", "4006381333931")
        #expect(run.status == 0)
        #expect(run.standardOutput.contains("EAN_13") && run.standardOutput.contains("check digit 1") && run.standardOutput.contains("Germany"))
    }

    @Test func test_aWrongCheckDigitOrALetterExitsWithStatusOneAndSaysWhy() throws {
        let wrong = try CommandLineRun.bottega("barcode", "check", "4006381333932")
        #expect(wrong.status == 1)
        #expect(wrong.standardError.contains("give 1"))
        let letter = try CommandLineRun.bottega("barcode", "check", "40063813339X1")
        #expect(letter.status == 1)
        #expect(letter.standardError.contains("character 12"))
    }

    @Test func test_encodeWritesSVGAndPNGAndPrintsQRInTheTerminal() throws {
        let folder = try TemporaryFolder()
        let svg = folder.path("code.svg"), png = folder.path("qr.png")
        #expect(try CommandLineRun.bottega("barcode", "encode", "--type", "ean13", "400638133393", "--svg", svg).status == 0)
        let drawing = try String(contentsOfFile: svg, encoding: .utf8)
        #expect(drawing.contains("<svg") && drawing.contains("4006381333931"))
        #expect(try CommandLineRun.bottega("barcode", "encode", "--type", "qr", "--ecc", "H", "https://example.org", "--png", png, "--scale", "2").status == 0)
        #expect(Array(try Data(contentsOf: URL(fileURLWithPath: png)).prefix(4)) == [0x89, 0x50, 0x4E, 0x47])
        let terminal = try CommandLineRun.bottega("barcode", "encode", "--type", "qr", "Bottega")
        // Version 1 is 21 modules: with a quiet zone of 2 each side, 25 columns and 13 lines.
        let lines = terminal.standardOutput.split(separator: "\n")
        #expect(lines.count == 13)
        #expect(lines.allSatisfy { $0.count == 25 })
    }

    @Test func test_whatASymbologyCannotCarryIsRefused() throws {
        let letters = try CommandLineRun.bottega("barcode", "encode", "--type", "ean8", "ABCDEFG")
        #expect(letters.status == 1 && letters.standardError.contains("character 1"))
        let tooLong = try CommandLineRun.bottega("barcode", "encode", "--type", "qr", "--ecc", "H", String(repeating: "x", count: 3_000))
        #expect(tooLong.status == 1 && tooLong.standardError.contains("3,000 bytes do not fit: byte mode holds at most 1,273 at level H"))
        let both = try CommandLineRun.bottega("barcode", "encode", "--type", "qr", "x", "--svg", "a.svg", "--png", "a.png")
        #expect(both.status != 0)
    }
}
