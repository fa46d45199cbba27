/// An 8-bit greyscale bitmap as the decoders return it: rows top to bottom, one byte per pixel,
/// 0 black and 255 white. Raster's own type, so it needs nothing from the modules that use it.
public struct GrayBitmap: Sendable, Equatable {
    public let width: Int
    public let height: Int
    /// `width * height` bytes.
    public let pixels: [UInt8]

    /// A bitmap over existing bytes; `nil` when their count is not `width * height`.
    public init?(width: Int, height: Int, pixels: [UInt8]) {
        guard width >= 0, height >= 0, pixels.count == width * height else { return nil }
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// The value at a pixel; `nil` outside the bitmap.
    public subscript(x: Int, y: Int) -> UInt8? {
        guard x >= 0, y >= 0, x < width, y < height else { return nil }
        return pixels[y * width + x]
    }
}
