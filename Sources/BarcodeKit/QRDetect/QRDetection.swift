/// A QR Code symbol located in an image and sampled module by module, ready for
/// `QRSymbolDecoder`.
public struct QRDetection: Sendable {
    /// The sampled modules, 17 + 4·version per side, `true` dark.
    public let modules: BitMatrix
    /// The symbol's outer corners (without quiet zone) clockwise from its top-left, in image
    /// coordinates.
    public let corners: [ImagePoint]
    /// The mean module size in pixels, as measured on the finder patterns.
    public let moduleSize: Double

    public init(modules: BitMatrix, corners: [ImagePoint], moduleSize: Double) {
        self.modules = modules
        self.corners = corners
        self.moduleSize = moduleSize
    }
}
