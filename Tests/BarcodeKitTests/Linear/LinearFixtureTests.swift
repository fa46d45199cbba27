import BarcodeKit
import Testing

/// The zxing-cpp black-box samples (fixtures/barcodes/SOURCES.md): real photos and scans.
/// Each folder must read at least as many images as this reader achieved when the floor was
/// set (a regression floor; zxing-cpp's own count is in the comment) and misread none.
/// Folders other than the add-on one expect the main symbol alone, as ZXing's test runner
/// does, so add-ons are ignored there; the add-on folder requires them.
@Suite("Linear reader: real images", LinearFixtures.required)
struct LinearFixtureTests {
    struct Folder: Sendable, CustomTestStringConvertible {
        var name: String
        var format: BarcodeFormat
        /// Images read correctly upright, at least.
        var floor: Int
        var testDescription: String { name }
    }

    static let folders: [Folder] = [
        Folder(name: "code128-2", format: .code128, floor: 14),        // zxing-cpp 14
        Folder(name: "code128-3", format: .code128, floor: 2),         // 2
        Folder(name: "ean13-1", format: .ean13, floor: 23),            // 21
        Folder(name: "ean13-2", format: .ean13, floor: 17),            // 9, ZBar 16
        Folder(name: "ean13-3", format: .ean13, floor: 8),             // 8
        Folder(name: "ean13-extension-1", format: .ean13, floor: 5),   // 5
        Folder(name: "ean8-1", format: .ean8, floor: 9),               // 9
        Folder(name: "upca-1", format: .upcA, floor: 5),               // 5
        Folder(name: "upca-2", format: .upcA, floor: 25),              // 15, ZBar 17
        Folder(name: "upca-3", format: .upcA, floor: 14),              // 11, ZBar 12
        Folder(name: "upce-1", format: .upcE, floor: 3),               // 3
        Folder(name: "upce-2", format: .upcE, floor: 28),              // 22, ZBar 24
    ]

    @Test("each folder reads its floor and misreads nothing", arguments: folders)
    func test_folderReadsAtLeastItsFloorWithoutMisreads(folder: Folder) async throws {
        let reader = LinearReader(addOns: folder.name.contains("extension") ? .require : .ignore)
        var correct: [String] = []
        var misread: [String] = []
        for sample in try LinearFixtures.samples(in: folder.name) {
            let found = reader.decode(sample.image).filter { $0.format == folder.format }
            await BarcodeFixtures.letOtherTestsRun()
            if found.contains(where: { $0.text == sample.expected }) {
                correct.append(sample.name)
            } else if !found.isEmpty {
                misread.append("\(sample.name): \(found.map(\.text)) instead of \(sample.expected)")
            }
        }
        #expect(misread.isEmpty, "misreads: \(misread)")
        #expect(correct.count >= folder.floor, "read only \(correct)")
    }

    @Test func test_upsideDownImagesReadAsWellAsUpright() throws {
        let reader = LinearReader(addOns: .ignore)
        for folder in ["ean8-1", "upce-1", "code128-3"] {
            for sample in try LinearFixtures.samples(in: folder) where sample.image.height > 1 {
                let texts = reader.decode(LinearFixtures.turn(sample.image, quarterTurns: 2)).map(\.text)
                #expect(texts.contains(sample.expected), "\(folder)/\(sample.name)")
            }
        }
    }

    @Test func test_addOnSymbologyIdentifierIsE3() throws {
        let samples = try LinearFixtures.samples(in: "ean13-extension-1")
        let read = samples.flatMap { LinearReader(addOns: .require).decode($0.image) }
        #expect(!read.isEmpty)
        for result in read {
            #expect(result.symbologyIdentifier == "]E3")
            #expect(result.details.addOn.map { result.text.hasSuffix($0) } == true)
        }
    }
}
