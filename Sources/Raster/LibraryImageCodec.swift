#if canImport(RasterLinuxCodecs)
import RasterLinuxCodecs

/// PNG and JPEG through libpng and libjpeg (the RasterLinuxCodecs target, linked on Linux only).
struct LibraryImageCodec: ImageCodec {
    func encodePNG(_ image: RGBAImage) throws(PNGError) -> [UInt8] {
        guard image.width > 0, image.height > 0 else {
            throw PNGError.encodingFailed(reason: "the image is \(image.width)×\(image.height) pixels; PNG needs at least 1×1")
        }
        guard let width = UInt32(exactly: image.width), let height = UInt32(exactly: image.height) else {
            throw PNGError.encodingFailed(reason: "the image is wider or taller than PNG allows")
        }
        do throws(CodecFailure) {
            return try LibPNG.encodeRGBA(image.pixels, width: width, height: height)
        } catch {
            switch error {
            case .outOfMemory: throw PNGError.outOfMemory
            case .failed(let reason): throw PNGError.encodingFailed(reason: reason)
            case .tooLarge, .truncated: throw PNGError.encodingFailed(reason: "\(error)")
            }
        }
    }

    func decodePNG(_ bytes: [UInt8], maximumPixelCount: Int) throws(PNGError) -> RGBAImage {
        let decoded = try pngPixels { () throws(CodecFailure) in try LibPNG.decodeRGBA(bytes, maximumPixelCount: maximumPixelCount) }
        guard let image = RGBAImage(width: decoded.width, height: decoded.height, pixels: decoded.pixels) else {
            throw PNGError.corrupt(reason: "libpng returned no pixels")
        }
        return image
    }

    func decodePNGGray(_ bytes: [UInt8], maximumPixelCount: Int) throws(PNGError) -> GrayBitmap {
        let decoded = try pngPixels { () throws(CodecFailure) in try LibPNG.decodeGray(bytes, maximumPixelCount: maximumPixelCount) }
        guard let bitmap = GrayBitmap(width: decoded.width, height: decoded.height, pixels: decoded.pixels) else {
            throw PNGError.corrupt(reason: "libpng returned no pixels")
        }
        return bitmap
    }

    func decodeJPEGGray(_ bytes: [UInt8], maximumPixelCount: Int) throws(JPEGError) -> GrayBitmap {
        let decoded: DecodedPixels
        do throws(CodecFailure) {
            decoded = try LibJPEG.decodeGray(bytes, maximumPixelCount: maximumPixelCount)
        } catch {
            switch error {
            case .tooLarge(let width, let height): throw JPEGError.tooLarge(width: width, height: height, limit: maximumPixelCount)
            case .truncated: throw JPEGError.truncated
            case .outOfMemory: throw JPEGError.outOfMemory
            case .failed(let reason): throw JPEGError.corrupt(reason: reason)
            }
        }
        guard let bitmap = GrayBitmap(width: decoded.width, height: decoded.height, pixels: decoded.pixels) else {
            throw JPEGError.corrupt(reason: "libjpeg returned no pixels")
        }
        return bitmap
    }

    private func pngPixels(_ decode: () throws(CodecFailure) -> DecodedPixels) throws(PNGError) -> DecodedPixels {
        do throws(CodecFailure) {
            return try decode()
        } catch {
            switch error {
            case .tooLarge(let width, let height): throw PNGError.tooLarge(width: width, height: height)
            case .outOfMemory: throw PNGError.outOfMemory
            case .truncated: throw PNGError.corrupt(reason: "the file ends before the image does")
            case .failed(let reason): throw PNGError.corrupt(reason: reason)
            }
        }
    }
}
#endif
