/// JPEG files: the signature, and decoding through an ``ImageCodec`` (libjpeg on Linux by default).
public enum JPEG {
    /// SOI then the first byte of the next marker (ITU-T T.81, B.1.1.3 and B.2.1): every JPEG
    /// starts with these three bytes, whatever its application marker.
    static let signature: [UInt8] = [0xFF, 0xD8, 0xFF]

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
    public static func decodeGray(
        _ bytes: [UInt8], maximumPixelCount: Int, codec: any ImageCodec = ImageCodecs.platform
    ) throws(JPEGError) -> GrayBitmap {
        guard hasSignature(bytes) else { throw JPEGError.notJPEG }
        return try codec.decodeJPEGGray(bytes, maximumPixelCount: maximumPixelCount)
    }
}
