import BarcodeKit
import Foundation
import Testing

/// Every folder of the real photos, read the way the CLI reads them (all symbologies at once),
/// against the floors this decoder has reached. A floor is a regression guard: it is only ever
/// raised. Misreads (the folder's symbology found with a wrong text) must stay at zero.
@Suite(BarcodeFixtures.required)
struct FixtureDecodeTests {
    /// Folder → (symbology, images that must decode). PEERS.md has zxing-cpp's and ZBar's counts.
    static let floors: [String: (format: BarcodeFormat, minimum: Int)] = [
        "code128-2": (.code128, 14), "code128-3": (.code128, 2),
        "ean13-1": (.ean13, 23), "ean13-2": (.ean13, 17), "ean13-3": (.ean13, 8), "ean13-extension-1": (.ean13, 5),
        "ean8-1": (.ean8, 9),
        "qrcode-1": (.qrCode, 8), "qrcode-2": (.qrCode, 49), "qrcode-3": (.qrCode, 28), "qrcode-4": (.qrCode, 21),
        "upca-1": (.upcA, 5), "upca-2": (.upcA, 25), "upca-3": (.upcA, 14),
        "upce-1": (.upcE, 3), "upce-2": (.upcE, 28),
    ]

    @Test(arguments: floors.keys.sorted())
    func folderDecodesAtLeastItsFloorWithoutMisreads(folder: String) async throws {
        let (format, minimum) = try #require(Self.floors[folder])
        let reader = BarcodeReader()
        var correct: [String] = []
        var misread: [String] = []
        var others: [String] = []
        for sample in BarcodeFixtures.samples(in: folder) {
            let expected = try #require(sample.expected, "\(sample.testDescription) has no .txt")
            let image = try sample.image()
            let all = reader.decode(image)
            await BarcodeFixtures.letOtherTestsRun()
            let found = all.filter { $0.format == format }
            others += all.filter { $0.format != format }.map { "\(sample.name): \($0.format.rawValue) \($0.text)" }
            if let match = found.first(where: { mainText(of: $0, in: folder) == expected }) {
                correct.append(sample.name)
                let stem = String(sample.name[..<(sample.name.lastIndex(of: ".") ?? sample.name.endIndex)])
                if let identifier = BarcodeFixtures.expectedMetadata(folder: folder, stem: stem)["symbologyIdentifier"] {
                    #expect(match.symbologyIdentifier == identifier, "\(sample.testDescription)")
                }
            } else if !found.isEmpty {
                misread.append("\(sample.name): \(found.map(\.text))")
            }
        }
        #expect(misread.isEmpty, "misreads in \(folder): \(misread)")
        #expect(others.isEmpty, "symbols of another symbology in \(folder): \(others)")
        #expect(correct.count >= minimum, "\(folder): \(correct.count) decoded, the floor is \(minimum)")
        print("\(folder): \(correct.count) of \(BarcodeFixtures.samples(in: folder).count) decoded")
    }

    /// Outside the add-on folder the expected texts are the main symbol's alone (ZXing's runner
    /// ignores add-ons there), but some of those photos do show an add-on, which the reader
    /// rightly appends; it is set aside for the comparison.
    private func mainText(of barcode: DecodedBarcode, in folder: String) -> String {
        guard !folder.contains("extension"), let addOn = barcode.details.addOn, barcode.text.hasSuffix(addOn) else { return barcode.text }
        return String(barcode.text.dropLast(addOn.count))
    }

    /// qrcode-7: four symbols of one structured-append set, joined in sequence order.
    @Test func structuredAppendSetJoinsToItsText() throws {
        let expected = try #require(BarcodeFixtures.expectedText(folder: "qrcode-7", stem: "01"))
        let parts = try BarcodeFixtures.samples(in: "qrcode-7").flatMap { try BarcodeReader(formats: [.qrCode]).decode($0.image()) }
        #expect(parts.count == 4)
        #expect(QRSymbolDecoder.joinStructuredAppend(parts) == expected)
    }
}
