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
    AgentScreenRoutes(templates: templates, services: services).register(on: router.group("orders").add(middleware: accounts))
    MasterDataAPIRoutes(services: services).register(on: router.group("api/orders").add(middleware: accounts))
    AgentOrderAPIRoutes(services: services).register(on: router.group("api/orders").add(middleware: accounts))
}
