#if os(Linux)
import Foundation
import Testing
@testable import RasterLinuxCodecs
import TestSupport

/// The grey PNG reader reads row by row, without libpng's simplified API, whenever the file's
/// values need no conversion. Its output must be the simplified API's, byte for byte.
@Suite struct PNGGreyRowsTests {
    /// Every PNG in the shared fixtures: barcode photos, homepage images, whatever is there.
    /// Between them they hold 1-, 2-, 4- and 8-bit palettes (some with tRNS), 1- and 8-bit
    /// grey, grey + alpha, RGB and RGBA, and files with sRGB and bKGD chunks.
    static var allFixturePNGs: [URL] {
        let folder = SharedFixtures.root
        guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { return [] }
        return walker.compactMap { $0 as? URL }.filter { $0.pathExtension.lowercased() == "png" }
            .sorted { $0.path < $1.path }
    }

    /// Where two pixel buffers first differ, or nil: a failure names one pixel, where comparing
    /// the arrays in `#expect` would have the test library diff millions of bytes.
    static func firstDifference(_ read: [UInt8], _ expected: [UInt8]) -> Int? {
        guard read.count == expected.count else { return min(read.count, expected.count) }
        return read.indices.first { read[$0] != expected[$0] }
    }

    @Test(.enabled(if: SharedFixtures.enabled("barcodes"), Comment(rawValue: SharedFixtures.skipMessage("barcodes"))))
    func test_rowByRowGreyEqualsTheSimplifiedAPIsOnEveryFixturePNG() throws {
        let files = Self.allFixturePNGs
        #expect(files.count >= 260, "the fixtures hold 267 PNGs in barcodes/ alone")
        var compared = 0
        for file in files {
            let bytes = [UInt8](try Data(contentsOf: file))
            let rows = try LibPNG.decodeGray(bytes, maximumPixelCount: 64_000_000)
            let whole = try LibPNG.decodeGrayWholeImage(bytes, maximumPixelCount: 64_000_000)
            #expect(rows.width == whole.width && rows.height == whole.height, "\(file.lastPathComponent)")
            #expect(Self.firstDifference(rows.pixels, whole.pixels) == nil, "\(file.path): grey values differ")
            compared += 1
        }
        #expect(compared == files.count)
    }

    @Test(.enabled(if: SharedFixtures.enabled("barcodes/qrcode-3/01.png"), Comment(rawValue: SharedFixtures.skipMessage("barcodes"))))
    func test_aCutOrCorruptFileIsACodecFailureNotACrash() throws {
        let bytes = try SharedFixtures.bytes("barcodes/qrcode-3/01.png")
        for length in [40, bytes.count / 2, bytes.count - 20] {
            #expect(throws: CodecFailure.self) { try LibPNG.decodeGray(Array(bytes.prefix(length)), maximumPixelCount: 1_000_000) }
        }
        // A flipped byte inside the image data fails its chunk's CRC-32, Adler-32 or not.
        var corrupt = bytes
        corrupt[bytes.count / 2] ^= 0xFF
        #expect(throws: CodecFailure.self) { try LibPNG.decodeGray(corrupt, maximumPixelCount: 1_000_000) }
    }

    @Test(.enabled(if: SharedFixtures.enabled("barcodes/qrcode-3/01.png"), Comment(rawValue: SharedFixtures.skipMessage("barcodes"))))
    func test_theSizeLimitIsCheckedBeforeAnyPixelIsRead() throws {
        let bytes = try SharedFixtures.bytes("barcodes/qrcode-3/01.png")
        #expect(throws: CodecFailure.tooLarge(width: 240, height: 240)) { try LibPNG.decodeGray(bytes, maximumPixelCount: 240 * 240 - 1) }
    }
}
#endif
