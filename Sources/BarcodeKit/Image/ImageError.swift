import Foundation

/// Why an image could not be read, in words a user can act on.
public enum ImageError: Error, Sendable, Equatable, LocalizedError {
    case empty(width: Int, height: Int)
    case tooLarge(width: Int, height: Int, limit: Int)
    case wrongPixelCount(Int, width: Int, height: Int)
    /// The bytes are neither PNG nor JPEG (nor a raw image whose size was given).
    case unknownFormat
    /// The file is PNG or JPEG but damaged or cut short; `reason` is the codec's.
    case corrupt(format: String, reason: String)

    public var errorDescription: String? {
        switch self {
        case .empty(let width, let height):
            "the image is \(width)×\(height) pixels: there is nothing to decode"
        case .tooLarge(let width, let height, let limit):
            "the image is \(width)×\(height) pixels, more than the \(limit / 1_000_000)-megapixel limit; scale it down first"
        case .wrongPixelCount(let count, let width, let height):
            "\(count) bytes of pixels do not make a \(width)×\(height) greyscale image (\(width * height) expected)"
        case .unknownFormat:
            "not a PNG, JPEG or PGM file (raw greyscale bytes can be read when their width and height are given)"
        case .corrupt(let format, let reason):
            "the \(format) file is damaged or incomplete: \(reason)"
        }
    }
}
