/// The time a decode may take, checked between passes and rows (a server must not spend a minute
/// of CPU on one upload; an app on a phone can ask for the same).
struct DecodeBudget: Sendable {
    let deadline: ContinuousClock.Instant

    var isSpent: Bool { ContinuousClock.now >= deadline }
}

/// Thrown by ``BarcodeReader/decode(_:deadline:)`` when the deadline passed before any symbol
/// was found.
public struct DecodeTimeout: Error, Sendable, Equatable {
    public init() {}
}
