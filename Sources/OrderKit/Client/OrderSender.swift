import Foundation

/// Sends an order to the company (UC2). The order is "sent" only when the company says it
/// stored it (201, or 200 for a repeat it already had), and keeps the company's number for it.
/// A refusal leaves it "not sent" with the company's reason. A server that cannot be reached or
/// does not answer in 10 s leaves it waiting, and ``resendWaiting(from:)`` sends it again when
/// the server answers. Every attempt carries the order's idempotency key, so a resend after a
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
        /// The company's own name, printed at the top of the order (a Bottega server gives it).
        public var companyName: String?
        public var receivedAt: Date?
        /// The PDF the company mailed, in base64 (a Bottega server gives it).
        public var document: String?
    }

    /// Sends order `id` from `store` and records the outcome there; returns the stored order.
    ///
    /// The first attempt freezes what is posted (`AgentStore.freeze`): the order, its customer,
    /// supplier and agent, and the recipients the agent confirmed. Every later attempt posts those
    /// same bytes, whatever changed in the store since, so the company never sees two bodies
    /// under one idempotency key. `companyName` is printed until the company gives its own.
    @discardableResult
    public func send(orderID id: Int64, from store: AgentStore, recipients: OrderRecipients? = nil, companyName: String? = nil) async throws -> Order {
        guard let order = try store.order(id: id) else { throw AgentStoreError.unknownOrder(id) }
        if case .sent = order.state { throw AgentStoreError.orderAlreadySent(id) }
        let snapshot: SentOrderSnapshot
        if let frozen = try store.snapshot(orderID: id) {
            snapshot = frozen
        } else {
            let problems = try store.sendingProblems(orderID: id)
            guard problems.isEmpty else {
                return try store.markNotSent(id: id, reason: problems.map(\.localizedDescription).joined(separator: "; "))
            }
            guard let customerID = order.customerID, let supplierID = order.supplierID,
                  let customer = try store.customer(id: customerID), let supplier = try store.supplier(id: supplierID) else {
                return try store.markNotSent(id: id, reason: "the order's customer or supplier is missing")
            }
            var submission = OrderSubmission(order: order, customer: customer, supplier: supplier, agent: try store.agent() ?? Agent(name: account.username))
            if let recipients {
                submission.customer.email = recipients.customer
                submission.supplier.email = recipients.supplier
                submission.agent.email = recipients.agentCopy
            }
            if let problem = submission.problems.first { return try store.markNotSent(id: id, reason: problem) }
            snapshot = try store.freeze(orderID: id, submission: submission, company: account.company, companyName: companyName ?? account.company)
        }
        var headers = account.headers
        headers["Content-Type"] = "application/json"
        headers["Idempotency-Key"] = order.idempotencyKey.uuidString
        let response: CompanyResponse
        do {
            response = try await transport.send(CompanyRequest(method: "POST", path: "/api/orders/business/orders", headers: headers, body: snapshot.body))
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            let why = (error as? CompanyTransportFailure)?.localizedDescription ?? "the company's server could not be reached"
            return try store.markWaiting(id: id, reason: why + "; the order is sent again by itself when the server answers")
        }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        guard response.status == 201 || response.status == 200, let receipt = try? decoder.decode(Receipt.self, from: Data(response.body)) else {
            return try store.markNotSent(id: id, reason: "the company's server refused the order: " + response.errorMessage)
        }
        let document = receipt.document.flatMap { Data(base64Encoded: $0) }.map(Array.init).flatMap { $0.starts(with: Array("%PDF".utf8)) ? $0 : nil }
        try store.recordReceipt(orderID: id, companyName: receipt.companyName, receivedAt: receipt.receivedAt, document: document)
        return try store.markSent(id: id, at: now(), companyNumber: receipt.number)
    }

    /// Sends every order waiting for this account's server again, oldest first, and stops at
    /// the first that is still not answered (the server is down: the others would wait too).
    /// Returns how many were sent.
    @discardableResult
    public func resendWaiting(from store: AgentStore, belongingTo subscription: Subscription? = nil) async throws -> Int {
        var sent = 0
        for id in try store.ordersWaitingToResend() {
            if let subscription, let order = try store.order(id: id), try store.subscription(forOrder: order)?.id != subscription.id { continue }
            let order = try await send(orderID: id, from: store)
            if case .waiting = order.state { break }
            if case .sent = order.state { sent += 1 }
        }
        return sent
    }
}

/// Where the company e-mails the order (§3.1.1: the addresses are asked of the agent when
/// sending, or taken from the data): the customer, the supplier, and the agent in copy. The
/// agent may correct one for this order only; the stored records are not changed.
public struct OrderRecipients: Sendable, Hashable, Codable {
    public var customer: String
    public var supplier: String
    public var agentCopy: String

    public init(customer: String, supplier: String, agentCopy: String) {
        self.customer = customer.trimmingCharacters(in: .whitespaces)
        self.supplier = supplier.trimmingCharacters(in: .whitespaces)
        self.agentCopy = agentCopy.trimmingCharacters(in: .whitespaces)
    }
}
