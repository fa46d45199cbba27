import BarcodeKit
import Testing

/// Greyscale without a codec: binary PGM ("P5", Netpbm pgm(5)) and headerless bytes.
@Suite struct RawAndPGMLoaderTests {
    private func pgm(_ header: String, _ raster: [UInt8]) -> [UInt8] { Array(header.utf8) + raster }

    @Test func test_an8BitPGMLoadsItsSamplesUnchanged() throws {
        let image = try ImageLoader.load(pgm("P5\n3 2\n255\n", [0, 10, 20, 200, 254, 255]))
        #expect(image.width == 3)
        #expect(image.height == 2)
        #expect(image.pixels == [0, 10, 20, 200, 254, 255])
    }

    @Test func test_commentsAndAnyWhitespaceMayAppearInTheHeader() throws {
        let image = try ImageLoader.load(pgm("P5 # made by hand\n# a second comment\n2\t1\r\n# before maxval\n255 ", [7, 8]))
        #expect(image.pixels == [7, 8])
    }

    /// The byte after maxval's single whitespace is a pixel even when it looks like whitespace.
    @Test func test_pixelsThatLookLikeWhitespaceAreStillPixels() throws {
        let image = try ImageLoader.load(pgm("P5\n2 1\n255\n", [0x20, 0x0A]))
        #expect(image.pixels == [0x20, 0x0A])
    }

    @Test func test_smallerMaxvalsAreScaledToTheFullRange() throws {
        let image = try ImageLoader.load(pgm("P5 4 1 15\n", [0, 5, 15, 16]))
        // 5/15 of 255 = 85; a sample above maxval (invalid) reads as white.
        #expect(image.pixels == [0, 85, 255, 255])
    }

    @Test func test_a16BitPGMIsReadMostSignificantByteFirstAndScaled() throws {
        let image = try ImageLoader.load(pgm("P5\n3 1\n65535\n", [0x00, 0x00, 0x80, 0x00, 0xFF, 0xFF]))
        #expect(image.pixels == [0, 128, 255])
        let tenBit = try ImageLoader.load(pgm("P5\n2 1\n1023\n", [0x03, 0xFF, 0x01, 0xFF]))
        #expect(tenBit.pixels == [255, 127])
    }

    @Test func test_aPGMCutShortIsCorrupt() {
        #expect(throws: ImageError.corrupt(format: "PGM", reason: "the file ends after 1 of the image's 3 rows")) {
            try ImageLoader.load(pgm("P5\n2 3\n255\n", [1, 2, 3]))
        }
        #expect(throws: ImageError.corrupt(format: "PGM", reason: "the file ends after 1 of the image's 2 rows")) {
            try ImageLoader.load(pgm("P5\n2 2\n65535\n", [0, 1, 0, 2, 0, 3]))
        }
        #expect(throws: ImageError.corrupt(format: "PGM", reason: "the file ends inside the header, before the maxval")) {
            try ImageLoader.load(pgm("P5\n2 2 ", []))
        }
        #expect(throws: ImageError.corrupt(format: "PGM", reason: "the header ends without the whitespace that precedes the pixels")) {
            try ImageLoader.load(pgm("P5\n2 2 255", []))
        }
    }

    @Test func test_badHeaderValuesAreRefusedWithAReason() {
        #expect(throws: ImageError.corrupt(format: "PGM", reason: "the header's height is not a number")) {
            try ImageLoader.load(pgm("P5\n2 x\n255\n", [0, 0]))
        }
        #expect(throws: ImageError.corrupt(format: "PGM", reason: "the maximum grey value is 0; it must be 1 to 65535")) {
            try ImageLoader.load(pgm("P5\n1 1\n0\n", [0]))
        }
        #expect(throws: ImageError.corrupt(format: "PGM", reason: "the maximum grey value is 65536; it must be 1 to 65535")) {
            try ImageLoader.load(pgm("P5\n1 1\n65536\n", [0, 0]))
        }
        #expect(throws: ImageError.empty(width: 0, height: 5)) { try ImageLoader.load(pgm("P5\n0 5\n255\n", [])) }
    }

    /// 20 000 × 20 000 from a 20-byte file: refused from the header, before the length check.
    @Test func test_aPGMHeaderClaimingTooManyPixelsIsRefusedFromTheHeader() {
        #expect(throws: ImageError.tooLarge(width: 20_000, height: 20_000, limit: GrayImage.maximumPixelCount)) {
            try ImageLoader.load(pgm("P5\n20000 20000\n255\n", [0]))
        }
        // Numbers with more digits than any Int are held at a cap, not overflowed.
        do {
            _ = try ImageLoader.load(pgm("P5\n99999999999999999999999999 1\n255\n", [0]))
            Issue.record("a 10²⁶-pixel-wide PGM was accepted")
        } catch {
            guard case .tooLarge = error else { Issue.record("expected .tooLarge, got \(error)"); return }
        }
    }

    @Test func test_plainTextPGMIsNotReadAsBinary() {
        #expect(throws: ImageError.unknownFormat) { try ImageLoader.load(Array("P2\n2 1\n255\n0 255\n".utf8)) }
        #expect(throws: ImageError.unknownFormat) { try ImageLoader.load(Array("P5".utf8)) }
    }

    @Test func test_rawBytesBecomeAnImageOfTheGivenSize() throws {
        let image = try ImageLoader.loadRaw([1, 2, 3, 4, 5, 6], width: 3, height: 2)
        #expect(image.width == 3)
        #expect(image.height == 2)
        #expect(image[2, 1] == 6)
    }

    @Test func test_rawBytesOfTheWrongCountOrSizeAreRefused() {
        #expect(throws: ImageError.empty(width: 0, height: 0)) { try ImageLoader.loadRaw([], width: 0, height: 0) }
        #expect(throws: ImageError.empty(width: 4, height: 0)) { try ImageLoader.loadRaw([1, 2], width: 4, height: 0) }
        #expect(throws: ImageError.empty(width: -1, height: 3)) { try ImageLoader.loadRaw([1, 2], width: -1, height: 3) }
        #expect(throws: ImageError.wrongPixelCount(5, width: 3, height: 2)) { try ImageLoader.loadRaw([1, 2, 3, 4, 5], width: 3, height: 2) }
        #expect(throws: ImageError.tooLarge(width: 20_000, height: 20_000, limit: GrayImage.maximumPixelCount)) {
            try ImageLoader.loadRaw([0], width: 20_000, height: 20_000)
        }
        #expect(throws: ImageError.tooLarge(width: Int.max, height: 2, limit: GrayImage.maximumPixelCount)) {
            try ImageLoader.loadRaw([0], width: Int.max, height: 2)
        }
    }
}
