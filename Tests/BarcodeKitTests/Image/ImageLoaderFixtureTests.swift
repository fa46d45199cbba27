import BarcodeKit
import Raster
import Testing

/// Every real image of the shared set (PNG: RGB, palette, 8- and 1-bit grey, grey + alpha;
/// JPEG: RGB and grey, baseline and progressive; see fixtures/barcodes/SOURCES.md) loads,
/// with the size its own header states.
@Suite("ImageLoader on the real fixture images", ImagingFixtures.required)
struct ImageLoaderFixtureTests {
    static let images = ImagingFixtures.allImages()

    @Test func test_theFixtureSetHoldsEveryPixelFormatSOURCESLists() throws {
        var formats: [String: Int] = [:]
        for path in Self.images {
            let bytes = try ImagingFixtures.bytes(path)
            if let png = PNGHeader(bytes) {
                formats["png colour type \(png.colourType) depth \(png.bitDepth)", default: 0] += 1
            } else if let jpeg = JPEGFrameHeader(bytes) {
                formats["jpg components \(jpeg.components)", default: 0] += 1
            }
        }
        #expect(Self.images.count == 282)
        #expect(formats["png colour type 2 depth 8"] == 205)
        #expect(formats["png colour type 0 depth 8"] == 16)
        #expect(formats["png colour type 0 depth 1"] == 6)
        #expect(formats["png colour type 4 depth 8"] == 1)
        #expect(formats.filter { $0.key.hasPrefix("png colour type 3") }.values.reduce(0, +) == 39)
        #expect(formats["jpg components 3"] == 13)
        #expect(formats["jpg components 1"] == 2)
    }

    @Test(arguments: images)
    func test_everyFixtureLoadsWithTheSizeItsHeaderStates(path: String) throws {
        let bytes = try ImagingFixtures.bytes(path)
        let expected: (width: Int, height: Int)
        if let png = PNGHeader(bytes) {
            expected = (png.width, png.height)
        } else {
            let jpeg = try #require(JPEGFrameHeader(bytes), "\(path) has neither an IHDR nor a frame header")
            expected = (jpeg.width, jpeg.height)
        }
        let image = try ImageLoader.load(bytes)
        #expect(image.width == expected.width)
        #expect(image.height == expected.height)
        #expect(image.pixels.count == expected.width * expected.height)
        // Every picture of a barcode has bars and spaces: a decoder that returned a flat image
        // would fail here (the dimmest photo, ean13-2/12.png, spans grey levels 7…97).
        let darkest = image.pixels.min() ?? 255
        let lightest = image.pixels.max() ?? 0
        #expect(lightest - darkest >= 80, "\(path): grey levels \(darkest)…\(lightest)")
    }

    /// Grey PNGs come through unchanged and colour ones as BT.601 luma of their gamma-encoded
    /// RGB, compared with libpng's RGBA decode (its other, long-standing path) pixel for pixel.
    @Test(arguments: images.filter { $0.hasSuffix(".png") })
    func test_pngPixelsAreTheLumaOfTheRGBADecode(path: String) throws {
        let bytes = try ImagingFixtures.bytes(path)
        let header = try #require(PNGHeader(bytes))
        let grey = try ImageLoader.load(bytes)
        let rgba = try PNG.decode(bytes)
        var mismatches = 0
        for index in 0..<(grey.width * grey.height) where rgba.pixels[4 * index + 3] == 255 {
            let red = Double(rgba.pixels[4 * index]), green = Double(rgba.pixels[4 * index + 1]), blue = Double(rgba.pixels[4 * index + 2])
            let expected = header.colourType == 0 || header.colourType == 4 ? red : 0.299 * red + 0.587 * green + 0.114 * blue
            if abs(Double(grey.pixels[index]) - expected) > 0.51 { mismatches += 1 }
        }
        #expect(mismatches == 0, "\(path): \(mismatches) pixels differ")
    }

    /// qrcode-2/30a.png is the one grey + alpha image: transparent pixels must read as white
    /// paper, not as the black their grey channel may hold.
    @Test func test_transparentPixelsAreCompositedOnWhite() throws {
        let bytes = try ImagingFixtures.bytes("qrcode-2/30a.png")
        #expect(PNGHeader(bytes)?.colourType == 4)
        let grey = try ImageLoader.load(bytes)
        let rgba = try PNG.decode(bytes)
        var alphas = Set<UInt8>()
        for index in 0..<(grey.width * grey.height) {
            let alpha = Double(rgba.pixels[4 * index + 3]) / 255
            let value = Double(rgba.pixels[4 * index])
            alphas.insert(rgba.pixels[4 * index + 3])
            // Source over white: value·α + 255·(1 − α).
            #expect(abs(Double(grey.pixels[index]) - (value * alpha + 255 * (1 - alpha))) <= 0.51, "pixel \(index)")
        }
        #expect(alphas.contains(0))
    }
}
