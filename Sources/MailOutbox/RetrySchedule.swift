import Foundation

/// When a message that could not be sent is tried again: one minute after the first failure,
/// doubling each time up to an hour, and never given up — an SMTP outage of a day delays mail
/// by at most an hour after it ends, and loses none.
public struct RetrySchedule: Sendable, Hashable {
    public var first: TimeInterval
    public var longest: TimeInterval

    public init(first: TimeInterval = 60, longest: TimeInterval = 3_600) {
        self.first = first
        self.longest = longest
    }

    /// The wait after the `attempts`-th failed attempt (1 for the first failure).
    public func delay(afterAttempts attempts: Int) -> TimeInterval {
        guard attempts > 0 else { return 0 }
        // 2^(attempts − 1) overflows nothing: the exponent stops growing once the cap is reached.
        let doublings = min(attempts - 1, 30)
        return min(longest, first * pow(2, Double(doublings)))
    }
}
