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

/// A C message buffer as text, or `fallback` when the library left it empty.
func messageText(_ message: [CChar], fallback: String) -> String {
    let bytes = message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
    let reason = String(decoding: bytes, as: UTF8.self)
    return reason.isEmpty ? fallback : reason
}
