import Hummingbird
import WebCore

/// The storefront under `/shop` and its JSON API under `/api/shop`; without a configured shop,
/// both explain how to configure one.
package func addRoutes(to router: Router<WebRequestContext>, services: ShopServices?, templates: Templates) {
    if let services {
        ShopScreenRoutes(templates: templates, services: services).register(on: router.group("shop"))
        ShopAPIRoutes(services: services).register(on: router.group("api/shop"))
    } else {
        ShopUnconfiguredRoutes(templates: templates).register(screens: router.group("shop"), api: router.group("api/shop"))
    }
}
