import Foundation

/// Why a JPEG could not be read.
public enum JPEGError: Error, Sendable, Equatable, LocalizedError {
    /// The bytes do not start with the JPEG SOI marker followed by another marker.
    case notJPEG
    /// The data starts like a JPEG but libjpeg could not read it; `reason` is libjpeg's message.
    case corrupt(reason: String)
    /// The data ends before the image does (a download or copy cut short). libjpeg alone would
    /// return the image with the missing part grey.
    case truncated
    /// The header declares more pixels than the caller allows; refused before decoding.
    case tooLarge(width: Int, height: Int, limit: Int)
    /// Memory for the image could not be allocated.
    case outOfMemory

    public var errorDescription: String? {
        switch self {
        case .notJPEG:
            "not a JPEG file: the data does not start with the JPEG start-of-image marker"
        case .corrupt(let reason):
            "corrupt JPEG: \(reason)"
        case .truncated:
            "incomplete JPEG: the file ends before the image does; copy or download it again"
        case .tooLarge(let width, let height, let limit):
            "JPEG too large: \(width)×\(height) pixels is more than the \(limit) allowed"
        case .outOfMemory:
            "not enough memory for the JPEG image"
        }
    }
}
