import Foundation

/// Why a PNG could not be read or written.
public enum PNGError: Error, Sendable, Equatable, LocalizedError {
    /// The bytes do not start with the PNG signature (empty data, another format, garbage).
    case notPNG
    /// The data starts like a PNG but libpng could not read it (truncated, bad checksum, …);
    /// `reason` is libpng's own message.
    case corrupt(reason: String)
    /// The image is larger than the reader's limit (``PNG/maximumPixelCount`` for
    /// ``PNG/decode(_:)``, the caller's for ``PNG/decodeGray(_:maximumPixelCount:)``),
    /// refused before allocating it.
    case tooLarge(width: Int, height: Int)
    /// libpng could not encode the image (for example a zero width or height).
    case encodingFailed(reason: String)
    /// Memory for the image could not be allocated.
    case outOfMemory

    public var errorDescription: String? {
        switch self {
        case .notPNG:
            "not a PNG file: the data does not start with the PNG signature"
        case .corrupt(let reason):
            "corrupt PNG: \(reason)"
        case .tooLarge(let width, let height):
            "PNG too large: \(width)×\(height) pixels is more than this reader allows; scale the image down"
        case .encodingFailed(let reason):
            "cannot encode PNG: \(reason)"
        case .outOfMemory:
            "not enough memory for the PNG image"
        }
    }
}
