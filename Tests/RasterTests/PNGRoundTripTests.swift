import Testing
import Raster

@Suite struct PNGRoundTripTests {
    /// Every byte value in every channel, including translucent and fully transparent pixels.
    static func gradient(width: Int, height: Int) -> RGBAImage {
        var bytes: [UInt8] = []
        for y in 0..<height {
            for x in 0..<width {
                bytes += [UInt8((x * 7 + y) % 256), UInt8((x + y * 13) % 256), UInt8((x * y) % 256), UInt8((x * 31 + y * 17) % 256)]
            }
        }
        return RGBAImage(width: width, height: height, pixels: bytes)!
    }

    @Test(arguments: [(1, 1), (37, 5), (256, 3), (3, 200)])
    func test_encodeThenDecodeGivesTheSameSizeAndPixels(width: Int, height: Int) throws {
        let image = Self.gradient(width: width, height: height)
        let bytes = try PNG.encode(image)
        #expect(Array(bytes.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        let decoded = try PNG.decode(bytes)
        #expect(decoded.width == width)
        #expect(decoded.height == height)
        #expect(decoded.pixels == image.pixels)
    }

    @Test func test_aFlatImageCompressesToAFewHundredBytes() throws {
        let bytes = try PNG.encode(RGBAImage(width: 400, height: 300, fill: .white))
        #expect(bytes.count < 2_000, "a single-colour 400×300 image should deflate to almost nothing, got \(bytes.count) bytes")
    }

    @Test func test_encodingAnImageWithoutPixelsThrowsAClearError() {
        #expect {
            _ = try PNG.encode(RGBAImage(width: 0, height: 10))
        } throws: { error in
            guard case PNGError.encodingFailed = error else { return false }
            return (error as? PNGError)?.errorDescription?.contains("0×10") == true
        }
    }

    @Test func test_imageRefusesPixelCountsThatDoNotMatchItsSize() {
        #expect(RGBAImage(width: 2, height: 2, pixels: [UInt8](repeating: 0, count: 15)) == nil)
        #expect(RGBAImage(width: 2, height: 2, pixels: [UInt8](repeating: 0, count: 16)) != nil)
    }
}
