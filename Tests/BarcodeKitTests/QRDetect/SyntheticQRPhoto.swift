import Foundation
@testable import BarcodeKit

/// Test support: a QR symbol "photographed" — drawn into a grey image through a perspective
/// transform with anti-aliasing (supersampling), optional box blur and noise — so detection
/// can be checked against the encoder's own matrix.
struct SyntheticQRPhoto {
    var width = 320
    var height = 320
    /// Where the symbol's outer corners (without quiet zone) go: top-left, top-right,
    /// bottom-right, bottom-left.
    var corners: [ImagePoint]
    var dark: Double = 25
    var light: Double = 230
    var blurRadius = 0
    var noise: Double = 0
    var seed: UInt64 = 1

    /// A square symbol of `side` pixels centred at (cx, cy), turned `degrees` clockwise.
    static func rotated(side: Double, degrees: Double, width: Int = 320, height: Int = 320) -> SyntheticQRPhoto {
        let angle = degrees * Double.pi / 180
        let cx = Double(width) / 2, cy = Double(height) / 2
        let (c, s) = (cos(angle), sin(angle))
        let corners = [(-1.0, -1.0), (1.0, -1.0), (1.0, 1.0), (-1.0, 1.0)].map { (u, v) in
            ImagePoint(x: cx + side / 2 * (u * c - v * s), y: cy + side / 2 * (u * s + v * c))
        }
        return SyntheticQRPhoto(width: width, height: height, corners: corners)
    }

    func render(_ matrix: BitMatrix) -> GrayImage {
        let d = Double(matrix.size)
        let toModules = PerspectiveTransform(
            from: corners,
            to: [ImagePoint(x: 0, y: 0), ImagePoint(x: d, y: 0), ImagePoint(x: d, y: d), ImagePoint(x: 0, y: d)])
        let samples = 3
        var values = [Double](repeating: 0, count: width * height)
        for y in 0..<height {
            for x in 0..<width {
                var darkCount = 0
                for sy in 0..<samples {
                    for sx in 0..<samples {
                        let p = toModules.apply(Double(x) + (Double(sx) + 0.5) / Double(samples),
                                                Double(y) + (Double(sy) + 0.5) / Double(samples))
                        let mx = Int(p.x.rounded(.down)), my = Int(p.y.rounded(.down))
                        if mx >= 0, my >= 0, mx < matrix.size, my < matrix.size, matrix[mx, my] { darkCount += 1 }
                    }
                }
                let fraction = Double(darkCount) / Double(samples * samples)
                values[y * width + x] = light - (light - dark) * fraction
            }
        }
        if blurRadius > 0 { values = boxBlur(values) }
        var state = seed
        let pixels = values.map { value -> UInt8 in
            var v = value
            if noise > 0 {
                state = state &* 6364136223846793005 &+ 1442695040888963407
                v += (Double(state >> 11) / Double(1 << 53) * 2 - 1) * noise
            }
            return UInt8(max(0, min(255, v.rounded())))
        }
        return try! GrayImage(width: width, height: height, pixels: pixels)
    }

    private func boxBlur(_ values: [Double]) -> [Double] {
        var out = values
        let r = blurRadius
        for y in 0..<height {
            for x in 0..<width {
                var sum = 0.0, n = 0.0
                for yy in max(0, y - r)...min(height - 1, y + r) {
                    for xx in max(0, x - r)...min(width - 1, x + r) { sum += values[yy * width + xx]; n += 1 }
                }
                out[y * width + x] = sum / n
            }
        }
        return out
    }
}

extension GrayImage {
    /// A plain global threshold, enough for the synthetic images (the real binarisers are
    /// tested on their own).
    func thresholded(at level: UInt8 = 128) -> BinaryImage {
        BinaryImage(width: width, height: height, bits: pixels.map { $0 < level })
    }
}

extension BitMatrix {
    /// How many modules differ from `other` (Int.max when the sizes differ).
    func differences(from other: BitMatrix) -> Int {
        guard size == other.size else { return .max }
        return zip(modules, other.modules).filter { $0 != $1 }.count
    }
}
