import Foundation

/// Sends an order to the company. The order is "sent" only when the company says it stored it
/// (201, or 200 for a repeat it already had); anything else leaves it "not sent" with the
/// reason, to resend. Every attempt carries the order's idempotency key, so a resend after a
/// lost answer never registers the order twice.
public struct OrderSender: Sendable {
    public let transport: any CompanyTransport
    public let account: CompanyAccount
    public var now: @Sendable () -> Date

    public init(transport: any CompanyTransport, account: CompanyAccount, now: @escaping @Sendable () -> Date = Date.init) {
        self.transport = transport
        self.account = account
        self.now = now
    }

    public struct Receipt: Sendable, Hashable, Decodable {
        public var number: Int64
        public var duplicate: Bool
    }

    /// Sends order `id` from `store` and records the outcome there; returns the stored order.
    @discardableResult
    public func send(orderID id: Int64, from store: AgentStore) async throws -> Order {
        let problems = try store.sendingProblems(orderID: id)
        guard problems.isEmpty else {
            return try store.markNotSent(id: id, reason: problems.map(\.localizedDescription).joined(separator: "; "))
        }
        guard let order = try store.order(id: id), let customerID = order.customerID, let supplierID = order.supplierID,
              let customer = try store.customer(id: customerID), let supplier = try store.supplier(id: supplierID) else {
            return try store.markNotSent(id: id, reason: "the order's customer or supplier is missing")
        }
        let submission = OrderSubmission(order: order, customer: customer, supplier: supplier, agent: try store.agent() ?? Agent(name: account.username))
        var headers = account.headers
        headers["Content-Type"] = "application/json"
        headers["Idempotency-Key"] = order.idempotencyKey.uuidString
        let response: CompanyResponse
        do {
            response = try await transport.send(CompanyRequest(
                method: "POST", path: "/api/orders/business/orders", headers: headers, body: Array(try OrderSubmission.encoder.encode(submission))
            ))
        } catch {
            return try store.markNotSent(id: id, reason: "the company's server could not be reached: \(error.localizedDescription)")
        }
        guard response.status == 201 || response.status == 200,
              (try? JSONDecoder().decode(Receipt.self, from: Data(response.body))) != nil else {
            return try store.markNotSent(id: id, reason: response.errorMessage)
        }
        return try store.markSent(id: id, at: now())
    }
}
