import CPNG

/// PNG encoding and decoding through libpng.
///
/// libpng signals errors with longjmp, which must never unwind through Swift frames; the CPNG
/// shim calls libpng's simplified `png_image` API, which catches them itself, so every failure
/// arrives here as a typed ``PNGError``.
public enum PNG {
    /// The largest image ``decode(_:)`` accepts, in pixels (400 MB of RGBA). A PNG header can
    /// claim up to 2³¹ × 2³¹ pixels, so a corrupt or hostile file must not decide the allocation.
    public static let maximumPixelCount = 100_000_000

    /// The 8 bytes every PNG starts with (PNG specification, section 5.2).
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// libpng's messages fit its own 64-byte `png_image.message`.
    private static let messageCapacity = 64

    /// Encodes an image as an 8-bit RGBA PNG.
    public static func encode(_ image: RGBAImage) throws(PNGError) -> [UInt8] {
        guard image.width > 0, image.height > 0 else {
            throw PNGError.encodingFailed(reason: "the image is \(image.width)×\(image.height) pixels; PNG needs at least 1×1")
        }
        guard let width = UInt32(exactly: image.width), let height = UInt32(exactly: image.height) else {
            throw PNGError.encodingFailed(reason: "the image is wider or taller than PNG allows")
        }
        var output: UnsafeMutablePointer<UInt8>?
        var length = 0
        var message = [CChar](repeating: 0, count: messageCapacity)
        let status = image.pixels.withUnsafeBufferPointer { pixels in
            bottega_png_encode_rgba(pixels.baseAddress, width, height, &output, &length, &message, messageCapacity)
        }
        defer { bottega_png_free(output) }
        switch Int(status) {
        case BOTTEGA_PNG_OK:
            guard let output else { throw PNGError.encodingFailed(reason: "libpng returned no data") }
            return Array(UnsafeBufferPointer(start: output, count: length))
        case BOTTEGA_PNG_OUT_OF_MEMORY:
            throw PNGError.outOfMemory
        default:
            throw PNGError.encodingFailed(reason: text(message))
        }
    }

    /// Decodes a PNG of any colour type and bit depth (grey, palette, RGB, with or without
    /// alpha, 1 to 16 bits) to 8-bit RGBA.
    public static func decode(_ bytes: [UInt8]) throws(PNGError) -> RGBAImage {
        guard hasSignature(bytes) else { throw PNGError.notPNG }
        var output: UnsafeMutablePointer<UInt8>?
        var width: UInt32 = 0
        var height: UInt32 = 0
        var message = [CChar](repeating: 0, count: messageCapacity)
        let status = bytes.withUnsafeBufferPointer { data in
            bottega_png_decode_rgba(data.baseAddress, data.count, UInt64(maximumPixelCount), &output, &width, &height, &message, messageCapacity)
        }
        defer { bottega_png_free(output) }
        switch Int(status) {
        case BOTTEGA_PNG_OK:
            let count = Int(width) * Int(height) * 4
            guard let output, let image = RGBAImage(width: Int(width), height: Int(height), pixels: Array(UnsafeBufferPointer(start: output, count: count))) else {
                throw PNGError.corrupt(reason: "libpng returned no pixels")
            }
            return image
        case BOTTEGA_PNG_TOO_LARGE:
            throw PNGError.tooLarge(width: Int(width), height: Int(height))
        case BOTTEGA_PNG_OUT_OF_MEMORY:
            throw PNGError.outOfMemory
        default:
            throw PNGError.corrupt(reason: text(message))
        }
    }

    /// Whether `bytes` start with the PNG signature.
    public static func hasSignature(_ bytes: [UInt8]) -> Bool {
        bytes.starts(with: signature)
    }

    /// Decodes a PNG of any colour type and bit depth to 8-bit grey, one byte per pixel.
    ///
    /// Colour becomes luma, 0.299 R + 0.587 G + 0.114 B on the gamma-encoded values (ITU-R
    /// BT.601, the Y a JPEG stores), and transparent pixels are composited on white, as a
    /// barcode printed from a transparent image would be seen. libpng's own grey conversion is
    /// not used: it passes through 8-bit linear light and turns the darkest greys black (see
    /// the CPNG shim). Images of more than `maximumPixelCount` pixels are refused from the
    /// header, before the pixel buffer is allocated.
    public static func decodeGray(_ bytes: [UInt8], maximumPixelCount: Int) throws(PNGError) -> GrayBitmap {
        guard hasSignature(bytes) else { throw PNGError.notPNG }
        var output: UnsafeMutablePointer<UInt8>?
        var width: UInt32 = 0
        var height: UInt32 = 0
        var message = [CChar](repeating: 0, count: messageCapacity)
        let limit = UInt64(max(0, maximumPixelCount))
        let status = bytes.withUnsafeBufferPointer { data in
            bottega_png_decode_gray(data.baseAddress, data.count, limit, &output, &width, &height, &message, messageCapacity)
        }
        defer { bottega_png_free(output) }
        switch Int(status) {
        case BOTTEGA_PNG_OK:
            let count = Int(width) * Int(height)
            guard let output, let bitmap = GrayBitmap(width: Int(width), height: Int(height), pixels: Array(UnsafeBufferPointer(start: output, count: count))) else {
                throw PNGError.corrupt(reason: "libpng returned no pixels")
            }
            return bitmap
        case BOTTEGA_PNG_TOO_LARGE:
            throw PNGError.tooLarge(width: Int(width), height: Int(height))
        case BOTTEGA_PNG_OUT_OF_MEMORY:
            throw PNGError.outOfMemory
        default:
            throw PNGError.corrupt(reason: text(message))
        }
    }

    private static func text(_ message: [CChar]) -> String {
        let bytes = message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        let reason = String(decoding: bytes, as: UTF8.self)
        return reason.isEmpty ? "libpng gave no reason" : reason
    }
}
