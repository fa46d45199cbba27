import Foundation
import Testing

@testable import BarcodeKit

@Suite("QR detection: finder patterns, geometry and sampling on rendered symbols")
struct QRDetectorTests {
    /// The fewest differing modules over all detections (a reader tries each).
    private func bestDifference(_ code: QRCode, _ image: GrayImage) -> Int {
        QRDetector.detect(image.thresholded()).map { $0.modules.differences(from: code.matrix) }.min() ?? .max
    }

    @Test(arguments: [1, 2, 5, 7, 10])
    func test_uprightSymbolIsSampledExactly(version: Int) throws {
        let code = try QREncoder.encode("BarcodeKit detection test", ecc: .medium, minimumVersion: version)
        let photo = SyntheticQRPhoto.rotated(side: Double(code.matrix.size) * 4, degrees: 0)
        #expect(bestDifference(code, photo.render(code.matrix)) == 0)
    }

    @Test(arguments: [3.0, 17.0, 30.0, 45.0, 90.0, 133.0, 200.0, 271.0, 338.0])
    func test_rotatedSymbolIsSampledInItsOwnOrientation(degrees: Double) throws {
        let code = try QREncoder.encode("https://example.org/rotated", ecc: .low, minimumVersion: 3)
        let photo = SyntheticQRPhoto.rotated(side: 180, degrees: degrees)
        #expect(bestDifference(code, photo.render(code.matrix)) <= 2)
    }

    @Test(arguments: [2.0, 2.6, 3.3, 5.0, 8.0])
    func test_moduleSizesFromTwoPixelsUpAreSampled(pixelsPerModule: Double) throws {
        let code = try QREncoder.encode("scale", ecc: .high, minimumVersion: 4)
        let side = Double(code.matrix.size) * pixelsPerModule
        var photo = SyntheticQRPhoto.rotated(side: side, degrees: 8)
        photo.width = Int(side * 1.6)
        photo.height = Int(side * 1.6)
        photo = SyntheticQRPhoto(width: photo.width, height: photo.height,
                                 corners: SyntheticQRPhoto.rotated(side: side, degrees: 8, width: photo.width, height: photo.height).corners)
        // At 2 pixels a module anti-aliasing leaves a few modules on the threshold.
        #expect(bestDifference(code, photo.render(code.matrix)) <= (pixelsPerModule < 2.5 ? 6 : 2))
    }

    @Test(arguments: [2, 6, 12, 22])
    func test_perspectiveWarpIsFollowed(version: Int) throws {
        let code = try QREncoder.encode("perspective", ecc: .medium, minimumVersion: version)
        // A symbol leaning back: the top edge shorter than the bottom, and tilted.
        let photo = SyntheticQRPhoto(width: 420, height: 420, corners: [
            ImagePoint(x: 100, y: 60), ImagePoint(x: 330, y: 70),
            ImagePoint(x: 370, y: 360), ImagePoint(x: 50, y: 345),
        ])
        #expect(bestDifference(code, photo.render(code.matrix)) <= 4)
    }

    @Test func test_blurAndNoiseCostAtMostAFewModules() throws {
        let code = try QREncoder.encode("blur and noise", ecc: .medium, minimumVersion: 5)
        var photo = SyntheticQRPhoto.rotated(side: 220, degrees: 21)
        photo.blurRadius = 1
        photo.noise = 40
        photo.seed = 7
        #expect(bestDifference(code, photo.render(code.matrix)) <= 6)
    }

    @Test func test_largeVersionIsSampledThroughTheAlignmentGrid() throws {
        let code = try QREncoder.encode(String(repeating: "large symbol ", count: 120), ecc: .low, minimumVersion: 25)
        var photo = SyntheticQRPhoto(width: 700, height: 700, corners: [
            ImagePoint(x: 60, y: 50), ImagePoint(x: 640, y: 80),
            ImagePoint(x: 660, y: 650), ImagePoint(x: 40, y: 630),
        ])
        photo.noise = 10
        #expect(bestDifference(code, photo.render(code.matrix)) <= 4)
    }

    @Test func test_greySamplingKeepsSmallBlurredModulesWhole() throws {
        let code = try QREncoder.encode("grey levels", ecc: .low, minimumVersion: 6)
        let side = Double(code.matrix.size) * 2.2
        var photo = SyntheticQRPhoto(width: 160, height: 160, corners: SyntheticQRPhoto.rotated(
            side: side, degrees: 11, width: 160, height: 160).corners)
        photo.blurRadius = 1
        photo.noise = 12
        let grey = photo.render(code.matrix)
        let binary = grey.thresholded()
        let plain = QRDetector.detect(binary).map { $0.modules.differences(from: code.matrix) }.min() ?? .max
        let withGrey = QRDetector.detect(binary, grey: grey).map { $0.modules.differences(from: code.matrix) }.min() ?? .max
        #expect(withGrey <= 8, "plain \(plain)")
        #expect(withGrey < plain)
    }

    @Test func test_finderWithoutQuietZoneIsCompletedFromTheOtherTwo() throws {
        let code = try QREncoder.encode("dark ground at one corner", minimumVersion: 3)
        let photo = SyntheticQRPhoto.rotated(side: 145, degrees: 20, width: 260, height: 260)
        var grey = photo.render(code.matrix)
        // A dark shadow right up to the symbol's lower-left edges, as where a paper's edge
        // lies on a dark table: the bottom-left finder loses its quiet zone.
        let bottomLeft = photo.corners[3]
        for y in 0..<grey.height {
            for x in 0..<grey.width {
                let dx = Double(x) - bottomLeft.x, dy = Double(y) - bottomLeft.y
                // outside the symbol beyond its left and bottom edges near that corner
                let along = dx * cos(20 * Double.pi / 180) + dy * sin(20 * Double.pi / 180)
                let across = -dx * sin(20 * Double.pi / 180) + dy * cos(20 * Double.pi / 180)
                if (along < 0 || across > 0), along < 40, across > -40 { grey[x, y] = 20 }
            }
        }
        let detections = QRDetector.detect(grey.thresholded(), grey: grey)
        #expect(detections.contains { $0.modules.differences(from: code.matrix) <= 2 })
    }

    @Test func test_twoSymbolsInOneImageAreBothFound() throws {
        let first = try QREncoder.encode("first symbol", minimumVersion: 2)
        let second = try QREncoder.encode("second symbol", minimumVersion: 3)
        let left = SyntheticQRPhoto(width: 400, height: 200, corners: [
            ImagePoint(x: 30, y: 40), ImagePoint(x: 150, y: 40), ImagePoint(x: 150, y: 160), ImagePoint(x: 30, y: 160)])
        let right = SyntheticQRPhoto(width: 400, height: 200, corners: [
            ImagePoint(x: 230, y: 30), ImagePoint(x: 370, y: 45), ImagePoint(x: 355, y: 185), ImagePoint(x: 215, y: 170)])
        let a = left.render(first.matrix), b = right.render(second.matrix)
        // Darker of the two renders: each symbol on the shared light ground.
        let pixels = zip(a.pixels, b.pixels).map { min($0, $1) }
        let image = try GrayImage(width: 400, height: 200, pixels: pixels)
        let detections = QRDetector.detect(image.thresholded())
        #expect(detections.contains { $0.modules.differences(from: first.matrix) == 0 })
        #expect(detections.contains { $0.modules.differences(from: second.matrix) == 0 })
    }

    @Test func test_cornersAreTheSymbolsOuterCornersClockwiseFromItsTopLeft() throws {
        let code = try QREncoder.encode("corners", minimumVersion: 3)
        let photo = SyntheticQRPhoto.rotated(side: 160, degrees: 90)
        let detection = try #require(QRDetector.detect(photo.render(code.matrix).thresholded()).first)
        // Turned a quarter clockwise, the symbol's top-left corner is at the image's top-right.
        for (found, truth) in zip(detection.corners, photo.corners) {
            #expect(abs(found.x - truth.x) < 2 && abs(found.y - truth.y) < 2, "\(found) vs \(truth)")
        }
        #expect(abs(detection.moduleSize - 160 / Double(code.matrix.size)) < 1)
    }

    @Test func test_imageWithoutSymbolGivesNoDetection() throws {
        var state: UInt64 = 3
        let pixels = (0..<(200 * 200)).map { _ -> UInt8 in
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return UInt8(truncatingIfNeeded: state >> 56)
        }
        #expect(QRDetector.detect(try GrayImage(width: 200, height: 200, pixels: pixels).thresholded()).isEmpty)
    }
}
