import Fetch
import Foundation

/// Tells a spent daily budget from a momentary rate limit, and both from other refusals.
///
/// OpenAlex meters a daily credit budget (reset at midnight UTC) and 100 requests a second.
/// Its documentation disagrees with itself on the status codes: the older rate-limit page
/// says both limits answer 429; the 2026 error table says 403 "rate limit exceeded; slow
/// down" and 429 "daily limit exceeded". So the status alone does not decide:
///
/// - a 403/429 whose body speaks of credits, a budget or a daily limit, or whose
///   `X-RateLimit-Remaining` (credits left today, sent on every response) is 0, is a spent budget;
/// - a 429 that asks to wait an hour or more is a spent budget too: users report a
///   `Retry-After` of about 15 hours once the budget is gone (the time to midnight UTC),
///   while the per-second limit asks for seconds. This matters because `Fetcher` retries a
///   429 itself and keeps only its `Retry-After`, not its body or headers;
/// - any other 429, and a 403 that mentions a rate limit, is a momentary rate limit.
enum OpenAlexRefusal {
    /// From `Retry-After` alone: at least this long means the budget is spent.
    static let budgetResetWait: Duration = .seconds(3600)

    /// The error for a refused response that `Fetcher` handed back (403 and other final statuses).
    static func classify(_ response: FetchResponse, usingAPIKey: Bool) -> OpenAlexError? {
        guard response.status == 403 || response.status == 429 else { return nil }
        let body = response.text.lowercased()
        let remaining = response.headers["x-ratelimit-remaining"].flatMap { Double($0.trimmingCharacters(in: .whitespaces)) }
        let mentionsBudget = ["credit", "budget", "daily limit", "daily usage", "per day", "quota"].contains { body.contains($0) }
        if mentionsBudget || remaining.map({ $0 <= 0 }) == true {
            return .creditsExhausted(usingAPIKey: usingAPIKey)
        }
        if response.status == 429 || body.contains("rate limit") || body.contains("too many") {
            return .rateLimited(retryAfter: nil)
        }
        return nil
    }

    /// The error for `Fetcher`'s own `.rateLimited`, which keeps only the `Retry-After`.
    static func classify(retryAfter: Duration?, usingAPIKey: Bool) -> OpenAlexError {
        if let retryAfter, retryAfter >= budgetResetWait { return .creditsExhausted(usingAPIKey: usingAPIKey) }
        return .rateLimited(retryAfter: retryAfter)
    }
}
