/// Where PNG and JPEG bytes become pixels and back. Raster draws and holds pixels in Swift; the
/// file formats are the platform's: libpng and libjpeg on Linux (``ImageCodecs/platform``), and
/// on an Apple platform an app passes one built on ImageIO.
public protocol ImageCodec: Sendable {
    func encodePNG(_ image: RGBAImage) throws(PNGError) -> [UInt8]
    /// 8-bit RGBA from any PNG; more than `maximumPixelCount` pixels is refused from the header.
    func decodePNG(_ bytes: [UInt8], maximumPixelCount: Int) throws(PNGError) -> RGBAImage
    /// 8-bit grey: BT.601 luma on the gamma-encoded values, transparency composited on white.
    func decodePNGGray(_ bytes: [UInt8], maximumPixelCount: Int) throws(PNGError) -> GrayBitmap
    /// The luma channel the JPEG encoder stored; a file cut short is ``JPEGError/truncated``.
    func decodeJPEGGray(_ bytes: [UInt8], maximumPixelCount: Int) throws(JPEGError) -> GrayBitmap
}

public enum ImageCodecs {
    /// The codec this platform has without help: libpng and libjpeg where they are linked (Linux),
    /// else one that says a codec must be passed.
    public static var platform: any ImageCodec {
        #if canImport(RasterLinuxCodecs)
        LibraryImageCodec()
        #else
        MissingImageCodec()
        #endif
    }
}

/// What ``ImageCodecs/platform`` is where no codec is linked: every call explains what to do.
struct MissingImageCodec: ImageCodec {
    private static let advice = "no PNG/JPEG codec is linked on this platform: pass an ImageCodec (ImageIO on Apple platforms)"

    func encodePNG(_ image: RGBAImage) throws(PNGError) -> [UInt8] { throw PNGError.encodingFailed(reason: Self.advice) }
    func decodePNG(_ bytes: [UInt8], maximumPixelCount: Int) throws(PNGError) -> RGBAImage { throw PNGError.corrupt(reason: Self.advice) }
    func decodePNGGray(_ bytes: [UInt8], maximumPixelCount: Int) throws(PNGError) -> GrayBitmap { throw PNGError.corrupt(reason: Self.advice) }
    func decodeJPEGGray(_ bytes: [UInt8], maximumPixelCount: Int) throws(JPEGError) -> GrayBitmap { throw JPEGError.corrupt(reason: Self.advice) }
}
