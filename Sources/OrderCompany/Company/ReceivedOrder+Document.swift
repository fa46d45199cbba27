import OrderKit
import Amounts
import Foundation

extension ReceivedOrder {
    /// The order as the PDF prints it: the company's number, the three parties, every line
    /// with its discount and total, and the totals (prices as the agent's app computed them
    /// from the copied line prices, rounded once per line).
    public func documentContent(companyName: String) throws(PricingError) -> OrderDocumentContent {
        let order = submission.order
        let lines = try order.lines.map { line throws(PricingError) in try OrderDocumentContent.Line(line) }
        let totals = try order.totals()
        return OrderDocumentContent(
            companyName: companyName, orderNumber: String(number), date: order.date,
            agent: .init(agent: submission.agent), customer: .init(customer: submission.customer), supplier: .init(supplier: submission.supplier),
            lines: lines, grossTotal: totals.gross, discountTotal: totals.discount, netTotal: totals.net,
            terms: .init(delivery: order.delivery, payment: order.payment, bank: order.bank, packing: order.packing, deliveryTerms: order.deliveryTerms, notes: order.notes)
        )
    }

    /// Who receives the order's e-mail: the supplier and the customer, the agent in copy
    /// (addresses left empty on the agent's side are skipped).
    public var mailRecipients: (to: [String], cc: [String]) {
        let to = [submission.supplier.email, submission.customer.email].filter { !$0.isEmpty }
        let cc = [submission.agent.email].filter { !$0.isEmpty }
        return (to, cc)
    }
}
