/// Why libpng or libjpeg gave no image, before Raster words it as a `PNGError` or `JPEGError`.
public enum CodecFailure: Error, Sendable, Equatable {
    /// The header declares more pixels than the caller allows; nothing was allocated.
    case tooLarge(width: Int, height: Int)
    case outOfMemory
    /// The data ends before the image does.
    case truncated
    /// The library's own message.
    case failed(String)
}

/// Pixels a library decoded: `width × height` samples of `channels` bytes, rows top to bottom.
public struct DecodedPixels: Sendable {
    public let width: Int
    public let height: Int
    public let pixels: [UInt8]
}

