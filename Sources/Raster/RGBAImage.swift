/// A bitmap of 8-bit RGBA pixels, rows top to bottom, each pixel 4 bytes (red, green, blue,
/// alpha) — the layout libpng reads and writes, so encoding needs no conversion.
public struct RGBAImage: Sendable, Equatable {
    public let width: Int
    public let height: Int
    /// `width * height * 4` bytes.
    public private(set) var pixels: [UInt8]

    /// An image filled with one colour.
    public init(width: Int, height: Int, fill: RGBAColor = .transparent) {
        precondition(width >= 0 && height >= 0, "image dimensions cannot be negative")
        self.width = width
        self.height = height
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        if fill != .transparent {
            for offset in stride(from: 0, to: pixels.count, by: 4) {
                pixels[offset] = fill.red
                pixels[offset + 1] = fill.green
                pixels[offset + 2] = fill.blue
                pixels[offset + 3] = fill.alpha
            }
        }
        self.pixels = pixels
    }

    /// An image over existing RGBA bytes; `nil` when their count is not `width * height * 4`.
    public init?(width: Int, height: Int, pixels: [UInt8]) {
        guard width >= 0, height >= 0, pixels.count == width * height * 4 else { return nil }
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// The colour at a pixel; `nil` outside the image.
    public subscript(x: Int, y: Int) -> RGBAColor? {
        guard contains(x: x, y: y) else { return nil }
        let offset = (y * width + x) * 4
        return RGBAColor(red: pixels[offset], green: pixels[offset + 1], blue: pixels[offset + 2], alpha: pixels[offset + 3])
    }

    public func contains(x: Int, y: Int) -> Bool {
        x >= 0 && y >= 0 && x < width && y < height
    }

    /// Paints one pixel, blending a translucent colour over what is there ("source over");
    /// pixels outside the image are ignored so callers can draw shapes that overhang.
    public mutating func blend(_ color: RGBAColor, x: Int, y: Int) {
        guard contains(x: x, y: y), color.alpha > 0 else { return }
        let offset = (y * width + x) * 4
        guard color.alpha < 255 else {
            pixels[offset] = color.red
            pixels[offset + 1] = color.green
            pixels[offset + 2] = color.blue
            pixels[offset + 3] = 255
            return
        }
        // Straight-alpha source-over, in integers: out = src·a + dst·(1 − a), with the
        // destination's own alpha weighting its colour.
        let sourceAlpha = Int(color.alpha)
        let destinationAlpha = Int(pixels[offset + 3]) * (255 - sourceAlpha) / 255
        let outAlpha = sourceAlpha + destinationAlpha
        func mix(_ source: UInt8, _ destination: UInt8) -> UInt8 {
            UInt8((Int(source) * sourceAlpha + Int(destination) * destinationAlpha) / outAlpha)
        }
        pixels[offset] = mix(color.red, pixels[offset])
        pixels[offset + 1] = mix(color.green, pixels[offset + 1])
        pixels[offset + 2] = mix(color.blue, pixels[offset + 2])
        pixels[offset + 3] = UInt8(outAlpha)
    }

    /// Fills the pixels whose column is in `x..<x+width` and row in `y..<y+height`, clipped to
    /// the image.
    public mutating func fillRectangle(x: Int, y: Int, width rectangleWidth: Int, height rectangleHeight: Int, color: RGBAColor) {
        let left = max(0, x), right = min(width, x + rectangleWidth)
        let top = max(0, y), bottom = min(height, y + rectangleHeight)
        guard left < right, top < bottom else { return }
        for row in top..<bottom {
            for column in left..<right {
                blend(color, x: column, y: row)
            }
        }
    }
}
