import Raster

/// Reads an image file into the one type every decoder works on: 8-bit grey.
///
/// The format is recognised from the bytes themselves (PNG, JPEG, binary PGM); raw greyscale
/// bytes without a header need their size given. Every header is checked against
/// ``GrayImage/maximumPixelCount`` before the pixels are allocated, so a small hostile file
/// cannot ask for gigabytes.
public enum ImageLoader {
    /// Decodes a PNG (any colour type and bit depth; transparency on white), a JPEG (baseline
    /// or progressive; a file cut short is an error, not a half-grey picture) or a binary PGM
    /// (8 or 16 bits per sample). `maximumPixelCount` (at most ``GrayImage/maximumPixelCount``)
    /// is checked against the header before any pixel is decoded: a server lowers it so that a
    /// tiny file describing a huge blank picture is refused before it costs a minute of CPU.
    /// `codec` reads PNG and JPEG (libpng and libjpeg on Linux; ImageIO in an Apple app).
    public static func load(
        _ bytes: [UInt8], maximumPixelCount: Int = GrayImage.maximumPixelCount, codec: any ImageCodec = ImageCodecs.platform
    ) throws(ImageError) -> GrayImage {
        let limit = min(maximumPixelCount, GrayImage.maximumPixelCount)
        switch ImageFormat(sniffing: bytes) {
        case .png:
            let bitmap: GrayBitmap
            do throws(PNGError) {
                bitmap = try PNG.decodeGray(bytes, maximumPixelCount: limit, codec: codec)
            } catch {
                throw imageError(error, limit: limit)
            }
            return try image(from: bitmap)
        case .jpeg:
            let bitmap: GrayBitmap
            do throws(JPEGError) {
                bitmap = try JPEG.decodeGray(bytes, maximumPixelCount: limit, codec: codec)
            } catch {
                throw imageError(error)
            }
            return try image(from: bitmap)
        case .pgm:
            return try PortableGraymap.decode(bytes, maximumPixelCount: limit)
        case nil:
            throw ImageError.unknownFormat
        }
    }

    /// Headerless greyscale: `width × height` bytes, one per pixel, rows top to bottom,
    /// 0 black. The byte count must match exactly, since a mismatch almost always means a
    /// wrong size (or a file that is not raw at all).
    public static func loadRaw(_ bytes: [UInt8], width: Int, height: Int) throws(ImageError) -> GrayImage {
        try GrayImage(width: width, height: height, pixels: bytes)
    }

    private static func image(from bitmap: GrayBitmap) throws(ImageError) -> GrayImage {
        try GrayImage(width: bitmap.width, height: bitmap.height, pixels: bitmap.pixels)
    }

    private static func imageError(_ error: PNGError, limit: Int) -> ImageError {
        let format = ImageFormat.png.rawValue
        return switch error {
        case .notPNG: .unknownFormat
        case .corrupt(let reason): .corrupt(format: format, reason: reason)
        case .tooLarge(let width, let height): .tooLarge(width: width, height: height, limit: limit)
        // ImageError has no case of its own for this; below the 64-megapixel limit it is rare.
        case .outOfMemory: .corrupt(format: format, reason: "there was not enough memory to decode it")
        case .encodingFailed(let reason): .corrupt(format: format, reason: reason)
        }
    }

    private static func imageError(_ error: JPEGError) -> ImageError {
        let format = ImageFormat.jpeg.rawValue
        return switch error {
        case .notJPEG: .unknownFormat
        case .corrupt(let reason): .corrupt(format: format, reason: reason)
        case .truncated: .corrupt(format: format, reason: "the file ends before the image does")
        case .tooLarge(let width, let height, let limit): .tooLarge(width: width, height: height, limit: limit)
        case .outOfMemory: .corrupt(format: format, reason: "there was not enough memory to decode it")
        }
    }
}
