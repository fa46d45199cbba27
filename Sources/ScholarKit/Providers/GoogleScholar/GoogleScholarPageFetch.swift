import Fetch
import Foundation

/// Fetches one Scholar page and parses it, turning every way Google refuses us (a CAPTCHA
/// page, a `/sorry/` redirect, a 429 or 403) into `blocked`, and keeping refusals out of the cache.
enum GoogleScholarPageFetch {
    static func page<Page>(
        _ url: URL,
        with fetcher: Fetcher,
        resultsSoFar: Int,
        maxAge: Duration? = nil,
        parse: ([UInt8]) throws(GoogleScholarParseError) -> Page
    ) async throws(GoogleScholarSearchError) -> (page: Page, fromCache: Bool) {
        // A redirect to Google's sign-in page is a block wherever it happens: it is not followed.
        let request = FetchRequest(
            url: url, maxAge: maxAge,
            blockCheck: { response in
                GoogleScholarBlockDetector.reason(forURL: response.finalURL) ?? GoogleScholarBlockDetector.reason(html: response.body)
            },
            redirectCheck: { GoogleScholarBlockDetector.reason(forURL: $0.absoluteString) })
        let response: FetchResponse
        do {
            response = try await fetcher.get(request)
        } catch {
            switch error {
            case .blocked(_, let reason): throw .blocked(reason: reason, resultsSoFar: resultsSoFar)
            // Scholar answers a client it distrusts with 429 or 403, not with a useful Retry-After.
            case .rateLimited: throw .blocked(reason: "HTTP 429, too many requests", resultsSoFar: resultsSoFar)
            case .http(status: 403, _): throw .blocked(reason: "HTTP 403, forbidden", resultsSoFar: resultsSoFar)
            default: throw .fetch(error)
            }
        }
        do {
            return (try parse(response.body), response.fromCache)
        } catch {
            if case .blocked(let reason) = error { throw .blocked(reason: reason, resultsSoFar: resultsSoFar) }
            // Scholar never answers a request with nothing: an empty body is a refusal.
            if case .empty = error { throw .blocked(reason: "Google answered with an empty page", resultsSoFar: resultsSoFar) }
            throw .page(error, url: url.absoluteString)
        }
    }
}
