import Foundation
@testable import BarcodeKit

/// Test support: a Micro QR Code drawn the way a photo shows it, by `SyntheticQRPhoto`,
/// inside a quiet zone of exactly two modules and a one-module dark frame beyond it (so
/// the detector cannot lean on a wider light margin than ISO/IEC 18004:2015 §6.3.8 grants).
enum MicroQRPhoto {
    /// The symbol `rows` ("1" dark, rows split by "|"), `scale` pixels per module, turned
    /// `degrees` clockwise about the image centre, optionally mirrored and blurred.
    static func render(_ rows: String, scale: Double, degrees: Double, mirrored: Bool = false,
                       blurRadius: Int = 0) -> GrayImage {
        var symbol = MicroQRDecodingTests.matrix(rows)
        if mirrored { symbol = symbol.transposed() }
        let framed = withQuietZoneAndFrame(symbol)
        let side = Double(framed.size) * scale
        let extent = Int((side * 1.45).rounded(.up)) + 8
        var photo = SyntheticQRPhoto.rotated(side: side, degrees: degrees, width: extent, height: extent)
        photo.blurRadius = blurRadius
        return photo.render(framed)
    }

    /// The symbol inside two light modules and then one dark module on every side.
    static func withQuietZoneAndFrame(_ symbol: BitMatrix) -> BitMatrix {
        var framed = BitMatrix(size: symbol.size + 6)
        let last = framed.size - 1
        for k in 0...last {
            framed[k, 0] = true; framed[k, last] = true; framed[0, k] = true; framed[last, k] = true
        }
        for y in 0..<symbol.size { for x in 0..<symbol.size where symbol[x, y] { framed[x + 3, y + 3] = true } }
        return framed
    }
}
