import Raster

/// The image files ``ImageLoader`` reads, told apart by their first bytes (never by a file
/// name, which a user or an upload form may have got wrong).
enum ImageFormat: String, Sendable {
    case png = "PNG"
    case jpeg = "JPEG"
    /// Binary Portable GrayMap (Netpbm "P5").
    case pgm = "PGM"

    /// The format whose signature `bytes` start with: the 8-byte PNG signature (PNG §5.2),
    /// JPEG's SOI marker followed by another marker (ITU-T T.81 B.1.1.3), or "P5" and a
    /// whitespace character (Netpbm's pgm(5)). `nil` for anything else, including no bytes.
    init?(sniffing bytes: [UInt8]) {
        if PNG.hasSignature(bytes) {
            self = .png
        } else if JPEG.hasSignature(bytes) {
            self = .jpeg
        } else if PortableGraymap.hasSignature(bytes) {
            self = .pgm
        } else {
            return nil
        }
    }
}
