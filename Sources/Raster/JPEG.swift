import CJPEG

/// JPEG decoding through libjpeg (libjpeg-turbo).
///
/// libjpeg signals fatal errors through a callback that must not return; the CJPEG shim's
/// callback longjmps back into the shim's own C function, so no jump ever crosses a Swift
/// frame and every failure arrives here as a typed ``JPEGError``.
public enum JPEG {
    /// SOI then the first byte of the next marker (ITU-T T.81, B.1.1.3 and B.2.1): every JPEG
    /// starts with these three bytes, whatever its application marker.
    static let signature: [UInt8] = [0xFF, 0xD8, 0xFF]

    /// libjpeg's messages fit JMSG_LENGTH_MAX (200) bytes.
    private static let messageCapacity = 200

    /// Whether `bytes` start like a JPEG file.
    public static func hasSignature(_ bytes: [UInt8]) -> Bool {
        bytes.starts(with: signature)
    }

    /// Decodes a baseline, extended or progressive JPEG (grey, YCbCr, RGB, CMYK) to 8-bit grey:
    /// the luma channel the encoder stored, as it was before colour subsampling.
    ///
    /// Images whose header declares more than `maximumPixelCount` pixels are refused before any
    /// pixel memory is allocated. A file that ends early is ``JPEGError/truncated``, not a
    /// picture with a grey lower part; more than 256 progressive scans is corrupt.
    public static func decodeGray(_ bytes: [UInt8], maximumPixelCount: Int) throws(JPEGError) -> GrayBitmap {
        guard hasSignature(bytes) else { throw JPEGError.notJPEG }
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
            guard let output else { throw JPEGError.corrupt(reason: "libjpeg returned no pixels") }
            let count = Int(width) * Int(height)
            let pixels = Array(UnsafeBufferPointer(start: output, count: count))
            guard let bitmap = GrayBitmap(width: Int(width), height: Int(height), pixels: pixels) else {
                throw JPEGError.corrupt(reason: "libjpeg returned no pixels")
            }
            return bitmap
        case BOTTEGA_JPEG_TOO_LARGE:
            throw JPEGError.tooLarge(width: Int(width), height: Int(height), limit: maximumPixelCount)
        case BOTTEGA_JPEG_TRUNCATED:
            throw JPEGError.truncated
        case BOTTEGA_JPEG_OUT_OF_MEMORY:
            throw JPEGError.outOfMemory
        default:
            let bytes = message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
            let reason = String(decoding: bytes, as: UTF8.self)
            throw JPEGError.corrupt(reason: reason.isEmpty ? "libjpeg gave no reason" : reason)
        }
    }
}
