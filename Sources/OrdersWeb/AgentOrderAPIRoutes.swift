import Amounts
import Foundation
import Hummingbird
import NIOCore
import OrderCompany
import OrderKit
import WebCore

/// The JSON twin of the agent's order screens and Sync screen under `/api/orders`:
///
///     GET    /orders?sort=date|customer|supplier&state=all|sent|notSent&customer=ID&supplier=ID
///     POST   /orders                        a new draft (body: header fields, optional) → 201
///     GET    /orders/:id                     PUT /orders/:id (header fields)    DELETE /orders/:id
///     POST   /orders/:id/lines              {"product", "quantity"} or a free-text line
///                                           {"code", "description", "price", "quantity", "discount"}
///     PUT    /orders/:id/lines/:index       {"quantity"?, "price"?, "discount"?} (price and discount override)
///     DELETE /orders/:id/lines/:index
///     POST   /orders/:id/send               {"recipients"?: {"customer", "supplier", "agentCopy"}}
///     POST   /orders/:id/copy               → 201 the new draft
///     GET    /orders/:id/pdf
///     GET    /subscriptions                 POST /subscriptions     DELETE /subscriptions/:id
///     POST   /subscriptions/:id/sync
///
/// Errors are `{"error": {"code", "message"}}`: 400 bad input, 404 no such order or line, 409 a
/// sent or locked order (or one whose supplier is no subscription's), 502 the company's server refused or could not be reached.
struct AgentOrderAPIRoutes {
    let services: OrderServices
    let deviceKeys = DeviceOrderKeys()
    /// The request's account's agent data.
    var store: AgentStore { get throws { try services.agents.store(for: RequestAccount.id()) } }

    struct HeaderBody: Decodable {
        init(customerID: Int64?, supplierID: Int64?, delivery: String?, payment: String?, bank: String?, packing: String?, deliveryTerms: String?, notes: String?) {
            (self.customerID, self.supplierID, self.delivery, self.payment, self.bank) = (customerID, supplierID, delivery, payment, bank)
            (self.packing, self.deliveryTerms, self.notes) = (packing, deliveryTerms, notes)
        }

        let customerID: Int64?
        let supplierID: Int64?
        let delivery, payment, bank, packing, deliveryTerms, notes: String?
    }

    struct LineBody: Decodable {
        let product: Int64?
        let code: String?
        let description: String?
        let price: String?
        let quantity: Int?
        let discount: String?
    }

    struct SendBody: Decodable {
        let recipients: OrderRecipients?
    }

    struct SubscriptionInput: Decodable {
        let name: String?
        let serverURL: String
        let company: String
        let username: String
        let password: String
        let syncProtocol: String?

        enum CodingKeys: String, CodingKey {
            case name, serverURL, company, username, password
            case syncProtocol = "protocol"
        }
    }

    /// The URL map under `/api/orders` (above); each handler is a method named for what it does.
    func register(on group: RouterGroup<WebRequestContext>) {
        group.get("orders") { request, _ in try listOrders(request) }
        group.post("orders") { request, context in try await createOrder(request, context) }
        group.get("orders/:id") { _, context in try showOrder(context) }
        group.put("orders/:id") { request, context in try await updateOrder(request, context) }
        group.delete("orders/:id") { _, context in try deleteOrder(context) }
        group.post("orders/:id/lines") { request, context in try await addLine(request, context) }
        group.put("orders/:id/lines/:index") { request, context in try await changeLine(request, context) }
        group.delete("orders/:id/lines/:index") { _, context in try removeLine(context) }
        group.post("orders/:id/send") { request, context in try await sendOrder(request, context) }
        group.post("orders/:id/copy") { _, context in try copyOrder(context) }
        group.put("device-orders/:key") { request, context in try await putDeviceOrder(request, context) }
        group.getHeavy("orders/:id/pdf") { _, context in try orderPDF(context) }
        group.get("subscriptions") { _, _ in try listSubscriptions() }
        group.post("subscriptions") { request, context in try await addSubscription(request, context) }
        group.delete("subscriptions/:id") { _, context in try deleteSubscription(context) }
        group.post("subscriptions/:id/sync-jobs") { _, context in try await startSyncJob(context) }
        group.get("sync-jobs/:job") { _, context in try await syncJobStatus(context) }
        group.post("sync-jobs/:job/cancel") { _, context in try await cancelSyncJob(context) }
        group.post("subscriptions/:id/sync") { _, context in try await syncNow(context) }
    }

    func apply(_ header: HeaderBody, to order: Order) -> Order {
        var order = order
        if let customerID = header.customerID { order.customerID = customerID }
        if let supplierID = header.supplierID { order.supplierID = supplierID }
        if let value = header.delivery { order.delivery = value }
        if let value = header.payment { order.payment = value }
        if let value = header.bank { order.bank = value }
        if let value = header.packing { order.packing = value }
        if let value = header.deliveryTerms { order.deliveryTerms = value }
        if let value = header.notes { order.notes = value }
        return order
    }

    func existing(_ context: WebRequestContext) throws -> Order {
        guard let id = context.parameters.get("id", as: Int64.self), let order = try store.order(id: id) else {
            throw APIError(.notFound, "unknown_order", "There is no order \(context.parameters.get("id") ?? "").")
        }
        return order
    }

    func existingSubscription(_ context: WebRequestContext) throws -> Subscription {
        guard let id = context.parameters.get("id", as: Int64.self), let subscription = try store.subscription(id: id) else {
            throw APIError(.notFound, "unknown_subscription", "There is no subscription \(context.parameters.get("id") ?? "").")
        }
        return subscription
    }

    /// A JSON body when one was sent; nil for an empty body.
    func optionalBody<T: Decodable>(_ type: T.Type, _ request: Request, _ context: WebRequestContext) async throws -> T? {
        guard let length = request.headers[.contentLength].flatMap(Int.init), length > 0 else { return nil }
        return try await JSONInput.decode(type, from: request, context: context)
    }

    /// The store's refusals as their ``WebFailure`` status; bad input 400.
    func refusing<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as AgentStoreError {
            throw APIError(error)
        } catch let error as MasterDataInputError {
            throw APIError(.badRequest, "bad_input", error.errorDescription ?? "bad input")
        }
    }
}
