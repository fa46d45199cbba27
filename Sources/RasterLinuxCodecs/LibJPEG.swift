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
        var output: UnsafeMutablePointer<UInt8>?
        var width: UInt32 = 0
        var height: UInt32 = 0
        var message = [CChar](repeating: 0, count: messageCapacity)
        let limit = UInt64(max(0, maximumPixelCount))
        let status = bytes.withUnsafeBufferPointer { data in
            bottega_jpeg_decode_gray(data.baseAddress, data.count, limit, &output, &width, &height, &message, messageCapacity)
        }
        defer { bottega_jpeg_free(output) }
        switch Int(status) {
        case BOTTEGA_JPEG_OK:
            guard let output else { throw CodecFailure.failed("libjpeg returned no pixels") }
            let count = Int(width) * Int(height)
            return DecodedPixels(width: Int(width), height: Int(height), pixels: Array(UnsafeBufferPointer(start: output, count: count)))
        case BOTTEGA_JPEG_TOO_LARGE:
            throw CodecFailure.tooLarge(width: Int(width), height: Int(height))
        case BOTTEGA_JPEG_TRUNCATED:
            throw CodecFailure.truncated
        case BOTTEGA_JPEG_OUT_OF_MEMORY:
            throw CodecFailure.outOfMemory
        default:
            throw CodecFailure.failed(messageText(message, fallback: "libjpeg gave no reason"))
        }
    }
}
