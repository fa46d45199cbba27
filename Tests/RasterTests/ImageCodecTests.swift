import Raster
import Testing

/// The file formats go through whichever ``ImageCodec`` the caller passes, as an Apple app's
/// ImageIO codec would be.
@Suite struct ImageCodecTests {
    /// A codec that answers with fixed bytes and pixels, and remembers the limits it was given.
    private struct StandInCodec: ImageCodec {
        func encodePNG(_ image: RGBAImage) throws(PNGError) -> [UInt8] { [UInt8(image.width), UInt8(image.height)] }
        func decodePNG(_ bytes: [UInt8], maximumPixelCount: Int) throws(PNGError) -> RGBAImage {
            RGBAImage(width: 1, height: 1, fill: .black)
        }
        func decodePNGGray(_ bytes: [UInt8], maximumPixelCount: Int) throws(PNGError) -> GrayBitmap {
            guard maximumPixelCount >= 4 else { throw PNGError.tooLarge(width: 2, height: 2) }
            return GrayBitmap(width: 2, height: 2, pixels: [0, 255, 255, 0])!
        }
        func decodeJPEGGray(_ bytes: [UInt8], maximumPixelCount: Int) throws(JPEGError) -> GrayBitmap {
            throw JPEGError.truncated
        }
    }

    private let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    @Test func encodingAndDecodingUseThePassedCodec() throws {
        #expect(try PNG.encode(RGBAImage(width: 3, height: 5, fill: .white), codec: StandInCodec()) == [3, 5])
        let gray = try PNG.decodeGray(pngSignature, maximumPixelCount: 10, codec: StandInCodec())
        #expect(gray.pixels == [0, 255, 255, 0])
        #expect(throws: PNGError.tooLarge(width: 2, height: 2)) { try PNG.decodeGray(pngSignature, maximumPixelCount: 3, codec: StandInCodec()) }
        #expect(throws: JPEGError.truncated) { try JPEG.decodeGray([0xFF, 0xD8, 0xFF, 0xE0], maximumPixelCount: 10, codec: StandInCodec()) }
    }

    @Test func theSignatureIsCheckedBeforeAnyCodecIsAsked() {
        #expect(throws: PNGError.notPNG) { try PNG.decode([1, 2, 3], codec: StandInCodec()) }
        #expect(throws: JPEGError.notJPEG) { try JPEG.decodeGray([1, 2, 3], maximumPixelCount: 10, codec: StandInCodec()) }
    }

    @Test func theLinuxPlatformCodecIsLibpngAndRoundTrips() throws {
        var image = RGBAImage(width: 4, height: 3, fill: .white)
        image.fillRectangle(x: 1, y: 1, width: 2, height: 1, color: .black)
        let bytes = try PNG.encode(image)
        #expect(PNG.hasSignature(bytes))
        #expect(try PNG.decode(bytes, codec: ImageCodecs.platform) == image)
    }
}
