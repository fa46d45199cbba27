import Amounts
import Foundation
import Hummingbird
import NIOCore
import OrderCompany
import OrderKit
import WebCore

/// The handlers of ``AgentOrderAPIRoutes``, in the order of its URL map.
extension AgentOrderAPIRoutes {
    func listOrders(_ request: Request) throws -> some ResponseGenerator {
        let sort = try request.choiceQuery("sort", among: ["date", "customer", "supplier"]).flatMap(OrderSortKey.init(rawValue:))
        let state = try request.choiceQuery("state", among: ["all", "sent", "notSent"]).flatMap(OrderStateFilter.init(rawValue:)) ?? .all
        return AgentOrderListBody(try store.orders(
            sortedBy: sort ?? .date, state: state, customerID: try request.integerQuery("customer", as: Int64.self, in: 1...Int64.max),
            supplierID: try request.integerQuery("supplier", as: Int64.self, in: 1...Int64.max)))
    }

    func createOrder(_ request: Request, _ context: WebRequestContext) async throws -> some ResponseGenerator {
        let header = try await optionalBody(HeaderBody.self, request, context)
        var order = try store.createDraft(date: Date())
        if let header { order = try refusing { try store.update(apply(header, to: order)) } }
        return EditedResponse(status: .created, response: try AgentOrderBody(order, store: store))
    }

    func showOrder(_ context: WebRequestContext) throws -> some ResponseGenerator {
        try AgentOrderBody(try existing(context), store: store)
    }

    func updateOrder(_ request: Request, _ context: WebRequestContext) async throws -> some ResponseGenerator {
        let order = try existing(context)
        let header = try await JSONInput.decode(HeaderBody.self, from: request, context: context)
        return try AgentOrderBody(try refusing { try store.update(apply(header, to: order)) }, store: store)
    }

    func deleteOrder(_ context: WebRequestContext) throws -> some ResponseGenerator {
        let order = try existing(context)
        try refusing { try store.delete(orderID: order.id ?? 0) }
        return Response(status: .noContent)
    }

    func addLine(_ request: Request, _ context: WebRequestContext) async throws -> some ResponseGenerator {
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

    func changeLine(_ request: Request, _ context: WebRequestContext) async throws -> some ResponseGenerator {
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

    func removeLine(_ context: WebRequestContext) throws -> some ResponseGenerator {
        let id = try existing(context).id ?? 0
        let index = context.parameters.get("index", as: Int.self) ?? -1
        return try AgentOrderBody(try refusing { try store.removeLine(orderID: id, lineIndex: index) }, store: store)
    }

    func sendOrder(_ request: Request, _ context: WebRequestContext) async throws -> some ResponseGenerator {
        let order = try existing(context)
        let body = try await optionalBody(SendBody.self, request, context)
        return try AgentOrderBody(try await send(order, recipients: body?.recipients), store: store)
    }

    /// Sends the order to the company of its supplier; the order as it then stands.
    func send(_ order: Order, recipients: OrderRecipients?) async throws -> Order {
        guard let subscription = try store.subscription(forOrder: order) else {
            guard try store.subscriptions().isEmpty else {
                throw APIError(
                    .conflict, "no_company_for_supplier",
                    "The order's supplier belongs to none of your subscriptions, so no company's server takes it: print its PDF (GET /api/orders/orders/\(order.id ?? 0)/pdf) and send it by hand.")
            }
            throw APIError(.conflict, "no_subscription", "Add a subscription first (POST /api/orders/subscriptions): the order needs a server to go to.")
        }
        let store = try store
        do {
            return try await OrderSender(transport: services.transport(subscription.serverURL), account: subscription.account)
                .send(orderID: order.id ?? 0, from: store, recipients: recipients, companyName: subscription.name)
        } catch let error as AgentStoreError {
            throw APIError(error)
        }
    }

    func orderPDF(_ context: WebRequestContext) throws -> some ResponseGenerator {
        let order = try existing(context)
        let printed: AgentOrderDocument.Printed
        do {
            printed = try refusing { try AgentOrderDocument.pdf(of: order, from: store) }
        } catch AgentOrderDocumentError.needsParties {
            throw APIError(.conflict, "order_needs_parties", "The order needs its customer and supplier before it can be printed.")
        }
        return Response(
            status: .ok, headers: [.contentType: "application/pdf", .contentDisposition: "inline; filename=\"\(printed.filename)\""],
            body: .init(byteBuffer: ByteBuffer(bytes: printed.bytes)))
    }

    func copyOrder(_ context: WebRequestContext) throws -> some ResponseGenerator {
        let copy = try refusing { try store.copyOrder(try existing(context).id ?? 0, date: Date()) }
        return EditedResponse(status: .created, response: try AgentOrderBody(copy, store: store))
    }

    func listSubscriptions() throws -> some ResponseGenerator {
        SubscriptionListBody(subscriptions: try store.subscriptions().map(SubscriptionBody.init))
    }

    func addSubscription(_ request: Request, _ context: WebRequestContext) async throws -> some ResponseGenerator {
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

    func deleteSubscription(_ context: WebRequestContext) throws -> some ResponseGenerator {
        let subscription = try existingSubscription(context)
        try store.deleteSubscription(id: subscription.id ?? 0)
        return Response(status: .noContent)
    }

    func startSyncJob(_ context: WebRequestContext) async throws -> some ResponseGenerator {
        let subscription = try existingSubscription(context)
        let job = try await services.syncJobs.start(subscription, into: store, owner: try RequestAccount.id(), services: services)
        return EditedResponse(status: .accepted, response: SyncJobBody(job: job.uuidString))
    }

    func syncJobStatus(_ context: WebRequestContext) async throws -> some ResponseGenerator {
        guard let job = context.parameters.get("job").flatMap(UUID.init(uuidString:)), let status = await services.syncJobs.status(job, owner: try RequestAccount.id()) else {
            throw APIError(.notFound, "unknown_sync_job", "There is no such sync (finished ones are forgotten after 10 minutes).")
        }
        return SyncJobStatusBody(status)
    }

    func cancelSyncJob(_ context: WebRequestContext) async throws -> some ResponseGenerator {
        guard let job = context.parameters.get("job").flatMap(UUID.init(uuidString:)), await services.syncJobs.cancel(job, owner: try RequestAccount.id()) else {
            throw APIError(.notFound, "unknown_sync_job", "There is no such sync (finished ones are forgotten after 10 minutes).")
        }
        return EditedResponse(status: .accepted, response: SyncJobStatusBody(await services.syncJobs.wait(job, owner: try RequestAccount.id()) ?? .init(state: .cancelled, subscription: 0, applied: 0, total: 0)))
    }

    func syncNow(_ context: WebRequestContext) async throws -> some ResponseGenerator {
        let subscription = try existingSubscription(context)
        let store = try store
        let client = try services.syncClient(for: subscription, of: store)
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
            let resent = try await services.resendWaiting(of: subscription, from: store)
            return SyncResultBody(
                subscription: subscription.id ?? 0, upserted: summary.upserted, deleted: summary.deleted, subscriptionEnded: false, resentOrders: resent)
        }
    }
}
