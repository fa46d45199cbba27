import Foundation
import Mail

extension MailOutbox {
    /// Delivers what is due every `interval` until the task is cancelled (`bottega serve` runs
    /// this beside the HTTP server). A round that fails as a whole — the database locked, say —
    /// is reported to `onFailure` and tried at the next tick: the courier never stops on its own.
    public func deliverContinuously(
        every interval: Duration = .seconds(15),
        using send: @escaping @Sendable (MailMessage) async throws -> Void,
        onRound: @Sendable (DeliveryReport) -> Void = { _ in },
        onFailure: @Sendable (any Error) -> Void = { _ in }
    ) async {
        while !Task.isCancelled {
            do {
                onRound(try await deliverDue(using: send))
            } catch {
                onFailure(error)
            }
            do { try await Task.sleep(for: interval) } catch { return }
        }
    }
}
