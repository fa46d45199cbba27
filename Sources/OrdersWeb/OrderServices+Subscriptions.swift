import Foundation
import OrderKit
import WebCore

/// Syncing a subscription and sending the orders it left waiting, as the sync screen, the
/// background sync jobs, the agent API and the resender all do it.
extension OrderServices {
    func syncClient(for subscription: Subscription, of agent: AgentStore) throws -> SubscriptionSyncClient {
        SubscriptionSyncClient(transport: transport(subscription.serverURL), subscription: subscription, deviceID: try agent.deviceID())
    }

    /// Sends the subscription's waiting orders; returns how many went.
    func resendWaiting(of subscription: Subscription, from agent: AgentStore) async throws -> Int {
        try await OrderSender(transport: transport(subscription.serverURL), account: subscription.account)
            .resendWaiting(from: agent, belongingTo: subscription)
    }

    /// The sync screen's line for a finished sync.
    static func syncedNotice(_ subscription: Subscription, _ summary: SyncApplySummary, resent: Int) -> String {
        let orders = resent == 0 ? "" : ", \(resent) waiting order\(resent == 1 ? "" : "s") sent"
        return "\(subscription.name): \(summary.upserted) updated, \(summary.deleted) deleted\(orders)"
    }
}
