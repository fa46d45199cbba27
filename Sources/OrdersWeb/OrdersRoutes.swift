import Hummingbird
import WebCore

/// Both sides of Orders: the company's server (the thesis's subscription protocol under
/// `/orders/business/sottoscrizione`, its back office under `/orders/business`, its feeds and
/// order intake under `/api/orders/business`) and the agent's screens and API under `/orders`
/// and `/api/orders`, each account's agent data its own (`accounts`).
package func addRoutes(to router: Router<WebRequestContext>, services: OrderServices, templates: Templates, accounts: AccountMiddleware) {
    CompanyProtocolRoutes(services: services).register(on: router.group("orders/business/sottoscrizione"))
    CompanyFeedRoutes(services: services).register(on: router.group("api/orders/business"))
    CompanyOrderRoutes(services: services).register(on: router.group("api/orders/business"))
    CompanyScreenRoutes(templates: templates, services: services).register(on: router.group("orders/business"))
    let offline = OfflineApp(
        path: "/orders", name: "Bottega Orders", shortName: "Orders", startURL: "/orders", app: .ordersWeb,
        worker: .init(
            app: "orders", paths: ["/orders", "/api/orders"], notKept: ["/orders/business", "/api/orders/business"],
            shell: [
                "/static/bottega.css", "/static/offline.js", "/orders/offline", "/static/orders/device-order.js", "/static/orders/totals.js",
                "/static/orders/discounts.js", "/static/orders/device-queue.js",
            ],
            warm: ["/orders/device", "/api/orders/agent", "/api/orders/customers", "/api/orders/suppliers", "/api/orders/products", "/api/orders/discounts", "/api/orders/orders"],
            offlinePage: "/orders/offline", imports: ["/static/orders/device-queue.js"]))
    offline?.register(on: router)
    // Public: the worker keeps it at installation, before anyone has logged in.
    let notice = Screens(templates: templates, navigation: [.init(label: "Orders", href: "/orders")], home: "/orders", offline: offline?.links)
    router.get("orders/offline") { _, _ in notice.page("orders/offline", ["title": "No network"]) }
    let copies = OfflineCopyMiddleware(accounts: accounts.accounts)
    AgentScreenRoutes(templates: templates, services: services, offline: offline?.links)
        .register(on: router.group("orders").add(middleware: accounts).add(middleware: copies))
    MasterDataAPIRoutes(services: services).register(on: router.group("api/orders").add(middleware: accounts).add(middleware: copies))
    AgentOrderAPIRoutes(services: services).register(on: router.group("api/orders").add(middleware: accounts).add(middleware: copies))
}
