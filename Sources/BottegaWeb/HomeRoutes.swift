import Foundation
import Hummingbird
import WebCore

/// `/`: the apps, and which of them are built yet.
struct HomeRoutes {
    let templates: Templates
    let configuration: WebConfiguration

    struct App: Encodable {
        let name: String
        let path: String
        let summary: String
        let ready: Bool
    }

    static let apps = [
        App(name: "Scholar", path: "/scholar", summary: "A researcher's impact: h-index, g-index and more, from Google Scholar, profiles and OpenAlex.", ready: true),
        App(name: "Barcodes", path: "/barcodes", summary: "EAN, UPC, Code 128 and QR codes: check, draw, read from photos, keep in a wallet.", ready: true),
        App(name: "Tickets", path: "/tickets", summary: "Local public-transport tickets and passes, paid by SMS, shown as QR codes.", ready: true),
        App(name: "Orders", path: "/orders", summary: "A sales agent's orders, sent to the company as PDF.", ready: true),
        App(name: "Shop", path: "/shop", summary: "A storefront on a PrestaShop webservice: browse, cart, register, order.", ready: true),
    ]

    func register(on router: Router<WebRequestContext>) {
        router.get("/") { _, _ in
            HTML(text: templates.render("home", HomePage(apps: Self.apps, database: configuration.databasePath)))
        }
    }
}

/// The home screen: every app, and which file holds the data.
struct HomePage: Encodable {
    let title = "Bottega"
    let apps: [HomeRoutes.App]
    let database: String
}

extension WebModuleResources {
    /// The home screen's template.
    static let home = WebModuleResources(name: "BottegaWeb", folder: Bundle.module.url(forResource: "Resources", withExtension: nil))
}
