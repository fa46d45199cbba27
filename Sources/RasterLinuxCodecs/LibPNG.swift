import CPNG

/// PNG through libpng (the CPNG shim): its simplified `png_image` API, and for grey a row-by-row
/// reading with its own setjmp in C. libpng signals errors with longjmp, which must never unwind
/// through Swift frames; both catch them in C, so every failure arrives here as a
/// ``CodecFailure``.
public enum LibPNG {
    /// libpng's messages fit its own 64-byte `png_image.message`.
    private static let messageCapacity = 64

    /// Encodes 8-bit RGBA pixels (`width × height × 4` bytes) as a PNG file.
    public static func encodeRGBA(_ pixels: [UInt8], width: UInt32, height: UInt32) throws(CodecFailure) -> [UInt8] {
        var output: UnsafeMutablePointer<UInt8>?
        var length = 0
        var message = [CChar](repeating: 0, count: messageCapacity)
        let status = pixels.withUnsafeBufferPointer { pixels in
            bottega_png_encode_rgba(pixels.baseAddress, width, height, &output, &length, &message, messageCapacity)
        }
        defer { bottega_png_free(output) }
        switch Int(status) {
        case BOTTEGA_PNG_OK:
            guard let output else { throw CodecFailure.failed("libpng returned no data") }
            return Array(UnsafeBufferPointer(start: output, count: length))
        case BOTTEGA_PNG_OUT_OF_MEMORY:
            throw CodecFailure.outOfMemory
        default:
            throw CodecFailure.failed(messageText(message, fallback: "libpng gave no reason"))
        }
    }

    /// Decodes a PNG of any colour type and bit depth to 8-bit RGBA, 4 bytes per pixel.
    public static func decodeRGBA(_ bytes: [UInt8], maximumPixelCount: Int) throws(CodecFailure) -> DecodedPixels {
        try decode(bytes, maximumPixelCount: maximumPixelCount, channels: 4, bottega_png_decode_rgba)
    }

    /// Decodes a PNG to 8-bit grey, one byte per pixel: BT.601 luma on the gamma-encoded values,
    /// transparent pixels composited on white (see the CPNG shim for why not libpng's own).
    public static func decodeGray(_ bytes: [UInt8], maximumPixelCount: Int) throws(CodecFailure) -> DecodedPixels {
        try decode(bytes, maximumPixelCount: maximumPixelCount, channels: 1, bottega_png_decode_gray)
    }

    /// The same grey through the simplified API for every file: the reference that the
    /// row-by-row reading of ``decodeGray(_:maximumPixelCount:)`` is checked against.
    static func decodeGrayWholeImage(_ bytes: [UInt8], maximumPixelCount: Int) throws(CodecFailure) -> DecodedPixels {
        try decode(bytes, maximumPixelCount: maximumPixelCount, channels: 1, bottega_png_decode_gray_image)
    }

    /// The same grey with libpng reading the image data of every file, as before ISA-L did it for
    /// 8-bit files: the reference for damaged files, whose Adler-32 neither reader checks.
    static func decodeGrayThroughLibpngRows(_ bytes: [UInt8], maximumPixelCount: Int) throws(CodecFailure) -> DecodedPixels {
        try decode(bytes, maximumPixelCount: maximumPixelCount, channels: 1, bottega_png_decode_gray_libpng_rows)
    }

    private static func decode(_ bytes: [UInt8], maximumPixelCount: Int, channels: Int, _ shim: ShimDecoder) throws(CodecFailure) -> DecodedPixels {
        let outcome = callShim(
            shim, free: bottega_png_free, bytes: bytes, maximumPixelCount: maximumPixelCount, channels: channels, messageCapacity: messageCapacity)
        switch outcome.status {
        case BOTTEGA_PNG_OK:
            guard let pixels = outcome.pixels else { throw CodecFailure.failed("libpng returned no pixels") }
            return DecodedPixels(width: outcome.width, height: outcome.height, pixels: pixels)
        case BOTTEGA_PNG_TOO_LARGE:
            throw CodecFailure.tooLarge(width: outcome.width, height: outcome.height)
        case BOTTEGA_PNG_OUT_OF_MEMORY:
            throw CodecFailure.outOfMemory
        default:
            throw CodecFailure.failed(messageText(outcome.message, fallback: "libpng gave no reason"))
        }
    }
}
