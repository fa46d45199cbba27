/// The four formats the webservice serves (API-NOTES §10), told by their bytes, with a check
/// that the file is whole: a cached image is only served when this says so.
public enum ImageFormat: String, Sendable, CaseIterable {
    case jpeg, png, gif, webp

    /// The file extension the cache stores it under.
    public var fileExtension: String {
        switch self {
        case .jpeg: return "jpg"
        case .png: return "png"
        case .gif: return "gif"
        case .webp: return "webp"
        }
    }

    public var mimeType: String { "image/\(rawValue)" }

    public init?(fileExtension: String) {
        guard let format = Self.allCases.first(where: { $0.fileExtension == fileExtension }) else { return nil }
        self = format
    }

    /// The format whose signature starts `bytes`, or nil.
    public init?(signatureOf bytes: [UInt8]) {
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) {
            self = .jpeg
        } else if bytes.starts(with: Self.pngSignature) {
            self = .png
        } else if bytes.starts(with: Array("GIF87a".utf8)) || bytes.starts(with: Array("GIF89a".utf8)) {
            self = .gif
        } else if bytes.count >= 12, bytes.starts(with: Array("RIFF".utf8)), Array(bytes[8..<12]) == Array("WEBP".utf8) {
            self = .webp
        } else {
            return nil
        }
    }

    static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    /// The IEND chunk every PNG ends with: length 0, type, its fixed CRC.
    static let pngEnd: [UInt8] = [0, 0, 0, 0, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82]

    /// Why `bytes` are not a whole image of this format, or nil when they look whole. A cut
    /// download keeps its signature, so each format's end is checked too: JPEG's EOI marker,
    /// PNG's IEND chunk, GIF's trailer byte, the RIFF length of WebP.
    public func damage(in bytes: [UInt8]) -> String? {
        guard ImageFormat(signatureOf: bytes) == self else { return "the bytes do not start with a \(rawValue.uppercased()) signature" }
        switch self {
        case .jpeg:
            return bytes.count >= 4 && bytes.suffix(2).elementsEqual([0xFF, 0xD9]) ? nil : "the JPEG has no end marker (FF D9): truncated"
        case .png:
            return bytes.count >= Self.pngSignature.count + Self.pngEnd.count && bytes.suffix(12).elementsEqual(Self.pngEnd)
                ? nil : "the PNG does not end with its IEND chunk: truncated"
        case .gif:
            return bytes.count > 13 && bytes.last == 0x3B ? nil : "the GIF does not end with its trailer (3B): truncated"
        case .webp:
            // RIFF size (little-endian, bytes 4…7) counts everything after the first 8 bytes.
            let size = Int(bytes[4]) | Int(bytes[5]) << 8 | Int(bytes[6]) << 16 | Int(bytes[7]) << 24
            return size + 8 == bytes.count ? nil : "the WebP's RIFF header says \(size + 8) bytes, the file has \(bytes.count): truncated"
        }
    }
}
