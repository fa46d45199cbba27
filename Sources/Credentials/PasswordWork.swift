import Foundation

/// Where the CPU-heavy part of a password check runs. A server hands in a bounded pool of its
/// own, so a hash (tens of milliseconds of CPU; 32 MiB for scrypt) never holds a thread that
/// answers requests, and a flood of log-ins is refused rather than queued without end; an app or
/// a command runs it in place.
public struct PasswordWork: Sendable {
    private let runner: @Sendable (_ work: @escaping @Sendable () throws -> any Sendable) async throws -> any Sendable

    /// `runner` runs the work it is given (somewhere) and returns its value, or throws its own
    /// refusal (a server's "busy").
    public init(_ runner: @escaping @Sendable (_ work: @escaping @Sendable () throws -> any Sendable) async throws -> any Sendable) {
        self.runner = runner
    }

    /// On the calling task.
    public static let inPlace = PasswordWork { work in try work() }

    public func run<Value: Sendable>(_ work: @escaping @Sendable () throws -> Value) async throws -> Value {
        let value = try await runner { try work() }
        guard let typed = value as? Value else { preconditionFailure("a PasswordWork runner returned another value than its work's") }
        return typed
    }
}
