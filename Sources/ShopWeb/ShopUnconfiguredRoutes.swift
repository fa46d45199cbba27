import Hummingbird
import WebCore

/// `/shop` and `/api/shop` when `bottega serve` was started without a shop: a screen that
/// says how to configure one, and 503 `shop_not_configured` for the API.
struct ShopUnconfiguredRoutes {
    let templates: Templates

    static let message = "No shop is configured: start `bottega serve` with SHOP_URL and SHOP_KEY in the environment (or --shop-url and SHOP_KEY), or with --shop-replay DIR for recorded traffic."

    func register(screens group: RouterGroup<WebRequestContext>, api: RouterGroup<WebRequestContext>) {
        let screens = Screens(templates: templates, navigation: [.init(label: "Shop", href: "/shop")], home: "/")
        group.get { _, _ in screens.page("shop/unconfigured", UnconfiguredPage()) }
        group.get("**") { _, _ in screens.page("shop/unconfigured", UnconfiguredPage(), status: .serviceUnavailable) }
        for method in [HTTPRequest.Method.get, .post, .patch, .delete, .put] {
            api.on("**", method: method) { _, _ -> Response in
                throw APIError(.serviceUnavailable, "shop_not_configured", Self.message)
            }
        }
    }
}

/// The page that says how to configure a shop.
private struct UnconfiguredPage: Encodable {
    let title = "Shop"
}
