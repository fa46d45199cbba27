import Hummingbird
import WebCore

/// The rider's screens (and the operator admin's) under `/tickets` and their JSON API under
/// `/api/tickets`; a signed-in account's tickets are its own (`accounts`), a visitor's its browser's.
package func addRoutes(to router: Router<WebRequestContext>, services: TicketServices, templates: Templates, accounts: any Accounts) {
    TicketScreenRoutes(templates: templates, services: services, sessions: accounts).register(on: router.group("tickets"))
    TicketAPIRoutes(services: services, sessions: accounts).register(on: router.group("api/tickets"))
}
