import Foundation
import Logging
import OrderCompany
import OrderKit
import ServiceLifecycle
import WebCore

/// Sends the agent's waiting orders again while `bottega serve` runs (UC2: an order the server
/// did not answer stays "not sent"; Bottega sends it again, with its idempotency key, as soon as
/// the server answers). Every `interval`, each subscription's waiting orders go, oldest first,
/// until one is still unanswered.
public struct OrderResender: Service {
    let services: OrderServices
    let interval: Duration
    let logger = Logger(label: "bottega.orders.resend")

    public init(services: OrderServices, interval: Duration = .seconds(30)) {
        self.services = services
        self.interval = interval
    }

    public func run() async throws {
        await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                await round()
                try? await Task.sleep(for: interval)
            }
        }
    }

    /// One pass over every account's subscriptions; returns how many orders were sent.
    @discardableResult
    public func round() async -> Int {
        var sent = 0
        do {
            for agent in try services.agents.all() where try !agent.ordersWaitingToResend().isEmpty {
                for subscription in try agent.subscriptions() {
                    sent += try await services.resendWaiting(of: subscription, from: agent)
                }
            }
        } catch {
            logger.error("resending waiting orders failed: \(error)")
        }
        if sent > 0 { logger.info("\(sent) waiting order(s) sent") }
        return sent
    }
}
