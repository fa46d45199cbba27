import CJPEG

/// JPEG decoding through libjpeg (libjpeg-turbo). libjpeg signals fatal errors through a
/// callback that must not return; the CJPEG shim's callback longjmps back into the shim's own C
/// function, so no jump ever crosses a Swift frame.
public enum LibJPEG {
    /// libjpeg's messages fit JMSG_LENGTH_MAX (200) bytes.
    private static let messageCapacity = 200

    /// Decodes a baseline, extended or progressive JPEG (grey, YCbCr, RGB, CMYK) to its 8-bit
    /// luma channel, one byte per pixel.
    public static func decodeGray(_ bytes: [UInt8], maximumPixelCount: Int) throws(CodecFailure) -> DecodedPixels {
        let outcome = callShim(
            bottega_jpeg_decode_gray, free: bottega_jpeg_free, bytes: bytes, maximumPixelCount: maximumPixelCount, channels: 1,
            messageCapacity: messageCapacity)
        switch outcome.status {
        case BOTTEGA_JPEG_OK:
            guard let pixels = outcome.pixels else { throw CodecFailure.failed("libjpeg returned no pixels") }
            return DecodedPixels(width: outcome.width, height: outcome.height, pixels: pixels)
        case BOTTEGA_JPEG_TOO_LARGE:
            throw CodecFailure.tooLarge(width: outcome.width, height: outcome.height)
        case BOTTEGA_JPEG_TRUNCATED:
            throw CodecFailure.truncated
        case BOTTEGA_JPEG_OUT_OF_MEMORY:
            throw CodecFailure.outOfMemory
        default:
            throw CodecFailure.failed(messageText(outcome.message, fallback: "libjpeg gave no reason"))
        }
    }
}
