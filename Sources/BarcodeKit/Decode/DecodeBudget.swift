/// The time a decode may take, checked between passes and rows (a server must not spend a minute
/// of CPU on one upload; an app on a phone can ask for the same).
struct DecodeBudget: Sendable {
    let deadline: ContinuousClock.Instant
    /// The clock read at each check; a test passes one that it moves itself.
    var now: @Sendable () -> ContinuousClock.Instant = { ContinuousClock.now }

    var isSpent: Bool { now() >= deadline }
}

/// Thrown by ``BarcodeReader/decode(_:deadline:)`` when the deadline passed before any symbol
/// was found.
public struct DecodeTimeout: Error, Sendable, Equatable {
    public init() {}
}
