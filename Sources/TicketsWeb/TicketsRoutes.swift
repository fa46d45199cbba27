import Hummingbird
import WebCore

/// The rider's screens (and the operator admin's) under `/tickets` and their JSON API under
/// `/api/tickets`; a signed-in account's tickets are its own (`accounts`), a visitor's its browser's.
///
/// The app installs for use offline (``OfflineApp``): "My tickets" opens with no network from the
/// copies the service worker keeps, marked for the account by ``OfflineCopyMiddleware``.
package func addRoutes(to router: Router<WebRequestContext>, services: TicketServices, templates: Templates, accounts: any Accounts) {
    let offline = OfflineApp(
        path: "/tickets", name: "Bottega Tickets", shortName: "Tickets", startURL: "/tickets/mine", app: .ticketsWeb,
        worker: .init(
            app: "tickets", paths: ["/tickets", "/api/tickets"], notKept: ["/tickets/admin"],
            shell: [
                "/static/bottega.css", "/static/offline.js", "/static/tickets/countdown.js", "/tickets/offline",
                // The inspector's check without the network: the page, its modules, the operators' public keys.
                "/tickets/verify", "/static/tickets/inspector.js", "/static/tickets/verify-ticket.js", "/api/tickets/public-keys",
            ],
            offlinePage: "/tickets/offline"))
    offline?.register(on: router)
    let copies = OfflineCopyMiddleware(accounts: accounts)
    TicketScreenRoutes(templates: templates, services: services, sessions: accounts, offline: offline?.links)
        .register(on: router.group("tickets").add(middleware: copies))
    TicketAPIRoutes(services: services, sessions: accounts).register(on: router.group("api/tickets").add(middleware: copies))
}
