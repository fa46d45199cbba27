import Foundation
import OrderCompany
import OrderKit

/// The PDF the agent gets for an order. A sent order's is the document the company mailed, kept
/// with its snapshot; one that went before its server returned the document is printed once from
/// the snapshot and kept, so it never changes after a sync or a re-upload. A draft is printed
/// from the live records, numbered "bozza" (the company has not numbered it).
enum AgentOrderDocument {
    struct Printed {
        let bytes: [UInt8]
        let filename: String
    }

    static let draftNumber = "bozza"

    static func pdf(of order: Order, from store: AgentStore) throws -> Printed {
        let id = order.id ?? 0
        if let snapshot = try store.snapshot(orderID: id) {
            let filename = "ordine-\(order.companyNumber.map(String.init) ?? draftNumber).pdf"
            if let document = snapshot.document { return Printed(bytes: document, filename: filename) }
            let printedAt = snapshot.receivedAt ?? snapshot.frozenAt
            var content = try ReceivedOrder(
                number: order.companyNumber ?? 0, agent: snapshot.submission.agent.name, submission: snapshot.submission, receivedAt: printedAt, isNew: false
            ).documentContent(companyName: snapshot.companyName)
            if order.companyNumber == nil { content.orderNumber = draftNumber }
            let bytes = OrderDocument(content: content).pdf(creationDate: printedAt)
            // Only a registered order's print is its document for good; a waiting one may still get the company's.
            guard case .sent = order.state else { return Printed(bytes: bytes, filename: filename) }
            return Printed(bytes: try store.keepDocument(bytes, orderID: id), filename: filename)
        }
        guard let customerID = order.customerID, let supplierID = order.supplierID,
              let customer = try store.customer(id: customerID), let supplier = try store.supplier(id: supplierID) else {
            throw AgentOrderDocumentError.needsParties
        }
        let subscription = try store.subscription(forOrder: order)
        let agent = try store.agent() ?? Agent(name: subscription?.account.username ?? "")
        var content = try ReceivedOrder(
            number: 0, agent: agent.name, submission: OrderSubmission(order: order, customer: customer, supplier: supplier, agent: agent),
            receivedAt: order.date, isNew: false
        ).documentContent(companyName: subscription?.name ?? agent.name)
        content.orderNumber = draftNumber
        return Printed(bytes: OrderDocument(content: content).pdf(creationDate: order.date), filename: "ordine-\(draftNumber)-\(id).pdf")
    }
}

enum AgentOrderDocumentError: Error {
    /// A draft without its customer or supplier cannot be printed.
    case needsParties
}
