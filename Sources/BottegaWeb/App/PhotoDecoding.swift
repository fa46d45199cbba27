import BarcodeKit
import Hummingbird

/// Reading the codes in an uploaded photo (the wallet's scan, the inspector's ticket check) within
/// bounds a server can afford: on ``SlowWork``'s threads, at most `maximumPixelCount` pixels
/// (checked in the header, before any pixel is decoded), and at most `timeBudget` of decoding.
/// A 62 KB PNG of a 7000 × 7000 white square cost 59 s of CPU before these bounds.
enum PhotoDecoding {
    /// 25 megapixels: a phone's full-size photo (an iPhone 15 saves 24 MP, 5712 × 4284) passes.
    static let maximumPixelCount = 25_000_000

    /// Real photos take milliseconds (README, Measured); a photo still undecided after this is
    /// noise, or an attack. It runs from the moment a thread takes the work up, so the image's
    /// loading counts; the wait for a thread is bounded by ``SlowWork``'s queue instead (a
    /// budget that also counted it would refuse good photos whenever the pool is busy).
    @TaskLocal static var timeBudget: Duration = .seconds(5)
    /// The clock the budget is measured on, and what loads the image; tests put in a clock they
    /// move themselves and a load that moves it.
    @TaskLocal static var clock: @Sendable () -> ContinuousClock.Instant = { ContinuousClock.now }
    @TaskLocal static var load: @Sendable (_ bytes: [UInt8], _ maximumPixelCount: Int) throws -> GrayImage = { bytes, limit in
        try ImageLoader.load(bytes, maximumPixelCount: limit)
    }

    enum Failure: PublicFailure {
        case unreadable(String)
        case tooManyPixels(String)
        case tookTooLong

        var status: HTTPResponse.Status {
            switch self {
            case .unreadable, .tookTooLong: .unprocessableContent
            case .tooManyPixels: .contentTooLarge
            }
        }

        var code: String {
            switch self {
            case .unreadable: "unreadable_image"
            case .tooManyPixels: "too_many_pixels"
            case .tookTooLong: "took_too_long"
            }
        }

        var message: String {
            switch self {
            case .unreadable(let reason): "The body is not an image Bottega can read: \(reason)"
            case .tooManyPixels(let reason): "The image is too large to read here: \(reason)"
            case .tookTooLong: "Reading this image took too long and was stopped; send a sharper, smaller photo that the code fills."
            }
        }
    }

    /// Every code in `bytes` among `formats`; empty when the image holds none. Throws
    /// ``Failure`` for an unreadable, oversized or too slow image and ``SlowWork/Busy`` when
    /// the server has too many decodes waiting.
    static func decode(_ bytes: [UInt8], formats: Set<BarcodeFormat> = Set(BarcodeFormat.allCases)) async throws -> [DecodedBarcode] {
        // The deadline was taken after the image had loaded, so the load (libjpeg on a large
        // progressive JPEG takes seconds) came on top of the budget: a 5 s budget answered after 9 s.
        let (clock, load, budget) = (clock, load, timeBudget)
        return try await SlowWork.current.run { () throws(Failure) in
            let deadline = clock() + budget
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
                guard clock() < deadline else { throw DecodeTimeout() }
                return try BarcodeReader(formats: formats).decode(image, deadline: deadline, now: clock)
            } catch {
                throw .tookTooLong
            }
        }
    }
}
