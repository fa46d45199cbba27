import BarcodeKit
import Foundation

/// A QR Code drawn into a grey image as a camera might see it: ink and paper reflectances
/// under a light that varies across the picture.
struct LitQRCode {
    let matrix: BitMatrix
    let moduleSize: Int
    let quietZone: Int
    let image: GrayImage

    /// Reflectance of ink and paper: 10 % and 85 % of the light, as for black print on white.
    static let inkReflectance = 0.10
    static let paperReflectance = 0.85

    /// `light(x, y)` gives the light at a pixel (255 = the camera's white) and `glare(x, y)` light
    /// added on top whatever the surface (a reflection); both are given coordinates from 0 to 1.
    init(_ text: String, moduleSize: Int, quietZone: Int = 4,
         light: (Double, Double) -> Double = { _, _ in 255 / paperReflectance },
         glare: (Double, Double) -> Double = { _, _ in 0 }) throws {
        matrix = try QREncoder.encode(text, ecc: .medium).matrix
        self.moduleSize = moduleSize
        self.quietZone = quietZone
        let side = (matrix.size + 2 * quietZone) * moduleSize
        var pixels = [UInt8](repeating: 0, count: side * side)
        for y in 0..<side {
            for x in 0..<side {
                let moduleX = x / moduleSize - quietZone, moduleY = y / moduleSize - quietZone
                let inside = (0..<matrix.size).contains(moduleX) && (0..<matrix.size).contains(moduleY)
                let reflectance = inside && matrix[moduleX, moduleY] ? Self.inkReflectance : Self.paperReflectance
                let u = Double(x) / Double(side), v = Double(y) / Double(side)
                let value = reflectance * light(u, v) + glare(u, v)
                pixels[y * side + x] = UInt8(max(0, min(255, value.rounded())))
            }
        }
        image = try GrayImage(width: side, height: side, pixels: pixels)
    }

    /// The pixel at the centre of module (x, y).
    func centre(_ x: Int, _ y: Int) -> (x: Int, y: Int) {
        ((quietZone + x) * moduleSize + moduleSize / 2, (quietZone + y) * moduleSize + moduleSize / 2)
    }

    /// The modules whose centre pixel in `binary` differs from the symbol.
    func misreadModules(in binary: BinaryImage) -> Int {
        var wrong = 0
        for y in 0..<matrix.size {
            for x in 0..<matrix.size {
                let point = centre(x, y)
                if binary[point.x, point.y] != matrix[x, y] { wrong += 1 }
            }
        }
        return wrong
    }

    /// Light falling off from the top-left corner to a third at the bottom-right, with a soft
    /// shadow (half the light) over a band across the lower middle, and a glare spot at the
    /// upper right that adds 110 levels whatever is below it.
    static func harshLight(_ u: Double, _ v: Double) -> Double {
        let falloff = 300 * (1 - 0.65 * (u + v) / 2)
        let shadowEdge = 1 / (1 + exp(-(v - 0.5) / 0.07)) - 1 / (1 + exp(-(v - 0.9) / 0.07))
        return falloff * (1 - 0.5 * shadowEdge)
    }

    static func glareSpot(_ u: Double, _ v: Double) -> Double {
        let distanceSquared = (u - 0.75) * (u - 0.75) + (v - 0.25) * (v - 0.25)
        return 110 * exp(-distanceSquared / (2 * 0.18 * 0.18))
    }
}

