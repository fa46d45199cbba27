import Foundation
import HTTPTypes
import Hummingbird
import OrderKit
import WebCore

/// `PUT /api/orders/device-orders/{key}`: an order taken on the device with no network (issue
/// 42; Order Sender kept its orders on the phone and sent them when it could, seed 002 §3.2),
/// sent whole once the network is back, under the idempotency key the device made for it.
///
/// The same key again (a page reloaded mid-send, an answer lost on the way back) is the same
/// order, never a second one: a draft is built again from what the device holds, which is the
/// truth of an order not yet sent; an order already sent, waiting or refused is answered as it
/// stands and not sent again. The company receives that same key and registers the order once.
extension AgentOrderAPIRoutes {
    struct DeviceOrderBody: Decodable {
        let customerID: Int64?
        let supplierID: Int64?
        let delivery, payment, bank, packing, deliveryTerms, notes: String?
        let lines: [LineBody]
        /// Send it to the company once stored.
        let send: Bool?
        let recipients: OrderRecipients?

        var header: HeaderBody {
            HeaderBody(
                customerID: customerID, supplierID: supplierID, delivery: delivery, payment: payment, bank: bank, packing: packing,
                deliveryTerms: deliveryTerms, notes: notes)
        }
    }

    static let maximumDeviceLines = 200
    /// RFC 5321's longest address (64 + 1 + 255), as the API's schema says.
    static let maximumAddressLength = 320

    func putDeviceOrder(_ request: Request, _ context: WebRequestContext) async throws -> Response {
        let text = context.parameters.get("key") ?? ""
        guard let key = UUID(uuidString: text) else {
            throw APIError(.badRequest, "bad_idempotency_key", "“\(text.prefix(60))” is not an idempotency key: the device names each order with a UUID.")
        }
        let body = try await JSONInput.decode(DeviceOrderBody.self, from: request, context: context)
        guard body.lines.count <= Self.maximumDeviceLines else {
            throw APIError(.badRequest, "too_many_lines", "An order holds at most \(Self.maximumDeviceLines) lines; this one has \(body.lines.count).")
        }
        if let recipients = body.recipients,
            let long = [recipients.customer, recipients.supplier, recipients.agentCopy].first(where: { $0.unicodeScalars.count > Self.maximumAddressLength })
        {
            throw APIError(.badRequest, "bad_recipients", "“\(long.prefix(40))…” is longer than an e-mail address can be (\(Self.maximumAddressLength) characters).")
        }
        let account = "account-\(try RequestAccount.id())"
        if let taker = request.headers[Self.deviceAccountHeader], taker != account {
            throw APIError(
                .conflict, "another_account",
                "This order was taken on this device under another account (\(taker.prefix(40))); it is sent when that account is logged in here.")
        }
        let store = try store
        let stored = try await deviceKeys.serialised("\(account) \(key.uuidString)") { () async throws -> (Order, isNew: Bool) in
            if let known = try store.order(idempotencyKey: key) {
                guard known.state == .draft else { return (known, false) }
                try store.delete(orderID: known.id ?? 0)
            }
            let draft: Order
            do {
                draft = try store.createDraft(date: Date(), idempotencyKey: key)
            } catch where (try? store.order(idempotencyKey: key)) != nil {
                // Another server sharing the database is storing this key right now.
                throw APIError(.conflict, "order_in_progress", "This order is being stored by another request; the device sends it again shortly.")
            }
            var order = draft
            do {
                order = try build(draft, from: body, in: store)
            } catch {
                // Nothing half-built stays behind: the device keeps the order and sends it again.
                try? store.delete(orderID: draft.id ?? 0)
                throw error
            }
            if body.send == true { order = try await send(order, recipients: body.recipients) }
            return (order, true)
        }
        var response = try AgentOrderBody(stored.0, store: store).response(from: request, context: context)
        if stored.isNew { response.status = .created }
        return response
    }

    /// The account the device took the order under (`account-N`, as its offline copies are
    /// named): a queue left by one account on a shared device is never sent under another's.
    static let deviceAccountHeader = HTTPField.Name("Bottega-Device-Account")!

    /// The header, then each line as the device took it: a product's line with the quantity and
    /// any price or discount the agent overrode, or a line typed for a product not in the list.
    private func build(_ draft: Order, from body: DeviceOrderBody, in store: AgentStore) throws -> Order {
        let id = draft.id ?? 0
        var order = try refusing { try store.update(apply(body.header, to: draft)) }
        for (index, line) in body.lines.enumerated() {
            order = try refusing { () throws -> Order in
                if let product = line.product {
                    var order = try store.addLine(orderID: id, productID: product, quantity: line.quantity ?? 1)
                    if line.price != nil || line.discount != nil {
                        order = try store.overrideLine(
                            orderID: id, lineIndex: index, unitPrice: try line.price.map(MasterDataInput.price),
                            discountLevels: try line.discount.map(MasterDataInput.lineDiscount))
                    }
                    return order
                }
                guard let price = line.price else {
                    throw APIError(.badRequest, "missing_price", "Line \(index + 1) needs \"product\" (an id) or a free-text \"price\".")
                }
                return try store.addFreeTextLine(
                    orderID: id, code: line.code ?? "", description: line.description ?? "", unitPrice: try MasterDataInput.price(price),
                    quantity: line.quantity ?? 1, discountLevels: try MasterDataInput.lineDiscount(line.discount ?? ""))
            }
        }
        return order
    }
}
