import Foundation
import Hummingbird
import OrderCompany
import OrderKit
import WebCore

/// The agent's screens under `/orders`: the history, the order form (every change is saved at
/// once — the thesis's auto-save), sending and resending, the company link, sync and import
/// codes, customers, suppliers, products and discounts, and the manual. Forms work without
/// JavaScript.
struct AgentScreenRoutes {
    let screens: Screens
    let services: OrderServices
    /// The request's account's agent data.
    var store: AgentStore { get throws { try services.agents.store(for: RequestAccount.id()) } }

    init(templates: Templates, services: OrderServices, offline: OfflineApp.Links? = nil) {
        screens = Screens(templates: templates, navigation: [
            .init(label: "Orders", href: "/orders"), .init(label: "Customers", href: "/orders/customers"),
            .init(label: "Suppliers", href: "/orders/suppliers"), .init(label: "Products", href: "/orders/products"),
            .init(label: "Discounts", href: "/orders/discounts"), .init(label: "Sync", href: "/orders/sync"), .init(label: "Files", href: "/orders/exchange"), .init(label: "Manual", href: "/orders/manual"),
        ], home: "/orders", offline: offline)
        self.services = services
    }

    func register(on group: RouterGroup<WebRequestContext>) {
        group.get { request, _ in try history(request) }
        group.post("new") { _, _ in
            let draft = try store.createDraft(date: Date())
            return seeOther("/orders/\(draft.id ?? 0)")
        }
        // An order taken with no network (issue 42): the device keeps it and sends it later.
        // The page names its account, so the device's queue is sent only under the account that took it.
        group.get("device") { _, _ in
            screens.page("orders/device", ["title": "New order on this device", "account": "account-\(try RequestAccount.id())"])
        }
        group.get("manual") { _, _ in screens.page("orders/manual", NoticePage(title: "Manual", done: nil)) }
        registerOrderForm(on: group)
        registerOrderLineExtras(on: group)
        registerCompanyLink(on: group)
        registerImportCode(on: group)
        registerProfile(on: group)
        registerMasterData(.customers, on: group)
        registerMasterData(.suppliers, on: group)
        registerMasterData(.products, on: group)
        registerMasterData(.discounts, on: group)
        registerExchange(on: group)
    }

    private func history(_ request: Request) throws -> HTML {
        let sort = request.uri.queryParameters["sort"].flatMap { OrderSortKey(rawValue: String($0)) }
        let filter = request.uri.queryParameters["state"].flatMap { OrderStateFilter(rawValue: String($0)) } ?? .all
        let customerID = try request.integerQuery("customer", as: Int64.self, in: 1...Int64.max)
        let supplierID = try request.integerQuery("supplier", as: Int64.self, in: 1...Int64.max)
        let isLatest = sort == nil && filter == .all && customerID == nil && supplierID == nil
        let orders = isLatest
            ? try store.latestOrders(limit: 50)
            : try store.orders(sortedBy: sort ?? .date, state: filter, customerID: customerID, supplierID: supplierID)
        let rows = orders.map(OrderSummaryView.init)
        return screens.page("orders/history", OrderHistoryPage(
            orders: rows, empty: rows.isEmpty, showingLatest: isLatest, linked: try store.companyLink() != nil,
            customers: try filterChoices(store.customersWithOrders(), chosen: customerID) { try store.customer(id: $0)?.companyName },
            suppliers: try filterChoices(store.suppliersWithOrders(), chosen: supplierID) { try store.supplier(id: $0)?.name }))
    }

    /// The history's filter offers the parties its orders name, not the company's 20,000
    /// customers, whose other choices would all show an empty list; a chosen one stays shown.
    private func filterChoices(_ parties: [OrderParty], chosen: Int64?, name: (Int64) throws -> String?) throws -> [PartyChoice] {
        var choices = parties.map { PartyChoice(id: $0.id, name: $0.name, selected: $0.id == chosen) }
        if let chosen, !choices.contains(where: \.selected), let chosenName = try name(chosen) {
            choices.insert(PartyChoice(id: chosen, name: chosenName, selected: true), at: 0)
        }
        return choices
    }

    func orderID(_ context: WebRequestContext) throws -> Int64 {
        guard let id = context.parameters.get("id", as: Int64.self), try store.order(id: id) != nil else {
            throw screens.failure(.notFound, "There is no order \(context.parameters.get("id") ?? "").")
        }
        return id
    }

    /// Runs a store change; a refusal (a sent order, a quantity below the minimum…) becomes an
    /// error page that says why, with the way back to the order.
    func change<T>(back: String, _ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch let error as AgentStoreError {
            throw screens.failure(error.status, error.errorDescription ?? error.code, back: back)
        }
    }

    func change<T>(back: String, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as AgentStoreError {
            throw screens.failure(error.status, error.errorDescription ?? error.code, back: back)
        } catch let error as LocalizedError {
            throw screens.failure(.badRequest, error.errorDescription ?? String(describing: error), back: back)
        }
    }
}
