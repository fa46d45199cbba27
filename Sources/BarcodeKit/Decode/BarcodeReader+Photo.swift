/// Why a photo's codes could not be read within the bounds (``BarcodeReader/decode(photo:maximumPixelCount:deadline:now:load:)``).
public enum PhotoReadFailure: Error, Sendable, Equatable {
    /// Not an image the loader reads; the loader's reason.
    case unreadable(String)
    /// More pixels than allowed, seen in the header before any pixel was decoded.
    case tooManyPixels(String)
    /// The deadline passed (the image's loading counts) before anything was found.
    case tookTooLong
}

extension BarcodeReader {
    /// Every code in a photo's file bytes (PNG, JPEG) within bounds a server or a phone can
    /// afford: at most `maximumPixelCount` pixels, and `deadline` for the load and the reading
    /// together, since libjpeg can spend seconds on a large progressive JPEG. `load` is the
    /// loader (a test puts in one that moves its own clock).
    public func decode(
        photo bytes: [UInt8], maximumPixelCount: Int, deadline: ContinuousClock.Instant,
        now: @escaping @Sendable () -> ContinuousClock.Instant = { ContinuousClock.now },
        load: ([UInt8], Int) throws -> GrayImage = { try ImageLoader.load($0, maximumPixelCount: $1) }
    ) throws(PhotoReadFailure) -> [DecodedBarcode] {
        let image: GrayImage
        do {
            image = try load(bytes, maximumPixelCount)
        } catch let error as ImageError {
            if case .tooLarge = error { throw .tooManyPixels(error.localizedDescription) }
            throw .unreadable(error.localizedDescription)
        } catch {
            throw .unreadable(error.localizedDescription)
        }
        do throws(DecodeTimeout) {
            // Spent already by the load: no pass starts, and the answer is "too long".
            guard now() < deadline else { throw DecodeTimeout() }
            return try decode(image, deadline: deadline, now: now)
        } catch {
            throw .tookTooLong
        }
    }
}
