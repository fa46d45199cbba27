import Hummingbird

/// Reading the codes in an uploaded photo (the wallet's scan, the inspector's ticket check) within
/// bounds a server can afford: on ``SlowWork``'s threads, at most `maximumPixelCount` pixels
/// (checked in the header, before any pixel is decoded), and at most `timeBudget` of decoding.
/// A 62 KB PNG of a 7000 × 7000 white square cost 59 s of CPU before these bounds. The reading
/// itself is BarcodeKit's; each app that reads photos passes it in (``run(_:)``).
package enum PhotoDecoding {
    /// 25 megapixels: a phone's full-size photo (an iPhone 15 saves 24 MP, 5712 × 4284) passes.
    package static let maximumPixelCount = 25_000_000

    /// Real photos take milliseconds (README, Measured); a photo still undecided after this is
    /// noise, or an attack. It runs from the moment a thread takes the work up, so the image's
    /// loading counts; the wait for a thread is bounded by ``SlowWork``'s queue instead (a
    /// budget that also counted it would refuse good photos whenever the pool is busy).
    @TaskLocal package static var timeBudget: Duration = .seconds(5)
    /// The clock the budget is measured on; tests put in a clock they move themselves.
    @TaskLocal package static var clock: @Sendable () -> ContinuousClock.Instant = { ContinuousClock.now }

    package enum Failure: PublicFailure {
        case unreadable(String)
        case tooManyPixels(String)
        case tookTooLong

        package var status: HTTPResponse.Status {
            switch self {
            case .unreadable, .tookTooLong: .unprocessableContent
            case .tooManyPixels: .contentTooLarge
            }
        }

        package var code: String {
            switch self {
            case .unreadable: "unreadable_image"
            case .tooManyPixels: "too_many_pixels"
            case .tookTooLong: "took_too_long"
            }
        }

        package var message: String {
            switch self {
            case .unreadable(let reason): "The body is not an image Bottega can read: \(reason)"
            case .tooManyPixels(let reason): "The image is too large to read here: \(reason)"
            case .tookTooLong: "Reading this image took too long and was stopped; send a sharper, smaller photo that the code fills."
            }
        }
    }

    /// What `read` finds, given the pixel limit, the deadline and the clock. Throws ``Failure``
    /// for an unreadable, oversized or too slow image and ``SlowWork/Busy`` when the server has
    /// too many decodes waiting.
    package static func run<Found: Sendable>(
        _ read: @escaping @Sendable (_ maximumPixelCount: Int, _ deadline: ContinuousClock.Instant, _ now: @escaping @Sendable () -> ContinuousClock.Instant) throws(Failure) -> Found
    ) async throws -> Found {
        // The deadline was taken after the image had loaded, so the load (libjpeg on a large
        // progressive JPEG takes seconds) came on top of the budget: a 5 s budget answered after 9 s.
        let (clock, budget) = (clock, timeBudget)
        return try await SlowWork.current.run { () throws(Failure) in
            try read(maximumPixelCount, clock() + budget, clock)
        }
    }
}
