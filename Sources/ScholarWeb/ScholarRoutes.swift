import Hummingbird
import WebCore

/// Scholar's screens under `/scholar` and its JSON API under `/api/scholar`: every search
/// belongs to the request's account (`accounts`).
package func addRoutes(to router: Router<WebRequestContext>, services: ScholarServices, templates: Templates, accounts: AccountMiddleware) {
    ScholarScreenRoutes(templates: templates, services: services).register(on: router.group("scholar").add(middleware: accounts))
    ScholarAPIRoutes(services: services).register(on: router.group("api/scholar").add(middleware: accounts))
}
