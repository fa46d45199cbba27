import BarcodeKit
import Testing
import TestSupport

/// Damaged, hostile and foreign input: every failure is a typed ``ImageError``, never a crash,
/// a hang, a huge allocation or a partly grey picture.
@Suite struct ImageLoaderErrorTests {
    /// Cut points: inside the signature, inside the first header, just after it, a quarter and
    /// half way through, and near the end of the data.
    static func cuts(of count: Int) -> [Int] {
        [0, 5, 12, 30, 100, count / 4, count / 2, count - 40, count - 13]
    }

    @Test("A truncated PNG is corrupt",
          ImagingFixtures.required,
          arguments: ["ean8-1/1.png", "ean8-1/2.png", "qrcode-2/30a.png", "qrcode-3/01.png"])
    func test_aTruncatedPNGIsCorrupt(path: String) throws {
        let whole = try ImagingFixtures.bytes(path)
        for cut in Self.cuts(of: whole.count) where cut >= 8 {
            expectCorrupt("PNG", Array(whole.prefix(cut)), "\(path) cut at \(cut) of \(whole.count)")
        }
    }

    /// Baseline and progressive, grey and colour. libjpeg alone would return most of these as
    /// pictures whose lower part is grey.
    @Test("A truncated JPEG is corrupt",
          ImagingFixtures.required,
          arguments: ["qrcode-2/#199.jpg", "qrcode-2/#199b.jpg", "code128-2/#444.jpg", "ean13-1/#526.jpg"])
    func test_aTruncatedJPEGIsCorrupt(path: String) throws {
        let whole = try ImagingFixtures.bytes(path)
        for cut in Self.cuts(of: whole.count) + [whole.count - 2] where cut >= 3 {
            expectCorrupt("JPEG", Array(whole.prefix(cut)), "\(path) cut at \(cut) of \(whole.count)")
        }
    }

    @Test func test_aHandMadeJPEGCutInsideItsPixelsIsCorruptNotGrey() throws {
        let whole = HandMadeJPEG.flatBlocks([0, 255, 0, 255])
        // The entropy-coded data is the 7 bytes before EOI (4 blocks of 4 + 8 + 1 bits): keep 4.
        expectCorrupt("JPEG", Array(whole.prefix(whole.count - 5)), "cut inside the scan")
        expectCorrupt("JPEG", Array(whole.dropLast(2)), "without EOI")
    }

    @Test func test_randomBytesAreAnUnknownFormat() {
        var random = SeededGenerator(seed: 6)
        for length in [1, 2, 3, 7, 8, 64, 1000, 65_536] {
            var bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &random) }
            // Not by chance a PNG (0x89), JPEG (0xFF) or PGM ("P") signature's first byte.
            if [0x89, 0xFF, UInt8(ascii: "P")].contains(bytes[0]) { bytes[0] = 0 }
            #expect(throws: ImageError.unknownFormat, "\(length) bytes") { try ImageLoader.load(bytes) }
        }
        #expect(throws: ImageError.unknownFormat) { try ImageLoader.load([]) }
        #expect(throws: ImageError.unknownFormat) { try ImageLoader.load(Array("<svg xmlns='http://www.w3.org/2000/svg'/>".utf8)) }
        #expect(throws: ImageError.unknownFormat) { try ImageLoader.load(Array("GIF89a".utf8) + [UInt8](repeating: 0, count: 20)) }
    }

    @Test func test_aSignatureFollowedByGarbageIsCorrupt() {
        var random = SeededGenerator(seed: 7)
        let garbage = (0..<500).map { _ in UInt8.random(in: 0...255, using: &random) }
        expectCorrupt("PNG", pngSignature + garbage, "PNG signature + garbage")
        expectCorrupt("JPEG", [0xFF, 0xD8, 0xFF] + garbage, "JPEG SOI + garbage")
    }

    /// Headers that claim 20 000 × 20 000 pixels (400 MB of grey) over no pixel data at all.
    /// Had the loader started decoding, it would have found no image data (PNG) or no tables
    /// (JPEG) and said corrupt; `tooLarge` shows the refusal came from the header alone, before
    /// the pixel buffer was allocated.
    @Test func test_aPNGHeaderClaiming400MegapixelsIsRefusedFromTheHeader() {
        // IHDR: width, height, 8-bit grey, deflate, adaptive filtering, no interlace (§11.2.2).
        let ihdr = bigEndianBytes(20_000, count: 4) + bigEndianBytes(20_000, count: 4) + [8, 0, 0, 0, 0]
        let png = pngSignature + pngChunk("IHDR", ihdr) + pngChunk("IDAT", []) + pngChunk("IEND", [])
        #expect(throws: ImageError.tooLarge(width: 20_000, height: 20_000, limit: GrayImage.maximumPixelCount)) {
            try ImageLoader.load(png)
        }
    }

    @Test func test_aJPEGHeaderClaiming400MegapixelsIsRefusedFromTheHeader() {
        #expect(throws: ImageError.tooLarge(width: 20_000, height: 20_000, limit: GrayImage.maximumPixelCount)) {
            try ImageLoader.load(HandMadeJPEG.headerOnly(width: 20_000, height: 20_000))
        }
        // The same header at a size within the limit gets as far as the missing tables.
        expectCorrupt("JPEG", HandMadeJPEG.headerOnly(width: 64, height: 64), "64×64 without tables")
    }

    @Test func test_errorMessagesNameTheFormatAndTheReason() {
        do {
            _ = try ImageLoader.load(Array(HandMadeJPEG.flatBlocks([0, 255]).dropLast(2)))
            Issue.record("a JPEG without EOI was accepted")
        } catch {
            #expect(error.errorDescription == "the JPEG file is damaged or incomplete: the file ends before the image does")
        }
    }

    private func expectCorrupt(_ format: String, _ bytes: [UInt8], _ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
        do {
            let image = try ImageLoader.load(bytes)
            Issue.record("\(what): decoded \(image.width)×\(image.height) from damaged data", sourceLocation: sourceLocation)
        } catch {
            guard case .corrupt(let reported, let reason) = error else {
                Issue.record("\(what): expected .corrupt, got \(error)", sourceLocation: sourceLocation)
                return
            }
            #expect(reported == format, sourceLocation: sourceLocation)
            #expect(!reason.isEmpty, sourceLocation: sourceLocation)
        }
    }
}
