/// PNG files: the signature, and encoding and decoding through an ``ImageCodec`` (libpng on
/// Linux by default).
public enum PNG {
    /// The largest image ``decode(_:codec:)`` accepts, in pixels (400 MB of RGBA). A PNG header
    /// can claim up to 2³¹ × 2³¹ pixels, so a corrupt or hostile file must not decide the allocation.
    public static let maximumPixelCount = 100_000_000

    /// The 8 bytes every PNG starts with (PNG specification, section 5.2).
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// Encodes an image as an 8-bit RGBA PNG.
    public static func encode(_ image: RGBAImage, codec: any ImageCodec = ImageCodecs.platform) throws(PNGError) -> [UInt8] {
        try codec.encodePNG(image)
    }

    /// Decodes a PNG of any colour type and bit depth (grey, palette, RGB, with or without
    /// alpha, 1 to 16 bits) to 8-bit RGBA.
    public static func decode(_ bytes: [UInt8], codec: any ImageCodec = ImageCodecs.platform) throws(PNGError) -> RGBAImage {
        guard hasSignature(bytes) else { throw PNGError.notPNG }
        return try codec.decodePNG(bytes, maximumPixelCount: maximumPixelCount)
    }

    /// Whether `bytes` start with the PNG signature.
    public static func hasSignature(_ bytes: [UInt8]) -> Bool {
        bytes.starts(with: signature)
    }

    /// Decodes a PNG of any colour type and bit depth to 8-bit grey, one byte per pixel.
    ///
    /// Colour becomes luma, 0.299 R + 0.587 G + 0.114 B on the gamma-encoded values (ITU-R
    /// BT.601, the Y a JPEG stores), and transparent pixels are composited on white, as a
    /// barcode printed from a transparent image would be seen. Images of more than
    /// `maximumPixelCount` pixels are refused from the header, before the pixel buffer is allocated.
    public static func decodeGray(
        _ bytes: [UInt8], maximumPixelCount: Int, codec: any ImageCodec = ImageCodecs.platform
    ) throws(PNGError) -> GrayBitmap {
        guard hasSignature(bytes) else { throw PNGError.notPNG }
        return try codec.decodePNGGray(bytes, maximumPixelCount: maximumPixelCount)
    }
}
