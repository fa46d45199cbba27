import Testing
import TestSupport
import Raster

/// PNG.decodeGray and JPEG.decodeGray: one byte per pixel, a caller's size limit, typed errors.
@Suite struct GrayDecodingTests {
    /// Colours with known BT.601 luma (0.299 R + 0.587 G + 0.114 B) and alpha over white.
    @Test func test_pngColourBecomesBT601LumaAndTransparencyWhite() throws {
        var image = RGBAImage(width: 6, height: 1)
        image.blend(RGBAColor(red: 255, green: 0, blue: 0, alpha: 255), x: 0, y: 0)
        image.blend(RGBAColor(red: 0, green: 255, blue: 0, alpha: 255), x: 1, y: 0)
        image.blend(RGBAColor(red: 0, green: 0, blue: 255, alpha: 255), x: 2, y: 0)
        image.blend(RGBAColor(red: 14, green: 14, blue: 14, alpha: 255), x: 3, y: 0)
        image.blend(RGBAColor(red: 0, green: 0, blue: 0, alpha: 51), x: 4, y: 0)
        // Pixel 5 stays fully transparent.
        let grey = try PNG.decodeGray(PNG.encode(image), maximumPixelCount: 100)
        #expect(grey.width == 6)
        #expect(grey.height == 1)
        // 76.2, 149.7, 29.1; a dark grey stays itself; black at 20 % over white is 204.
        #expect(grey.pixels == [76, 150, 29, 14, 204, 255])
    }

    @Test func test_theCallersLimitIsCheckedAgainstTheHeader() throws {
        let png = try PNG.encode(RGBAImage(width: 40, height: 30, fill: .white))
        #expect(throws: PNGError.tooLarge(width: 40, height: 30)) { try PNG.decodeGray(png, maximumPixelCount: 1199) }
        #expect(try PNG.decodeGray(png, maximumPixelCount: 1200).pixels.count == 1200)
    }

    @Test func test_pngGreyRefusesWhatIsNotAPNG() {
        #expect(throws: PNGError.notPNG) { try PNG.decodeGray([], maximumPixelCount: 100) }
        #expect(throws: PNGError.notPNG) { try PNG.decodeGray([0xFF, 0xD8, 0xFF, 0xE0], maximumPixelCount: 100) }
    }

    @Test func test_jpegRefusesWhatIsNotAJPEG() {
        #expect(throws: JPEGError.notJPEG) { try JPEG.decodeGray([], maximumPixelCount: 100) }
        #expect(throws: JPEGError.notJPEG) { try JPEG.decodeGray([0xFF, 0xD8], maximumPixelCount: 100) }
        #expect(throws: JPEGError.notJPEG) { try JPEG.decodeGray(Array("JFIF".utf8), maximumPixelCount: 100) }
    }

    @Test func test_jpegGarbageAfterTheSignatureIsCorruptWithLibjpegsReason() {
        do {
            _ = try JPEG.decodeGray([0xFF, 0xD8, 0xFF] + [UInt8](repeating: 0x41, count: 100), maximumPixelCount: 100)
            Issue.record("garbage decoded")
        } catch {
            guard case .corrupt(let reason) = error else { Issue.record("expected .corrupt, got \(error)"); return }
            #expect(!reason.isEmpty)
            #expect(error.errorDescription == "corrupt JPEG: \(reason)")
        }
    }

    static let greyJPEG = "barcodes/code128-2/#444.jpg"   // progressive, one component, 393×67
    static let colourJPEG = "barcodes/qrcode-2/#199b.jpg" // baseline, YCbCr, 100×99

    @Test(.enabled(if: RasterFixtures.exists(greyJPEG) && RasterFixtures.exists(colourJPEG), Comment(rawValue: SharedFixtures.skipMessage("barcodes"))))
    func test_realJPEGsDecodeToGreyOfTheirSize() throws {
        let grey = try JPEG.decodeGray(RasterFixtures.bytes(Self.greyJPEG), maximumPixelCount: 1_000_000)
        #expect(grey.width == 393)
        #expect(grey.height == 67)
        let colour = try JPEG.decodeGray(RasterFixtures.bytes(Self.colourJPEG), maximumPixelCount: 1_000_000)
        #expect(colour.width == 100)
        #expect(colour.height == 99)
        #expect(colour.pixels.count == 9900)
        // Bars and spaces, not a flat fill (#444.jpg is a dim scan: its spaces reach 135).
        for bitmap in [grey, colour] {
            #expect((bitmap.pixels.max() ?? 0) - (bitmap.pixels.min() ?? 255) >= 120)
        }
    }

    @Test(.enabled(if: RasterFixtures.exists(colourJPEG), Comment(rawValue: SharedFixtures.skipMessage("barcodes"))))
    func test_jpegOverTheCallersLimitIsTooLarge() throws {
        let bytes = try RasterFixtures.bytes(Self.colourJPEG)
        #expect(throws: JPEGError.tooLarge(width: 100, height: 99, limit: 9899)) { try JPEG.decodeGray(bytes, maximumPixelCount: 9899) }
        #expect(JPEGError.tooLarge(width: 100, height: 99, limit: 9899).errorDescription == "JPEG too large: 100×99 pixels is more than the 9899 allowed")
    }

    /// libjpeg on its own fills what is missing with grey and reports success.
    @Test(.enabled(if: RasterFixtures.exists(greyJPEG) && RasterFixtures.exists(colourJPEG), Comment(rawValue: SharedFixtures.skipMessage("barcodes"))),
          arguments: [0.3, 0.6, 0.95, 0.999])
    func test_aJPEGCutShortIsTruncatedNotHalfGrey(keep: Double) throws {
        for path in [Self.greyJPEG, Self.colourJPEG] {
            let whole = try RasterFixtures.bytes(path)
            let cut = Array(whole.prefix(Int(Double(whole.count) * keep)))
            #expect(throws: JPEGError.truncated, "\(path) cut to \(cut.count) bytes") {
                try JPEG.decodeGray(cut, maximumPixelCount: 1_000_000)
            }
        }
    }
}
