import Testing

@testable import BarcodeKit

@Suite("QRReader end to end on rendered symbols")
struct QRReaderTests {
    @Test func test_rotatedSymbolReadsBackItsTextAndCorners() throws {
        let code = try QREncoder.encode("Grüße aus Bottega", ecc: .quartile, minimumVersion: 3)
        let photo = SyntheticQRPhoto.rotated(side: 170, degrees: 33)
        let results = QRReader.decode(photo.render(code.matrix))
        let result = try #require(results.first)
        #expect(results.count == 1)
        #expect(result.text == "Grüße aus Bottega")
        #expect(result.format == .qrCode)
        #expect(result.details.errorCorrection == .quartile)
        for (found, truth) in zip(result.position, photo.corners) {
            #expect(abs(found.x - truth.x) < 3 && abs(found.y - truth.y) < 3)
        }
    }

    @Test func test_lightSymbolOnDarkGroundIsReadInverted() throws {
        let code = try QREncoder.encode("inverted", minimumVersion: 2)
        var photo = SyntheticQRPhoto.rotated(side: 150, degrees: 0)
        (photo.dark, photo.light) = (230, 25)
        #expect(QRReader.decode(photo.render(code.matrix)).map(\.text) == ["inverted"])
    }

    @Test func test_mirrorImageIsReadWithItsOwnCornerOrder() throws {
        let code = try QREncoder.encode("mirror", minimumVersion: 2)
        var mirrored = BitMatrix(size: code.matrix.size)
        for y in 0..<mirrored.size { for x in 0..<mirrored.size { mirrored[x, y] = code.matrix[mirrored.size - 1 - x, y] } }
        let photo = SyntheticQRPhoto.rotated(side: 150, degrees: 0)
        let result = try #require(QRReader.decode(photo.render(mirrored)).first)
        #expect(result.text == "mirror")
        #expect(result.details.isMirrored)
        // The symbol's own top-left finder is drawn at the image's top-right.
        #expect(abs(result.position[0].x - photo.corners[1].x) < 3 && abs(result.position[0].y - photo.corners[1].y) < 3)
    }

    @Test func test_imageWithoutSymbolReadsNothing() throws {
        let image = try GrayImage(width: 120, height: 90, pixels: [UInt8](repeating: 200, count: 120 * 90))
        #expect(QRReader.decode(image).isEmpty)
    }
}
