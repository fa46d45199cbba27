import Testing

@testable import BarcodeKit

/// A QR Code that is located (its finder, timing and alignment patterns read right) but cannot
/// be decoded makes the photo one of that symbol: `BarcodeReader` then spares it the inverted
/// QR pass and the slow linear fallback. These tests pin what "located" means.
@Suite("Located but undecodable QR Codes")
struct LocatedSymbolTests {
    /// A real symbol whose every module outside the function patterns is flipped: format
    /// information and data are garbage, the function patterns untouched.
    private func scrambledSymbol() throws -> BitMatrix {
        let code = try QREncoder.encode("located, not decoded", ecc: .medium, minimumVersion: 3)
        var matrix = code.matrix
        let function = Set(MappingRefinement.functionModules(size: matrix.size).map { $0.y * matrix.size + $0.x })
        for y in 0..<matrix.size {
            for x in 0..<matrix.size where !function.contains(y * matrix.size + x) { matrix[x, y].toggle() }
        }
        return matrix
    }

    @Test func test_aSymbolWithUnreadableDataIsLocatedButNotDecoded() throws {
        let image = SyntheticQRPhoto.rotated(side: 170, degrees: 20).render(try scrambledSymbol())
        let quick = QRReader.quickPass(image, budget: nil)
        #expect(quick.results.isEmpty)
        #expect(quick.locatedSymbol)
        #expect(BarcodeReader().decode(image).isEmpty)
    }

    @Test func test_aBlankImageLocatesNothing() throws {
        let image = try GrayImage(width: 200, height: 160, pixels: [UInt8](repeating: 210, count: 200 * 160))
        let outcome = QRReader.harderPasses(image, after: QRReader.quickPass(image, budget: nil), budget: nil)
        #expect(outcome.results.isEmpty)
        #expect(!outcome.locatedSymbol)
    }

    @Test func test_aLightSymbolOnADarkGroundIsNotLocatedUprightSoTheInvertedPassStillRuns() throws {
        let code = try QREncoder.encode("inverted", minimumVersion: 2)
        var photo = SyntheticQRPhoto.rotated(side: 150, degrees: 0)
        (photo.dark, photo.light) = (230, 25)
        let image = photo.render(code.matrix)
        #expect(!QRReader.quickPass(image, budget: nil).locatedSymbol)
        #expect(BarcodeReader().decode(image).map(\.text) == ["inverted"])
    }

    /// The rule must never cost a linear read: no photo of the real linear sets (EAN, UPC,
    /// Code 128) locates a QR Code in any binarisation.
    @Test(BarcodeFixtures.required, arguments: FixtureDecodeTests.floors.filter { $0.value.format != .qrCode }.keys.sorted())
    func test_noLinearFixturePhotoLocatesAQRCode(folder: String) async throws {
        var located: [String] = []
        for sample in BarcodeFixtures.samples(in: folder) {
            let image = try sample.image()
            let outcome = QRReader.harderPasses(image, after: QRReader.quickPass(image, budget: nil), budget: nil)
            if outcome.locatedSymbol { located.append(sample.name) }
            await BarcodeFixtures.letOtherTestsRun()
        }
        #expect(located.isEmpty, "\(folder): a QR Code located in \(located)")
    }
}
