@testable import ShopWeb
@testable import WebCore
import WebTestSupport
@testable import BottegaWeb
import Foundation
import GRDB
import HummingbirdTesting
import ShopKit
import ShopReplay
import Testing

/// A category's page asks for its products in one list, its top is sent before they arrive (so
/// a shop failing then is said at the list's end), and a shop slower than the timeout is a 504.
@Suite(.serialized, .enabled(if: ShopFixtures.present, Comment(rawValue: ShopFixtures.skipReason)))
struct ShopStreamTests {
    @Test func aCategoryPageAsksForItsProductsInOneListNotOneByOne() async throws {
        // The thesis's lazy list asked for each product alone (and priced each in three more
        // requests); a page now asks for its products in one filtered list.
        let archive = try ReplayArchive.load(folder: ShopFixtures.folder)
        let server = ShopReplayServer(archive: archive, keys: [ShopFixtures.key])
        try await server.run { base in
            let services = try ShopServices.connect(
                shopURL: base.absoluteString, key: ShopFixtures.key, cookieKey: nil, minimumAge: 18, database: DatabaseQueue(),
                imageFolder: FileManager.default.temporaryDirectory.appendingPathComponent("shop-stream-\(UUID().uuidString)"))
            let storefront = Storefront(services: services)
            let women = try await storefront.category(3)
            #expect(women.productIDs == [1, 2, 3, 4, 5, 6, 7], "categories/3's products association")
            await server.clearRequests()
            let page = try await storefront.cardsPage(ids: women.productIDs, page: 1, order: .position, what: "Women", customerID: nil)
            #expect(page.products.map(\.name) == ["Faded Short Sleeves T-shirt"], "only products/1 was recorded")
            #expect(page.missingProductIDs == [2, 3, 4, 5, 6, 7])
            let asked = await server.requests()
            #expect(!asked.contains { $0.path.hasPrefix("products/") }, "\(asked.map(\.description))")
            // The list's ids and `active` for the whole category, then the page's products in full.
            let lists = asked.filter { $0.path == "products" }
            #expect(lists.count == 2, "\(asked.map(\.description))")
            #expect(lists.first?.query.contains { $0.name == "filter[id]" && $0.value == "[1|2|3|4|5|6|7]" } == true, "\(asked.map(\.description))")
            #expect(lists.last?.query.contains { $0.name == "filter[id]" && $0.value == "[1]" } == true, "only the product the shop has: \(asked.map(\.description))")
        }
    }

    @Test func aShopFailingPartwayStopsTheListAndSaysWhy() async throws {
        // The page's top is sent before the products are asked for, so the failure of the
        // first one is said at the list's end, in the same 200 page, instead of a blank page.
        try await withShopApp { client, harness in
            var browser = ShopBrowser(client)
            // The page's last request, its products' specific prices, fails after the top was
            // sent. (The list's ids, asked before, failing is a 502 page: nothing was sent yet.)
            await harness.server.inject(.serverErrorWithoutBody, at: "specific_prices")
            let page = try await browser.get("/shop/categories/3")
            #expect(page.status == .ok)
            #expect(page.text.contains("Women"))
            // The shopper is told what it means; the status and the request are for the server's log.
            #expect(page.text.contains("The list stopped:") && page.text.contains("The shop could not answer; try again in a moment."))
            #expect(!page.text.contains("500") && !page.text.contains("filter["), "no administrator's detail reaches the shopper")
            #expect(!page.text.contains("Faded Short Sleeves T-shirt"))
            #expect(!page.text.contains("products/2"), "the list stops at the failure, it does not go on to the next")
            await harness.server.removeFaults()
        }
    }

    @Test func aShopSlowerThanTheTimeoutIsAGatewayTimeout() async throws {
        try await withShopApp(timeout: .milliseconds(300)) { client, harness in
            await harness.server.inject(.delay(.seconds(3)), at: "products/1")
            var browser = ShopBrowser(client)
            let api = try await browser.json("/api/shop/products/1", method: .get)
            #expect(api.status == .gatewayTimeout)
            #expect(try api.errorCode() == "shop_timeout")
            let screen = try await browser.get("/shop/products/1")
            #expect(screen.status == .gatewayTimeout && screen.text.contains("did not answer in time"))
            await harness.server.removeFaults()
        }
    }
}

extension TestResponse {
    /// The API error's code, `{"error":{"code":…}}`.
    func errorCode() throws -> String? {
        (try json()["error"] as? [String: Any])?["code"] as? String
    }
}
