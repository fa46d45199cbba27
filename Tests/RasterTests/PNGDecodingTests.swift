import Foundation
import Testing
import Raster
import TestSupport

/// The shared real-world fixtures (``SharedFixtures``) as the Raster tests use them.
enum RasterFixtures {
    static func bytes(_ relativePath: String) throws -> [UInt8] { try SharedFixtures.bytes(relativePath) }

    /// Whether a test on `relativePath` runs: the file is there, or this is CI.
    static func exists(_ relativePath: String) -> Bool { SharedFixtures.enabled(relativePath) }
}

@Suite struct PNGDecodingTests {
    /// Real barcode photos and scans from zxing-cpp's test set, one per PNG colour type that
    /// the set holds (see fixtures/barcodes/SOURCES.md); sizes as `file(1)` reports them.
    static let fixtures: [(path: String, width: Int, height: Int)] = [
        ("barcodes/ean8-1/1.png", 338, 323),    // 1-bit greyscale
        ("barcodes/ean8-1/2.png", 200, 125),    // 4-bit palette
        ("barcodes/ean8-1/4.png", 300, 223),    // 8-bit greyscale
        ("barcodes/qrcode-3/01.png", 240, 240), // 8-bit RGB
    ]

    @Test(.enabled(if: fixtures.allSatisfy { RasterFixtures.exists($0.path) }, Comment(rawValue: SharedFixtures.skipMessage("barcodes"))),
          arguments: fixtures)
    func test_decodesRealPNGsOfEveryColourTypeToOpaqueRGBA(fixture: (path: String, width: Int, height: Int)) throws {
        let image = try PNG.decode(RasterFixtures.bytes(fixture.path))
        #expect(image.width == fixture.width)
        #expect(image.height == fixture.height)
        #expect(image.pixels.count == fixture.width * fixture.height * 4)
        let lumas = (0..<image.height).flatMap { y in (0..<image.width).compactMap { x in image[x, y]?.luma } }
        // A barcode has both bars and spaces: dark and light pixels, and nothing transparent.
        #expect(lumas.contains { $0 < 80 })
        #expect(lumas.contains { $0 > 170 })
        #expect(stride(from: 3, to: image.pixels.count, by: 4).allSatisfy { image.pixels[$0] == 255 })
    }

    @Test func test_emptyDataIsNotAPNG() {
        #expect(throws: PNGError.notPNG) { try PNG.decode([]) }
        #expect(PNGError.notPNG.errorDescription?.hasPrefix("not a PNG file") == true)
    }

    @Test func test_otherFormatsAndGarbageAreNotPNGs() {
        let jpegStart: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10, 0x4A, 0x46, 0x49, 0x46]
        #expect(throws: PNGError.notPNG) { try PNG.decode(jpegStart) }
        #expect(throws: PNGError.notPNG) { try PNG.decode(Array("<svg></svg>".utf8)) }
        #expect(throws: PNGError.notPNG) { try PNG.decode([0x89, 0x50, 0x4E]) }
    }

    @Test func test_aSignatureFollowedByGarbageIsCorruptWithLibpngsReason() {
        var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        bytes += (0..<200).map { UInt8(truncatingIfNeeded: $0 &* 37) }
        expectCorrupt(bytes)
    }

    @Test(arguments: [8, 33, 60, 0.5, 0.9] as [Double])
    func test_aTruncatedPNGIsCorruptNotACrash(keep: Double) throws {
        let whole = try PNG.encode(PNGRoundTripTests.gradient(width: 64, height: 64))
        let count = keep < 1 ? Int(Double(whole.count) * keep) : Int(keep)
        expectCorrupt(Array(whole.prefix(count)))
    }

    @Test func test_aDamagedChecksumIsCorrupt() throws {
        var bytes = try PNG.encode(PNGRoundTripTests.gradient(width: 16, height: 16))
        bytes[20] ^= 0xFF   // inside the IHDR chunk, whose CRC no longer matches
        expectCorrupt(bytes)
    }

    private func expectCorrupt(_ bytes: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) {
        do {
            let image = try PNG.decode(bytes)
            Issue.record("decoded \(image.width)×\(image.height) from damaged data", sourceLocation: sourceLocation)
        } catch {
            guard case .corrupt(let reason) = error else {
                Issue.record("expected .corrupt, got \(error)", sourceLocation: sourceLocation)
                return
            }
            #expect(!reason.isEmpty, sourceLocation: sourceLocation)
            #expect(error.errorDescription == "corrupt PNG: \(reason)", sourceLocation: sourceLocation)
        }
    }
}
