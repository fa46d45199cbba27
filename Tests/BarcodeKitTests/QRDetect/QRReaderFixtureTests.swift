import Foundation
import Testing

@testable import BarcodeKit
import TestSupport

/// The shared photo fixtures (zxing-cpp's black-box QR sets, see SOURCES.md), read end to end
/// by `QRReader`. The floors are what this reader achieves, so a change that loses an image
/// fails; zxing-cpp's figures (PEERS.md) are in the comments.
@Suite("QR Code fixtures read by QRReader")
struct QRReaderFixtureTests {
    static let root: URL = BarcodeFixtures.root
    static let present = SharedFixtures.enabled("barcodes/qrcode-1")

    /// Correct reads and misreads (something read, none of it the expected text) in a folder.
    private func read(_ folder: String) async throws -> (correct: Int, misread: [String], total: Int) {
        let directory = Self.root.appendingPathComponent(folder)
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            .filter { $0.hasSuffix(".png") || $0.hasSuffix(".jpg") }.sorted()
        var correct = 0
        var misread: [String] = []
        for file in files {
            let stem = (file as NSString).deletingPathExtension
            let expected = try Data(contentsOf: directory.appendingPathComponent(stem + ".txt"))
            let image = try ImageLoader.load([UInt8](try Data(contentsOf: directory.appendingPathComponent(file))))
            let results = QRReader.decode(image)
            await BarcodeFixtures.letOtherTestsRun()
            if results.contains(where: { Data($0.text.utf8) == expected }) {
                correct += 1
            } else if !results.isEmpty {
                misread.append(file)
            }
        }
        return (correct, misread, files.count)
    }

    @Test(.enabled(if: present, Comment(rawValue: SharedFixtures.skipMessage("barcodes"))),
          arguments: [("qrcode-1", 8), ("qrcode-2", 49), ("qrcode-3", 28), ("qrcode-4", 21)])
    func test_folderReadsAtLeastItsFloorWithoutMisreads(folder: String, floor: Int) async throws {
        // zxing-cpp 3.1.1: qrcode-1 8/8, qrcode-2 51/54, qrcode-3 28/28, qrcode-4 16/24.
        let (correct, misread, total) = try await read(folder)
        #expect(correct >= floor, "\(folder): \(correct)/\(total)")
        #expect(misread.isEmpty, "\(folder) misread: \(misread)")
    }

    @Test(.enabled(if: present, Comment(rawValue: SharedFixtures.skipMessage("barcodes"))))
    func test_structuredAppendPartsJoinIntoTheWholeText() throws {
        let directory = Self.root.appendingPathComponent("qrcode-7")
        var parts: [DecodedBarcode] = []
        for index in 1...4 {
            let bytes = try Data(contentsOf: directory.appendingPathComponent("01-0\(index).png"))
            parts += QRReader.decode(try ImageLoader.load([UInt8](bytes)))
        }
        #expect(parts.count == 4)
        #expect(Set(parts.compactMap { $0.details.structuredAppend?.index }) == [0, 1, 2, 3])
        #expect(parts.allSatisfy { $0.details.structuredAppend?.count == 4 })
        let joined = try #require(QRSymbolDecoder.joinStructuredAppend(parts))
        #expect(Data(joined.utf8) == (try Data(contentsOf: directory.appendingPathComponent("01.txt"))))
    }

    @Test(.enabled(if: present, Comment(rawValue: SharedFixtures.skipMessage("barcodes"))))
    func test_lightOnDarkSymbolsAreReadInverted() throws {
        let directory = Self.root.appendingPathComponent("qrcode-2")
        for stem in ["qr-inv-1", "qr-inv-2"] {
            let image = try ImageLoader.load([UInt8](try Data(contentsOf: directory.appendingPathComponent(stem + ".jpg"))))
            let expected = try Data(contentsOf: directory.appendingPathComponent(stem + ".txt"))
            #expect(QRReader.decode(image).contains { Data($0.text.utf8) == expected }, "\(stem)")
        }
    }
}
