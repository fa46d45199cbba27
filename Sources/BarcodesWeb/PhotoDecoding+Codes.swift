import BarcodeKit
import WebCore

extension PhotoDecoding {
    /// What loads the image; tests put in a load that moves their clock.
    @TaskLocal static var load: @Sendable (_ bytes: [UInt8], _ maximumPixelCount: Int) throws -> GrayImage = { bytes, limit in
        try ImageLoader.load(bytes, maximumPixelCount: limit)
    }

    /// Every code in `bytes` among `formats`; empty when the image holds none.
    static func decode(_ bytes: [UInt8], formats: Set<BarcodeFormat> = Set(BarcodeFormat.allCases)) async throws -> [DecodedBarcode] {
        let load = load
        return try await run { limit, deadline, now throws(Failure) in
            do throws(PhotoReadFailure) {
                return try BarcodeReader(formats: formats).decode(photo: bytes, maximumPixelCount: limit, deadline: deadline, now: now, load: load)
            } catch {
                throw Failure(error)
            }
        }
    }
}

extension PhotoDecoding.Failure {
    init(_ failure: PhotoReadFailure) {
        switch failure {
        case .unreadable(let reason): self = .unreadable(reason)
        case .tooManyPixels(let reason): self = .tooManyPixels(reason)
        case .tookTooLong: self = .tookTooLong
        }
    }
}
