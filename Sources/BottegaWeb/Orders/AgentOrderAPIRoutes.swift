import Amounts
import Foundation
import Hummingbird
import NIOCore
import OrderCompany
import OrderKit

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
/// sent order, 502 the company's server refused or could not be reached.
struct AgentOrderAPIRoutes {
    let services: OrderServices
    var store: AgentStore { services.agent }

    struct HeaderBody: Decodable {
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

    func register(on group: RouterGroup<WebRequestContext>) {
        group.get("orders") { request, _ in
            let sort = try request.choiceQuery("sort", among: ["date", "customer", "supplier"]).flatMap(OrderSortKey.init(rawValue:))
            let state = try request.choiceQuery("state", among: ["all", "sent", "notSent"]).flatMap(OrderStateFilter.init(rawValue:)) ?? .all
            return AgentOrderListBody(try store.orders(
                sortedBy: sort ?? .date, state: state, customerID: try request.integerQuery("customer", as: Int64.self, in: 1...Int64.max),
                supplierID: try request.integerQuery("supplier", as: Int64.self, in: 1...Int64.max)))
        }
        group.post("orders") { request, context in
            let header = try await optionalBody(HeaderBody.self, request, context)
            var order = try store.createDraft(date: Date())
            if let header { order = try refusing { try store.update(apply(header, to: order)) } }
            return EditedResponse(status: .created, response: try AgentOrderBody(order, store: store))
        }
        group.get("orders/:id") { _, context in try AgentOrderBody(try existing(context), store: store) }
        group.put("orders/:id") { request, context in
            let order = try existing(context)
            let header = try await JSONInput.decode(HeaderBody.self, from: request, context: context)
            return try AgentOrderBody(try refusing { try store.update(apply(header, to: order)) }, store: store)
        }
        group.delete("orders/:id") { _, context in
            let order = try existing(context)
            try refusing { try store.delete(orderID: order.id ?? 0) }
            return Response(status: .noContent)
        }
        group.post("orders/:id/lines") { request, context in
            let id = try existing(context).id ?? 0
            let line = try await JSONInput.decode(LineBody.self, from: request, context: context)
            let order = try refusing { () throws -> Order in
                if let product = line.product { return try store.addLine(orderID: id, productID: product, quantity: line.quantity ?? 1) }
                guard let price = line.price else { throw APIError(.badRequest, "missing_price", "A line needs \"product\" (an id) or a free-text \"price\".") }
                return try store.addFreeTextLine(
                    orderID: id, code: line.code ?? "", description: line.description ?? "", unitPrice: try MasterDataInput.price(price),
                    quantity: line.quantity ?? 1, discountLevels: try MasterDataInput.lineDiscount(line.discount ?? ""))
            }
            return EditedResponse(status: .created, response: try AgentOrderBody(order, store: store))
        }
        group.put("orders/:id/lines/:index") { request, context in
            let id = try existing(context).id ?? 0
            let index = context.parameters.get("index", as: Int.self) ?? -1
            let change = try await JSONInput.decode(LineBody.self, from: request, context: context)
            let order = try refusing { () throws -> Order in
                var order = try store.order(id: id)
                if let quantity = change.quantity { order = try store.changeQuantity(orderID: id, lineIndex: index, quantity: quantity) }
                if change.price != nil || change.discount != nil {
                    order = try store.overrideLine(
                        orderID: id, lineIndex: index, unitPrice: try change.price.map(MasterDataInput.price),
                        discountLevels: try change.discount.map(MasterDataInput.lineDiscount))
                }
                guard let order else { throw AgentStoreError.unknownOrder(id) }
                return order
            }
            return try AgentOrderBody(order, store: store)
        }
        group.delete("orders/:id/lines/:index") { _, context in
            let id = try existing(context).id ?? 0
            let index = context.parameters.get("index", as: Int.self) ?? -1
            return try AgentOrderBody(try refusing { try store.removeLine(orderID: id, lineIndex: index) }, store: store)
        }
        group.post("orders/:id/send") { request, context in
            let order = try existing(context)
            let body = try await optionalBody(SendBody.self, request, context)
            guard let subscription = try store.subscription(forOrder: order) else {
                throw APIError(.conflict, "no_subscription", "Add a subscription first (POST /api/orders/subscriptions): the order needs a server to go to.")
            }
            let sent = try await OrderSender(transport: services.transport(subscription.serverURL), account: subscription.account)
                .send(orderID: order.id ?? 0, from: store, recipients: body?.recipients)
            return try AgentOrderBody(sent, store: store)
        }
        group.post("orders/:id/copy") { _, context in
            let copy = try refusing { try store.copyOrder(try existing(context).id ?? 0, date: Date()) }
            return EditedResponse(status: .created, response: try AgentOrderBody(copy, store: store))
        }
        group.get("subscriptions") { _, _ in SubscriptionListBody(subscriptions: try store.subscriptions().map(SubscriptionBody.init)) }
        group.post("subscriptions") { request, context in
            let input = try await JSONInput.decode(SubscriptionInput.self, from: request, context: context)
            guard let url = URL(string: input.serverURL), let scheme = url.scheme, ["http", "https"].contains(scheme), url.host != nil else {
                throw APIError(.badRequest, "bad_server_url", "“\(input.serverURL.prefix(200))” is not a server address such as https://orders.example.com.")
            }
            guard let syncProtocol = SyncProtocol(rawValue: input.syncProtocol ?? "feed") else {
                throw APIError(.badRequest, "bad_protocol", "protocol must be feed or thesis, not “\(input.syncProtocol?.prefix(40) ?? "")”.")
            }
            let account = CompanyAccount(company: input.company, username: input.username, password: input.password)
            let stored = try refusing { try store.save(Subscription(name: input.name ?? input.company, serverURL: url, account: account, syncProtocol: syncProtocol)) }
            return EditedResponse(status: .created, response: SubscriptionBody(stored))
        }
        group.delete("subscriptions/:id") { _, context in
            let subscription = try existingSubscription(context)
            try store.deleteSubscription(id: subscription.id ?? 0)
            return Response(status: .noContent)
        }
        group.post("subscriptions/:id/sync-jobs") { _, context in
            let subscription = try existingSubscription(context)
            let job = try await services.syncJobs.start(subscription, services: services)
            return EditedResponse(status: .accepted, response: SyncJobBody(job: job.uuidString))
        }
        group.get("sync-jobs/:job") { _, context in
            guard let job = context.parameters.get("job").flatMap(UUID.init(uuidString:)), let status = await services.syncJobs.status(job) else {
                throw APIError(.notFound, "unknown_sync_job", "There is no such sync (finished ones are forgotten after 10 minutes).")
            }
            return SyncJobStatusBody(status)
        }
        group.post("sync-jobs/:job/cancel") { _, context in
            guard let job = context.parameters.get("job").flatMap(UUID.init(uuidString:)), await services.syncJobs.cancel(job) else {
                throw APIError(.notFound, "unknown_sync_job", "There is no such sync (finished ones are forgotten after 10 minutes).")
            }
            return EditedResponse(status: .accepted, response: SyncJobStatusBody(await services.syncJobs.wait(job) ?? .init(state: .cancelled, subscription: 0, applied: 0, total: 0)))
        }
        group.post("subscriptions/:id/sync") { _, context in
            let subscription = try existingSubscription(context)
            let client = try services.syncClient(for: subscription)
            let outcome: AgentSyncClient.Outcome
            do {
                outcome = try await client.sync(into: store)
            } catch let failure as AgentSyncClient.Failure {
                let status: HTTPResponse.Status = failure == .wrongPassword ? .unauthorized : .badGateway
                throw APIError(status, "sync_failed", failure.errorDescription ?? "the sync failed")
            }
            switch outcome {
            case .subscriptionEnded:
                return SyncResultBody(subscription: subscription.id ?? 0, upserted: 0, deleted: 0, subscriptionEnded: true, resentOrders: 0)
            case .synced(let summary, _):
                let resent = try await services.resendWaiting(of: subscription)
                return SyncResultBody(
                    subscription: subscription.id ?? 0, upserted: summary.upserted, deleted: summary.deleted, subscriptionEnded: false, resentOrders: resent)
            }
        }
    }

    private func apply(_ header: HeaderBody, to order: Order) -> Order {
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

    private func existing(_ context: WebRequestContext) throws -> Order {
        guard let id = context.parameters.get("id", as: Int64.self), let order = try store.order(id: id) else {
            throw APIError(.notFound, "unknown_order", "There is no order \(context.parameters.get("id") ?? "").")
        }
        return order
    }

    private func existingSubscription(_ context: WebRequestContext) throws -> Subscription {
        guard let id = context.parameters.get("id", as: Int64.self), let subscription = try store.subscription(id: id) else {
            throw APIError(.notFound, "unknown_subscription", "There is no subscription \(context.parameters.get("id") ?? "").")
        }
        return subscription
    }

    /// A JSON body when one was sent; nil for an empty body.
    private func optionalBody<T: Decodable>(_ type: T.Type, _ request: Request, _ context: WebRequestContext) async throws -> T? {
        guard let length = request.headers[.contentLength].flatMap(Int.init), length > 0 else { return nil }
        return try await JSONInput.decode(type, from: request, context: context)
    }

    /// The store's refusals as their ``WebFailure`` status; bad input 400.
    private func refusing<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as AgentStoreError {
            throw APIError(error)
        } catch let error as MasterDataInputError {
            throw APIError(.badRequest, "bad_input", error.errorDescription ?? "bad input")
        }
    }
}
