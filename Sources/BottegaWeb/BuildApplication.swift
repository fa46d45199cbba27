import BarcodeWallet
import BarcodesWeb
import Foundation
import Hummingbird
import HummingbirdCore
import Logging
import OrdersWeb
import ScholarWeb
import ServiceLifecycle
import ShopWeb
import TicketsWeb
import WebCore

/// Assembles Bottega's web application: the home screen, every app's screens and its JSON API.
public func buildApplication(
    _ configuration: WebConfiguration, services: AppServices, logger: Logger = Logger(label: "bottega")
) async throws -> some ApplicationProtocol {
    let router = try await buildRouter(configuration, services: services)
    return Application(
        router: router,
        server: bottegaServer(configuration),
        // A listen queue of 2048 (Linux caps it at net.core.somaxconn) rather than 256, so a burst
        // of connections waits to be accepted (and counted) instead of being dropped by the kernel.
        configuration: .init(address: .hostname(configuration.host, port: configuration.port), serverName: "Bottega", backlog: 2048),
        services: services.background,
        logger: logger
    )
}

/// HTTP/1.1 with Bottega's read timeout and connection limit (``GuardedHTTP1Channel``).
public func bottegaServer(_ configuration: WebConfiguration) -> HTTPServerBuilder {
    let (readTimeout, maximumConnections) = (configuration.readTimeout, configuration.maximumConnections)
    return HTTPServerBuilder { responder in
        GuardedHTTP1Channel(responder: responder, readTimeout: readTimeout, maximumConnections: maximumConnections)
    }
}

/// The router alone, for tests (`app.test(.router)`) and for `buildApplication`.
public func buildRouter(_ configuration: WebConfiguration, services: AppServices) async throws -> Router<WebRequestContext> {
    let (scholar, wallet, tickets, orders, shop) = (services.scholar, services.wallet, services.tickets, services.orders, services.shop)
    let templates = try await Templates.load([.home, .scholarWeb, .barcodesWeb, .ticketsWeb, .ordersWeb, .shopWeb])
    let router = Router(context: WebRequestContext.self)
    // First, so that everything below reads the client's address and scheme from one place,
    // settled through the trusted proxies.
    router.add(middleware: ClientResolution(proxies: configuration.proxies))
    // Outermost after it, so that every answer (errors included) carries the security headers, and
    // every cookie (an error's clearing one included) is Secure exactly when the page came over HTTPS.
    router.add(middleware: SecurityHeadersMiddleware(publicURLIsHTTPS: configuration.publicURLIsHTTPS))
    router.add(middleware: CookieSecurity(publicURL: configuration.publicURL))
    // Next, so that every route and the not-found answer go through it.
    let routes = RouteTable()
    router.add(middleware: PromisedErrorMiddleware(templates: templates, routes: routes, slowWork: SlowWork(queueLimit: configuration.slowWorkQueueLimit)))
    // Inside the error middleware, so that a refused name gets the promised 421 answer (JSON under
    // /api, a page elsewhere), and before the cross-site guard and every route: a rebound name
    // passes the cross-site guard (issue 36).
    router.add(middleware: HostGuard(hosts: AllowedHosts(configuration)))
    // Inside the error middleware, so a refused cross-site request gets the promised 403 answer.
    router.add(middleware: CrossSiteGuard(publicURL: configuration.publicURL))
    // Each module's own static files, all under /static.
    for module in [WebModuleResources.core, .scholarWeb, .barcodesWeb, .ticketsWeb, .ordersWeb, .shopWeb] {
        if let files = module.staticFiles() { router.add(middleware: files) }
    }
    HomeRoutes(templates: templates, configuration: configuration).register(on: router)
    var sessions = WalletSessions(store: wallet, singleUser: services.singleUser)
    sessions.throttle = services.shared.loginThrottle(services.loginThrottle)
    sessions.deviceCookieKey = services.deviceCookieKey
    // A browser whose cookie predates signed ones gets a signed one; its tickets follow it.
    sessions.deviceReplaced = { old, new in
        try tickets.store.transferPurchases(from: "device:\(old)", to: "device:\(new)")
    }
    // What a browser did before logging in becomes the account's: its tickets and its codes.
    sessions.claimDevice = { request, user in
        guard let digest = DeviceCookie.digest(of: request) else { return }
        try tickets.store.transferPurchases(from: "device:\(digest)", to: TicketOwner.key(ofAccount: user.id))
        try wallet.claimDevice(deviceKey: digest, into: user.id)
    }
    sessions.accountDeleted = { account in
        try scholar.firstAccountWorkspace.owned(by: account).deleteAll()
        try orders.agents.remove(account: account)
    }
    // Scholar's searches and the agent's data belong to the request's account.
    let accounts = AccountMiddleware(accounts: sessions)
    ScholarWeb.addRoutes(to: router, services: scholar, templates: templates, accounts: accounts)
    BarcodesWeb.addRoutes(to: router, sessions: sessions, adminGate: services.walletAdmin, templates: templates)
    TicketsWeb.addRoutes(to: router, services: tickets, templates: templates, accounts: sessions)
    OrdersWeb.addRoutes(to: router, services: orders, templates: templates, accounts: accounts)
    ShopWeb.addRoutes(to: router, services: shop, templates: templates)
    routes.record(router.routes)
    return router
}
