import BarcodeKit
import Testing

@Suite("Binarizers on the real fixture images", ImagingFixtures.required)
struct BinarizerFixtureTests {
    /// The 1-bit PNGs (grey and palette) hold exactly two levels: the global threshold must
    /// fall between them and give back the file's own bits.
    @Test func test_oneBitImagesComeBackBitForBit() throws {
        var checked = 0
        for path in ImagingFixtures.allImages() where path.hasSuffix(".png") {
            let bytes = try ImagingFixtures.bytes(path)
            guard PNGHeader(bytes)?.bitDepth == 1 else { continue }
            let image = try ImageLoader.load(bytes)
            let levels = Set(image.pixels)
            try #require(levels.count == 2, "\(path) has \(levels.count) grey levels")
            let ink = levels.min()
            let binary = try #require(Binarizer.globalHistogram(image), "\(path): no threshold")
            #expect(binary.bits == image.pixels.map { $0 == ink }, "\(path)")
            checked += 1
        }
        #expect(checked == 15)   // 6 grey and 9 palette images at 1 bit per pixel
    }

    /// Every photo and scan, whatever its size (down to 69 × 1) or light, gives an image of its
    /// own size with both ink and paper in it.
    @Test(arguments: ImagingFixtures.allImages())
    func test_everyFixtureBinarisesToInkAndPaper(path: String) throws {
        let image = try ImageLoader.load(ImagingFixtures.bytes(path))
        let binary = Binarizer.hybrid(image)
        #expect(binary.width == image.width)
        #expect(binary.height == image.height)
        let inkShare = Double(binary.bits.lazy.filter { $0 }.count) / Double(binary.bits.count)
        #expect(inkShare > 0.02 && inkShare < 0.9, "\(path): \(inkShare) dark")
    }
}
