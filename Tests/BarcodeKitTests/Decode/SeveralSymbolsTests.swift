@testable import BarcodeKit
import Testing

/// One photo, several symbols: a shelf label with an EAN-13 beside a QR Code, and two QR
/// Codes. Every symbol is reported once, with its position where it was drawn.
@Suite struct SeveralSymbolsTests {
    /// Pastes `part` into `canvas` (white, `width` wide) with its top-left corner at (left, top).
    static func paste(_ part: GrayImage, into canvas: inout [UInt8], width: Int, left: Int, top: Int) {
        for y in 0..<part.height {
            for x in 0..<part.width { canvas[(top + y) * width + left + x] = part[x, y] }
        }
    }

    @Test func anEANAndAQRCodeSideBySideAreBothFound() throws {
        let ean = SymbolPainter(module: 3, height: 150).paint(try EANUPCEncoder.encode("400638133393", as: .ean13).modules)
        let qr = try GhostSymbolTests.image(of: try QREncoder.encode("https://example.org/bottega", ecc: .medium).matrix, scale: 6)
        let width = ean.width + qr.width + 40, height = max(ean.height, qr.height) + 20
        var canvas = [UInt8](repeating: 255, count: width * height)
        Self.paste(ean, into: &canvas, width: width, left: 10, top: 10)
        Self.paste(qr, into: &canvas, width: width, left: ean.width + 30, top: 10)

        let found = BarcodeReader().decode(try GrayImage(width: width, height: height, pixels: canvas))
        #expect(found.map(\.format).sorted { $0.rawValue < $1.rawValue } == [.ean13, .qrCode])
        let bars = try #require(found.first { $0.format == .ean13 })
        let matrix = try #require(found.first { $0.format == .qrCode })
        #expect(bars.text == "4006381333931")
        #expect(matrix.text == "https://example.org/bottega")
        #expect(bars.position.allSatisfy { $0.x < Double(ean.width + 10) })
        #expect(matrix.position.allSatisfy { $0.x > Double(ean.width + 20) })
    }

    @Test func twoQRCodesInOneImageAreBothRead() throws {
        let first = try GhostSymbolTests.image(of: try QREncoder.encode("first", ecc: .high).matrix, scale: 5)
        let second = try GhostSymbolTests.image(of: try QREncoder.encode("second, a little longer", ecc: .low).matrix, scale: 4)
        let width = first.width + second.width + 30, height = max(first.height, second.height) + 40
        var canvas = [UInt8](repeating: 255, count: width * height)
        Self.paste(first, into: &canvas, width: width, left: 5, top: 5)
        Self.paste(second, into: &canvas, width: width, left: first.width + 20, top: 30)
        let texts = BarcodeReader().decode(try GrayImage(width: width, height: height, pixels: canvas)).map(\.text)
        #expect(texts.sorted() == ["first", "second, a little longer"])
    }
}
