#if os(Linux)
import Testing
@testable import RasterLinuxCodecs
import TestSupport

/// The image data of 8-bit PNGs is inflated by ISA-L and unfiltered by Bottega, not by libpng
/// (see the CPNG shim's image_data.h). These PNGs are built byte by byte with the filters the test
/// chooses; the expected greys are worked out by hand from the PNG specification (2nd edition,
/// clause 9), or are what libpng's own simplified API reads from the same file.
@Suite struct PNGImageDataTests {
    private func grey(_ png: HandBuiltPNG) throws -> [UInt8] {
        try LibPNG.decodeGray(png.bytes, maximumPixelCount: 10_000_000).pixels
    }

    private func libpngGrey(_ png: HandBuiltPNG) throws -> [UInt8] {
        try LibPNG.decodeGrayWholeImage(png.bytes, maximumPixelCount: 10_000_000).pixels
    }

    @Test func test_everyFilterIsUndoneAsWorkedOutByHand() throws {
        let png = HandBuiltPNG(width: 4, colourType: .grey, rows: [
            // Paeth on the first row: above is all zeros, so the left byte predicts (as Sub).
            [4, 10, 5, 250, 1],
            // Sub: each byte plus the one to its left, modulo 256 (9 = 10 + 255 - 256).
            [1, 5, 250, 10, 0],
            // Up: plus the byte above.
            [2, 1, 1, 250, 0],
            // Average: plus the floor of (left + above) / 2; the first byte has no left.
            [3, 0, 0, 0, 100],
        ])
        let expected: [UInt8] = [
            10, 15, 9, 10,
            5, 255, 9, 9,
            6, 0, 3, 9,
            3, 1, 2, 105,
        ]
        #expect(try grey(png) == expected)
        #expect(try libpngGrey(png) == expected)
    }

    @Test func test_paethChoosesAsTheSpecificationOrdersItsTies() throws {
        // Row 2, worked out by hand (a left, b above, c above-left, p = a + b - c):
        //  x0: a 0, b 55, c 0: p 55, distances 55 / 0 / 55, b: 251 + 55 = 50 (mod 256)
        //  x1: a 50, b 60, c 55: p 55, distances 5 / 5 / 0, c: 1 + 55 = 56
        //  x2: a 56, b 20, c 60: p 16, distances 40 / 4 / 44, b: 246 + 20 = 10 (mod 256)
        //  x3: a 10, b 40, c 20: p 30, distances 20 / 10 / 10, b before c on the tie: 3 + 40 = 43
        let png = HandBuiltPNG(width: 4, colourType: .grey, rows: [
            [0, 55, 60, 20, 40],
            [4, 251, 1, 246, 3],
        ])
        #expect(try grey(png) == [55, 60, 20, 40, 50, 56, 10, 43])
        #expect(try libpngGrey(png) == [55, 60, 20, 40, 50, 56, 10, 43])
    }

    static let layouts: [(type: HandBuiltPNG.ColourType, channels: Int)] = [(.grey, 1), (.greyAlpha, 2), (.rgb, 3), (.rgba, 4), (.palette, 1)]

    /// Random samples under every filter, for every pixel size, in images narrower than a vector
    /// of sixteen pixels, wider than one, and with rows longer than the 64 KB strip they are
    /// inflated into.
    @Test(arguments: layouts)
    func test_everyFilterAndPixelSizeReadsAsLibpngReadsIt(layout: (type: HandBuiltPNG.ColourType, channels: Int)) throws {
        var random = SeededGenerator(seed: 44)
        for (width, height) in [(5, 10), (37, 10), (3_000, 25), (20_000, 3)] {
            let rows = (0..<height).map { y in [UInt8(y % 5)] + (0..<width * layout.channels).map { _ in UInt8.random(in: 0...255, using: &random) } }
            let palette = layout.type == .palette ? (0..<768).map { _ in UInt8.random(in: 0...255, using: &random) } : []
            let png = HandBuiltPNG(width: width, colourType: layout.type, rows: rows, palette: palette)
            let read = try grey(png)
            #expect(read.count == width * height)
            let expected = try libpngGrey(png)
            #expect(PNGGreyRowsTests.firstDifference(read, expected) == nil, "\(layout.type) \(width) × \(height)")
        }
    }

    @Test func test_theImageDataMayBeCutIntoChunksOfAnySize() throws {
        var random = SeededGenerator(seed: 7)
        let rows = (0..<6).map { y in [UInt8(y % 5)] + (0..<40 * 3).map { _ in UInt8.random(in: 0...255, using: &random) } }
        let whole = HandBuiltPNG(width: 40, colourType: .rgb, rows: rows)
        let expected = try libpngGrey(whole)
        #expect(try grey(whole) == expected)
        // One byte per chunk splits even the zlib header across two chunks.
        for size in [1, 2, 7, 100] {
            var cut = whole
            cut.idatChunkSize = size
            cut.emptyIDATAfterTheFirst = true
            #expect(try grey(cut) == expected, "chunks of \(size) bytes")
        }
    }

    @Test func test_dataPastTheLastRowIsIgnoredAsLibpngIgnoresIt() throws {
        var png = HandBuiltPNG(width: 4, colourType: .grey, rows: [[0, 1, 2, 3, 4], [2, 1, 1, 1, 1]])
        png.trailingImageData = [0, 9, 9, 9, 9]
        #expect(try grey(png) == [1, 2, 3, 4, 2, 3, 4, 5])
        #expect(try libpngGrey(png) == [1, 2, 3, 4, 2, 3, 4, 5])
    }

    /// Every compressed byte is covered by its chunk's CRC-32, so the Adler-32 is not checked, as
    /// libpng is told (PNG_IGNORE_ADLER32) when it reads the other files; even when the zlib header
    /// is split across two chunks.
    @Test func test_aWrongAdler32IsIgnoredAsLibpngIsToldTo() throws {
        var png = HandBuiltPNG(width: 4, colourType: .grey, rows: [[0, 1, 2, 3, 4], [2, 1, 1, 1, 1]])
        png.wrongAdler32 = true
        #expect(throws: CodecFailure.self) { try libpngGrey(png) }
        for size in [1, 100] {
            png.idatChunkSize = size
            #expect(try grey(png) == [1, 2, 3, 4, 2, 3, 4, 5], "chunks of \(size) bytes")
        }
    }

    @Test func test_aZlibHeaderPNGDoesNotAllowIsAnError() throws {
        let png = HandBuiltPNG(width: 4, colourType: .grey, rows: [[0, 1, 2, 3, 4]])
        var bytes = png.bytes
        // The first IDAT's data starts after the signature, IHDR (25 bytes) and the chunk's length
        // and type. A compression method 9 (deflate is 8), its check bits made valid again.
        let idat = 8 + 25
        bytes[idat + 8] = 0x79
        bytes[idat + 9] = UInt8(31 - (0x79 * 256) % 31)
        bytes = HandBuiltPNG.withChunkCRCsRecomputed(bytes)
        #expect(throws: CodecFailure.failed("IDAT: unknown compression method")) { try LibPNG.decodeGray(bytes, maximumPixelCount: 100) }
    }

    /// Real photos (RGB, 8-bit grey, an 8-bit palette) damaged as a disk or a download damages them: cut short, or bits flipped and
    /// the chunk CRCs made to match again, so the damage reaches the inflater and the filters.
    /// Whatever the damage, the reader accepts or refuses the file as libpng does when it reads
    /// the image data itself (skipping the Adler-32, as this reader does), with libpng's grey.
    @Test(.enabled(if: SharedFixtures.enabled("barcodes/qrcode-3/01.png"), Comment(rawValue: SharedFixtures.skipMessage("barcodes"))),
          arguments: ["barcodes/qrcode-3/01.png", "barcodes/ean13-1/1.png", "barcodes/ean8-1/4.png", "barcodes/ean13-2/01.png"])
    func test_damagedPhotosAreReadAsLibpngReadsThemOrRefused(path: String) throws {
        let original = try SharedFixtures.bytes(path)
        var random = SeededGenerator(seed: 2026)
        var accepted = 0
        for trial in 0..<40 {
            var bytes = original
            if trial % 2 == 0 {
                bytes = Array(bytes.prefix(Int.random(in: 40..<bytes.count, using: &random)))
            } else {
                for _ in 0..<Int.random(in: 1...4, using: &random) {
                    bytes[Int.random(in: 60..<bytes.count, using: &random)] ^= UInt8(1) << UInt8.random(in: 0...7, using: &random)
                }
                bytes = HandBuiltPNG.withChunkCRCsRecomputed(bytes)
            }
            let read = try? LibPNG.decodeGray(bytes, maximumPixelCount: 10_000_000)
            let libpng = try? LibPNG.decodeGrayThroughLibpngRows(bytes, maximumPixelCount: 10_000_000)
            #expect((read == nil) == (libpng == nil), "\(path), trial \(trial): accepted by one reader only")
            guard let read, let libpng else { continue }
            accepted += 1
            #expect(PNGGreyRowsTests.firstDifference(read.pixels, libpng.pixels) == nil, "\(path), trial \(trial)")
        }
        // A flipped bit in a literal leaves a readable file with other pixels.
        #expect(accepted > 0, "\(path): no damaged copy was readable, so no pixels were compared")
    }

    @Test func test_aFilterTypePNGDoesNotHaveIsAnError() throws {
        let png = HandBuiltPNG(width: 4, colourType: .grey, rows: [[0, 1, 2, 3, 4], [5, 1, 1, 1, 1]])
        #expect(throws: CodecFailure.failed("bad adaptive filter value")) { try grey(png) }
        #expect(throws: CodecFailure.self) { try libpngGrey(png) }
    }

    @Test func test_imageDataEndingBeforeTheLastRowIsAnError() throws {
        var png = HandBuiltPNG(width: 4, colourType: .grey, rows: [[0, 1, 2, 3, 4], [0, 5, 6, 7, 8]])
        png.declaredHeight = 3
        #expect(throws: CodecFailure.failed("Not enough image data")) { try grey(png) }
        #expect(throws: CodecFailure.self) { try libpngGrey(png) }
    }

    @Test func test_brokenCompressedDataOrChecksumIsAnError() throws {
        let png = HandBuiltPNG(width: 4, colourType: .grey, rows: [[0, 1, 2, 3, 4], [0, 5, 6, 7, 8]])
        let bytes = png.bytes
        // The IDAT chunk starts after the signature (8 bytes) and IHDR (25); its data begins with
        // the zlib header (2), the stored block's header (1), LEN (2) and NLEN (2).
        let idat = 8 + 25
        let nlen = idat + 8 + 5
        var badCRC = bytes
        badCRC[nlen + 3] ^= 0x01
        #expect(throws: CodecFailure.failed("IDAT: CRC error")) { try LibPNG.decodeGray(badCRC, maximumPixelCount: 100) }
        // NLEN no longer LEN's complement, under a CRC that matches: the deflate stream is broken.
        var badBlock = bytes
        badBlock[nlen] ^= 0xFF
        badBlock = HandBuiltPNG.withChunkCRCsRecomputed(badBlock)
        #expect {
            try LibPNG.decodeGray(badBlock, maximumPixelCount: 100)
        } throws: { error in
            guard case .failed(let message) = error as? CodecFailure else { return false }
            return message.hasPrefix("IDAT: ")
        }
    }
}
#endif
