import Foundation

/// What an agent's Bottega posts to the company for one order: the order and everything the
/// company needs to print and e-mail it — the customer, the supplier and the agent as the agent
/// has them (ids on the agent's side mean nothing to the company). The order's idempotency key
/// goes with it, so a retried post finds the order already received.
public struct OrderSubmission: Sendable, Hashable, Codable {
    public var order: Order
    public var customer: Customer
    public var supplier: Supplier
    public var agent: Agent

    public init(order: Order, customer: Customer, supplier: Supplier, agent: Agent) {
        self.order = order
        self.customer = customer
        self.supplier = supplier
        self.agent = agent
    }

    /// Why the company cannot accept this order, each problem in words; empty when it can.
    /// The agent's app checks the same before sending; the server checks again because a
    /// client can post anything.
    public var problems: [String] {
        var problems: [String] = []
        if customer.companyName.trimmingCharacters(in: .whitespaces).isEmpty { problems.append("the customer has no company name") }
        if supplier.name.trimmingCharacters(in: .whitespaces).isEmpty { problems.append("the supplier has no name") }
        if !Self.isMailbox(supplier.email) { problems.append("the supplier's e-mail “\(supplier.email)” is not an address the order can be sent to") }
        if !customer.email.isEmpty, !Self.isMailbox(customer.email) { problems.append("the customer's e-mail “\(customer.email)” is not an address") }
        if order.lines.isEmpty { problems.append("the order has no lines") }
        for (index, line) in order.lines.enumerated() where line.quantity < 1 {
            problems.append("line \(index + 1) (\(line.productCode)): quantity \(line.quantity) is less than 1")
        }
        for (index, line) in order.lines.enumerated() where line.discountLevels.count > Discount.maximumLevels || line.discountLevels.contains(where: { $0 < 0 || $0 > 100 }) {
            problems.append("line \(index + 1) (\(line.productCode)): discounts must be at most \(Discount.maximumLevels) percentages between 0 and 100")
        }
        return problems
    }

    /// A bare `local@domain` address, the form SMTP's envelope takes.
    static func isMailbox(_ text: String) -> Bool {
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        return parts.count == 2 && !parts[0].isEmpty && parts[1].contains(".") && !text.contains(where: { $0.isWhitespace || $0 == "<" || $0 == ">" })
    }
}

extension OrderSubmission {
    /// The JSON the company's API reads: dates in ISO 8601, as every Bottega API writes them.
    public static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }
}
