import Testing

@testable import BarcodeKit

/// Micro QR Code symbols made by segno (the vectors of `MicroQRDecodingTests`), drawn into
/// grey images and read back by `QRReader`, which finds them with `MicroQRDetector`.
@Suite("Micro QR detection")
struct MicroQRDetectorTests {
    static let symbols = MicroQRDecodingTests.segnoSymbols

    private func texts(_ image: GrayImage) -> [String] { QRReader.decode(image).map(\.text) }

    @Test(arguments: symbols.indices)
    func test_symbolReadsInEveryQuarterTurn(index: Int) {
        let (text, designator, _, rows) = Self.symbols[index]
        let scale = Double(3 + index % 6)
        for degrees in [0.0, 90, 180, 270] {
            let found = texts(MicroQRPhoto.render(rows, scale: scale, degrees: degrees))
            #expect(found == [text], "\(designator) \(text) at \(scale) px, \(degrees)°: \(found)")
        }
    }

    @Test(arguments: symbols.indices)
    func test_symbolReadsTurnedByAnyAngleAndBlurred(index: Int) {
        let (text, designator, _, rows) = Self.symbols[index]
        let scale = Double(4 + index % 5)
        for degrees in [13.0, 37, 45, 128, 301] {
            let found = texts(MicroQRPhoto.render(rows, scale: scale, degrees: degrees, blurRadius: 1))
            #expect(found == [text], "\(designator) \(text) at \(scale) px, \(degrees)°: \(found)")
        }
    }

    @Test(arguments: [0, 3, 8, 12])
    func test_symbolReadsInPerspective(index: Int) {
        // Framed symbol (quiet zone and frame included) drawn onto a skewed trapezoid: the
        // top edge 15 % shorter than the bottom one, no two sides parallel.
        let (text, designator, _, rows) = Self.symbols[index]
        let framed = MicroQRPhoto.withQuietZoneAndFrame(MicroQRDecodingTests.matrix(rows))
        let photo = SyntheticQRPhoto(width: 260, height: 260, corners: [
            ImagePoint(x: 62, y: 40), ImagePoint(x: 200, y: 50), ImagePoint(x: 212, y: 205), ImagePoint(x: 48, y: 196),
        ])
        let found = texts(photo.render(framed))
        #expect(found == [text], "\(designator) \(text): \(found)")
    }

    @Test(arguments: [2, 6, 9])
    func test_mirrorImageReads(index: Int) throws {
        let (text, _, _, rows) = Self.symbols[index]
        let results = QRReader.decode(MicroQRPhoto.render(rows, scale: 5, degrees: 24, mirrored: true))
        let result = try #require(results.first)
        #expect(results.count == 1 && result.text == text)
    }

    @Test func test_detectionReportsSizeCornersAndModuleSize() throws {
        // M4 "Micro QR", 6 px modules, upright: the symbol starts 3 modules into the frame.
        let (_, _, _, rows) = Self.symbols[8]
        let image = MicroQRPhoto.render(rows, scale: 6, degrees: 0).thresholded()
        let finders = MicroQRDetector.finders(in: image)
        let detections = MicroQRDetector.detect(image, finders: finders)
        let detection = try #require(detections.first { $0.modules.size == 17 })
        #expect(detection.modules == MicroQRDecodingTests.matrix(rows))
        #expect(abs(detection.moduleSize - 6) < 0.5)
        // The framed symbol (23 modules, 138 px) is centred in the image.
        let origin = (Double(image.width) - 138) / 2 + 18
        let expected = [(origin, origin), (origin + 102, origin), (origin + 102, origin + 102), (origin, origin + 102)]
        for (corner, (x, y)) in zip(detection.corners, expected) {
            #expect(abs(corner.x - x) < 2 && abs(corner.y - y) < 2, "\(corner) vs (\(x), \(y))")
        }
    }

    @Test func test_regularQRCodeGivesNoMicroQRGhost() throws {
        // A version 1 symbol whose finders all lie in a decoded symbol, and one whose
        // finders are there but whose data is ruined: neither may read as Micro QR.
        let code = try QREncoder.encode("HELLO MICRO", ecc: .medium)
        var photo = SyntheticQRPhoto.rotated(side: 21 * 6, degrees: 20, width: 240, height: 240)
        let read = QRReader.decode(photo.render(code.matrix))
        #expect(read.map(\.text) == ["HELLO MICRO"])

        var ruined = code.matrix
        for y in 9..<21 { for x in 9..<21 where (x + y) % 3 == 0 { ruined[x, y].toggle() } }
        photo.blurRadius = 1
        #expect(QRReader.decode(photo.render(ruined)).isEmpty)
    }

    @Test func test_finderWithoutTimingPatternsIsNoSymbol() {
        // The finder and separator of an M2 symbol with its timing row cleared.
        var symbol = MicroQRDecodingTests.matrix(Self.symbols[2].3)
        for x in 8..<symbol.size { symbol[x, 0] = false }
        let rows = (0..<symbol.size).map { y in String((0..<symbol.size).map { symbol[$0, y] ? "1" : "0" }) }
        let image = MicroQRPhoto.render(rows.joined(separator: "|"), scale: 5, degrees: 0).thresholded()
        #expect(MicroQRDetector.detect(image, finders: MicroQRDetector.finders(in: image)).isEmpty)
    }

    @Test func test_microQRHasItsOwnFormatAndTypeFilter() throws {
        // Issue 39: an M4 symbol was reported as QR_CODE version 4, like a 33-module QR Code.
        let (text, _, _, rows) = Self.symbols[8]
        let photo = MicroQRPhoto.render(rows, scale: 5, degrees: 0)
        let read = try #require(BarcodeReader().decode(photo).first)
        #expect(read.format == .microQRCode && read.format.rawValue == "MICRO_QR_CODE")
        #expect(read.text == text && read.details.qrVersion == 4)
        #expect(BarcodeReader(formats: [.microQRCode]).decode(photo).map(\.text) == [text])
        #expect(BarcodeReader(formats: [.qrCode]).decode(photo).isEmpty)
        // And a QR Code is not Micro QR.
        let code = try QREncoder.encode("HELLO", ecc: .medium)
        let qrPhoto = SyntheticQRPhoto.rotated(side: 21 * 6, degrees: 0, width: 200, height: 200).render(code.matrix)
        #expect(BarcodeReader(formats: [.microQRCode]).decode(qrPhoto).isEmpty)
        #expect(BarcodeReader(formats: [.qrCode]).decode(qrPhoto).map(\.format) == [.qrCode])
    }
}
